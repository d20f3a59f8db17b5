"""Tournaments: Swiss and arena, with their entrants, rounds and tables.

tournaments: the game, the rules (format, rounds or minutes, duplicate deals, turn time, minimum
reputation, rated) and the state (status, started, ends) of each tournament, with its secret seed.
tournament_entrants: an account or a bot level per entrant. tournament_rounds: each Swiss round paired,
with its byes. tournament_tables: each game table of a tournament with its round and the entrant per seat;
game_tables.tournament_id says which tournament a table is a game of (``services.tournaments``).

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("format", sa.String(10), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("minutes", sa.Float(), nullable=True),
        sa.Column("duplicate", sa.Boolean(), nullable=False),
        sa.Column("turn_seconds", sa.Integer(), nullable=True),
        sa.Column("min_reputation", sa.Integer(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=True),
        sa.Column("ends_at", sa.Float(), nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entrants",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("bot", sa.String(20), nullable=True),
        sa.UniqueConstraint("tournament_id", "user_id"),
    )
    op.create_index("ix_tournament_entrants_tournament_id", "tournament_entrants", ["tournament_id"])
    op.create_table(
        "tournament_rounds",
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("byes", sa.JSON(), nullable=False),
    )
    op.create_table(
        "tournament_tables",
        sa.Column(
            "table_id", sa.Integer(), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("entrants", sa.JSON(), nullable=False),
    )
    with op.batch_alter_table("game_tables") as tables:
        tables.add_column(sa.Column("tournament_id", sa.Integer(), nullable=True))
        tables.create_foreign_key("fk_game_tables_tournament_id", "tournaments", ["tournament_id"], ["id"])
        tables.create_index("ix_game_tables_tournament_id", ["tournament_id"])


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:
        tables.drop_index("ix_game_tables_tournament_id")
        tables.drop_constraint("fk_game_tables_tournament_id", type_="foreignkey")
        tables.drop_column("tournament_id")
    op.drop_table("tournament_tables")
    op.drop_table("tournament_rounds")
    op.drop_index("ix_tournament_entrants_tournament_id", table_name="tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournaments_status", table_name="tournaments")
    op.drop_table("tournaments")
