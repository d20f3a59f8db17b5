"""Invitations kept by account id, so a deleted account's kept seat is freed, never inherited.

seats.invited_id: the account a seat is kept for (``invited`` keeps the name typed, for display). The data
migration names the account of each ``invited`` username that existed when the table was made; an
account made later under that name is someone else. Before this revision an invitation named an
account that existed, so a kept seat of a table not yet started whose name finds no such account was
kept for an account deleted since: it is freed (open).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

FREE_ORPHANS = sa.text(
    "UPDATE seats SET invited = NULL "
    "WHERE invited IS NOT NULL AND invited_id IS NULL AND user_id IS NULL "
    "AND table_id IN (SELECT id FROM game_tables WHERE status = 'open')"
)
"""Seats of tables not started that are kept for no account: open them."""


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("invited_id", sa.Integer(), nullable=True))
        seats.create_index("ix_seats_invited_id", ["invited_id"])
        seats.create_foreign_key("fk_seats_invited_id_users", "users", ["invited_id"], ["id"])
    op.execute(
        sa.text(
            "UPDATE seats SET invited_id = ("
            " SELECT users.id FROM users JOIN game_tables ON game_tables.id = seats.table_id"
            " WHERE users.username = seats.invited AND users.created_at <= game_tables.created_at"
            ") WHERE invited IS NOT NULL"
        )
    )
    op.execute(FREE_ORPHANS)


def downgrade() -> None:
    op.execute(FREE_ORPHANS)  # before, a seat kept for a name went to whoever held that name
    with op.batch_alter_table("seats") as seats:
        seats.drop_constraint("fk_seats_invited_id_users", type_="foreignkey")
        seats.drop_index("ix_seats_invited_id")
        seats.drop_column("invited_id")
