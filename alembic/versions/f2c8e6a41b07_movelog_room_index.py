"""movelog: no index on room_id alone (the unique (room_id, version) index serves it).

Every accepted move inserts one movelog row; a second index on the same leading column made
each move write one more B-tree page (4.1 pages a move in the write-ahead log against 3.1
without it, docs/scaling.md, twenty-eighth round).

Revision ID: f2c8e6a41b07
Revises: e1b07a5c3d92
Create Date: 2026-12-07 17:55:00

"""
from typing import Sequence, Union

from alembic import op

# revision identifiers, used by Alembic.
revision: str = 'f2c8e6a41b07'
down_revision: Union[str, Sequence[str], None] = 'e1b07a5c3d92'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('movelog', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_movelog_room_id'))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('movelog', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_movelog_room_id'), ['room_id'], unique=False)
