"""Mail only to verified addresses: the columns that verify an address and let its owner unsubscribe.

users.email_verified: the address was confirmed through the link mailed to it (existing addresses start
unverified: nobody ever proved them). users.verify_hash / verify_expires: the SHA-256 of the pending
link's token and when it stops working. users.unsubscribe_key: the token of the one-click unsubscribe
link (unique).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("email_verified", sa.Boolean(), nullable=False, server_default=sa.false()))
        users.add_column(sa.Column("verify_hash", sa.String(64), nullable=True))
        users.add_column(sa.Column("verify_expires", sa.Float(), nullable=True))
        users.add_column(sa.Column("unsubscribe_key", sa.String(64), nullable=True))
        users.create_unique_constraint("uq_users_verify_hash", ["verify_hash"])
        users.create_unique_constraint("uq_users_unsubscribe_key", ["unsubscribe_key"])


def downgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.drop_constraint("uq_users_unsubscribe_key", type_="unique")
        users.drop_constraint("uq_users_verify_hash", type_="unique")
        users.drop_column("unsubscribe_key")
        users.drop_column("verify_expires")
        users.drop_column("verify_hash")
        users.drop_column("email_verified")
