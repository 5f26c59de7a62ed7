"""courses

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('courses',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('public_id', sa.String(length=32), nullable=False),
    sa.Column('owner_browser', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('tee', sa.String(length=24), nullable=False),
    sa.Column('holes', sa.JSON(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('courses', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_courses_owner_browser'), ['owner_browser'], unique=False)
        batch_op.create_index(batch_op.f('ix_courses_public_id'), ['public_id'], unique=True)


def downgrade():
    with op.batch_alter_table('courses', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_courses_public_id'))
        batch_op.drop_index(batch_op.f('ix_courses_owner_browser'))

    op.drop_table('courses')
