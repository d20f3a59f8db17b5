"""Elo ratings per game and rule set (a leaderboard, ``rule_sets``), for accounts and for each bot level,
updated when a game ends; the leaderboards.

Decisions:
- Who is rated: an account (a seat's person, also for moves a stand-in bot made while they were away or
  out of time: leaving does not dodge a loss) and a bot level (``easy``, ``medium``, ...). Guests have no
  lasting identity, so they are not rated and their seats are left out. Several seats held by one bot
  level are one player, as in the arena's ratings: it won when any of its seats won.
- A game is rated when at least two rated players sat at it. Everyone starts at ``START`` (1500).
- Multi-player Elo, the pairwise way: each pair of rated players at the table is one two-player Elo game
  whose score is 1 for a winner against a non-winner, 0 the other way round, and 1/2 between two winners
  or two non-winners (a game nobody won is a draw between all). A player's change is ``K`` times the sum
  of (score - expected score) over its opponents, divided by the number of opponents, so a game moves a
  rating by at most ``K`` whatever the table size, and two players reduce to classic Elo. The changes of
  one game add up to zero.
- The update is written in the transaction that stores the game's last move: a game is rated exactly
  once, and never half. Rating rows are locked (``FOR UPDATE``, in id order) where the database can, so
  two games ending at once cannot lose an update.

>>> [round(change, 1) for change in elo_changes([1500, 1500], [True, False])]
[16.0, -16.0]
>>> [round(change, 1) for change in elo_changes([1500, 1500, 1500, 1500], [False, True, False, False])]
[-5.3, 16.0, -5.3, -5.3]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from ..db.database import Database
from ..db.models import Rating, RatingChange, User
from ..schemas import RatingChangePublic, RatingPublic, SeatPublic
from .table_store import table_row

START = 1500.0
K = 32.0
LEADERBOARD_LIMIT = 100

Player = tuple[Literal["user"], int] | tuple[Literal["bot"], str]


def elo_changes(ratings: Sequence[float], won: Sequence[bool], *, k: float = K) -> list[float]:
    """Each player's rating change after one game (pairwise multi-player Elo, see the module)."""
    count = len(ratings)
    if count < 2:
        return [0.0] * count
    changes = []
    for i in range(count):
        total = 0.0
        for j in range(count):
            if i != j:
                score = 0.5 if won[i] == won[j] else 1.0 if won[i] else 0.0
                expected = 1 / (1 + 10 ** ((ratings[j] - ratings[i]) / 400))
                total += score - expected
        changes.append(k * total / (count - 1))
    return changes


def rated_players(seats: Sequence[SeatPublic], winners: Sequence[int]) -> dict[Player, bool]:
    """The rated players of a table, each with whether it won."""
    players: dict[Player, bool] = {}
    for seat in seats:
        player: Player | None = None
        if seat.kind == "bot" and seat.name is not None:
            player = ("bot", seat.name)
        elif seat.kind == "player" and seat.user_id is not None and not seat.guest:
            player = ("user", seat.user_id)
        if player is not None:
            players[player] = players.get(player, False) or seat.seat in winners
    return players


def rate_table(
    connection: Connection, *, table_id: int, game: str, seats: Sequence[SeatPublic], winners: Sequence[int]
) -> None:
    """Rate a finished table on the leaderboard ``game`` (``rule_sets.board_of``) inside the caller's
    transaction (nothing happens with fewer than two rated players)."""
    players = rated_players(seats, winners)
    accounts = [who for kind, who in players if kind == "user"]
    if accounts:  # a deleted account is no longer rated
        gone = set(connection.scalars(select(User.id).where(User.id.in_(accounts), User.deleted)))
        players = {p: won for p, won in players.items() if not (p[0] == "user" and p[1] in gone)}
    if len(players) < 2:
        return
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    for player in players:
        kind, who = player
        connection.execute(
            dialect.insert(Rating)
            .values(
                game=game,
                user_id=who if kind == "user" else None,
                bot=who if kind == "bot" else None,
                rating=START,
                games=0,
                wins=0,
            )
            .on_conflict_do_nothing()
        )
    rows = {
        _player_of(row): row
        for row in connection.execute(
            select(Rating.id, Rating.user_id, Rating.bot, Rating.rating)
            .where(Rating.game == game, Rating.id.in_(_ids(connection, game, players)))
            .order_by(Rating.id)
            .with_for_update()
        )
    }
    order = list(players)
    changes = elo_changes([rows[p].rating for p in order], [players[p] for p in order])
    for player, change in zip(order, changes, strict=True):
        row = rows[player]
        connection.execute(
            update(Rating)
            .where(Rating.id == row.id)
            .values(
                rating=Rating.rating + change, games=Rating.games + 1, wins=Rating.wins + int(players[player])
            )
        )
        connection.execute(
            insert(RatingChange).values(
                table_id=table_id, rating_id=row.id, before=row.rating, after=row.rating + change
            )
        )


def _ids(connection: Connection, game: str, players: dict[Player, bool]) -> list[int]:
    users = [who for kind, who in players if kind == "user"]
    bots = [who for kind, who in players if kind == "bot"]
    query = select(Rating.id).where(Rating.game == game, Rating.user_id.in_(users) | Rating.bot.in_(bots))
    return list(connection.scalars(query))


def _player_of(row: Any) -> Player:
    return ("user", row.user_id) if row.user_id is not None else ("bot", row.bot)


class RatingService:
    """The leaderboards and the rating changes of a table."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def leaderboard(self, game: str) -> list[RatingPublic]:
        """The best ``LEADERBOARD_LIMIT`` ratings of the leaderboard ``game``, best first (ties: more games
        first)."""
        query = (
            select(Rating)
            .where(Rating.game == game)
            .order_by(Rating.rating.desc(), Rating.games.desc(), Rating.id)
            .limit(LEADERBOARD_LIMIT)
        )
        with self.db.read() as session:
            return [
                RatingPublic(
                    rank=rank,
                    kind="bot" if row.bot is not None else "account",
                    name=row.bot if row.bot is not None else row.user.display_name if row.user else "?",
                    user_id=row.user_id,
                    username=row.user.username if row.user else None,
                    rating=round(row.rating),
                    games=row.games,
                    wins=row.wins,
                )
                for rank, row in enumerate(session.scalars(query), start=1)
            ]

    def changes(self, table_id: int) -> list[RatingChangePublic]:
        """How the game at ``table_id`` changed each rating (empty for a table not rated); NotFound when
        there is no such table."""
        query = (
            select(RatingChange, Rating)
            .join(Rating, Rating.id == RatingChange.rating_id)
            .where(RatingChange.table_id == table_id)
            .order_by(Rating.id)
        )
        with self.db.read() as session:
            table_row(session, table_id=table_id)  # NotFound for no such table
            return [
                RatingChangePublic(
                    kind="bot" if rating.bot is not None else "account",
                    name=rating.bot
                    if rating.bot is not None
                    else rating.user.display_name
                    if rating.user
                    else "?",
                    user_id=rating.user_id,
                    before=round(change.before),
                    after=round(change.after),
                )
                for change, rating in session.execute(query)
            ]
