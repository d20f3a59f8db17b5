"""The tables: the lobby (create, join, leave, start when full) and live play. This module is the server's
only caller of the engine, and it reaches the games only through the engine contract.

Per move: validate (the table, the seat, the version answered, the turn, the notation, the rules) → apply
it to a copy of the state → commit the new record events → publish to each audience what it may see.
Nothing is broadcast that is not committed, and a refused move changes nothing.

Decisions:
- A table's state is its record. While a game runs its state is held in memory; after a restart it is
  rebuilt from the stored events with ``cardtable.replay`` (which checks every event again).
- The version of a table is the number of record events stored. A move names the version it answers; any
  other version is refused as stale, which also refuses a move sent twice.
- Each seat gets ``observation(seat)`` and, when it is to act, its legal moves in notation; spectators and
  people not seated get ``observation(None)``. Nothing else about the game is sent while it runs: not the
  last move's text, not the record. The record, which holds every deal, is published once the game is over
  and with ``seed`` null: seeds stay on the server (a seed would reveal future deals).
- A table starts by itself when its last seat fills; before that a seated player may leave. One account
  takes at most one seat at a table. An invited seat is kept for that account (also after it leaves).
- Bots: whenever a bot seat is to act (after the start, after each move, and at server start for tables
  left waiting on a bot) the service hands a ``BotTurn`` with a copy of the state to ``bot_turns``; the
  bot's answer comes back through ``play_bot`` and is checked like any move. A bot's seed is drawn from the
  table's seed and the version, so a bot moves the same after a restart.
- Around the play: a person's seat can be played by the table's stand-in bot. The clock (a time
  per decision and/or per game, counted from ``turn_since``) hands one decision to it when the move's
  time runs out, and the whole rest of the game when the game time does (``away = "time"``). A seated
  person with no connection following the table for ``grace`` seconds (or who says ``away``) is replaced
  by it too (``away = "away"``) so the others can finish, and may take the seat back (``take_back``).
  A stand-in's move is checked like any bot's; the seat stays the person's (records, ratings).
  Time a person spends is charged up to the deadline only; a server restart gives the seat to act its
  full time again (nobody loses time to a server that was down). Ratings are written in the transaction
  of the game's last move (``ratings.rate_table``). ``why`` answers with the engine's reason for the
  asking seat's own decision only: asked out of turn it says whose turn it is and asks the engine
  nothing, so no reason about another seat's hand can reach it. Presence is counted per server process,
  so beside other servers (``shared``) the grace period is off until presence is shared too; ``away``,
  ``back`` and the clocks work there as well.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

from sqlalchemy import insert, select, update

import cardtable
from cardtable import bots
from cardtable.core.game import State

from ..db.database import Database
from ..db.models import Event, GameTable, Seat, User
from ..errors import Forbidden, Invalid, NotFound, Refused
from ..presence import Presence
from ..pubsub import InMemoryPubSub
from ..schemas import (
    ClockPublic,
    ClockState,
    GamePublic,
    HintMessage,
    OptionPublic,
    SeatIn,
    SeatPublic,
    TableIn,
    TableMessage,
    TablePublic,
    UserPublic,
)
from ..timers import Timers
from .accounts import now
from .ratings import rate_table

LOCK_STRIPES = 1024
LIST_LIMIT = 100
STAND_IN = "medium"
"""The stand-in bot's level when a table names none (without it: the middle level the server has)."""
GRACE_SECONDS = 60.0
HINT_REASONS = 3
"""At most this many different reasons answer a ``why`` about a card that several moves use."""
CLOCK_SLACK = 1e-6
"""Seconds of float rounding under which a game clock counts as run out."""


def channel(table_id: int) -> str:
    """The pub/sub channel of a table's updates."""
    return f"table:{table_id}"


def games_info() -> list[GamePublic]:
    """Every game with its player counts and options, for the lobby's create-table form."""
    found = []
    for name in cardtable.games():
        specs = cardtable.make(name).option_specs
        options = [
            OptionPublic(
                name=o.name,
                default=o.default,
                help=o.help,
                allowed=o.allowed(),
                kind=_option_kind(o),
                choices=list(o.choices) if o.choices is not None else None,
                minimum=o.minimum,
            )
            for o in specs
        ]
        counts = list(cardtable.make(name).player_counts())
        found.append(GamePublic(name=name, players=counts, options=options))
    return found


def _option_kind(option: Any) -> Literal["int", "bool", "str", "seat"]:
    if option.seat:
        return "seat"
    return "bool" if option.kind is bool else "str" if option.kind is str else "int"


