"""secret_seeds (being written: issue 38; a no-op until then)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05 05:00:00

"""

from alembic import op  # noqa: F401


# revision identifiers, used by Alembic.
revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade():
    pass


def downgrade():
    pass
