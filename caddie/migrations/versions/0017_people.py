"""a table's people: merges and renames, seasons, every sitter's rounds, computers marked

* ``person_names``: a browser's word that a name stands for a person (a merge or a rename).
* ``seasons``: the date ranges a browser's table names, for their season tables.
* ``table_sitters``: each browser that sat at a table, so the round it fills counts on every
  player's phone, not only the host's.
* ``round_players.computer``: a computer's seat in a round the app played; rounds with one count
  against computers, apart from rounds among people. Filled in for the rounds already played
  from their tables' seats.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06 05:40:00

"""

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "person_names",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_browser", sa.String(length=64), nullable=False),
        sa.Column("alias_key", sa.String(length=64), nullable=False),
        sa.Column("person", sa.String(length=24), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("owner_browser", "alias_key"),
    )
    op.create_index("ix_person_names_owner_browser", "person_names", ["owner_browser"], unique=False)
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("owner_browser", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("owner_browser", "name"),
    )
    op.create_index("ix_seasons_public_id", "seasons", ["public_id"], unique=True)
    op.create_index("ix_seasons_owner_browser", "seasons", ["owner_browser"], unique=False)
    op.create_table(
        "table_sitters",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("sat_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["live_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "browser_id"),
    )
    op.create_index("ix_table_sitters_browser_id", "table_sitters", ["browser_id"], unique=False)
    # A plain ADD COLUMN (SQLite has one): a batch would copy round_players into a new table and
    # drop the old one, and the drop cascades to every score on SQLite (hole_scores.player_id).
    op.add_column("round_players", sa.Column("computer", sa.Boolean(), nullable=False, server_default=sa.false()))
    _mark_computers()


def _mark_computers():
    """The computers' seats of the rounds the app played so far, from their tables' seats."""
    bind = op.get_bind()
    tables = sa.table("live_tables", sa.column("round_id", sa.Integer()), sa.column("state", sa.JSON()))
    players = sa.table(
        "round_players",
        sa.column("round_id", sa.Integer()),
        sa.column("seat", sa.Integer()),
        sa.column("computer", sa.Boolean()),
    )
    rows = bind.execute(sa.select(tables.c.round_id, tables.c.state).where(tables.c.round_id.is_not(None))).all()
    for round_id, state in rows:
        places = state.get("places", []) if isinstance(state, dict) else []
        seats = [seat for seat, place in enumerate(places) if isinstance(place, dict) and not place.get("person")]
        if seats:
            bind.execute(
                players.update()
                .where(players.c.round_id == round_id, players.c.seat.in_(seats))
                .values(computer=True)
            )


def downgrade():
    op.drop_column("round_players", "computer")  # SQLite 3.35 and later drop a column in place too
    op.drop_index("ix_table_sitters_browser_id", table_name="table_sitters")
    op.drop_table("table_sitters")
    op.drop_index("ix_seasons_owner_browser", table_name="seasons")
    op.drop_index("ix_seasons_public_id", table_name="seasons")
    op.drop_table("seasons")
    op.drop_index("ix_person_names_owner_browser", table_name="person_names")
    op.drop_table("person_names")
