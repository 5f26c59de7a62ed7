"""a match's record read from a file, kept for the browser that imported it

``imported_records``: one row per record file a browser imported (docs/records.md, "The record
as a file"), replayed at ``/replays/file/<public_id>`` by that browser alone. ``record`` is the
record as the file held it once checked; nothing else of the file is kept.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05 23:30:00

"""

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "imported_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("owner_browser", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=8), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_imported_records_public_id", "imported_records", ["public_id"], unique=True)
    op.create_index("ix_imported_records_owner_browser", "imported_records", ["owner_browser"], unique=False)


def downgrade():
    op.drop_index("ix_imported_records_owner_browser", table_name="imported_records")
    op.drop_index("ix_imported_records_public_id", table_name="imported_records")
    op.drop_table("imported_records")
