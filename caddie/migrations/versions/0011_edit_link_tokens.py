"""edit links the owner controls, and a trash for deleted rounds

``rounds.edit_link_active``: whether the round's edit token lets anyone in. The owner stops
sharing for editing by clearing it (and replacing the token, so nobody holds the next one);
making a link again sets it. Every round so far keeps the edit link it had: true.

``ix_rounds_deleted_at``: a deleted round waits in its owner's trash for 30 days, then the
purge deletes it for good; the index finds those few rounds without reading every round.

Edit grants in people's cookies are not in the database: their new shape (the round's id
and a digest of the edit token) is read by caddie.store.ledger, and an old grant (the id
alone) lapses to read-only there (docs/ledger.md, "Edit links").

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 05:00:00

"""

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.add_column(sa.Column("edit_link_active", sa.Boolean(), server_default=sa.true(), nullable=False))
        batch_op.create_index(batch_op.f("ix_rounds_deleted_at"), ["deleted_at"], unique=False)


def downgrade():
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rounds_deleted_at"))
        batch_op.drop_column("edit_link_active")
