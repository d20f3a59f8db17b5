"""The tables as the server holds them while they run: ``Live`` (a table's facts and its game state) and
``LiveTables`` (the tables held, with a lock per table).

Why in memory: every move is checked against the game state, and rebuilding that from the record for each
move would replay the whole game. The database stays the truth; memory is a copy of it that each
committed change updates after the commit.

Decisions:
- While a game runs its state is held in memory; after a restart it is rebuilt from the stored events
  with ``cardtable.replay`` (which checks every event again). Open and finished tables are read each time,
  but a finished table's state is replayed once and kept (``finished``, by table and version, least
  recently used dropped beyond ``FINISHED_EVENTS`` events in all): its record never changes, and
  replaying a long one for every spectator took 12-130 ms a watch (a game that ends here is kept from its
  last move on, with no replay at all). Its row is still read each time, so the seats' names are
  today's. The kept state is shared by every load of it: nothing changes the state of a
  finished table (a move on it is refused before any copy is made).
- The version of a table is the number of record events stored (``Live.version``).
- One lock per table (striped over ``LOCK_STRIPES`` locks): each change of a table is made, committed
  and published under it, so a table's updates go out in the order of its versions.
- Beside other servers (``shared``) a request answering a version newer than the one held here means
  another server moved the table on before word of it came: the table is then brought up to date. So is
  a table another server changed (``outdated``, on word of it). Word of a move carries the move's change
  (its record events and the running facts after it): the next use applies those moves to the state held
  (each checked by the rules; the events the engine writes must come out as sent), with no query. Other
  word (a seat given to the stand-in), or changes that do not follow on from the version held, make the
  next use read the table's running facts and only the events it lacks from the database, and apply
  those. Anything that does not fit (another status, a record that does not follow) reads the table
  afresh.
- A running table keeps its story (``Live.story``: every step's facts, for the game log): a move adds
  the facts it was made with (``moves``), a table loaded from the database is replayed once with every
  step told (``State.tell``), and moves followed from another server, by word of them or from the
  database, are told as they are applied (``follow``), so no log request replays the game. The marks of
  who decided are read with the story and kept with it (a stand-in's move, a hand-off; another
  server's come with word of its move, or are read again when the table is caught up).
- A running table may also hold the steps of a turn in progress that its person may still take back
  (``Live.held``, see ``held``): in memory only, never stored until final, and dropped as soon as they
  no longer follow on from the stored state.
- The languages its connections here read a table in are counted (``LiveTables.reading``), and a held
  table knows them (``Live.languages``): its updates word the log in those languages only (``updates``).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy.orm import Session

import cardtable
from cardtable.core.game import State
from cardtable.i18n import DEFAULT
from cardtable.narration import Told, told_steps

from ..db.database import Database
from ..db.models import GameTable
from ..errors import N_, Forbidden, Refused
from ..schemas import SeatPublic
from . import decided, table_store
from .game_log import Story, table_labels
from .held import Held, Step
from .replay_cache import Kept

LOCK_STRIPES = 1024
FINISHED_EVENTS = 200_000
"""Record events of finished tables' states kept in memory (a few hundred long games; a few MB each)."""
STAND_IN = "medium"
"""The stand-in bot's level when a table names none (without it: the middle level the server has)."""


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
    turn_based: bool = False
    """Played over hours or days: nobody's seat goes to the stand-in for being gone."""
    rated: bool = True
    """The game moves ratings (False: a friendly table)."""
    tournament: int | None = None
    """The tournament this table is a game of (``tournaments``): never abandoned, and its end is told."""
    forced: tuple[int, int] | None = None
    """(seat, version) of a decision whose time ran out: the stand-in bot makes it."""
    story: Story | None = None
    """While the game runs here: every step's facts, for the game log (``game_log.Story``)."""
    held: Held | None = None
    """The steps of the turn in progress its person may still take back, not stored (``held``)."""
    languages: tuple[str, ...] = ()
    """The languages besides English that connections here read the table in (``LiveTables.reading``)."""
    seat_users: tuple[int | None, ...] = field(init=False)
    _dumped: tuple[tuple[SeatPublic, ...], list[dict[str, Any]]] = field(
        default=((), []), init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self.seat_users = tuple(s.user_id if s.kind == "player" else None for s in self.seats)

    def seats_dump(self) -> list[dict[str, Any]]:
        """The seats as plain values, for every update's texts: made again only after a seat changed
        (pydantic's ``model_dump`` of every seat at every move was 1% of a loaded server's time)."""
        seats = tuple(self.seats)
        if seats != self._dumped[0]:  # the same seat objects compare equal by identity, at once
            self._dumped = (seats, [seat.model_dump() for seat in seats])
        return self._dumped[1]

    @property
    def version(self) -> int:
        return 0 if self.state is None else self.state.event_count()

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` plays at this table, or None."""
        return self.seat_users.index(user_id) if user_id in self.seat_users else None

    def player_seat(self, user_id: int) -> int:
        """The seat ``user_id`` plays; Forbidden when they have none here."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise Forbidden("you have no seat at table {table}", code="not-your-seat", table=self.id)
        return seat

    def playing_seat(self, user_id: int) -> tuple[int, State]:
        """The seat ``user_id`` plays and the state of the game being played; Forbidden when they have no
        seat here, Refused before the start and after the end."""
        seat = self.player_seat(user_id)
        if self.status != "playing" or self.state is None:
            raise Refused("the game at table {table} is not being played", code="not-playing", table=self.id)
        return seat, self.state

    def state_seat(self) -> int | None:
        """The seat to act, or None (not started, or over)."""
        return self.state.current_player() if self.state is not None else None

    def held_by(self, seat: int | None = None) -> Held | None:
        """The steps held of the turn in progress (``held``; of ``seat`` when given), if they still follow
        on from the stored state while its seat plays; held steps that no longer do are dropped."""
        held = self.held
        if held is None:
            return None
        if held.base is not self.state or self.status != "playing" or held.seat in self.away:
            self.held = None
            return None
        return held if seat in (None, held.seat) else None

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot that moves for ``seat`` now: its own, the stand-in, or None (a person)."""
        if seat in self.bots:
            return self.bots[seat]
        if seat in self.away or self.forced == (seat, self.version):
            return self.stand_in
        return None

    def moved(
        self,
        steps: Sequence[Step],
        *,
        seat: int,
        at: float,
        time_used: float | None,
        result: dict[str, Any] | None,
        stand_in: str | None = None,
    ) -> None:
        """Steps of ``seat`` have been committed (a move, or a turn's held steps with the one that made them
        final: ``held``): hold the state after the last and tell each one's facts (the stand-in made the
        move when ``stand_in`` says why)."""
        after = steps[-1].state
        if self.story is not None:
            start = self.version
            if stand_in is not None:
                self.story.marks.moves[start] = stand_in
            for state, facts in steps:
                self.story.add(Told(len(self.story.steps), start, state.event_count(), tuple(facts)))
                start = state.event_count()
        self.state = after
        self.turn_since = at
        if time_used is not None:
            self.time_used[seat] = time_used
        if after.is_terminal():
            self.status, self.result = "over", result

    def stood_in(
        self,
        seat: int,
        reason: str | None,
        *,
        time_used: float | None,
        turn_since: float | None,
        how: str | None = None,
    ) -> None:
        """Who plays ``seat`` has been committed: the stand-in (``reason``; the hand-off came about as
        ``how``, as ``decided`` marks it) or its person (None)."""
        if self.story is not None and self.version >= 1:  # as ``decided.mark_handoff`` stores it
            self.story.marks.handoffs.setdefault(self.version, []).append((seat, how or reason))
        if reason is None:
            self.away.pop(seat, None)
        else:
            self.away[seat] = reason
        if time_used is not None:
            self.time_used[seat] = time_used
        self.turn_since = turn_since
        self.seats[seat] = self.seats[seat].model_copy(update={"away": reason})


def live_from_row(table: GameTable) -> Live:
    """The facts of a table's row (without its state)."""
    return Live(
        id=table.id,
        game=table.game,
        options=table.options,
        seed=table.seed,
        status=table.status,
        seats=[table_store.seat_public(s) for s in table.seats],
        bots={s.seat: s.bot for s in table.seats if s.bot is not None},
        result=table.result,
        move_seconds=table.move_seconds,
        game_seconds=table.game_seconds,
        stand_in=table.stand_in or STAND_IN,
        turn_since=table.turn_since,
        turn_based=table.turn_based,
        rated=table.rated,
        tournament=table.tournament_id,
        time_used=[s.time_used or 0.0 for s in table.seats],
        away={s.seat: s.away for s in table.seats if s.away is not None and s.user_id is not None},
    )


def stored_record(session: Session, table: GameTable) -> dict[str, Any]:
    """A started table's record as stored: seed included, seats unnamed (not for the public as it is)."""
    return {
        "format": cardtable.RECORD_FORMAT,
        "game": table.game,
        "options": table.options,
        "seed": table.seed,
        "events": table_store.table_events(session, table_id=table.id),
        "result": table.result,
    }


def _replayed(session: Session, table: GameTable) -> State:
    """A started table's state, rebuilt from its stored record (every event checked by the rules)."""
    return cardtable.replay(stored_record(session, table))


def _told(session: Session, live: Live, table: GameTable) -> None:
    """A running table's state and story, rebuilt from its stored record in one replay that tells every
    step (every event checked by the rules), with the marks of who decided."""
    live.story = new_story(live, decided.read(session, table.id))
    for state, told in told_steps(stored_record(session, table)):  # noqa: B007 - the last is the table's
        live.story.add(told)
    live.state = state  # the replay's one state object, finished with


def new_story(live: Live, marks: decided.Marks | None = None) -> Story:
    """An empty story of ``live``'s game, its players named as the table names them."""
    return Story(live.game, tuple(table_labels(live.seats)), marks if marks is not None else decided.Marks())


def _follow_changes(live: Live, changes: list[dict[str, Any] | None]) -> bool:
    """Follow moves made on another server on the state held, by their changes (in the order they were
    made); False (``live`` unchanged) unless every change is a move's and they follow on from it."""
    if live.state is None or None in changes:
        return False
    state, last = live.state, None
    steps: list[Told] = []
    stand_ins: dict[int, str] = {}
    for change in changes:
        assert change is not None
        start, events = change["from"], change["events"]
        if start + len(events) <= state.event_count():
            continue  # followed already (read from the database meanwhile)
        if start != state.event_count():
            return False
        followed = follow(state, events, len(live.story.steps) + len(steps) if live.story else 0)
        if followed is None:
            return False
        (state, told_now), last = followed, change
        steps += told_now
        if change.get("stand_in") is not None:
            stand_ins[start] = change["stand_in"]
    if last is not None:
        if live.story is not None:
            live.story.marks.moves.update(stand_ins)
            for told in steps:
                live.story.add(told)
        live.state = state
        live.status, live.result, live.turn_since = last["status"], last["result"], last["turn_since"]
        live.time_used = list(last["time_used"])
    return True


def follow(state: State, events: list[dict[str, Any]], step: int) -> tuple[State, list[Told]] | None:
    """A copy of ``state`` after the stored ``events`` that follow it: their moves applied by the rules
    and told (``State.tell``: the first is step ``step``), and what the engine wrote meanwhile compared
    with the rest. None when they do not follow from it."""
    start = state.event_count()
    after = state.clone()
    steps: list[Told] = []
    try:
        while after.event_count() < start + len(events):
            event = events[after.event_count() - start]
            if event.get("seat") != after.current_player():
                return None
            before = after.event_count()
            facts = after.tell(after.string_to_action(event["move"]))
            steps.append(Told(step + len(steps), before, after.event_count(), tuple(facts)))
    except (ValueError, KeyError, TypeError, AttributeError):  # IllegalAction, InvalidNotation: ValueErrors
        return None
    return (after, steps) if after.events(start) == events else None


def _besides_english(counts: Counter[str]) -> tuple[str, ...]:
    return tuple(sorted(language for language in counts if language != DEFAULT))


def away_text(reason: str) -> str:
    """What a person is told who asks to move while the stand-in bot plays their seat (``reason``)."""
    if reason == "time":
        return N_("your time has run out: the stand-in bot plays your seat to the end")
    return N_("the stand-in bot plays your seat since you were away: take the seat back first")


class LiveTables:
    """The running tables held in memory, and the lock of every table; thread-safe."""

    def __init__(self, db: Database, *, shared: bool) -> None:
        self.db = db
        self.shared = shared
        self._held: dict[int, Live] = {}
        self._changes: dict[int, list[dict[str, Any] | None]] = {}
        """Word of changes to held tables, not yet followed: a move's change, or None (read the database)."""
        self._changes_lock = threading.Lock()
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._readers: dict[int, Counter[str]] = {}
        """Per table, the languages its connections here read it in, each with their count."""
        self._readers_lock = threading.Lock()
        self.finished: Kept[tuple[int, int], State] = Kept(
            budget=FINISHED_EVENTS, weight=lambda state: state.event_count()
        )
        """The states of finished tables, by (table, version): replayed once, for every later load."""

    def lock(self, table_id: int) -> threading.Lock:
        """The lock under which a table is read, changed, committed and published."""
        return self._locks[table_id % LOCK_STRIPES]

    def load(self, table_id: int, *, at_least: int | None = None) -> Live:
        """The table, from memory or rebuilt from its stored record (NotFound if there is none); a table
        another server changed, or held at a version older than ``at_least`` (``shared`` only), is brought
        up to date first."""
        held = self._held.get(table_id)
        if held is not None:
            with self._changes_lock:  # taken before reading: word that comes meanwhile is kept for later
                changes = self._changes.pop(table_id, None)
            wanted = at_least if self.shared and at_least is not None else 0
            if changes is None and wanted <= held.version:
                return held
            if changes and _follow_changes(held, changes) and wanted <= held.version:
                return self._kept(held)
            if self._catch_up(held):
                return self._kept(held)
        with self.db.read() as session:
            table = table_store.table_row(session, table_id=table_id)
            live = live_from_row(table)
            if table.status == "over":
                key = (table_id, table.version)
                live.state = self.finished.get(key, lambda: _replayed(session, table))
            elif table.status != "open":
                _told(session, live, table)
        if live.status == "playing":
            live.languages = self._languages(table_id)
            self._held[table_id] = live
        elif held is not None:
            self._held.pop(table_id, None)
        return live

    def _catch_up(self, live: Live) -> bool:
        """Bring a held table up to the stored one by the events it lacks; False (``live`` unchanged) when
        the stored table is not the same game running on from it."""
        assert live.state is not None
        with self.db.read() as session:
            facts = table_store.running_facts(session, table_id=live.id)
            if facts is None or facts.status == "open" or facts.version < live.version:
                return False
            events = table_store.table_events(session, table_id=live.id, since=live.version)
            moved = facts.version != live.version
            marks = decided.read(session, live.id) if moved or facts.away != live.away else None
        step = len(live.story.steps) if live.story is not None else 0
        followed = follow(live.state, events, step) if moved else (live.state, [])
        if followed is None or followed[0].event_count() != facts.version:
            return False
        live.state, steps = followed
        if live.story is not None:
            if marks is not None:  # a stand-in's moves or hand-offs on another server
                live.story.marks = marks
            for told in steps:
                live.story.add(told)
        live.status, live.result, live.turn_since = facts.status, facts.result, facts.turn_since
        live.time_used = facts.time_used
        for seat in set(live.away) | set(facts.away):
            if live.away.get(seat) != facts.away.get(seat):
                live.seats[seat] = live.seats[seat].model_copy(update={"away": facts.away.get(seat)})
        live.away = facts.away
        for seat, shown in enumerate(live.seats):  # votes to abandon (``endings``) cast on another server
            if shown.abandon_vote != (seat in facts.votes):
                live.seats[seat] = shown.model_copy(update={"abandon_vote": seat in facts.votes})
        return True

    def _kept(self, live: Live) -> Live:
        """A table just brought up to date: held while its game runs, its final state kept once over."""
        if live.status != "playing":
            self._held.pop(live.id, None)
            if live.status == "over" and live.state is not None:
                self.finished.put((live.id, live.version), live.state)
        return live

    def outdated(self, table_id: int, change: bytes | None = None) -> None:
        """Another server changed a table (by a move: ``change``, from ``updates.move_change``): follow it
        at the next use (from any thread)."""
        if table_id in self._held:
            word = None if change is None else orjson.loads(change)
            with self._changes_lock:
                words = self._changes.setdefault(table_id, [])
                if None not in words:  # after one None the next use reads the database: nothing more to keep
                    words.append(word)

    def get(self, table_id: int) -> Live | None:
        """The table if it is held here, without a lock or a query."""
        return self._held.get(table_id)

    def hold(self, live: Live) -> None:
        """Hold a table whose game has just started, its story told from the set-up."""
        if live.story is None and live.state is not None:
            live.story = new_story(live)
            for _, told in told_steps(live.state.record()):
                live.story.add(told)
        live.languages = self._languages(live.id)
        self._held[live.id] = live

    def reading(self, table_id: int, language: str, count: int) -> None:
        """A connection here starts (``count`` 1) or stops (-1) reading a table in ``language`` (from any
        thread, without the table's lock: the table held learns it at once, one loaded meanwhile when
        loaded; a language it misses is worded for its reader when sent, ``TableService.reworded``)."""
        with self._readers_lock:
            counts = self._readers.setdefault(table_id, Counter())
            counts[language] += count
            if counts[language] <= 0:
                del counts[language]
            if not counts:
                del self._readers[table_id]
            held = self._held.get(table_id)
            if held is not None:
                held.languages = _besides_english(counts)

    def _languages(self, table_id: int) -> tuple[str, ...]:
        """The languages besides English that connections here read a table in."""
        with self._readers_lock:
            return _besides_english(self._readers.get(table_id, Counter()))

    def forget(self, table_id: int | None = None) -> None:
        """Drop a table held in memory (every table: None), because its game ended or another server
        changed it: the next use reads it again (from any thread). A game that ended here leaves its
        final state with the finished ones, so nobody replays it after its last move."""
        with self._changes_lock:
            if table_id is None:
                self._held.clear()
                self._changes.clear()
                return
            held = self._held.pop(table_id, None)
            self._changes.pop(table_id, None)
        if held is not None and held.status == "over" and held.state is not None:
            self.finished.put((table_id, held.version), held.state)

    def held(self) -> dict[int, int]:
        """The version of each table held in memory, counting the moves of other servers it has word of
        (followed at its next use). Without them, every table another server had moved since its last use
        here looked behind to the repair loop (``cluster``), which then had it read again from the
        database: a third of each server's time with a table's players on two instances."""
        ahead: dict[int, int] = {}
        with self._changes_lock:
            for table_id, words in self._changes.items():
                last = words[-1]
                if last is not None and None not in words:
                    ahead[table_id] = last["from"] + len(last["events"])
        return {
            table_id: max(live.version, ahead.get(table_id, 0)) for table_id, live in list(self._held.items())
        }
