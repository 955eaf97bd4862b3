"""Absent players and host moves on: seat auto/gen/handover/moved, room host_seat/gen/seen/note.

Revision ID: c7a4e2f19d30
Revises: 8b3f2c1d4e5a
Create Date: 2026-12-01 20:30:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision: str = 'c7a4e2f19d30'
down_revision: Union[str, Sequence[str], None] = '8b3f2c1d4e5a'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('auto', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('gen', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('handover_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('moved_json', sa.String(), server_default='[]', nullable=False))
    with op.batch_alter_table('room', schema=None) as batch_op:
        batch_op.add_column(sa.Column('host_seat', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('host_gen', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('host_seen_at', sa.Float(), nullable=True))
        batch_op.add_column(sa.Column('host_note', sa.String(length=10), server_default='', nullable=False))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('room', schema=None) as batch_op:
        batch_op.drop_column('host_note')
        batch_op.drop_column('host_seen_at')
        batch_op.drop_column('host_gen')
        batch_op.drop_column('host_seat')
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('moved_json')
        batch_op.drop_column('handover_hash')
        batch_op.drop_column('gen')
        batch_op.drop_column('auto')
