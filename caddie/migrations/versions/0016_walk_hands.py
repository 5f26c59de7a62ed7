"""a hand followed with the Caddie's walkthrough, kept with its review

``walk_hands``: one row per hand a browser kept at the walkthrough's end (docs/caddie.md, "Your
hand, reviewed"), listed at ``/caddie/hands`` for that browser alone: how the hand ended, the
person's decisions and the Caddie's verdicts on them.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06 02:30:00

"""

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "walk_hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("owner_browser", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=8), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("hand", sa.JSON(), nullable=False),
        sa.Column("decisions", sa.JSON(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("kept_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_walk_hands_public_id", "walk_hands", ["public_id"], unique=True)
    op.create_index("ix_walk_hands_owner_browser", "walk_hands", ["owner_browser"], unique=False)


def downgrade():
    op.drop_index("ix_walk_hands_owner_browser", table_name="walk_hands")
    op.drop_index("ix_walk_hands_public_id", table_name="walk_hands")
    op.drop_table("walk_hands")
