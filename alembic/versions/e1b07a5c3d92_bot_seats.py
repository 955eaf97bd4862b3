"""Bot seats: seat.bot (the bot's level, null for a person) and seat.bot_memory_json.

Revision ID: e1b07a5c3d92
Revises: c7a4e2f19d30
Create Date: 2026-12-01 21:20:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision: str = 'e1b07a5c3d92'
down_revision: Union[str, Sequence[str], None] = 'c7a4e2f19d30'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bot', sa.String(length=10), nullable=True))
        batch_op.add_column(sa.Column('bot_memory_json', sa.String(), server_default='{}', nullable=False))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('bot_memory_json')
        batch_op.drop_column('bot')
