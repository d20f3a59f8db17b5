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
- Ratings are written in the transaction of the game's last move (``ratings.rate_table``).
- A move the stand-in bot made is stored marked as its, with why (``decided``), for the game log.
- The move is made with ``State.tell``, which returns what happened: the table keeps that step's facts
  (``Live.story``) once the commit went through, and its table message carries the step's log entries
  (``updates``), so the log is built once per move, never by replaying the game for a request.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import cardtable
from cardtable.core.game import State
from cardtable.core.story import Fact

from ..db.database import Database
from ..errors import Invalid, Refused
from ..pubsub import PubSub
from . import clocks, decided, table_store
from .live import Live, LiveTables, away_text
from .ratings import rate_table
from .rule_sets import board_of
from .turns import BotTurn, Turns
from .updates import publish


@dataclass
class Moves:
    """Moves at every running table; thread-safe (each move under its table's lock)."""

    db: Database
    live: LiveTables
    pubsub: PubSub
    turns: Turns

    def play(self, table_id: int, user_id: int, move: str, version: int) -> None:
        """A person's move, in notation; Refused says why it was not taken (and nothing changed)."""
        with self.live.lock(table_id):
            live = self.live.load(table_id, at_least=version)
            seat = live.player_seat(user_id)
            if seat in live.away:
                raise Refused(away_text(live.away[seat]), code="stood-in")
            state = check_turn(live, seat, version)
            self._take(live, seat, state, read_move(live, state, move))

    def play_bot(self, turn: BotTurn, action: int) -> None:
        """A bot's move (the action id it chose) for the turn it was given; Refused when that turn has
        passed."""
        with self.live.lock(turn.table_id):
            live = self.live.load(turn.table_id, at_least=turn.version)
            if live.bot_level(turn.seat) is None or live.state is None:
                raise Refused(f"seat {turn.seat} of table {turn.table_id} is no bot seat", code="not-a-bot")
            state = check_turn(live, turn.seat, turn.version)
            self._take(live, turn.seat, state, action, stand_in=stand_in_why(live, turn.seat))

    def _take(self, live: Live, seat: int, state: State, action: int, stand_in: str | None = None) -> None:
        """Apply → commit → publish → hand on the turn, for a move of ``seat`` whose turn at ``state`` has
        been checked (the caller holds the table's lock); ``stand_in`` says why the stand-in made it."""
        after, facts = apply_to_copy(state, action)
        over = after.is_terminal()
        result = after.result()
        moved_at = time.time()
        used = clocks.charge(live, seat, moved_at)
        version = state.event_count()
        self._commit(live, seat, version, after, result, moved_at, used, stand_in)
        live.moved(after, facts, seat=seat, at=moved_at, time_used=used, result=result, stand_in=stand_in)
        if over:
            self.live.forget(live.id)  # a finished table is read from the database
        publish(self.pubsub, live, since=version if self.live.shared else None)
        self.turns.hand_on(live)
        if over:
            self.turns.game_over(live)

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
        why, if it made it: ``decided``), and the ratings when it ended the game, in one transaction;
        Refused (nothing stored) when another server moved the table on. Without ratings the move is one
        statement (``table_store.save_move``)."""
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
                raise Refused(f"table {live.id} moved on elsewhere; reload it", code="stale")
            if over:
                winners = result["winners"] if result else []
                rate_table(
                    connection,
                    table_id=live.id,
                    game=board_of(live.game, live.options),
                    seats=live.seats,
                    winners=winners,
                )


def stand_in_why(live: Live, seat: int) -> str | None:
    """Why the stand-in bot moves for ``seat`` now (``decided``): ``time`` (the move's time ran out),
    ``away``, ``out-of-time`` (the game time ran out); None for a bot's own seat."""
    if seat in live.bots:
        return None
    reason = live.away.get(seat)
    if reason is None:
        return "time"
    return "out-of-time" if reason == "time" else "away"


def check_turn(live: Live, seat: int, version: int) -> State:
    """The state ``seat`` is to act in, if its move answers the table's version; Refused otherwise."""
    if live.status == "open":
        raise Refused(f"the game at table {live.id} has not started", code="not-started")
    state = live.state
    if live.status == "over" or state is None:
        raise Refused(f"the game at table {live.id} is over", code="game-over")
    current = state.event_count()
    if version != current:
        raise Refused(
            f"your move answers version {version}, but table {live.id} is at version {current}", code="stale"
        )
    to_act = state.current_player()
    if to_act != seat:
        raise Refused(f"it is seat {to_act}'s turn, not yours (seat {seat})", code="not-your-turn")
    return state


def read_move(live: Live, state: State, move: str) -> int:
    """The action id of a move's notation; Invalid for text that is no move of the game."""
    try:
        return state.string_to_action(move)
    except cardtable.InvalidNotation as error:
        raise Invalid(f"{move!r} is not a move of {live.game}: {error}", code="bad-notation") from None


def apply_to_copy(state: State, action: int) -> tuple[State, list[Fact]]:
    """The state after ``action``, on a copy, and what happened (``State.tell``: the game log's facts);
    Invalid with the engine's reason when the rules refuse it."""
    after = state.clone()
    try:
        facts = after.tell(action)
    except cardtable.IllegalAction as error:
        raise Invalid(str(error), code="illegal") from None
    return after, facts
