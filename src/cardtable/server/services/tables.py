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
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy import insert, select, update

import cardtable
from cardtable import bots
from cardtable.core.game import State
from cardtable.core.records import FORMAT, events_since

from ..db.database import Database
from ..db.models import Event, GameTable, Seat, User
from ..errors import Forbidden, Invalid, NotFound, Refused
from ..pubsub import InMemoryPubSub
from ..schemas import (
    GamePublic,
    OptionPublic,
    SeatIn,
    SeatPublic,
    TableIn,
    TableMessage,
    TablePublic,
    UserPublic,
)
from .accounts import now

LOCK_STRIPES = 1024
LIST_LIMIT = 100


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
        players = next(o for o in options if o.name == "players")
        counts = [int(c) for c in players.choices or [players.default]]
        found.append(GamePublic(name=name, players=counts, options=options))
    return found


def _option_kind(option: Any) -> Literal["int", "bool", "str", "seat"]:
    if option.seat:
        return "seat"
    return "bool" if option.kind is bool else "str" if option.kind is str else "int"


def bot_levels() -> list[str]:
    """The bot levels the platform offers, easiest first: whatever ``cardtable.bots`` has."""
    return bots.levels()


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
    seat_users: tuple[int | None, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.seat_users = tuple(s.user_id if s.kind == "player" else None for s in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        return self.seat_users.index(user_id) if user_id in self.seat_users else None

    @property
    def version(self) -> int:
        return 0 if self.state is None else self.state.event_count()


class TableService:
    """Lobby and play for every table; thread-safe (a lock per table), each method one unit of work."""

    def __init__(self, db: Database, pubsub: InMemoryPubSub) -> None:
        self.db = db
        self.pubsub = pubsub
        self.bot_turns: Callable[[BotTurn], None] = lambda turn: None
        """Where bot turns go; the bot driver sets it when it starts."""
        self._live: dict[int, Live] = {}
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]

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
            )
            me = session.get(User, user.id)
            table.seats = [
                Seat(
                    seat=n,
                    user=me if s.kind == "me" else None,
                    invited=s.name.lower() if s.kind == "invited" and s.name else None,
                    bot=s.level if s.kind == "bot" else None,
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
                table = self._row(session, table_id)
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
                table = self._row(session, table_id)
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
            live = self._load(table_id)
            self.pubsub.subscribe(channel(table_id), subscriber)
            return self._texts(live, only=live.seat_of(user_id))

    def play(self, table_id: int, user_id: int, move: str, version: int) -> None:
        """A person's move; Refused says why it was not taken (and nothing changed)."""
        with self._lock(table_id):
            live = self._load(table_id)
            seat = live.seat_of(user_id)
            if seat is None:
                raise Forbidden(f"you have no seat at table {table_id}", code="not-your-seat")
            self._move(live, seat, move, version)

    def play_bot(self, turn: BotTurn, action: int) -> None:
        """A bot's move for the turn it was given; Refused when that turn has passed."""
        with self._lock(turn.table_id):
            live = self._load(turn.table_id)
            if live.bots.get(turn.seat) is None or live.state is None:
                raise Refused(f"seat {turn.seat} of table {turn.table_id} is no bot seat", code="not-a-bot")
            self._move(live, turn.seat, live.state.action_to_string(action), turn.version)

    def resume_bots(self) -> int:
        """Hand out the turns of bots that were to act when the server stopped; returns how many."""
        query = (
            select(GameTable.id)
            .join(Seat, (Seat.table_id == GameTable.id) & (Seat.seat == GameTable.to_act))
            .where(GameTable.status == "playing", Seat.bot.is_not(None))
        )
        with self.db.read() as session:
            waiting = list(session.scalars(query))
        for table_id in waiting:
            with self._lock(table_id):
                self._ask_bot(self._load(table_id))
        return len(waiting)

    # -- inside ---------------------------------------------------------------------------------------

    def _lock(self, table_id: int) -> threading.Lock:
        return self._locks[table_id % LOCK_STRIPES]

    @staticmethod
    def _row(session: Any, table_id: int) -> GameTable:
        table = session.get(GameTable, table_id)
        if table is None:
            raise NotFound(f"there is no table {table_id}", code="unknown-table")
        assert isinstance(table, GameTable)
        return table

    def _load(self, table_id: int) -> Live:
        """The table, from memory or rebuilt from its stored record."""
        live = self._live.get(table_id)
        if live is not None:
            return live
        with self.db.read() as session:
            table = self._row(session, table_id)
            live = _live_from_row(table)
            if table.status != "open":
                events = list(
                    session.scalars(select(Event.data).where(Event.table_id == table_id).order_by(Event.idx))
                )
                live.state = cardtable.replay(
                    {
                        "format": FORMAT,
                        "game": table.game,
                        "options": table.options,
                        "seed": table.seed,
                        "events": events,
                        "result": table.result,
                    }
                )
        if live.status == "playing":
            self._live[table_id] = live
        return live

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
        events = state.record()["events"]
        session.add_all(Event(table_id=table.id, idx=i, data=e) for i, e in enumerate(events))
        table.status = live.status = "playing"
        table.version = len(events)
        table.to_act = state.current_player()
        live.state = state
        return live

    def _after_change(self, live: Live) -> None:
        """After a committed lobby change: hold a started game in memory, publish, and call a bot."""
        if live.status == "playing":
            self._live[live.id] = live
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
        result = after.record()["result"] if over else None
        new_events = events_since(after, current)
        with self.db.transaction() as connection:
            rows = [{"table_id": table_id, "idx": current + i, "data": e} for i, e in enumerate(new_events)]
            connection.execute(insert(Event), rows)
            changed = connection.execute(
                update(GameTable)
                .where(GameTable.id == table_id, GameTable.version == current)
                .values(
                    version=current + len(new_events),
                    to_act=after.current_player(),
                    status="over" if over else "playing",
                    result=result,
                )
            )
            if changed.rowcount != 1:
                raise Refused(f"table {table_id} moved on elsewhere; reload it", code="stale")
        live.state = after
        if over:
            live.status, live.result = "over", result
            self._live.pop(table_id, None)
        self._publish(live)
        self._ask_bot(live)

    def _ask_bot(self, live: Live) -> None:
        state = live.state
        if live.status != "playing" or state is None:
            return
        seat = state.current_player()
        level = live.bots.get(seat) if seat is not None else None
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
    )
