"""Each account's language (one of ``cardtable.i18n.LANGUAGES``, or none: the browser's choice rules).

users.language: the language the site, its errors and its mails speak to the account; none (every account
so far) leaves the choice to the browser's cookie and ``Accept-Language`` (``server.language``).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.drop_column("language")
