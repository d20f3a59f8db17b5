"""What a player's reputation is counted from, and a table's minimum.

users.games_finished / games_left / timeouts: an account's counts (``services.reputation``), filled in
from the games already over: a seat still with the stand-in for being away at the end is a game left,
any other a game finished; each move the stand-in made because the move's time ran out (marked beside
the events, ``services.decided``), and each game time run out, is a timeout. game_tables.min_reputation:
the reputation an account needs to sit down at the table (None: none).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import json
from collections import Counter

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

OVER_SEATS = (
    "SELECT COUNT(*) FROM seats JOIN game_tables ON game_tables.id = seats.table_id"
    " WHERE seats.user_id = users.id AND game_tables.status = 'over'"
)


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        for name in ("games_finished", "games_left", "timeouts"):
            users.add_column(sa.Column(name, sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("game_tables") as tables:
        tables.add_column(sa.Column("min_reputation", sa.Integer(), nullable=True))
    op.execute(
        sa.text(
            f"UPDATE users SET"
            f" games_finished = ({OVER_SEATS} AND (seats.away IS NULL OR seats.away = 'time')),"
            f" games_left = ({OVER_SEATS} AND seats.away = 'away'),"
            f" timeouts = ({OVER_SEATS} AND seats.away = 'time')"
            f" WHERE username IS NOT NULL"
        )
    )
    _count_timed_out_moves()


def _count_timed_out_moves() -> None:
    """Add the stand-in's moves made because the move's time ran out, read from the marks of finished
    tables' events (``{"marks": [{"by": "stand-in", "why": "time"}]}`` on the move event of the seat)."""
    connection = op.get_bind()
    marked = connection.execute(
        sa.text(
            "SELECT seats.user_id, seats.seat, events.data FROM events"
            " JOIN game_tables ON game_tables.id = events.table_id"
            " JOIN seats ON seats.table_id = events.table_id"
            " JOIN users ON users.id = seats.user_id"
            " WHERE game_tables.status = 'over' AND users.username IS NOT NULL"
            " AND CAST(events.data AS TEXT) LIKE '%\"marks\"%'"
        )
    )
    counts: Counter[int] = Counter()
    for user_id, seat, data in marked:
        event = json.loads(data) if isinstance(data, str) else data
        timed_out = any(m.get("by") == "stand-in" and m.get("why") == "time" for m in event.get("marks", []))
        if timed_out and event.get("seat") == seat:
            counts[user_id] += 1
    for user_id, count in counts.items():
        connection.execute(
            sa.text("UPDATE users SET timeouts = timeouts + :count WHERE id = :id"),
            {"count": count, "id": user_id},
        )


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:
        tables.drop_column("min_reputation")
    with op.batch_alter_table("users") as users:
        for name in ("timeouts", "games_left", "games_finished"):
            users.drop_column(name)
