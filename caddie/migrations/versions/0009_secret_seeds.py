"""secret seeds: every game still being played gets a fresh 256-bit seed

Until issue 38 a game's seed was one of 2^31 numbers and its shuffles came
from Python's Mersenne Twister seeded from it: a player could search every seed
for the one that deals the cards they see (about 20 minutes), and then knew
the other hands and the deck. New games now have 256-bit seeds from
``secrets`` and shuffle with SHAKE-256 (caddie/core/shuffle.py); this step
takes the old seed away from the games already stored that are not over, so
that none of their shuffles still to come can be searched:

- every match (table ``matches``) and every started live table (table
  ``live_tables``, the game under ``state["match"]``) whose game is not over
  gets a fresh 256-bit seed in its stored state. A Grid Golf hole in progress
  plays on from the deck stored with it; the next holes' deals and any
  reshuffle come from the new seed.
- a Club Cards round deals once for the whole round, so its stored pile holds
  the cards of every hole to come, in an order the old seed gave away: the
  pile (face down, and never shown to anyone) is shuffled again, from the
  operating system's secure source. Its cards and its size stay the same.

A finished game is left as it is: there is nothing left to deal; so is a live
table still in its lobby (it draws a secret seed when it starts). Nothing a
player or a page can see changes, so the rows keep their versions (every write
reads the stored state afresh). The state is JSON in both tables (a text value
on SQLite, ``json`` on PostgreSQL), so this is a plain read and write of each
row, the same on both; rows are read a batch at a time so that a large
database is not held in memory at once.

Downgrading is a no-op: the old code reads a big seed as well as a small one
(``random.Random`` takes any whole number), and putting a searchable seed
back would only undo the fix.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05 05:00:00

"""

from __future__ import annotations

import random
import secrets
from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

SEED_BITS = 256  # written out: a migration must not change when the code does
OVER = ("match_over", "round_over")  # a Grid Golf match's and a Club Cards round's last phase
BATCH = 200  # rows read at once

MATCHES = sa.table(
    "matches", sa.column("id", sa.Integer), sa.column("state", sa.JSON), sa.column("finished_at", sa.DateTime)
)
LIVE_TABLES = sa.table(
    "live_tables", sa.column("id", sa.Integer), sa.column("state", sa.JSON), sa.column("finished_at", sa.DateTime)
)


def _rekeyed(game: Any) -> dict[str, Any] | None:
    """``game`` (a stored game's state) with a fresh secret seed, or ``None`` when it is over or is
    not a game's state."""
    if not isinstance(game, dict) or not isinstance(game.get("seed"), int) or game.get("phase") in OVER:
        return None
    game = {**game, "seed": secrets.randbits(SEED_BITS)}
    if isinstance(game.get("pile"), list):  # Club Cards: the pile serves every hole still to come
        pile = list(game["pile"])
        random.SystemRandom().shuffle(pile)
        game["pile"] = pile
    return game


def _live_table_state(state: Any) -> dict[str, Any] | None:
    if not isinstance(state, dict):
        return None
    game = _rekeyed(state.get("match"))  # None too for a table that has not started
    return None if game is None else {**state, "match": game}


def _rewrite(table: sa.TableClause, change) -> None:
    conn = op.get_bind()
    # Only the rows the store has not marked finished; the game's phase decides in the end.
    waiting = sa.select(table.c.id).where(table.c.finished_at.is_(None)).order_by(table.c.id)
    ids = list(conn.execute(waiting).scalars())
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        for row_id, state in conn.execute(sa.select(table.c.id, table.c.state).where(table.c.id.in_(batch))).all():
            new_state = change(state)
            if new_state is not None:
                conn.execute(table.update().where(table.c.id == row_id).values(state=new_state))


def upgrade():
    _rewrite(MATCHES, _rekeyed)
    _rewrite(LIVE_TABLES, _live_table_state)


def downgrade():
    pass  # see the docstring: the new seeds work with the old code, and the old ones were the flaw
