"""Conceding, abandoning by agreement, and friendly (unrated) tables.

game_tables.rated: whether the table's game moves ratings (a friendly table: false); every table made
before was rated. seats.abandon_vote: the seat's person voted to abandon the running game
(``services.endings``). A concession or an abandonment needs no column: it is the table's ``result``
(``{"winners": [...], "conceded": seat}``, ``{"abandoned": true, "winners": []}``) and a mark beside its
last stored event (``services.decided``).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:
        tables.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true()))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("abandon_vote", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("abandon_vote")
    with op.batch_alter_table("game_tables") as tables:
        tables.drop_column("rated")
