"""Rooms can be locked (and list who asked to join), and expire (their code kept aside).

Revision ID: 8b3f2c1d4e5a
Revises: 5e1c0a7b9f21
Create Date: 2026-12-01 12:00:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision: str = '8b3f2c1d4e5a'
down_revision: Union[str, Sequence[str], None] = '5e1c0a7b9f21'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('room', schema=None) as batch_op:
        batch_op.add_column(sa.Column('locked', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('asking_json', sa.String(), server_default='[]', nullable=False))
        batch_op.add_column(sa.Column('expired_code', sa.String(length=8), nullable=True))
        batch_op.create_index(batch_op.f('ix_room_expired_code'), ['expired_code'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('room', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_room_expired_code'))
        batch_op.drop_column('expired_code')
        batch_op.drop_column('asking_json')
        batch_op.drop_column('locked')
