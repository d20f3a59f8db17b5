"""Turn-based tables, mail and settings per account, deleted accounts; Troeven rated per version.

Revision ID: 0003
Revises: 0002
Created: issue 19 (turn-based tables, players)

The ratings of Troeven, one board for both versions until now, move to ``troeven-v1`` and ``troeven-v2``:
each rated player gets on each version's board the rating changes its games of that version made (the
changes as they were, from 1500, in the order of the tables), and each stored change moves with them. A
player who played one version keeps its rating exactly. The downgrade adds the versions up again.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

START = 1500.0
GAME = "troeven"
DEFAULT_VERSION = 1

ratings = sa.table(
    "ratings",
    sa.column("id", sa.Integer),
    sa.column("game", sa.String),
    sa.column("user_id", sa.Integer),
    sa.column("bot", sa.String),
    sa.column("rating", sa.Float),
    sa.column("games", sa.Integer),
    sa.column("wins", sa.Integer),
)
changes = sa.table(
    "rating_changes",
    sa.column("table_id", sa.Integer),
    sa.column("rating_id", sa.Integer),
    sa.column("before", sa.Float),
    sa.column("after", sa.Float),
)
tables = sa.table(
    "game_tables", sa.column("id", sa.Integer), sa.column("options", sa.JSON), sa.column("result", sa.JSON)
)
seats = sa.table(
    "seats",
    sa.column("table_id", sa.Integer),
    sa.column("seat", sa.Integer),
    sa.column("user_id", sa.Integer),
    sa.column("bot", sa.String),
)
NO = sa.false()
YES = sa.true()


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("email", sa.String(254), nullable=True))
        users.add_column(sa.Column("mail_turns", sa.Boolean(), nullable=False, server_default=YES))
        users.add_column(sa.Column("mail_results", sa.Boolean(), nullable=False, server_default=YES))
        users.add_column(sa.Column("trick_pause_ms", sa.Integer(), nullable=True))
        users.add_column(sa.Column("deleted", sa.Boolean(), nullable=False, server_default=NO))
    with op.batch_alter_table("game_tables") as game_tables:
        game_tables.add_column(sa.Column("turn_based", sa.Boolean(), nullable=False, server_default=NO))
    with op.batch_alter_table("seats") as seat_rows:
        seat_rows.add_column(sa.Column("mailed_at", sa.Float(), nullable=True))
    _regroup(lambda options: f"{GAME}-v{options.get('version', DEFAULT_VERSION)}", [GAME])


def downgrade() -> None:
    _regroup(lambda options: GAME, [f"{GAME}-v1", f"{GAME}-v2"])
    with op.batch_alter_table("seats") as seat_rows:
        seat_rows.drop_column("mailed_at")
    with op.batch_alter_table("game_tables") as game_tables:
        game_tables.drop_column("turn_based")
    with op.batch_alter_table("users") as users:
        users.drop_column("deleted")
        users.drop_column("trick_pause_ms")
        users.drop_column("mail_results")
        users.drop_column("mail_turns")
        users.drop_column("email")


def _regroup(board_of: Any, boards: list[str]) -> None:
    """Move every rating of ``boards`` to the board ``board_of(table options)`` of each of its games."""
    connection = op.get_bind()
    old = list(connection.execute(sa.select(ratings).where(ratings.c.game.in_(boards))))
    if not old:
        return
    player_of = {row.id: (row.user_id, row.bot) for row in old}
    rows = connection.execute(
        sa.select(changes, tables.c.options, tables.c.result)
        .join(tables, tables.c.id == changes.c.table_id)
        .where(changes.c.rating_id.in_(list(player_of)))
        .order_by(changes.c.table_id)
    )
    games: dict[tuple[str, Any, Any], list[Any]] = defaultdict(list)
    for row in rows:
        games[(board_of(row.options or {}), *player_of[row.rating_id])].append(row)
    for row in old:  # a rating no stored change explains stays as it is, on the first board
        if not any(key[1:] == (row.user_id, row.bot) for key in games):
            connection.execute(sa.update(ratings).where(ratings.c.id == row.id).values(game=board_of({})))
            player_of.pop(row.id)
    for (board, user_id, bot), played in games.items():
        new_id = connection.execute(
            sa.insert(ratings)
            .values(game=board, user_id=user_id, bot=bot, rating=START, games=0, wins=0)
            .returning(ratings.c.id)
        ).scalar_one()
        rating, wins = START, 0
        for change in played:
            after = rating + change.after - change.before
            connection.execute(
                sa.update(changes)
                .where(changes.c.table_id == change.table_id, changes.c.rating_id == change.rating_id)
                .values(rating_id=new_id, before=rating, after=after)
            )
            rating = after
            wins += _won(connection, change.table_id, user_id, bot, change.result)
        connection.execute(
            sa.update(ratings)
            .where(ratings.c.id == new_id)
            .values(rating=rating, games=len(played), wins=wins)
        )
    connection.execute(sa.delete(ratings).where(ratings.c.id.in_(list(player_of))))


def _won(connection: Any, table_id: int, user_id: int | None, bot: str | None, result: Any) -> int:
    """1 when the player (an account or a bot level) held a winning seat at the table."""
    mine = seats.c.user_id == user_id if user_id is not None else seats.c.bot == bot
    held = set(connection.scalars(sa.select(seats.c.seat).where(seats.c.table_id == table_id, mine)))
    return int(bool(held & set((result or {}).get("winners", []))))
