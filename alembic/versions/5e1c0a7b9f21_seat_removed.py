"""Seats keep their id for the life of a room: a removed seat is marked, not deleted.

Revision ID: 5e1c0a7b9f21
Revises: d4df43d3ae48
Create Date: 2026-12-01 11:40:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision: str = '5e1c0a7b9f21'
down_revision: Union[str, Sequence[str], None] = 'd4df43d3ae48'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('removed', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('removed')
