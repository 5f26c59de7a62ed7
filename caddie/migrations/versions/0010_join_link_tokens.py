"""join link tokens, and when a person or an onlooker was last at a live table

``live_tables.join_token``: what the join link and its QR code carry (``/j/<token>``), 24
random characters, so that joining by link or QR code is never a guess at a code and never
counted against anyone (docs/live-tables.md, "Codes and links"). Every table already made gets
one here; the join links shared before (``/join/<code>``) still work, as a typed code does.

``live_tables.seen_at``: when a person at their own seat last asked for the table (a page, its
event stream, a poll, a move); ``watched_at``: when an onlooker last did. A table nobody has
been at for a few minutes pauses its computers (docs/live-tables.md, "Nobody at the table").
A table already made counts as seen when it last changed.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05 05:00:00

"""

import secrets

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

live_tables = sa.table(
    "live_tables",
    sa.column("id", sa.Integer),
    sa.column("join_token", sa.String),
    sa.column("seen_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)


def upgrade():
    with op.batch_alter_table("live_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("join_token", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("watched_at", sa.DateTime(timezone=True), nullable=True))
    connection = op.get_bind()
    for (table_id,) in connection.execute(sa.select(live_tables.c.id)).all():
        connection.execute(
            live_tables.update().where(live_tables.c.id == table_id).values(join_token=secrets.token_urlsafe(18))
        )
    connection.execute(live_tables.update().values(seen_at=live_tables.c.updated_at))
    with op.batch_alter_table("live_tables", schema=None) as batch_op:
        batch_op.alter_column("join_token", existing_type=sa.String(length=64), nullable=False)
        batch_op.alter_column("seen_at", existing_type=sa.DateTime(timezone=True), nullable=False)
        batch_op.create_index(batch_op.f("ix_live_tables_join_token"), ["join_token"], unique=True)


def downgrade():
    with op.batch_alter_table("live_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_live_tables_join_token"))
        batch_op.drop_column("watched_at")
        batch_op.drop_column("seen_at")
        batch_op.drop_column("join_token")
