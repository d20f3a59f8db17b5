"""The move path: validate → apply → commit → publish → hand on the turn. A person's move comes in as
notation (``play``), a bot's as the action id it chose (``play_bot``); from the checks of the turn on both
take the same path.

Decisions:
- A move names the version it answers (the number of record events stored); any other version is refused
  as stale, which also refuses a move sent twice.
- The checks that need no notation come first, so a stale or out-of-turn message is refused as such
  whatever it says; then the notation is read, and the rules decide on a copy of the state.
- Nothing is broadcast that is not committed, and a refused move changes nothing: the move is applied to
  a copy, the copy is held only once the commit went through, and only then is the table published.
- Ratings are written in the transaction of the game's last move (``ratings.rate_table``), unless the
  table is friendly (``rated`` false); so are the people's reputation counts (``reputation``), friendly
  or not.
- A move the stand-in bot made is stored marked as its, with why (``decided``), for the game log.
- A person's step that they may still take back (a turn of several steps, nothing hidden revealed since
  its stored part: ``State.turn_start``) is held, not stored: told to them alone, and committed with the
  step that makes it final, or before the stand-in goes on from it (``held``, which says why).
- The move is made with ``State.tell``, which returns what happened: the table keeps that step's facts
  (``Live.story``) once the commit went through, and its table message carries the step's log entries
  (``updates``), so the log is built once per move, never by replaying the game for a request.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cardtable
from cardtable.core.game import State
from cardtable.core.story import Fact

from ..db.database import Database
from ..errors import Illegal, Invalid, Refused
from ..pubsub import PubSub
from . import clocks, decided, reputation, table_store
from .game_log import table_labels
from .held import Held, Step, may_hold, revealing
from .live import Live, LiveTables, away_text
from .ratings import rate_table
from .rule_sets import board_of
from .turns import BotTurn, Turns
from .updates import publish, publish_held


@dataclass
class Moves:
    """Moves at every running table; thread-safe (each move under its table's lock)."""

    db: Database
    live: LiveTables
    pubsub: PubSub
    turns: Turns

    def __post_init__(self) -> None:
        self.turns.settle = self.settle  # the turns commit a turn's held steps before the stand-in plays

    def play(self, table_id: int, user_id: int, move: str, version: int) -> None:
        """A person's move, in notation; Refused says why it was not taken (and nothing changed)."""
        with self.live.lock(table_id):
            live = self.live.load(table_id, at_least=version)
            seat = live.player_seat(user_id)
            if seat in live.away:
                raise Refused(away_text(live.away[seat]), code="stood-in")
            state = check_turn(live, seat, version, live.held_by(seat))
            self._take(live, seat, state, read_move(live, state, move))

    def undo(self, table_id: int, user_id: int, version: int) -> None:
        """Take back the last step of ``user_id``'s turn in progress (``held``), answering the ``version``
        their page shows; Refused says why not (and nothing changed)."""
        with self.live.lock(table_id):
            live = self.live.load(table_id)
            seat = live.player_seat(user_id)
            held = live.held_by(seat)
            if held is None or not held.steps:
                if held is not None and held.revealed:
                    raise Refused("a card was revealed since: your steps so far are final", code="revealed")
                raise Refused(
                    "nothing to take back: no step of this turn may be taken back", code="nothing-to-undo"
                )
            shown = held.state.event_count()
            if version != shown:
                raise Refused(
                    "your undo answers version {version}, but you are shown version {shown}",
                    code="stale",
                    version=version,
                    shown=shown,
                )
            live.held = Held(seat, held.base, held.steps[:-1], held.revealed)
            publish_held(self.pubsub, live, seat)

    def settle(self, live: Live) -> None:
        """Commit and publish the steps held of the turn in progress, if any (the caller holds the table's
        lock), before the stand-in goes on from them or the decision's time runs out; no hand-on."""
        held = live.held_by()
        if held is not None and held.steps:
            self._store(live, held.seat, held.steps)

    def play_bot(self, turn: BotTurn, action: int) -> None:
        """A bot's move (the action id it chose) for the turn it was given; Refused when that turn has
        passed."""
        with self.live.lock(turn.table_id):
            live = self.live.load(turn.table_id, at_least=turn.version)
            if live.bot_level(turn.seat) is None or live.state is None:
                raise Refused(
                    "seat {seat} of table {table} is no bot seat",
                    code="not-a-bot",
                    seat=turn.seat,
                    table=turn.table_id,
                )
            state = check_turn(live, turn.seat, turn.version)
            self._take(live, turn.seat, state, action, stand_in=stand_in_why(live, turn.seat))

    def _take(self, live: Live, seat: int, state: State, action: int, stand_in: str | None = None) -> None:
        """Apply → commit → publish → hand on the turn, for a move of ``seat`` whose turn at ``state`` has
        been checked (the caller holds the table's lock); ``stand_in`` says why the stand-in made it. A
        person's step that may still be taken back is held instead (``held``)."""
        after, facts = apply_to_copy(state, action, table_labels(live.seats))
        person = stand_in is None and seat not in live.bots
        held = live.held_by(seat) if person else None  # a bot's move is checked on the stored state
        steps = (*(held.steps if held is not None else ()), Step(after, facts))
        if person and may_hold(after, seat, live.version):
            assert live.state is not None  # the turn was checked
            self._hold(live, seat, Held(seat, live.state, steps, held is not None and held.revealed))
            return
        self._store(live, seat, steps, stand_in)
        if person and revealing(seat, after, facts):  # undo is refused as ``revealed`` until the turn ends
            live.held = Held(seat, after, revealed=True)
        self.turns.hand_on(live)
        if after.is_terminal():
            self.turns.game_over(live)

    def _hold(self, live: Live, seat: int, held: Held) -> None:
        """Keep a person's step unstored, told to them alone; their decision's clock starts anew, as after
        a stored move (in memory: the stored figures follow with the commit)."""
        moved_at = time.time()
        used = clocks.charge(live, seat, moved_at)
        live.held, live.turn_since = held, moved_at
        if used is not None:
            live.time_used[seat] = used
        publish_held(self.pubsub, live, seat)
        self.turns.set_clock(live)

    def _store(self, live: Live, seat: int, steps: tuple[Step, ...], stand_in: str | None = None) -> None:
        """Commit and publish ``seat``'s ``steps`` from the stored version: a move, or a turn's held steps
        and the one that made them final."""
        after = steps[-1].state
        over = after.is_terminal()
        result = after.result()
        moved_at = time.time()
        used = clocks.charge(live, seat, moved_at)
        version = live.version
        self._commit(live, seat, version, after, result, moved_at, used, stand_in)
        live.moved(steps, seat=seat, at=moved_at, time_used=used, result=result, stand_in=stand_in)
        if over:
            self.live.forget(live.id)  # a finished table is read from the database
        publish(self.pubsub, live, since=version if self.live.shared else None)

    def _commit(
        self,
        live: Live,
        seat: int,
        version: int,
        after: State,
        result: dict[str, Any] | None,
        moved_at: float,
        used: float | None,
        stand_in: str | None = None,
    ) -> None:
        """Store the move that took the table from ``version`` to ``after`` (marked as the stand-in's, with
        why, if it made it: ``decided``), and the ratings and reputations when it ended the game, in one
        transaction; Refused (nothing stored) when another server moved the table on. Without those the
        move is one statement (``table_store.save_move``)."""
        over = after.is_terminal()
        events = after.events(version)
        with self.db.transaction(one_statement=not over) as connection:
            saved = table_store.save_move(
                connection,
                table_id=live.id,
                version=version,
                events=events if stand_in is None else decided.stand_in_move(events, stand_in),
                to_act=after.current_player(),
                result=result,
                over=over,
                at=moved_at,
                seat=seat,
                time_used=used,
            )
            if not saved:
                self.live.outdated(live.id)  # brought up to date next time
                raise Refused("table {table} moved on elsewhere; reload it", code="stale", table=live.id)
            if over and live.rated:  # a friendly table changes no rating
                winners = result["winners"] if result else []
                rate_table(
                    connection,
                    table_id=live.id,
                    game=board_of(live.game, live.options),
                    seats=live.seats,
                    winners=winners,
                )
            if over:
                reputation.count_table(connection, table_id=live.id, seats=live.seats, away=live.away)


def stand_in_why(live: Live, seat: int) -> str | None:
    """Why the stand-in bot moves for ``seat`` now (``decided``): ``time`` (the move's time ran out),
    ``away``, ``out-of-time`` (the game time ran out); None for a bot's own seat."""
    if seat in live.bots:
        return None
    reason = live.away.get(seat)
    if reason is None:
        return "time"
    return "out-of-time" if reason == "time" else "away"


def check_turn(live: Live, seat: int, version: int, held: Held | None = None) -> State:
    """The state ``seat`` is to act in (after its ``held`` steps, if any), if its move answers the version
    of that state; Refused otherwise."""
    if live.status == "open":
        raise Refused("the game at table {table} has not started", code="not-started", table=live.id)
    state = live.state
    if live.status == "over" or state is None:
        raise Refused("the game at table {table} is over", code="game-over", table=live.id)
    if held is not None:
        state = held.state
    current = state.event_count()
    if version != current:
        raise Refused(
            "your move answers version {version}, but table {table} is at version {current}",
            code="stale",
            version=version,
            table=live.id,
            current=current,
        )
    to_act = state.current_player()
    if to_act != seat:
        raise Refused(
            "it is seat {to_act}'s turn, not yours (seat {seat})",
            code="not-your-turn",
            to_act=to_act,
            seat=seat,
        )
    return state


def read_move(live: Live, state: State, move: str) -> int:
    """The action id of a move's notation; Invalid for text that is no move of the game."""
    try:
        return state.string_to_action(move)
    except cardtable.InvalidNotation as error:
        raise Invalid(
            "{move!r} is not a move of {game}: {error}",
            code="bad-notation",
            move=move,
            game=live.game,
            error=error,
        ) from None


def apply_to_copy(state: State, action: int, labels: Sequence[str] = ()) -> tuple[State, list[Fact]]:
    """The state after ``action``, on a copy, and what happened (``State.tell``: the game log's facts);
    Illegal with the engine's reason (said to the mover in each reader's language, the players named
    by their record ``labels``) when the rules refuse it."""
    after = state.clone()
    seat = state.current_player()
    try:
        facts = after.tell(action)
    except cardtable.IllegalAction as error:
        reason = error.args[0] if error.args else str(error)
        raise Illegal(reason, game=state.game.name, labels=labels, seat=seat) from None
    return after, facts
