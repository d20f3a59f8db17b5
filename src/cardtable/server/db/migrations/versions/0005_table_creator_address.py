"""game_tables.created_from: the address a table was created from, so tables per address can be limited.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("created_from", sa.String(64), nullable=True))
        table.create_index("ix_game_tables_created_from", ["created_from"])


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_index("ix_game_tables_created_from")
        table.drop_column("created_from")
