"""house rules: every stored Grid Golf rules object gains the house-rules fields

Rules are JSON (settings, a round's table, a match's state), so the new fields
need no new column: a rules object without them reads with every house rule
off. This step writes those defaults into every stored rules object, so that a
stored row says in full what it was played with (docs/grid-golf.md, "House
rules"). It changes no value: a table plays exactly as before.

Downgrading takes the fields away again where they hold their defaults; a row
that uses a house rule keeps it (the code before the house rules refuses such a
row, as it would refuse it from an import).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 16:00:00.000000

"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

# The house-rules fields and their defaults, as this migration writes them (written out: a
# migration must not change when the code does).
HOUSE_DEFAULTS: dict[str, Any] = {
    "ten": 10,
    "joker": -2,
    "lucky_swing": False,
    "eagle_eye": False,
    "one_eyed_jacks": False,
    "four_of_a_kind": False,
    "wolfpack": False,
    "blackjack": False,
    "knock_penalty": False,
    "knock_bonus": False,
    "underdog": False,
    "tied_shame": False,
    "flip_as_action": False,
    "early_knock": False,
}

SETTINGS = sa.table("table_settings", sa.column("browser_id", sa.String), sa.column("table", sa.JSON))
ROUNDS = sa.table("rounds", sa.column("id", sa.Integer), sa.column("rules", sa.JSON))
MATCHES = sa.table("matches", sa.column("id", sa.Integer), sa.column("game", sa.String), sa.column("state", sa.JSON))


def _filled(rules: dict[str, Any]) -> dict[str, Any]:
    return {**rules, **{k: v for k, v in HOUSE_DEFAULTS.items() if k not in rules}}


def _emptied(rules: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in rules.items() if not (k in HOUSE_DEFAULTS and v == HOUSE_DEFAULTS[k])}


def _rewrite(change) -> None:
    conn = op.get_bind()
    for table, key, column, where in (
        (SETTINGS, SETTINGS.c.browser_id, SETTINGS.c.table, None),
        (ROUNDS, ROUNDS.c.id, ROUNDS.c.rules, None),
        (MATCHES, MATCHES.c.id, MATCHES.c.state, MATCHES.c.game == "grid"),
    ):
        query = sa.select(key, column)
        if where is not None:
            query = query.where(where)
        for row_id, value in conn.execute(query).all():
            # settings and a round hold a table ({"rules": {...}, ...}); a match's state holds the rules
            if not isinstance(value, dict) or not isinstance(value.get("rules"), dict):
                continue
            rules = change(value["rules"])
            if rules != value["rules"]:
                conn.execute(
                    table.update().where(key == row_id).values({column.name: {**value, "rules": rules}})
                )


def upgrade():
    _rewrite(_filled)


def downgrade():
    _rewrite(_emptied)
