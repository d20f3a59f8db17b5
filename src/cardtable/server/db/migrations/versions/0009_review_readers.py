"""Who may follow a review by its id: the users who asked for it through a record they may replay.

Reviews asked for before this revision have no readers: asking for one again (which costs nothing once
it is stored) makes the asker one.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "review_readers",
        sa.Column(
            "review_id", sa.Integer(), sa.ForeignKey("reviews.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("review_readers")
