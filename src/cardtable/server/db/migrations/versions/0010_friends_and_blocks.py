"""Friends and blocked accounts: one row per (account, friend) and per (account, account it blocked).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

PAIRS = (("friends", "friend_id"), ("blocks", "blocked_id"))
"""Each table and the column naming the other account."""


def upgrade() -> None:
    for table, other in PAIRS:
        op.create_table(
            table,
            sa.Column(
                "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
            ),
            sa.Column(other, sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
            sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        )
        op.create_index(f"ix_{table}_{other}", table, [other])


def downgrade() -> None:
    for table, other in PAIRS:
        op.drop_index(f"ix_{table}_{other}", table_name=table)
        op.drop_table(table)
