"""What a tournament has played: its tables with their games' status and results, its byes, and the
standings made of them by the pure logic of ``cardtable.tournaments`` (entrants are named there by their
entrant id as text). Read by the tournament's pairing (``tournament_rounds``) and by its page
(``tournament_views``) alike, so both count the same games.

Decisions:
- A table's ``returns`` come from its stored result, as the engine gives them (``State.returns``: 1 for
  each winner, else 0): a conceded game is won by the other seat, an abandoned one by nobody (all placed
  alike). Placing points follow from them (``cardtable.tournaments.placing_points``).
- Games count in the order they finished (the time of their last move, then the table id): an arena's
  streaks depend on it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cardtable.tournaments import Standing, TableResult, placing_points, standings

from ..db.models import GameTable, Tournament, TournamentRound, TournamentTable

ARENA = "arena"


@dataclass(frozen=True)
class Game:
    """A tournament's table: its round, its place, who sits where, and how its game stands."""

    table_id: int
    round: int
    number: int
    entrants: tuple[int, ...]
    status: str
    result: dict[str, Any] | None
    ended: float | None
    """When the game ended (its last move, Unix seconds); None while it runs."""

    @property
    def seating(self) -> tuple[str, ...]:
        """The entrants in seat order, as the pure logic names them."""
        return tuple(str(e) for e in self.entrants)

    def returns(self) -> tuple[float, ...]:
        """Each seat's return, once over: 1 for a winner, else 0 (``State.returns``)."""
        winners = (self.result or {}).get("winners") or []
        return tuple(1.0 if seat in winners else 0.0 for seat in range(len(self.entrants)))


@dataclass(frozen=True)
class Played:
    """Everything a tournament has played so far."""

    games: list[Game]
    """By round, then place."""
    rounds: list[TournamentRound]
    """Swiss: the rounds paired, in order."""

    def finished(self) -> list[Game]:
        """The games over, in the order they ended."""
        over = [g for g in self.games if g.status == "over"]
        return sorted(over, key=lambda g: (g.ended or 0.0, g.table_id))

    def results(self) -> list[TableResult]:
        """The finished games for ``cardtable.tournaments.standings``."""
        return [TableResult(round=g.round, seating=g.seating, returns=g.returns()) for g in self.finished()]

    def byes(self) -> list[str]:
        """One entrant name per bye had."""
        return [str(e) for r in self.rounds for e in r.byes]

    def bye_counts(self) -> Counter[str]:
        return Counter(self.byes())

    def busy(self) -> set[int]:
        """The entrants at a table whose game runs."""
        return {e for g in self.games if g.status != "over" for e in g.entrants}

    def round(self) -> int:
        """The highest round started (0: none)."""
        return max((g.round for g in self.games), default=len(self.rounds))


def played(session: Session, tournament_id: int) -> Played:
    """What tournament ``tournament_id`` has played so far."""
    rows = session.execute(
        select(TournamentTable, GameTable.status, GameTable.result, GameTable.turn_since)
        .join(GameTable, GameTable.id == TournamentTable.table_id)
        .where(GameTable.tournament_id == tournament_id)
        .order_by(TournamentTable.round, TournamentTable.number)
    )
    games = [
        Game(
            table_id=table.table_id,
            round=table.round,
            number=table.number,
            entrants=tuple(table.entrants),
            status=status,
            result=result,
            ended=turn_since if status == "over" else None,
        )
        for table, status, result, turn_since in rows
    ]
    rounds = session.scalars(
        select(TournamentRound)
        .where(TournamentRound.tournament_id == tournament_id)
        .order_by(TournamentRound.number)
    )
    return Played(games, list(rounds))


def standings_of(tournament: Tournament, so_far: Played) -> list[Standing]:
    """The standings, best first, every entrant named by its id as text."""
    return standings(
        entrant_keys(tournament),
        so_far.results(),
        byes=so_far.byes(),
        arena=tournament.format == ARENA,
        duplicate=tournament.duplicate,
    )


def entrant_keys(tournament: Tournament) -> list[str]:
    """The entrants as the pure logic names them."""
    return [str(e.id) for e in tournament.entrants]


def placings(so_far: Played) -> dict[str, list[float]]:
    """Each entrant's placing points, game by game in the order the games ended."""
    found: dict[str, list[float]] = {}
    for game in so_far.finished():
        for name, points in zip(game.seating, placing_points(game.returns()), strict=True):
            found.setdefault(name, []).append(points)
    return found


def last_tables(so_far: Played) -> dict[int, Game]:
    """Each entrant's game that ended last."""
    return {e: game for game in so_far.finished() for e in game.entrants}