def bot_levels() -> list[str]:
    """The bot levels the platform offers, easiest first: whatever ``cardtable.bots`` has."""
    return bots.levels()


def deadline_of(
    turn_since: float | None, move_seconds: int | None, game_seconds: int | None, time_used: float
) -> float | None:
    """When a person's time for the current decision ends (Unix seconds); None when no clock limits it."""
    limits = [float(move_seconds)] if move_seconds else []
    if game_seconds:
        limits.append(max(0.0, game_seconds - time_used))
    return None if turn_since is None or not limits else turn_since + min(limits)


@dataclass(frozen=True)
class BotTurn:
    """A bot seat to act: which table, seat and version, the bot's level and seed, a copy of the state."""

    table_id: int
    seat: int
    version: int
    level: str
    seed: int
    state: State


@dataclass(frozen=True)
class TableUpdate:
    """A table as each audience may see it, as ready-to-send JSON texts (one per seated person and one for
    everybody else)."""

    table_id: int
    version: int
    seat_users: tuple[int | None, ...]
    texts: dict[int | None, str]

    def text_for(self, user_id: int) -> str:
        """The text for ``user_id``: its seat's view if it sits at the table, else the public one."""
        for seat, owner in enumerate(self.seat_users):
            if owner == user_id:
                return self.texts[seat]
        return self.texts[None]


