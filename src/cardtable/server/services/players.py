"""Player profiles: per leaderboard (a game and rule set) the games an account played and won, its rating
and how it got there, and its recent finished games.

Decisions:
- Games played and won count every finished table the account sat at, rated or not (a game against
  guests is not rated but was played); the rating and its history come from the ratings.
- The history is the rating after each rated game, in the order of the tables.
- Players in the list of a game are named as the table shows them (bots as "<level> bot").
- A deleted account has no profile.
- Asking for a name that is no account counts against the limit of name look-ups (``name_lookups``,
  shared with invitations), so profiles cannot be used to list which names exist.
"""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select

from ..db.database import Database
from ..db.models import GameTable, Rating, RatingChange, Seat, User
from ..errors import NotFound
from ..schemas import BoardStats, FinishedGame, PlayerPublic, RatingPoint
from .name_lookups import NameLookups
from .rule_sets import board_of, boards, game_of, label_of

RECENT = 20


class PlayerService:
    """The profiles of accounts."""

    def __init__(self, db: Database, names: NameLookups | None = None) -> None:
        self.db = db
        self.names = names or NameLookups()

    def profile(self, username: str, *, user_id: int, address: str) -> PlayerPublic:
        """The profile of the account ``username``, asked for by user ``user_id`` from ``address``;
        NotFound if there is none, TooMany when they have asked for too many names that are none."""
        self.names.check(user_id=user_id, address=address)
        found = self._profile(username)
        if found is None:
            self.names.missed(user_id=user_id, address=address)
            raise NotFound(f"there is no player named {username!r}", code="unknown-player")
        return found

    def _profile(self, username: str) -> PlayerPublic | None:
        with self.db.read() as session:
            user = session.scalar(
                select(User).where(User.username == username.lower(), User.deleted.is_(False))
            )
            if user is None:
                return None
            finished = list(
                session.scalars(
                    select(GameTable)
                    .where(GameTable.status == "over", GameTable.seats.any(Seat.user_id == user.id))
                    .order_by(GameTable.id.desc())
                )
            )
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
            recent: list[FinishedGame] = []
            for table in finished:
                board = board_of(table.game, table.options)
                mine = {s.seat for s in table.seats if s.user_id == user.id}
                victory = bool(mine & set((table.result or {}).get("winners", [])))
                played[board] += 1
                won[board] += victory
                if len(recent) < RECENT:
                    recent.append(
                        FinishedGame(
                            table=table.id,
                            game=table.game,
                            board=board,
                            label=label_of(board),
                            won=victory,
                            players=[_name(s) for s in table.seats],
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
                        label=label_of(board),
                        played=played[board],
                        won=won[board],
                        rating=round(ratings[board].rating) if board in ratings else None,
                        history=history[board],
                    )
                    for board in shown
                ],
                recent=recent,
            )


def _name(seat: Seat) -> str:
    if seat.bot is not None:
        return f"{seat.bot} bot"
    return seat.user.display_name if seat.user is not None else f"seat {seat.seat + 1}"  # people count from 1
