"""Clocks and stand-in bots on tables and seats; ratings and their changes; table chat; uploaded records.

Revision ID: 0002
Revises: 0001
Created: issue 9 (what players expect around the games)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("move_seconds", sa.Integer(), nullable=True))
        table.add_column(sa.Column("game_seconds", sa.Integer(), nullable=True))
        table.add_column(sa.Column("stand_in", sa.String(20), nullable=False, server_default="medium"))
        table.add_column(sa.Column("turn_since", sa.Float(), nullable=True))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("time_used", sa.Float(), nullable=False, server_default="0"))
        seats.add_column(sa.Column("away", sa.String(10), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=True),
        sa.Column("bot", sa.String(20), nullable=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.UniqueConstraint("game", "user_id"),
        sa.UniqueConstraint("game", "bot"),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rating_changes",
        sa.Column(
            "table_id", sa.Integer(), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column(
            "rating_id", sa.Integer(), sa.ForeignKey("ratings.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
    )
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "table_id", sa.Integer(), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_lines_table_id", "chat_lines", ["table_id"])
    op.create_table(
        "uploads",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_uploads_user_id", "uploads", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_uploads_user_id", "uploads")
    op.drop_table("uploads")
    op.drop_index("ix_chat_lines_table_id", "chat_lines")
    op.drop_table("chat_lines")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("away")
        seats.drop_column("time_used")
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("turn_since")
        table.drop_column("stand_in")
        table.drop_column("game_seconds")
        table.drop_column("move_seconds")