@dataclass
class Live:
    """A table as the service holds it: its row's facts and, once started, its state."""

    id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    seats: list[SeatPublic]
    bots: dict[int, str]
    state: State | None = None
    result: dict[str, Any] | None = None
    move_seconds: int | None = None
    game_seconds: int | None = None
    stand_in: str = STAND_IN
    turn_since: float | None = None
    time_used: list[float] = field(default_factory=list)
    away: dict[int, str] = field(default_factory=dict)
    forced: tuple[int, int] | None = None
    """(seat, version) of a decision whose time ran out: the stand-in bot makes it."""
    seat_users: tuple[int | None, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.seat_users = tuple(s.user_id if s.kind == "player" else None for s in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        return self.seat_users.index(user_id) if user_id in self.seat_users else None

    def state_seat(self) -> int | None:
        """The seat to act, or None (not started, or over)."""
        return self.state.current_player() if self.state is not None else None

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot that moves for ``seat`` now: its own, the stand-in, or None (a person)."""
        if seat in self.bots:
            return self.bots[seat]
        if seat in self.away or self.forced == (seat, self.version):
            return self.stand_in
        return None

    def deadline(self) -> float | None:
        """When the person to act runs out of time for this decision; None when no clock runs."""
        state = self.state
        seat = state.current_player() if state is not None and self.status == "playing" else None
        if seat is None or self.seat_users[seat] is None or seat in self.away:
            return None
        used = self.time_used[seat] if seat < len(self.time_used) else 0.0
        return deadline_of(self.turn_since, self.move_seconds, self.game_seconds, used)

    def clock_state(self) -> ClockState | None:
        """The clocks as of now, for a table message."""
        if not (self.move_seconds or self.game_seconds):
            return None
        clock_now = time.time()
        deadline = self.deadline()
        to_act = self.state.current_player() if self.state is not None else None
        left: list[float | None] = []
        for seat, user in enumerate(self.seat_users):
            if user is None or not self.game_seconds:
                left.append(None)
                continue
            spent = self.time_used[seat] if seat < len(self.time_used) else 0.0
            if seat == to_act and deadline is not None and self.turn_since is not None:
                spent += min(clock_now, deadline) - self.turn_since
            left.append(round(max(0.0, self.game_seconds - spent), 1))
        turn_left = None if deadline is None else round(max(0.0, deadline - clock_now), 1)
        return ClockState(
            move_seconds=self.move_seconds, game_seconds=self.game_seconds, left=left, turn_left=turn_left
        )

    @property
    def version(self) -> int:
        return 0 if self.state is None else self.state.event_count()


class TableService:
    """Lobby and play for every table; thread-safe (a lock per table), each method one unit of work."""

    def __init__(
        self, db: Database, pubsub: InMemoryPubSub, *, grace: float = GRACE_SECONDS, shared: bool = False
    ) -> None:
        self.db = db
        self.pubsub = pubsub
        self.shared = shared
        """Other servers use the same database (``server.cluster``), and ``forget`` a table they change."""
        self.bot_turns: Callable[[BotTurn], None] = lambda turn: None
        """Where bot turns go; the bot driver sets it when it starts."""
        self._live: dict[int, Live] = {}
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self.grace = grace
        """Seconds a seated person may be gone before the stand-in bot takes their seat."""
        self.presence = Presence()
        self.timers = Timers()

    # -- the lobby ----------------------------------------------------------------------------------

    def list_tables(
        self, *, status: str | None = None, game: str | None = None, seated: int | None = None
    ) -> list[TablePublic]:
        """Tables, newest first: by status, by game, or only those where user ``seated`` sits."""
        query = select(GameTable).order_by(GameTable.id.desc()).limit(LIST_LIMIT)
        if status is not None:
            query = query.where(GameTable.status == status)
        if game is not None:
            query = query.where(GameTable.game == game)
        if seated is not None:
            query = query.where(GameTable.seats.any(Seat.user_id == seated))
        with self.db.read() as session:
            return [_table_public(table) for table in session.scalars(query)]

    def get(self, table_id: int) -> TablePublic:
        """One table; NotFound if there is none."""
        with self.db.read() as session:
            return _table_public(self._row(session, table_id))

    def create(self, user: UserPublic, spec: TableIn) -> TablePublic:
        """A new table; Invalid names the bad game, option or seat. It starts at once if no seat is open."""
        try:
            game = cardtable.make(spec.game, **spec.options)
        except ValueError as error:
            raise Invalid(str(error), code="bad-game") from None
        seats = spec.seats or [SeatIn(kind="me")] + [SeatIn(kind="open")] * (game.players - 1)
        if len(seats) != game.players:
            raise Invalid(
                f"{spec.game} with {game.players} players needs {game.players} seats, got {len(seats)}"
            )
        if sum(s.kind == "me" for s in seats) > 1:
            raise Invalid("you can take only one seat at a table")
        levels = bot_levels()
        for s in seats:
            if s.kind == "bot" and s.level not in levels:
                raise Invalid(f"there is no bot level {s.level!r}; the levels are: {', '.join(levels)}")
        invited = [s.name.lower() for s in seats if s.kind == "invited" and s.name]
        if len(set(invited)) < len(invited):
            raise Invalid("an account can be invited to one seat only")
        if user.username in invited:
            raise Invalid("to sit at your own table, take a 'me' seat")
        stand_in = spec.stand_in or (STAND_IN if STAND_IN in levels else levels[len(levels) // 2])
        if stand_in not in levels:
            raise Invalid(f"there is no bot level {stand_in!r}; the levels are: {', '.join(levels)}")
        clock = spec.clock
        with self.db.write() as session:
            known = set(session.scalars(select(User.username).where(User.username.in_(invited))))
            for name in invited:
                if name not in known:
                    raise Invalid(f"there is no account named {name!r} to invite")
            table = GameTable(
                game=game.name,
                options=dict(game.options),
                seed=secrets.randbits(63),
                status="open",
                created_by=user.id,
                created_at=now(),
                version=0,
                to_act=None,
                result=None,
                move_seconds=clock.move_seconds if clock else None,
                game_seconds=clock.game_seconds if clock else None,
                stand_in=stand_in,
                turn_since=None,
            )
            me = session.get(User, user.id)
            table.seats = [
                Seat(
                    seat=n,
                    user=me if s.kind == "me" else None,
                    invited=s.name.lower() if s.kind == "invited" and s.name else None,
                    bot=s.level if s.kind == "bot" else None,
                    time_used=0.0,
                    away=None,
                )
                for n, s in enumerate(seats)
            ]
            session.add(table)
            session.flush()
            live = self._start_if_full(session, table)
            public = _table_public(table)
        self._after_change(live)
        return public

    def join(self, user: UserPublic, table_id: int, seat: int | None) -> TablePublic:
        """Sit at an open table: the seat given, else the seat kept for you, else the first open one."""
        with self._lock(table_id):
            with self.db.write() as session:
                table = self._row(session, table_id, lock=True)
                if table.status != "open":
                    raise Refused(f"table {table_id} has already started", code="not-open")
                mine = next((s for s in table.seats if s.user_id == user.id), None)
                if mine is not None:
                    raise Refused(
                        f"you already sit at table {table_id} (seat {mine.seat})", code="already-seated"
                    )
                chosen = self._free_seat(table, user, seat)
                chosen.user = session.get(User, user.id)
                live = self._start_if_full(session, table)
                public = _table_public(table)
            self._after_change(live)  # committed, and still under the lock: updates go out in order
        return public

    def leave(self, user: UserPublic, table_id: int) -> TablePublic:
        """Give up your seat at a table that has not started (an invited seat stays kept for you)."""
        with self._lock(table_id):
            with self.db.write() as session:
                table = self._row(session, table_id, lock=True)
                mine = next((s for s in table.seats if s.user_id == user.id), None)
                if mine is None:
                    raise Refused(f"you have no seat at table {table_id}", code="not-seated")
                if table.status != "open":
                    raise Refused(
                        f"the game at table {table_id} has started; its seats are fixed", code="not-open"
                    )
                mine.user = None
                live = _live_from_row(table)
                public = _table_public(table)
            self._publish(live)
        return public

    def record(self, table_id: int) -> dict[str, Any]:
        """The record of a finished game, with names and without its seed; Refused while it runs."""
        with self._lock(table_id):
            live = self._load(table_id)
        if live.status != "over" or live.state is None:
            raise Refused(
                f"the record of table {table_id} is published when its game is over", code="not-over"
            )
        labels = [s.name or f"seat {s.seat}" for s in live.seats]
        labels = [
            f"bot:{s.name}" if s.kind == "bot" else label for s, label in zip(live.seats, labels, strict=True)
        ]
        record = live.state.record(players=labels)
        record["seed"] = None
        return record

    # -- live play ------------------------------------------------------------------------------------

    def watch(self, table_id: int, user_id: int, subscriber: Any) -> str:
        """Subscribe to a table's updates and return its current state as this user may see it. Both
        happen under the table's lock, so no update falls between the two."""
        with self._lock(table_id):
            # subscribed before the read: an update another server commits meanwhile still arrives
            self.pubsub.subscribe(channel(table_id), subscriber)
            try:
                if self.shared:  # a (re)connecting player gets the table as stored, never a held copy
                    self.forget(table_id)
                live = self._load(table_id)
            except BaseException:
                self.pubsub.unsubscribe(channel(table_id), subscriber)
                raise
            self.presence.arrive(table_id, user_id)
            self.timers.cancel(("grace", table_id, user_id))
            return self._texts(live, only=live.seat_of(user_id))

    def play(self, table_id: int, user_id: int, move: str, version: int) -> None:
        """A person's move; Refused says why it was not taken (and nothing changed)."""
        with self._lock(table_id):
            live = self._load(table_id, at_least=version)
            seat = live.seat_of(user_id)
            if seat is None:
                raise Forbidden(f"you have no seat at table {table_id}", code="not-your-seat")
            if seat in live.away:
                raise Refused(_away_text(live.away[seat]), code="stood-in")
            self._move(live, seat, move, version)

    def play_bot(self, turn: BotTurn, action: int) -> None:
        """A bot's move for the turn it was given; Refused when that turn has passed."""
        with self._lock(turn.table_id):
            live = self._load(turn.table_id, at_least=turn.version)
            if live.bot_level(turn.seat) is None or live.state is None:
                raise Refused(f"seat {turn.seat} of table {turn.table_id} is no bot seat", code="not-a-bot")
            self._move(live, turn.seat, live.state.action_to_string(action), turn.version)

    def resume_bots(self) -> int:
        """Hand out the turns of bots that were to act when the server stopped; returns how many."""
        query = (
            select(GameTable.id)
            .join(Seat, (Seat.table_id == GameTable.id) & (Seat.seat == GameTable.to_act))
            .where(GameTable.status == "playing", Seat.bot.is_not(None) | Seat.away.is_not(None))
        )
        with self.db.read() as session:
            waiting = list(session.scalars(query))
        for table_id in waiting:
            self.ask_bot(table_id)
        return len(waiting)

    def ask_bot(self, table_id: int) -> None:
        """Hand out the turn of the bot to act at a table, if one is (another server asked for it)."""
        with self._lock(table_id):
            self._ask_bot(self._load(table_id))

    def republish(self, table_id: int) -> None:
        """Send a table's current state to everyone following it again (after updates may have been lost)."""
        with self._lock(table_id):
            self._publish(self._load(table_id))

    # -- around the play: presence, stand-ins, clocks, hints ---------------------------------------------

    def unwatch(self, table_id: int, user_id: int, subscriber: Any) -> None:
        """Stop sending a table's updates to ``subscriber``; a seated person whose last connection this was
        gets the grace period before the stand-in bot takes their seat. Never blocks (no lock, no query)."""
        self.pubsub.unsubscribe(channel(table_id), subscriber)
        if self.presence.depart(table_id, user_id):
            live = self._live.get(table_id)
            if live is not None and live.status == "playing" and live.seat_of(user_id) is not None:
                self._start_grace(table_id, user_id)

    def why(self, table_id: int, user_id: int, text: str) -> str:
        """The answer (a ``hint`` message) to "why may I not make this move, or play this card?"."""
        with self._lock(table_id):
            live = self._load(table_id)
            seat = live.seat_of(user_id)
            if seat is None:
                raise Forbidden(f"you have no seat at table {table_id}", code="not-your-seat")
            state = live.state
            if live.status != "playing" or state is None:
                raise Refused(f"the game at table {table_id} is not being played", code="not-playing")
            to_act = state.current_player()
            reason: str | None
            if to_act != seat:
                reason = f"it is not your turn: seat {to_act} is to play"
            elif seat in live.away:
                reason = _away_text(live.away[seat])
            else:
                reason = _engine_reason(state, text)
        return HintMessage(table=table_id, move=text, legal=reason is None, reason=reason).model_dump_json()

    def step_away(self, table_id: int, user_id: int) -> None:
        """Let the stand-in bot play your seat from now on (you may take it back)."""
        with self._lock(table_id):
            live, seat = self._seated(table_id, user_id)
            if seat in live.away:
                raise Refused("the stand-in bot plays your seat already", code="stood-in")
            self._set_away(live, seat, "away")

    def take_back(self, table_id: int, user_id: int) -> None:
        """Take your seat back from the stand-in bot (not after your game time ran out)."""
        with self._lock(table_id):
            live, seat = self._seated(table_id, user_id)
            reason = live.away.get(seat)
            if reason is None:
                raise Refused("you are playing your seat yourself", code="not-away")
            if reason == "time":
                raise Refused(_away_text(reason), code="out-of-time")
            self._set_away(live, seat, None)

    def resume_turns(self) -> int:
        """At start-up: the clock of every waiting person starts anew, and every seated person (nobody is
        connected yet) gets the grace period. Beside other servers (``shared``) the clocks run on as stored
        and presence is theirs to know. Returns how many tables are being played."""
        started = time.time()
        with self.db.write() as session:
            tables = list(session.scalars(select(GameTable).where(GameTable.status == "playing")))
            for table in tables:
                for seat in table.seats:
                    if seat.user_id is not None and seat.away is None:
                        self._start_grace(table.id, seat.user_id)
                if table.to_act is None or not (table.move_seconds or table.game_seconds):
                    continue
                waiting = table.seats[table.to_act]
                if waiting.user_id is None or waiting.away is not None:
                    continue
                if not self.shared or table.turn_since is None:
                    table.turn_since = started
                deadline = deadline_of(
                    table.turn_since, table.move_seconds, table.game_seconds, waiting.time_used
                )
                if deadline is not None:
                    table_id, version = table.id, table.version
                    self.timers.schedule(
                        ("clock", table_id), deadline, partial(self._time_out, table_id, version)
                    )
        return len(tables)

    def close(self) -> None:
        """Stop every clock and grace timer (the server is stopping)."""
        self.timers.close()

    def _seated(self, table_id: int, user_id: int) -> tuple[Live, int]:
        live = self._load(table_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise Forbidden(f"you have no seat at table {table_id}", code="not-your-seat")
        if live.status != "playing":
            raise Refused(f"the game at table {table_id} is not being played", code="not-playing")
        return live, seat

    def _charge(self, live: Live, seat: int, moved_at: float) -> float | None:
        """The game time ``seat``'s person has used once this decision is made (None: nothing to charge).
        Time past the deadline is not charged: from there on the bot was thinking."""
        if not live.game_seconds or live.seat_users[seat] is None or live.turn_since is None:
            return None
        if seat in live.away:
            return None
        deadline = live.deadline()
        until = moved_at if deadline is None else min(moved_at, deadline)
        return live.time_used[seat] + max(0.0, until - live.turn_since)

    def _start_clock(self, live: Live) -> None:
        """Set the timer of the decision being made now (or clear it when no clock runs for it)."""
        deadline = live.deadline()
        if deadline is None:
            self.timers.cancel(("clock", live.id))
            return
        table_id, version = live.id, live.version
        self.timers.schedule(("clock", table_id), deadline, lambda: self._time_out(table_id, version))

    def _time_out(self, table_id: int, version: int) -> None:
        """A clock's timer: if the decision at ``version`` is still waiting and its time is up, the
        stand-in bot makes it; out of game time, it plays the seat to the end."""
        with self._lock(table_id):
            live = self._load(table_id)
            deadline = live.deadline()
            if live.version != version or deadline is None or live.forced == (live.state_seat(), version):
                return
            if time.time() < deadline:  # the clock was given more time meanwhile
                self._start_clock(live)
                return
            seat = live.state_seat()
            assert seat is not None
            spent = live.time_used[seat] + (deadline - (live.turn_since or deadline))
            if live.game_seconds and spent >= live.game_seconds - CLOCK_SLACK:
                self._set_away(live, seat, "time", time_used=float(live.game_seconds))
                return
            live.forced = (seat, version)
            self._publish(live)
            self._ask_bot(live)

    def _start_grace(self, table_id: int, user_id: int) -> None:
        """Start the grace period of a person no connection of this server shows at the table. Not beside
        other servers: presence is counted per server, and the person may be connected to another."""
        if self.shared:
            return
        self.timers.schedule(
            ("grace", table_id, user_id),
            time.time() + self.grace,
            lambda: self._grace_over(table_id, user_id),
        )

    def _grace_over(self, table_id: int, user_id: int) -> None:
        """A grace timer: the person is still gone, so the stand-in bot takes their seat."""
        with self._lock(table_id):
            if self.presence.is_here(table_id, user_id):
                return
            live = self._load(table_id)
            seat = live.seat_of(user_id)
            if live.status == "playing" and seat is not None and seat not in live.away:
                self._set_away(live, seat, "away")

    def _set_away(self, live: Live, seat: int, reason: str | None, *, time_used: float | None = None) -> None:
        """Give ``seat`` to the stand-in bot (``reason``) or back to its person (None): commit, publish,
        and hand the turn to whoever now plays it (the caller holds the table's lock)."""
        returning = reason is None and seat == live.state_seat()
        turn_since = time.time() if returning else live.turn_since
        values: dict[str, Any] = {"away": reason}
        if time_used is not None:
            values["time_used"] = time_used
        with self.db.transaction() as connection:
            connection.execute(
                update(Seat).where(Seat.table_id == live.id, Seat.seat == seat).values(**values)
            )
            if returning:  # the clock of the decision starts anew
                connection.execute(
                    update(GameTable).where(GameTable.id == live.id).values(turn_since=turn_since)
                )
        if reason is None:
            live.away.pop(seat, None)
        else:
            live.away[seat] = reason
        if time_used is not None:
            live.time_used[seat] = time_used
        live.turn_since = turn_since
        live.seats[seat] = live.seats[seat].model_copy(update={"away": reason})
        self._publish(live)
        self._ask_bot(live)

    # -- inside ---------------------------------------------------------------------------------------

    def _lock(self, table_id: int) -> threading.Lock:
        return self._locks[table_id % LOCK_STRIPES]

    @staticmethod
    def _row(session: Any, table_id: int, *, lock: bool = False) -> GameTable:
        """The table's row; ``lock`` holds it (SELECT ... FOR UPDATE) until the write commits, so writers
        on other servers take their turns."""
        table = session.get(GameTable, table_id, with_for_update={"of": GameTable} if lock else None)
        if table is None:
            raise NotFound(f"there is no table {table_id}", code="unknown-table")
        assert isinstance(table, GameTable)
        return table

    def _load(self, table_id: int, *, at_least: int | None = None) -> Live:
        """The table, from memory or rebuilt from its stored record. Beside other servers (``shared``) a
        move answering a version newer than the one held here means another server moved the table on
        before word of it came (``forget``): the table is then read again."""
        held = self._live.get(table_id)
        if held is not None and not (self.shared and at_least is not None and at_least > held.version):
            return held
        with self.db.read() as session:
            table = self._row(session, table_id)
            live = _live_from_row(table)
            if table.status != "open":
                events = list(
                    session.scalars(select(Event.data).where(Event.table_id == table_id).order_by(Event.idx))
                )
                live.state = cardtable.replay(
                    {
                        "format": cardtable.RECORD_FORMAT,
                        "game": table.game,
                        "options": table.options,
                        "seed": table.seed,
                        "events": events,
                        "result": table.result,
                    }
                )
        if live.status == "playing":
            self._live[table_id] = live
        elif held is not None:
            self._live.pop(table_id, None)
        return live

    def forget(self, table_id: int | None = None) -> None:
        """Drop a table held in memory (every table: None) because another server changed it: the next
        use reads it again (from any thread)."""
        if table_id is None:
            self._live.clear()
        else:
            self._live.pop(table_id, None)

    def held(self) -> dict[int, int]:
        """The version of each table held in memory."""
        return {table_id: live.version for table_id, live in list(self._live.items())}

    @staticmethod
    def _free_seat(table: GameTable, user: UserPublic, wanted: int | None) -> Seat:
        def free_for_user(s: Seat) -> bool:
            return s.user_id is None and s.bot is None and s.invited in (None, user.username)

        if wanted is not None:
            if wanted >= len(table.seats):
                raise Invalid(f"table {table.id} has seats 0 to {len(table.seats) - 1}", code="no-such-seat")
            chosen = table.seats[wanted]
            if free_for_user(chosen):
                return chosen
            if chosen.user_id is None and chosen.bot is None:
                raise Refused(f"seat {wanted} is kept for {chosen.invited}", code="seat-taken")
            raise Refused(f"seat {wanted} of table {table.id} is taken", code="seat-taken")
        kept = [
            s
            for s in table.seats
            if s.invited is not None and s.invited == user.username and s.user_id is None
        ]
        open_seats = [s for s in table.seats if free_for_user(s)]
        if not kept and not open_seats:
            raise Refused(f"table {table.id} has no open seat", code="full")
        return (kept or open_seats)[0]

    def _start_if_full(self, session: Any, table: GameTable) -> Live:
        """Deal the game when every seat is taken: its first events are stored in this transaction."""
        live = _live_from_row(table)
        if any(s.kind in ("open", "invited") for s in live.seats):
            return live
        state = cardtable.make(table.game, **table.options).new_game(seed=table.seed)
        events = state.events()
        session.add_all(Event(table_id=table.id, idx=i, data=e) for i, e in enumerate(events))
        table.status = live.status = "playing"
        table.version = len(events)
        table.to_act = state.current_player()
        table.turn_since = live.turn_since = time.time()
        live.state = state
        return live

    def _after_change(self, live: Live) -> None:
        """After a committed lobby change: hold a started game in memory, publish, and call a bot."""
        if live.status == "playing":
            self._live[live.id] = live
            for user_id in live.seat_users:  # people who never came get the grace period too
                if user_id is not None and not self.presence.is_here(live.id, user_id):
                    self._start_grace(live.id, user_id)
        self._publish(live)
        self._ask_bot(live)

    def _move(self, live: Live, seat: int, move: str, version: int) -> None:
        """Validate, apply to a copy, commit, publish (the caller holds the table's lock)."""
        table_id = live.id
        if live.status == "open":
            raise Refused(f"the game at table {table_id} has not started", code="not-started")
        state = live.state
        if live.status == "over" or state is None:
            raise Refused(f"the game at table {table_id} is over", code="game-over")
        current = state.event_count()
        if version != current:
            raise Refused(
                f"your move answers version {version}, but table {table_id} is at version {current}",
                code="stale",
            )
        to_act = state.current_player()
        if to_act != seat:
            raise Refused(f"it is seat {to_act}'s turn, not yours (seat {seat})", code="not-your-turn")
        try:
            action = state.string_to_action(move)
            after = state.clone()
            after.apply_action(action)
        except cardtable.InvalidNotation as error:
            raise Invalid(f"{move!r} is not a move of {live.game}: {error}", code="bad-notation") from None
        except cardtable.IllegalAction as error:
            raise Invalid(str(error), code="illegal") from None
        over = after.is_terminal()
        result = after.result()
        new_events = after.events(current)
        moved_at = time.time()
        used = self._charge(live, seat, moved_at)
        with self.db.transaction() as connection:
            # The version-checked UPDATE first: it takes the table's row lock, so of two servers answering
            # the same version the second waits, finds the version moved on, and writes no event.
            changed = connection.execute(
                update(GameTable)
                .where(GameTable.id == table_id, GameTable.version == current)
                .values(
                    version=current + len(new_events),
                    to_act=after.current_player(),
                    status="over" if over else "playing",
                    result=result,
                    turn_since=moved_at,
                )
            )
            if changed.rowcount != 1:
                self.forget(table_id)  # another server moved it on: read it again next time
                raise Refused(f"table {table_id} moved on elsewhere; reload it", code="stale")
            rows = [{"table_id": table_id, "idx": current + i, "data": e} for i, e in enumerate(new_events)]
            connection.execute(insert(Event), rows)
            if used is not None:
                connection.execute(
                    update(Seat).where(Seat.table_id == table_id, Seat.seat == seat).values(time_used=used)
                )
            if over:
                winners = result["winners"] if result else []
                rate_table(connection, table_id=table_id, game=live.game, seats=live.seats, winners=winners)
        live.state = after
        live.turn_since = moved_at
        if used is not None:
            live.time_used[seat] = used
        if over:
            live.status, live.result = "over", result
            self._live.pop(table_id, None)
        self._publish(live)
        self._ask_bot(live)

    def _ask_bot(self, live: Live) -> None:
        self._start_clock(live)
        state = live.state
        if live.status != "playing" or state is None:
            return
        seat = state.current_player()
        level = live.bot_level(seat) if seat is not None else None
        if seat is None or level is None:
            return
        version = state.event_count()
        seed = random.Random(f"{live.seed}:{version}").getrandbits(63)
        self.bot_turns(BotTurn(live.id, seat, version, level, seed, state.clone()))

    def _publish(self, live: Live) -> None:
        texts: dict[int | None, str] = {
            seat: self._texts(live, only=seat)
            for seat, user in enumerate(live.seat_users)
            if user is not None
        }
        texts[None] = self._texts(live, only=None)
        self.pubsub.publish(channel(live.id), TableUpdate(live.id, live.version, live.seat_users, texts))

    @staticmethod
    def _texts(live: Live, *, only: int | None) -> str:
        """The table message for one seat (``only``), or for spectators when ``only`` is None."""
        state = live.state
        moves: list[str] = []
        if (
            state is not None
            and live.status == "playing"
            and only is not None
            and state.current_player() == only
            and only not in live.away
        ):
            moves = [state.action_to_string(a) for a in state.legal_actions()]
        message = TableMessage(
            table=live.id,
            game=live.game,
            status=live.status,  # type: ignore[arg-type]
            version=live.version,
            seat=only,
            seats=live.seats,
            observation=state.observation(only) if state is not None else None,
            to_act=state.current_player() if state is not None else None,
            moves=moves,
            result=live.result,
            clock=live.clock_state() if live.status == "playing" else None,
        )
        return message.model_dump_json()


def _seat_public(seat: Seat) -> SeatPublic:
    if seat.bot is not None:
        return SeatPublic(seat=seat.seat, kind="bot", name=seat.bot, user_id=None, guest=False)
    if seat.user is not None:
        return SeatPublic(
            seat=seat.seat,
            kind="player",
            name=seat.user.display_name,
            user_id=seat.user.id,
            guest=seat.user.username is None,
            away=seat.away,  # type: ignore[arg-type]
        )
    if seat.invited is not None:
        return SeatPublic(seat=seat.seat, kind="invited", name=seat.invited, user_id=None, guest=False)
    return SeatPublic(seat=seat.seat, kind="open", name=None, user_id=None, guest=False)


def _table_public(table: GameTable) -> TablePublic:
    return TablePublic(
        id=table.id,
        game=table.game,
        options=table.options,
        status=table.status,  # type: ignore[arg-type]
        seats=[_seat_public(s) for s in table.seats],
        version=table.version,
        to_act=table.to_act,
        result=table.result,
        created_by=table.creator.display_name,
        clock=ClockPublic(move_seconds=table.move_seconds, game_seconds=table.game_seconds)
        if table.move_seconds or table.game_seconds
        else None,
        stand_in=table.stand_in,
    )


def _live_from_row(table: GameTable) -> Live:
    return Live(
        id=table.id,
        game=table.game,
        options=table.options,
        seed=table.seed,
        status=table.status,
        seats=[_seat_public(s) for s in table.seats],
        bots={s.seat: s.bot for s in table.seats if s.bot is not None},
        result=table.result,
        move_seconds=table.move_seconds,
        game_seconds=table.game_seconds,
        stand_in=table.stand_in or STAND_IN,
        turn_since=table.turn_since,
        time_used=[s.time_used or 0.0 for s in table.seats],
        away={s.seat: s.away for s in table.seats if s.away is not None and s.user_id is not None},
    )


def _engine_reason(state: State, text: str) -> str | None:
    """The engine's reason against a move, for the seat to act. For a word that is no move (a card that
    moves name with more words, e.g. ``play R4 N``) the reasons against the moves that use it; None when
    one of them is legal."""
    try:
        return state.why_illegal(state.string_to_action(text))
    except cardtable.InvalidNotation:
        pass
    using = [a for a in range(state.game.num_actions) if text in state.action_to_string(a).split()]
    if not using:
        return f"{text!r} is neither a move nor a card of {state.game.name}"
    reasons: list[str] = []
    for action in using:
        reason = state.why_illegal(action)
        if reason is None:
            return None
        if reason not in reasons:
            reasons.append(reason)
    return "; ".join(reasons[:HINT_REASONS]) + ("; ..." if len(reasons) > HINT_REASONS else "")


def _away_text(reason: str) -> str:
    if reason == "time":
        return "your time has run out: the stand-in bot plays your seat to the end"
    return "the stand-in bot plays your seat since you were away: take the seat back first"
