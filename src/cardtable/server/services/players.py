"""Player profiles: per leaderboard (a game and rule set) the games an account played and won, its rating
and how it got there, and its recent finished games.

Decisions:
- Games played and won count every finished table the account sat at, rated or not (a game against
  guests is not rated but was played); the rating and its history come from the ratings.
- The average placing counts the finished games that have a placing (``placing``): by score where the
  result keeps scores (which way is better read from the winners: Troeven counts down), else the winners
  first and everyone else after them; a game nobody won and without scores has none.
- The games in progress are listed as the lobby lists them to anyone (it shows every running table).
- The reputation (``reputation``) is read from the account's row: counted when each game ended.
- The history is the rating after each rated game, in the order of the tables.
- Players in the list of a game are named as the table shows them (bots as "<level> bot", in the reader's
  language).
- A deleted account has no profile.
- Asking for a name that is no account counts against the limit of name look-ups (``name_lookups``,
  shared with invitations), so profiles cannot be used to list which names exist.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...i18n import DEFAULT
from ...narration.words import player_names
from ..db.database import Database
from ..db.models import GameTable, Rating, RatingChange, Seat, User
from ..errors import NotFound
from ..schemas import BoardStats, FinishedGame, GameInProgress, PlayerPublic, RatingPoint
from .name_lookups import NameLookups
from .reputation import reputation_of
from .rule_sets import board_of, boards, game_of, label_of

RECENT = 20


class PlayerService:
    """The profiles of accounts."""

    def __init__(self, db: Database, names: NameLookups | None = None) -> None:
        self.db = db
        self.names = names or NameLookups()

    def profile(self, username: str, *, user_id: int, address: str, language: str = DEFAULT) -> PlayerPublic:
        """The profile of the account ``username``, asked for by user ``user_id`` from ``address``, its
        words in ``language``; NotFound if there is none, TooMany when they have asked for too many names
        that are none."""
        self.names.check(user_id=user_id, address=address)
        found = self._profile(username, language)
        if found is None:
            self.names.missed(user_id=user_id, address=address)
            raise NotFound("there is no player named {username!r}", code="unknown-player", username=username)
        return found

    def _profile(self, username: str, language: str) -> PlayerPublic | None:
        with self.db.read() as session:
            user = session.scalar(
                select(User).where(User.username == username.lower(), User.deleted.is_(False))
            )
            if user is None:
                return None
            finished = _tables(session, user.id, "over")
            ratings = {r.game: r for r in session.scalars(select(Rating).where(Rating.user_id == user.id))}
            history: dict[str, list[RatingPoint]] = defaultdict(list)
            changes = session.execute(
                select(Rating.game, RatingChange.table_id, RatingChange.after)
                .join(Rating, Rating.id == RatingChange.rating_id)
                .where(Rating.user_id == user.id)
                .order_by(RatingChange.table_id)
            )
            for board, table_id, after in changes:
                history[board].append(RatingPoint(table=table_id, rating=round(after)))
            played: dict[str, int] = defaultdict(int)
            won: dict[str, int] = defaultdict(int)
            places: dict[str, list[int]] = defaultdict(list)
            recent: list[FinishedGame] = []
            for table in finished:
                board = board_of(table.game, table.options)
                mine = {s.seat for s in table.seats if s.user_id == user.id}
                victory = bool(mine & set((table.result or {}).get("winners", [])))
                played[board] += 1
                won[board] += victory
                places[board] += [p for s in mine if (p := placing(table.result, s)) is not None]
                if len(recent) < RECENT:
                    recent.append(
                        FinishedGame(
                            table=table.id,
                            game=table.game,
                            board=board,
                            label=label_of(board, language),
                            won=victory,
                            players=[_name(s, language) for s in table.seats],
                        )
                    )
            order = [b.key for b in boards()]
            shown = sorted(
                set(played) | set(ratings), key=lambda b: order.index(b) if b in order else len(order)
            )
            return PlayerPublic(
                username=user.username or username,
                name=user.display_name,
                joined=user.created_at,
                boards=[
                    BoardStats(
                        board=board,
                        game=game_of(board) if board in order else board,
                        label=label_of(board, language),
                        played=played[board],
                        won=won[board],
                        average_place=round(sum(places[board]) / len(places[board]), 2)
                        if places[board]
                        else None,
                        rating=round(ratings[board].rating) if board in ratings else None,
                        history=history[board],
                    )
                    for board in shown
                ],
                recent=recent,
                playing=[
                    GameInProgress(
                        table=table.id,
                        game=table.game,
                        board=(board := board_of(table.game, table.options)),
                        label=label_of(board, language),
                        players=[_name(s, language) for s in table.seats],
                    )
                    for table in _tables(session, user.id, "playing")
                ],
                reputation=reputation_of(user, language),
            )


def _tables(session: Session, user_id: int, status: str) -> list[GameTable]:
    """The tables with ``status`` where ``user_id`` sits, newest first."""
    query = (
        select(GameTable)
        .where(GameTable.status == status, GameTable.seats.any(Seat.user_id == user_id))
        .order_by(GameTable.id.desc())
    )
    return list(session.scalars(query))


def placing(result: dict[str, Any] | None, seat: int) -> int | None:
    """``seat``'s place in a finished game (1: first; ties share a place, and the next is skipped): by
    score where the result keeps scores, the better end being the winners', else winners first; None
    for a game nobody won that keeps no scores.

    >>> [placing({"scores": [5, 9, 5], "winners": [1]}, s) for s in range(3)]
    [2, 1, 2]
    >>> [placing({"scores": [0, 4], "winners": [0]}, s) for s in range(2)]  # counting down (Troeven)
    [1, 2]
    >>> [placing({"winners": [2]}, s) for s in range(3)], placing({"winners": []}, 0)
    ([2, 2, 1], None)
    """
    if not result:
        return None
    winners = result.get("winners") or []
    scores = result.get("scores")
    if isinstance(scores, list) and seat < len(scores):
        points = [float(score) for score in scores]
        low, mine = min(points), points[seat]
        low_wins = low < max(points) and bool(winners) and all(points[w] == low for w in winners)
        return 1 + sum((other < mine) if low_wins else (other > mine) for other in points)
    if not winners:
        return None
    return 1 if seat in winners else len(winners) + 1


def _name(seat: Seat, language: str = DEFAULT) -> str:
    if seat.bot is not None:  # "easy bot" in the reader's language, as the table and its log say it
        return player_names([f"bot:{seat.bot}"], language=language)[0]
    return seat.user.display_name if seat.user is not None else f"seat {seat.seat + 1}"  # people count from 1
