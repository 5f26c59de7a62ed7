"""live tables: a match for several people, and the rate limit on joining one by code

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 10:09:38.518631

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('rate_limits',
    sa.Column('key', sa.String(length=128), nullable=False),
    sa.Column('window_start', sa.DateTime(timezone=True), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )
    op.create_table('live_tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('public_id', sa.String(length=32), nullable=False),
    sa.Column('code', sa.String(length=16), nullable=False),
    sa.Column('watch_token', sa.String(length=64), nullable=False),
    sa.Column('host_browser', sa.String(length=64), nullable=False),
    sa.Column('game', sa.String(length=8), nullable=False),
    sa.Column('state', sa.JSON(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=True),
    sa.Column('due_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('lease_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['round_id'], ['rounds.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('live_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_live_tables_code'), ['code'], unique=True)
        batch_op.create_index(batch_op.f('ix_live_tables_due_at'), ['due_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_live_tables_host_browser'), ['host_browser'], unique=False)
        batch_op.create_index(batch_op.f('ix_live_tables_public_id'), ['public_id'], unique=True)
        batch_op.create_index(batch_op.f('ix_live_tables_updated_at'), ['updated_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_live_tables_watch_token'), ['watch_token'], unique=True)



def downgrade():
    with op.batch_alter_table('live_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_live_tables_watch_token'))
        batch_op.drop_index(batch_op.f('ix_live_tables_updated_at'))
        batch_op.drop_index(batch_op.f('ix_live_tables_public_id'))
        batch_op.drop_index(batch_op.f('ix_live_tables_host_browser'))
        batch_op.drop_index(batch_op.f('ix_live_tables_due_at'))
        batch_op.drop_index(batch_op.f('ix_live_tables_code'))

    op.drop_table('live_tables')
    op.drop_table('rate_limits')
