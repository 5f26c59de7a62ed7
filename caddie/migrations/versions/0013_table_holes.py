"""every finished hole of a table keeps its record

``table_holes``: one row per finished hole of a table (a solo match or a table of people),
written in the transaction of the move that ended the hole: ``record`` is what everyone at
the table may know of the hole (the deal's public part, each move in order with the cards it
showed, the hole's end and scores; docs/records.md), ``review`` the Caddie's verdict on the
people's decisions once it is worked out: with the move that ended the hole at a solo
table, and at a table of people by a background thread (``review_due`` says one is
wanted, ``review_lease_until`` keeps two servers from working out the same one).

Holes finished before this migration kept no moves, so they get no row: a table's record
lists them with their scores alone. A table deleted takes its holes with it.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05 20:00:00

"""

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "table_holes",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("hole", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=True),
        sa.Column("review_due", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("review_lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["live_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "hole"),
    )
    op.create_index("ix_table_holes_review_due", "table_holes", ["review_due"], unique=False)


def downgrade():
    op.drop_index("ix_table_holes_review_due", table_name="table_holes")
    op.drop_table("table_holes")
