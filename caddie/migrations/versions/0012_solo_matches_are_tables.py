"""every game session is a table: a solo match becomes a live table with one person

A match against computers was a row of ``matches`` (its game state, and its seats as
``{"name", "level"}``, the person at seat 0). It is now a row of ``live_tables`` (its new column ``solo`` true) whose state
is a table with ``"solo": true``: seat 0 the person (no seat token: the browser that made
it, ``host_browser``, holds it), the others computers, the match as it was. A solo table has
no code, join link or watch link, so those three columns may be empty.

Each match keeps its public id (so ``/play/m/<id>`` can send its address on to the table's),
its version, its ledger round and its times. A match a computer was to move in gets its move
due now, so the server's driver plays on from where the page had stopped.

Downgrading moves the solo tables back into a ``matches`` table of the old shape.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05 08:00:00

"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

BATCH = 200  # rows read at once
OVER = ("hole_over", "match_over", "round_over")  # nobody is to move
TABLE_FORMAT = 1  # caddie.core.live.table's stored form, written out: a migration must not change with the code

MATCHES = sa.table(
    "matches",
    sa.column("id", sa.Integer),
    sa.column("public_id", sa.String),
    sa.column("owner_browser", sa.String),
    sa.column("game", sa.String),
    sa.column("state", sa.JSON),
    sa.column("seats", sa.JSON),
    sa.column("version", sa.Integer),
    sa.column("round_id", sa.Integer),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
    sa.column("finished_at", sa.DateTime(timezone=True)),
)
TABLES = sa.table(
    "live_tables",
    sa.column("id", sa.Integer),
    sa.column("public_id", sa.String),
    sa.column("code", sa.String),
    sa.column("watch_token", sa.String),
    sa.column("join_token", sa.String),
    sa.column("host_browser", sa.String),
    sa.column("game", sa.String),
    sa.column("state", sa.JSON),
    sa.column("version", sa.Integer),
    sa.column("round_id", sa.Integer),
    sa.column("due_at", sa.DateTime(timezone=True)),
    sa.column("lease_until", sa.DateTime(timezone=True)),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
    sa.column("finished_at", sa.DateTime(timezone=True)),
    sa.column("seen_at", sa.DateTime(timezone=True)),
    sa.column("watched_at", sa.DateTime(timezone=True)),
    sa.column("solo", sa.Boolean),
)


def settings_of(game: str, state: dict[str, Any]) -> dict[str, Any]:
    """A table's settings from a match's state: Grid Golf's rules, or Club Cards' course with
    the deck and chart (the round's ``rules``)."""
    if game == "clubs":
        return {"course": state["course"], "clubs": state["rules"]}
    return {"rules": state["rules"]}


def table_state(game: str, state: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    places = [
        {"person": seat.get("level") is None, "name": seat["name"], "level": seat.get("level"), "token": None}
        for seat in seats
    ]
    return {
        "format": TABLE_FORMAT,
        "game": game,
        "settings": settings_of(game, state),
        "places": places,
        "host": 0,
        "clock": None,
        "notice": None,
        "match": state,
        "asks": [],
        "solo": True,
    }


def computer_to_move(state: dict[str, Any], seats: list[dict[str, Any]]) -> bool:
    if state.get("phase") in OVER:
        return False
    seat = state["order"][state.get("actor", 0)]
    return seats[seat].get("level") is not None


def upgrade():
    with op.batch_alter_table("live_tables", schema=None) as batch_op:
        batch_op.alter_column("code", existing_type=sa.String(length=16), nullable=True)
        batch_op.alter_column("watch_token", existing_type=sa.String(length=64), nullable=True)
        batch_op.alter_column("join_token", existing_type=sa.String(length=64), nullable=True)
        batch_op.add_column(sa.Column("solo", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.create_index(batch_op.f("ix_live_tables_solo_host"), ["host_browser", "solo"], unique=False)

    connection = op.get_bind()
    now = datetime.now(UTC)
    last = 0
    while True:
        rows = connection.execute(
            sa.select(MATCHES).where(MATCHES.c.id > last).order_by(MATCHES.c.id).limit(BATCH)
        ).all()
        if not rows:
            break
        for row in rows:
            last = row.id
            state, seats = row.state, row.seats
            playing = row.finished_at is None and computer_to_move(state, seats)
            connection.execute(
                TABLES.insert().values(
                    public_id=row.public_id,
                    code=None,
                    watch_token=None,
                    join_token=None,
                    host_browser=row.owner_browser,
                    game=row.game,
                    state=table_state(row.game, state, seats),
                    version=row.version,
                    round_id=row.round_id,
                    due_at=now if playing else None,
                    lease_until=None,
                    created_at=row.created_at,
                    updated_at=row.updated_at,
                    finished_at=row.finished_at,
                    seen_at=row.updated_at,
                    watched_at=None,
                    solo=True,
                )
            )

    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_round_id"))
        batch_op.drop_index(batch_op.f("ix_matches_public_id"))
        batch_op.drop_index(batch_op.f("ix_matches_owner_browser"))
    op.drop_table("matches")


def downgrade():
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("owner_browser", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=8), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["round_id"], ["rounds.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_matches_owner_browser"), ["owner_browser"], unique=False)
        batch_op.create_index(batch_op.f("ix_matches_public_id"), ["public_id"], unique=True)
        batch_op.create_index(batch_op.f("ix_matches_round_id"), ["round_id"], unique=False)

    connection = op.get_bind()
    last = 0
    while True:
        solo = connection.execute(
            sa.select(TABLES).where(TABLES.c.solo.is_(True), TABLES.c.id > last).order_by(TABLES.c.id).limit(BATCH)
        ).all()
        if not solo:
            break
        last = solo[-1].id
        _back_into_matches(connection, solo)
    # any table left without its links (none should be) gets fresh ones, so the columns can be required
    for row in connection.execute(sa.select(TABLES.c.id).where(TABLES.c.code.is_(None))).all():
        connection.execute(
            TABLES.update()
            .where(TABLES.c.id == row.id)
            .values(
                code=secrets.token_hex(4).upper(),
                watch_token=secrets.token_urlsafe(18),
                join_token=secrets.token_hex(16),
            )
        )
    with op.batch_alter_table("live_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_live_tables_solo_host"))
        batch_op.drop_column("solo")
        batch_op.alter_column("code", existing_type=sa.String(length=16), nullable=False)
        batch_op.alter_column("watch_token", existing_type=sa.String(length=64), nullable=False)
        batch_op.alter_column("join_token", existing_type=sa.String(length=64), nullable=False)


def _back_into_matches(connection: Any, rows: Any) -> None:
    """Solo tables back into ``matches`` as the code before 0012 stored them."""
    for row in rows:
        table = row.state
        seats = [{"name": p["name"], "level": p["level"] if not p["person"] else None} for p in table["places"]]
        connection.execute(
            MATCHES.insert().values(
                public_id=row.public_id,
                owner_browser=row.host_browser,
                game=row.game,
                state=table["match"],
                seats=seats,
                version=row.version,
                round_id=row.round_id,
                created_at=row.created_at,
                updated_at=row.updated_at,
                finished_at=row.finished_at,
            )
        )
        connection.execute(TABLES.delete().where(TABLES.c.id == row.id))
