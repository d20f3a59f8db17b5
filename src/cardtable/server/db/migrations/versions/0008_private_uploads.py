"""Uploads that belong to their uploader: a share link with an unguessable id, made only if the owner asks.

uploads.share_key: the id of an upload's share link while its uploader shares it (unique), else None.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("uploads") as table:
        table.add_column(sa.Column("share_key", sa.String(32), nullable=True))
        table.create_unique_constraint("uq_uploads_share_key", ["share_key"])


def downgrade() -> None:
    with op.batch_alter_table("uploads") as table:
        table.drop_constraint("uq_uploads_share_key", type_="unique")
        table.drop_column("share_key")
