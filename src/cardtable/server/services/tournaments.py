"""Tournaments: Swiss and arena, for accounts and bots, with duplicate deals as an option. A tournament is
created with its game and rules, taken entrants while open, and started by its creator; from then on it
moves on by itself (``tournament_rounds``): each game that ends is told to it (``Turns.game_over`` puts a
``TOURNAMENT`` job, which any instance takes), and every instance also looks at each running tournament
every ``tournament_check_seconds`` (``settings``), so an instance that died between a game's end and its
job, or mid-way through pairing, stalls nothing, and an arena ends at its time with nobody's game ending
then.

Decisions:
- A round is paired (an arena's players seated) exactly once, however many servers look at once: the
  tournament's row is locked (``SELECT ... FOR UPDATE``; on SQLite the one writer) for the transaction
  that reads what was played and writes the new tables, so the second to look finds them made.
  The tables' games are dealt in that transaction; once it committed they are held, published and their
  first turn handed on as the lobby's are (``Lobby.changed``). A server that dies before that leaves tables
  whose bots wait: the sweep hands their turns on (``cluster``), or a restart does.
- Entrants are accounts (each once) and bots; guests may not enter (a guest has no lasting identity, and no
  reputation). A tournament asking a minimum reputation refuses accounts below it (403 ``reputation``).
  Entrants join and leave while it is open; its creator starts it with at least a table's worth.
- Only accounts create tournaments, at most ``OPEN_PER_ACCOUNT`` not over at a time; at most
  ``ENTRANTS_MAX`` entrants.
- A tournament's tables are rated as it says, never abandoned for want of watchers, and do not count
  against their creator's tables (``table_limits``): they are the tournament's.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from sqlalchemy import func, select
from sqlalchemy.orm import Session

import cardtable
from cardtable.i18n import DEFAULT

from ..db.database import Database
from ..db.models import GameTable, Tournament, TournamentEntrant, TournamentTable
from ..errors import N_, Forbidden, Invalid, NotFound, Refused
from ..schemas import TournamentIn, TournamentPublic, TournamentSummary, UserPublic
from . import reputation
from .accounts import now
from .live import Live
from .lobby import Lobby, bot_levels
from .option_ranges import check_table_game
from .tournament_games import played
from .tournament_rounds import next_tables
from .tournament_views import public, summary

log = logging.getLogger(__name__)
TOURNAMENT = "tournament"
"""The kind of job that looks at a tournament after one of its games ended (``jobs``)."""
OPEN_PER_ACCOUNT = 5
ENTRANTS_MAX = 256
LIST_LIMIT = 100


@dataclass
class TournamentService:
    """Every tournament; thread-safe (a change under the tournament's row lock)."""

    db: Database
    lobby: Lobby

    def list_tournaments(self, *, status: str | None = None) -> list[TournamentSummary]:
        """Tournaments, newest first (at most ``LIST_LIMIT``), by status if given."""
        with self.db.read() as session:
            query = select(Tournament).order_by(Tournament.id.desc()).limit(LIST_LIMIT)
            if status is not None:
                query = query.where(Tournament.status == status)
            found = list(session.scalars(query))
            rounds = dict(
                session.execute(
                    select(GameTable.tournament_id, func.max(TournamentTable.round))
                    .join(TournamentTable, TournamentTable.table_id == GameTable.id)
                    .where(GameTable.tournament_id.in_([t.id for t in found]))
                    .group_by(GameTable.tournament_id)
                ).all()
            )
            return [summary(t, rounds.get(t.id, 0)) for t in found]

    def get(self, tournament_id: int, language: str = DEFAULT) -> TournamentPublic:
        """One tournament with its rounds and standings; NotFound if there is none."""
        with self.db.read() as session:
            tournament = _row(session, tournament_id)
            return public(tournament, played(session, tournament_id), language)

    def create(self, user: UserPublic, spec: TournamentIn, language: str = DEFAULT) -> TournamentPublic:
        """A new open tournament, its bots entered; Invalid names the bad game, option or bot level."""
        _account(user, N_("guests cannot create tournaments: sign up to play in them"))
        try:
            game = cardtable.make(spec.game, **spec.options)
        except ValueError as error:
            raise Invalid(str(error), code="bad-game") from None
        check_table_game(game)
        levels = bot_levels()
        for level in spec.bots:
            if level not in levels:
                raise Invalid(
                    "there is no bot level {level!r}; the levels are: {levels}",
                    level=level,
                    levels=", ".join(levels),
                )
        with self.db.write() as session:
            going = session.scalar(
                select(func.count())
                .select_from(Tournament)
                .where(Tournament.created_by == user.id, Tournament.status != "over")
            )
            if (going or 0) >= OPEN_PER_ACCOUNT:
                raise Refused(
                    "you have {most} tournaments that are not over; wait for one to end",
                    code="too-many-tournaments",
                    most=OPEN_PER_ACCOUNT,
                )
            tournament = Tournament(
                game=game.name,
                options=dict(game.options),
                format=spec.format,
                rounds=spec.rounds,
                minutes=spec.minutes,
                duplicate=spec.duplicate,
                turn_seconds=spec.turn_seconds,
                min_reputation=spec.min_reputation or None,
                rated=spec.rated,
                seed=secrets.randbits(63),
                status="open",
                created_by=user.id,
                created_at=now(),
                entrants=[TournamentEntrant(bot=level) for level in spec.bots],
            )
            session.add(tournament)
            session.flush()
            return public(tournament, played(session, tournament.id), language)

    def join(self, user: UserPublic, tournament_id: int, language: str = DEFAULT) -> TournamentPublic:
        """Enter an open tournament; Forbidden for a guest or below its minimum reputation."""
        _account(user, N_("guests cannot enter tournaments: sign up to play in them"))
        with self.db.write() as session:
            tournament = _row(session, tournament_id, lock=True)
            _check_open(tournament)
            if any(e.user_id == user.id for e in tournament.entrants):
                raise Refused(
                    "you are entered in tournament {tournament} already",
                    code="already-entered",
                    tournament=tournament_id,
                )
            if len(tournament.entrants) >= ENTRANTS_MAX:
                raise Refused(
                    "tournament {tournament} has {most} entrants: it is full",
                    code="full",
                    tournament=tournament_id,
                    most=ENTRANTS_MAX,
                )
            reputation.check_minimum(
                session, user.id, place="tournament", number=tournament_id, minimum=tournament.min_reputation
            )
            tournament.entrants.append(TournamentEntrant(user_id=user.id))
            session.flush()
            return public(tournament, played(session, tournament_id), language)

    def leave(self, user: UserPublic, tournament_id: int, language: str = DEFAULT) -> TournamentPublic:
        """Withdraw from a tournament that has not started."""
        with self.db.write() as session:
            tournament = _row(session, tournament_id, lock=True)
            mine = next((e for e in tournament.entrants if e.user_id == user.id), None)
            if mine is None:
                raise Refused(
                    "you are not entered in tournament {tournament}",
                    code="not-entered",
                    tournament=tournament_id,
                )
            _check_open(tournament)
            tournament.entrants.remove(mine)
            session.flush()
            return public(tournament, played(session, tournament_id), language)

    def start(self, user: UserPublic, tournament_id: int, language: str = DEFAULT) -> TournamentPublic:
        """The creator starts an open tournament: round 1 is paired (an arena seats everyone it can)."""
        with self.db.write() as session:
            tournament = _row(session, tournament_id, lock=True)
            if tournament.created_by != user.id:
                raise Forbidden(
                    "only its creator may start tournament {tournament}",
                    code="not-creator",
                    tournament=tournament_id,
                )
            _check_open(tournament)
            size = cardtable.make(tournament.game, **tournament.options).players
            if len(tournament.entrants) < size:
                raise Refused(
                    "a table of {game} needs {size} players; tournament {tournament} has {entrants} entrants",
                    code="too-few",
                    game=cardtable.make(tournament.game).title,
                    size=size,
                    tournament=tournament_id,
                    entrants=len(tournament.entrants),
                )
            started = time.time()
            tournament.status, tournament.started_at = "running", started
            if tournament.minutes is not None:
                tournament.ends_at = started + tournament.minutes * 60
            tables = next_tables(session, self.lobby, tournament)
            session.flush()
            shown = public(tournament, played(session, tournament_id), language)
        self._started(tables)
        return shown

    def advance(self, tournament_id: int) -> None:
        """Start whatever a running tournament may start now (the next Swiss round, an arena's waiting
        players), or end it; nothing if it is not running or its games are still being played."""
        with self.db.write() as session:
            tournament = _row(session, tournament_id, lock=True)
            if tournament.status != "running":
                return
            tables = next_tables(session, self.lobby, tournament)
        self._started(tables)

    def advance_all(self) -> int:
        """``advance`` every running tournament (the periodic check); returns how many there are."""
        with self.db.read() as session:
            running = list(session.scalars(select(Tournament.id).where(Tournament.status == "running")))
        for tournament_id in running:
            try:
                self.advance(tournament_id)
            except Exception:
                log.exception("could not advance tournament %d; the next check tries again", tournament_id)
        return len(running)

    async def take_job(self, job: dict[str, Any]) -> None:
        """The ``TOURNAMENT`` job ``{"tournament": id}``, put when one of its games ended."""
        await anyio.to_thread.run_sync(self.advance, int(job["tournament"]))

    async def keep_checking(self, seconds: float) -> None:
        """Every ``seconds``, from now until cancelled: ``advance_all``."""
        while True:
            try:
                await anyio.to_thread.run_sync(self.advance_all)
            except Exception:
                log.exception("checking the running tournaments failed; trying again")
            await asyncio.sleep(seconds)

    def _started(self, tables: list[Live]) -> None:
        """Tables committed as started: held, published and handed on, as the lobby's."""
        for live in tables:
            self.lobby.changed(live)


def _row(session: Session, tournament_id: int, *, lock: bool = False) -> Tournament:
    """The tournament's row; NotFound if there is none. ``lock`` holds it until the transaction ends."""
    tournament = session.get(Tournament, tournament_id, with_for_update={"of": Tournament} if lock else None)
    if tournament is None:
        raise NotFound(
            "there is no tournament {tournament}", code="unknown-tournament", tournament=tournament_id
        )
    return tournament


def _account(user: UserPublic, refusal: str) -> None:
    """Forbidden for a guest, told ``refusal`` (a message of the ``site`` catalog, ``errors.N_``)."""
    if user.guest or user.username is None:
        raise Forbidden(refusal, code="guest")


def _check_open(tournament: Tournament) -> None:
    if tournament.status != "open":
        raise Refused(
            "tournament {tournament} has started already", code="not-open", tournament=tournament.id
        )
