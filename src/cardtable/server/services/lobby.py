"""The lobby: the games on offer, tables listed, created, joined and left, the deal when the last seat
fills, and the record of a finished game.

Decisions:
- A table starts by itself when its last seat fills; before that a seated player may leave. One account
  takes at most one seat at a table. An invited seat is kept for that account by its id (also after it
  leaves): only that account may take it, whatever username anyone holds later. Deleting the account
  frees the seats kept for it at tables not started (``free_kept``).
- Inviting a username that is no account is answered as inviting an account (201, the seat shown kept
  for the name), so the answer does not tell which names exist: the seat waits for the name, and the
  account that is signed up under it gets it (by id, at sign-up: ``accounts``); the creator may look the
  name up on its profile page, and end the table. Each such name counts against the limit of name
  look-ups (``table_limits``, ``name_lookups``).
- A table may ask a minimum reputation of whoever sits down (``reputation``): below it, or as a guest,
  joining answers 403; a seat kept for an account is exempt (the creator chose them).
- A blocked account may not sit at a table its blocker created or sits at, and no seat is kept between
  two accounts one of which blocked the other (403 ``blocked``, naming neither: ``friends``).
- The record, which holds every deal, is published once the game is over and with ``seed`` null: seeds
  stay on the server (a seed would reveal future deals). Its players are named (bots as ``bot:<level>``).
- A started game is held in memory, its people get the grace period until they follow the table, and its
  first turn is handed on, exactly as after a move.
- A turn-based table keeps its time per move in ``move_seconds``, the clock every table has, times
  ``turn_time_scale`` (1 but in tests, which cannot wait an hour for a clock).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy.orm import Session

import cardtable
from cardtable import bots
from cardtable.core.options import Option
from cardtable.core.tricks import TrickTakingState
from cardtable.i18n import DEFAULT
from cardtable.narration.options import OptionWords, option_words

from ..db.database import Database
from ..db.models import GameTable, Seat
from ..errors import N_, Forbidden, Invalid, Refused
from ..pubsub import PubSub
from ..schemas import ErrorMessage, GamePublic, OptionPublic, SeatIn, TableIn, TablePublic, UserPublic
from . import reputation, table_store
from .accounts import now
from .away import Away
from .friends import blocked_by_any, check_invitations
from .live import STAND_IN, Live, LiveTables, live_from_row
from .mail import Mailer
from .option_ranges import check_table_game, platform_range
from .table_limits import TableLimits
from .turns import Turns
from .updates import channel, publish

LIST_LIMIT = 100


def games_info(language: str = DEFAULT) -> list[GamePublic]:
    """Every game with its player counts and options (their words in ``language``), for the lobby's
    create-table form."""
    found = []
    for name in cardtable.games():
        game = cardtable.make(name)
        words = option_words(name, language)
        options = [_option_public(name, o, words[o.name]) for o in game.option_specs]
        counts = list(game.player_counts())
        tricks = issubclass(game.state_class, TrickTakingState)
        found.append(GamePublic(name=name, title=game.title, tricks=tricks, players=counts, options=options))
    return found


def _option_public(game: str, option: Option, words: OptionWords) -> OptionPublic:
    """An option as the create-table form shows it, in ``words``, with the platform's range
    (``option_ranges``)."""
    span = platform_range(game, option.name)
    return OptionPublic(
        name=option.name,
        label=words["label"],
        default=option.default,
        help=words["help"],
        choice_words=words["choices"],
        allowed=f"an integer from {span[0]} to {span[1]}" if span else option.allowed(),
        kind=_option_kind(option),
        choices=list(option.choices) if option.choices is not None else None,
        minimum=span[0] if span else option.minimum,
        maximum=span[1] if span else None,
        research=option.research,
    )


def _option_kind(option: Option) -> Literal["int", "bool", "str", "seat"]:
    if option.seat:
        return "seat"
    return "bool" if option.kind is bool else "str" if option.kind is str else "int"


def bot_levels() -> list[str]:
    """The bot levels the platform offers, easiest first: whatever ``cardtable.bots`` has."""
    return bots.levels()


def default_stand_in() -> str:
    """The stand-in bot of a table that names none: ``STAND_IN``, or the middle level of those there are."""
    levels = bot_levels()
    return STAND_IN if STAND_IN in levels else levels[len(levels) // 2]


@dataclass
class Lobby:
    """Tables before and after their games; thread-safe (a change of a table under its lock)."""

    db: Database
    live: LiveTables
    pubsub: PubSub
    turns: Turns
    away: Away
    turn_time_scale: float = 1.0
    """What a turn-based table's time per move is multiplied by (tests only)."""
    limits: TableLimits = field(default_factory=TableLimits)
    mailer: Mailer | None = None
    """Mails the accounts a new table keeps seats for (None: this server sends no mail)."""

    def list_tables(
        self, *, status: str | None = None, game: str | None = None, seated: int | None = None
    ) -> list[TablePublic]:
        """Tables, newest first: by status, by game, or only those where user ``seated`` sits."""
        with self.db.read() as session:
            found = table_store.find_tables(
                session, status=status, game=game, seated=seated, limit=LIST_LIMIT
            )
            return [table_store.table_public(table) for table in found]

    def get(self, table_id: int) -> TablePublic:
        """One table; NotFound if there is none."""
        with self.db.read() as session:
            return table_store.table_public(table_store.table_row(session, table_id=table_id))

    def create(self, user: UserPublic, spec: TableIn, *, address: str = "unknown") -> TablePublic:
        """A new table; Invalid names the bad game, option or seat, Refused says the creator (or
        ``address``) has enough tables going (``table_limits``). It starts at once if no seat is open."""
        try:
            game = cardtable.make(spec.game, **spec.options)
        except ValueError as error:
            raise Invalid(str(error), code="bad-game") from None
        check_table_game(game)
        seats = spec.seats or [SeatIn(kind="me")] + [SeatIn(kind="open")] * (game.players - 1)
        if len(seats) != game.players:
            raise Invalid(
                "{game} with {players} players needs {players} seats, got {seats}",
                game=spec.game,
                players=game.players,
                seats=len(seats),
            )
        if sum(s.kind == "me" for s in seats) > 1:
            raise Invalid("you can take only one seat at a table")
        levels = bot_levels()
        for s in seats:
            if s.kind == "bot" and s.level not in levels:
                raise Invalid(
                    "there is no bot level {level!r}; the levels are: {levels}",
                    level=s.level,
                    levels=", ".join(levels),
                )
        invited = [s.name.lower() for s in seats if s.kind == "invited" and s.name]
        if len(set(invited)) < len(invited):
            raise Invalid("an account can be invited to one seat only")
        if user.username in invited:
            raise Invalid("to sit at your own table, take a 'me' seat")
        stand_in = spec.stand_in or default_stand_in()
        if stand_in not in levels:
            raise Invalid(
                "there is no bot level {level!r}; the levels are: {levels}",
                level=stand_in,
                levels=", ".join(levels),
            )
        clock = spec.clock
        move_seconds = clock.move_seconds if clock else None
        if spec.turn_seconds is not None:
            move_seconds = self.turn_move_seconds(spec.turn_seconds)
        self.limits.check_invites(user=user, address=address, invited=invited)
        with self.db.write() as session:
            self.limits.check_room(session, user=user, address=address)
            accounts = table_store.account_ids(session, names=invited)
            for name in invited:
                if name not in accounts:
                    self.limits.missed(user=user, address=address)
            check_invitations(session, user_id=user.id, invited=accounts.values())
            table = table_store.add_table(
                session,
                game=game.name,
                options=dict(game.options),
                seed=secrets.randbits(63),
                creator=user.id,
                created_at=now(),
                created_from=address[:64],
                seats=seats,
                move_seconds=move_seconds,
                game_seconds=clock.game_seconds if clock else None,
                stand_in=stand_in,
                turn_based=spec.turn_seconds is not None,
                invited_ids=accounts,
                rated=spec.rated,
                min_reputation=spec.min_reputation or None,
            )
            live = start_if_full(session, table)
            public = table_store.table_public(table)
        self.changed(live)
        if accounts and self.mailer is not None:
            self.mailer.invited(public.id)
        return public

    def join(self, user: UserPublic, table_id: int, seat: int | None) -> TablePublic:
        """Sit at an open table: the seat given, else the seat kept for you, else the first open one."""
        with self.live.lock(table_id):
            with self.db.write() as session:
                table = table_store.table_row(session, table_id=table_id, lock=True)
                if table.status != "open":
                    raise Refused("table {table} has already started", code="not-open", table=table_id)
                mine = next((s for s in table.seats if s.user_id == user.id), None)
                if mine is not None:
                    raise Refused(
                        "you already sit at table {table} (seat {seat})",
                        code="already-seated",
                        table=table_id,
                        seat=mine.seat,
                    )
                chosen = _free_seat(table, user, seat)
                here = {table.created_by, *(s.user_id for s in table.seats if s.user_id is not None)}
                if blocked_by_any(session, user_id=user.id, blockers=here):
                    raise Forbidden("you cannot sit at table {table}", code="blocked", table=table_id)
                if chosen.invited_id != user.id:  # a seat kept for you is the creator's choice
                    reputation.check_minimum(
                        session, user.id, place="table", number=table_id, minimum=table.min_reputation
                    )
                table_store.sit(session, seat=chosen, user_id=user.id)
                live = start_if_full(session, table)
                public = table_store.table_public(table)
            self.changed(live)  # committed, and still under the lock: updates go out in order
        return public

    def leave(self, user: UserPublic, table_id: int) -> TablePublic:
        """Give up your seat at a table that has not started (an invited seat stays kept for you)."""
        with self.live.lock(table_id):
            with self.db.write() as session:
                table = table_store.table_row(session, table_id=table_id, lock=True)
                mine = next((s for s in table.seats if s.user_id == user.id), None)
                if mine is None:
                    raise Refused("you have no seat at table {table}", code="not-seated", table=table_id)
                if table.status != "open":
                    raise Refused(
                        "the game at table {table} has started; its seats are fixed",
                        code="not-open",
                        table=table_id,
                    )
                table_store.sit(session, seat=mine, user_id=None)
                live = live_from_row(table)
                public = table_store.table_public(table)
            publish(self.pubsub, live)
        return public

    def end(self, user: UserPublic, table_id: int) -> None:
        """The creator ends a table that has not started: it is gone, and those following it are told."""
        with self.live.lock(table_id):
            with self.db.write() as session:
                table = table_store.table_row(session, table_id=table_id, lock=True)
                if table.created_by != user.id:
                    raise Forbidden(
                        "only its creator may end table {table}", code="not-creator", table=table_id
                    )
                if table.status != "open":
                    raise Refused(
                        "the game at table {table} has started; it ends when it is over",
                        code="not-open",
                        table=table_id,
                    )
                table_store.remove_open_table(session, table=table)
            gone = ErrorMessage(
                table=table_id, code="table-ended", detail=N_("the table was ended by its creator")
            )
            self.pubsub.publish(channel(table_id), gone.model_dump_json())

    def free_kept(self, user_id: int) -> None:
        """``user_id``'s account was deleted: the seats kept for it at tables not started open, and those
        following the tables are told."""
        with self.db.write() as session:
            tables = table_store.free_kept_seats(session, user_id=user_id)
        for table_id in tables:
            with self.live.lock(table_id), self.db.read() as session:
                publish(self.pubsub, live_from_row(table_store.table_row(session, table_id=table_id)))

    def record(self, table_id: int) -> dict[str, Any]:
        """The record of a finished game, with names and without its seed; Refused while it runs."""
        with self.live.lock(table_id):
            live = self.live.load(table_id)
        if live.status != "over" or live.state is None:
            raise Refused(
                "the record of table {table} is published when its game is over",
                code="not-over",
                table=table_id,
            )
        labels = [s.name or f"seat {s.seat}" for s in live.seats]
        labels = [
            f"bot:{s.name}" if s.kind == "bot" else label for s, label in zip(live.seats, labels, strict=True)
        ]
        record = live.state.record(players=labels)
        record["seed"] = None
        return record

    def turn_move_seconds(self, turn_seconds: int) -> int:
        """A turn-based table's time per move (``turn_time_scale``)."""
        return max(1, round(turn_seconds * self.turn_time_scale))

    def changed(self, live: Live) -> None:
        """After a committed change of a table's seats: hold a started game in memory, publish, and hand
        on the turn."""
        if live.status == "playing":
            self.live.hold(live)
            self.away.expect(live)  # people who never came get the grace period too
        publish(self.pubsub, live)
        self.turns.hand_on(live)


