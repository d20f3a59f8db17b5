"""Invitations told to the invited account (header, mail).

Revision ID: 0013
Revises: 0012

users.mail_invitations: whether the account wants "you are invited to table N" mailed (on by default, as
the other mails). seats.invitation_mailed_at: when the account a seat is kept for was mailed the invitation,
stamped in the transaction that checks it, so an invitation is mailed once per table (two servers included).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(
            sa.Column("mail_invitations", sa.Boolean(), nullable=False, server_default=sa.true())
        )
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("invitation_mailed_at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("invitation_mailed_at")
    with op.batch_alter_table("users") as users:
        users.drop_column("mail_invitations")
