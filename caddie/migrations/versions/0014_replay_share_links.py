"""a table's replay may be shared by a link the host makes and can take back

``live_tables.share_token``: what the replay's share link carries (``/r/<token>``): anyone
with the link sees every finished hole as an onlooker would, no seat needed. ``NULL`` until
the match's host shares it, and again once the host stops sharing (a new share makes a new
token, so an old link stays dead).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05 23:00:00

"""

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("live_tables") as batch:
        batch.add_column(sa.Column("share_token", sa.String(length=64), nullable=True))
        batch.create_index("ix_live_tables_share_token", ["share_token"], unique=True)


def downgrade():
    with op.batch_alter_table("live_tables") as batch:
        batch.drop_index("ix_live_tables_share_token")
        batch.drop_column("share_token")