def _free_seat(table: GameTable, user: UserPublic, wanted: int | None) -> Seat:
    """The seat ``user`` sits down at: ``wanted``, else the one kept for them, else the first open one."""

    def free_for_user(s: Seat) -> bool:
        return s.user_id is None and s.bot is None and (s.invited is None or s.invited_id == user.id)

    if wanted is not None:
        if wanted >= len(table.seats):
            raise Invalid(
                "table {table} has seats 0 to {last}",
                code="no-such-seat",
                table=table.id,
                last=len(table.seats) - 1,
            )
        chosen = table.seats[wanted]
        if free_for_user(chosen):
            return chosen
        if chosen.user_id is None and chosen.bot is None:
            raise Refused(
                "seat {seat} is kept for {name}", code="seat-taken", seat=wanted, name=chosen.invited
            )
        raise Refused("seat {seat} of table {table} is taken", code="seat-taken", seat=wanted, table=table.id)
    kept = [s for s in table.seats if s.invited_id == user.id and s.user_id is None]
    open_seats = [s for s in table.seats if free_for_user(s)]
    if not kept and not open_seats:
        raise Refused("table {table} has no open seat", code="full", table=table.id)
    return (kept or open_seats)[0]


def start_if_full(session: Session, table: GameTable) -> Live:
    """The table as held; when every seat is taken its game is dealt, and the first events are stored in
    this transaction (then ``Lobby.changed`` once committed)."""
    live = live_from_row(table)
    if any(s.kind in ("open", "invited") for s in live.seats):
        return live
    state = cardtable.make(table.game, **table.options).new_game(seed=table.seed)
    started = time.time()
    table_store.save_start(
        session, table=table, events=state.events(), to_act=state.current_player(), at=started
    )
    live.status = "playing"
    live.turn_since = started
    live.state = state
    return live
