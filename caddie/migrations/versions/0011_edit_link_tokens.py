"""edit_link_tokens (being written: issue 38; a no-op until then)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 05:00:00

"""

from alembic import op  # noqa: F401


# revision identifiers, used by Alembic.
revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    pass


def downgrade():
    pass
