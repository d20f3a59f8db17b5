"""A running tournament moves on: the next Swiss round paired once every table of the last is over, an
arena's players seated again as their games end, and the tournament over when nothing is left to play.
``next_tables`` decides and makes the tables inside the caller's transaction, which holds the
tournament's row locked (``tournaments``); the caller hands the tables on once committed.

Decisions:
- Swiss: the round is paired by ``cardtable.tournaments.pair_round`` on the standings so far (points with
  byes, who met whom, byes had), each round with a seed of its own drawn from the tournament's. With
  duplicate deals table ``k`` of round ``n`` is seated ``seat_round``'s way and every table of the round
  is dealt the same seed (``deal_seed``); without, each table has its own. The round's row
  (``tournament_rounds``, keyed by its number) is written in the same transaction as its tables, so a
  round is paired once even if two servers got past the lock.
- Arena: while the end time is ahead, the entrants at no running table wait, longest first (since their
  last game ended, or the start), and ``seat_waiting`` seats them by arena points, avoiding their last
  table's company where it can. Tables are numbered as they start; ``arena_round`` groups them, and with
  duplicate deals a group shares its deal, each table rotated by its number within the group. After the
  end time no table starts, and the arena is over once its last game is.
- A table is made as the lobby makes one (``table_store.add_table``, dealt by ``lobby.start_if_full``),
  with the tournament's creator as its creator, every seat taken (accounts sit, bots are seated), rated
  as the tournament says; a real-time table gets a clock of ``MOVE_SECONDS`` per move (a person gone or
  asleep does not hold up the round: the stand-in moves for them), a turn-based one the tournament's
  time per move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy.orm import Session

import cardtable
from cardtable.tournaments import arena_round, deal_seed, pair_round, rotated, seat_round, seat_waiting, seeds

from ..db.models import Tournament, TournamentEntrant, TournamentRound, TournamentTable
from ..schemas import SeatIn
from . import table_store
from .accounts import now
from .live import Live
from .lobby import Lobby, default_stand_in, start_if_full
from .tournament_games import ARENA, Played, entrant_keys, last_tables, played, standings_of

MOVE_SECONDS = 60
"""The clock per move at a real-time tournament table."""


@dataclass(frozen=True)
class Seating:
    """A table to start: its round, its number, its entrants in seat order and its deal's seed."""

    round: int
    number: int
    entrants: tuple[str, ...]
    seed: int


def next_tables(session: Session, lobby: Lobby, tournament: Tournament) -> list[Live]:
    """The tables a running tournament starts now (dealt, in this transaction), or none; the tournament is
    marked over when nothing is left to play."""
    so_far = played(session, tournament.id)
    size = cardtable.make(tournament.game, **tournament.options).players
    if tournament.format == ARENA:
        seatings = _arena(tournament, so_far, size)
    else:
        seatings = _swiss(session, tournament, so_far, size)
    if seatings is None:
        tournament.status = "over"
        return []
    entrants = {str(e.id): e for e in tournament.entrants}
    return [_open(session, lobby, tournament, s, [entrants[n] for n in s.entrants]) for s in seatings]


def _swiss(session: Session, tournament: Tournament, so_far: Played, size: int) -> list[Seating] | None:
    """The next round's tables once every table of the last is over ([] while one runs; None: the rounds
    are played)."""
    if so_far.busy():
        return []
    number = len(so_far.rounds) + 1
    if number > (tournament.rounds or 0):
        return None
    rows = standings_of(tournament, so_far)
    paired = pair_round(
        entrant_keys(tournament),
        points={row.name: row.points for row in rows},
        history=[game.seating for game in so_far.games],
        byes=so_far.bye_counts(),
        size=size,
        seed=seeds.derived(tournament.seed, "round", number),
    )
    session.add(
        TournamentRound(tournament_id=tournament.id, number=number, byes=[int(e) for e in paired.byes])
    )
    tables = seat_round(paired.tables, number) if tournament.duplicate else list(paired.tables)
    return [
        Seating(number, k, table, deal_seed(tournament.seed, number, k, duplicate=tournament.duplicate))
        for k, table in enumerate(tables)
    ]


def _arena(tournament: Tournament, so_far: Played, size: int) -> list[Seating] | None:
    """The tables of the entrants waiting now, while the end time is ahead ([] after it while games run;
    None: the arena is over)."""
    busy = so_far.busy()
    if time.time() >= (tournament.ends_at or 0.0):
        return [] if busy else None
    last = last_tables(so_far)
    start = tournament.started_at or 0.0
    since = {e: game.ended or start for e, game in last.items()}
    waiting = sorted(
        (e for e in tournament.entrants if e.id not in busy), key=lambda e: (since.get(e.id, start), e.id)
    )
    rows = standings_of(tournament, so_far)
    tables, _ = seat_waiting(
        [str(e.id) for e in waiting],
        points={row.name: row.points for row in rows},
        size=size,
        last_table={str(e): last[e].seating for e in last},
    )
    group_size = max(1, len(tournament.entrants) // size)
    seatings = []
    for n, table in enumerate(tables, start=len(so_far.games)):
        group = arena_round(n, len(tournament.entrants), size)
        seated = rotated(table, n % group_size) if tournament.duplicate else table
        seed = deal_seed(tournament.seed, group, n, duplicate=tournament.duplicate)
        seatings.append(Seating(group + 1, n, seated, seed))
    return seatings


def _open(
    session: Session,
    lobby: Lobby,
    tournament: Tournament,
    seating: Seating,
    entrants: list[TournamentEntrant],
) -> Live:
    """A table of the tournament with every seat taken, dealt in this transaction."""
    turn = tournament.turn_seconds
    table = table_store.add_table(
        session,
        game=tournament.game,
        options=tournament.options,
        seed=seating.seed,
        creator=tournament.created_by,
        created_at=now(),
        seats=[SeatIn(kind="bot", level=e.bot) if e.bot else SeatIn(kind="open") for e in entrants],
        move_seconds=MOVE_SECONDS if turn is None else lobby.turn_move_seconds(turn),
        game_seconds=None,
        stand_in=default_stand_in(),
        turn_based=turn is not None,
        rated=tournament.rated,
        tournament_id=tournament.id,
    )
    for seat, entrant in zip(table.seats, entrants, strict=True):
        if entrant.user_id is not None:
            table_store.sit(session, seat=seat, user_id=entrant.user_id)
    session.add(
        TournamentTable(
            table_id=table.id, round=seating.round, number=seating.number, entrants=[e.id for e in entrants]
        )
    )
    return start_if_full(session, table)
