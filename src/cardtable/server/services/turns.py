"""Who makes the decision a running table waits for, and by when: after every committed change the turn is
handed on (``Turns.hand_on``). A person to act gets their clock set; for a bot to act, or the stand-in bot
playing a person's seat, ``bot_wanted`` is told the table and its version (it puts a job that any instance
with free bot workers takes), and whoever runs that job asks ``turn_for`` for the ``BotTurn``. When a
person's clock runs out, the stand-in bot makes that decision; when their game time runs out, it plays
their seat to the end.

Decisions:
- A bot's seed is drawn from the table's seed and the version, so a bot moves the same after a restart.
  The bot's answer comes back as an action id through ``moves`` and is checked like any move.
- A stand-in's move is checked like any bot's; the seat stays the person's (records, ratings).
- A server restart gives the person to act their full time for the decision again (nobody loses time to
  a server that was down); beside other servers (``shared``), and at turn-based tables (whose moves take
  hours, so a restart is no real loss), the clocks run on as stored.
- Handing a seat to the stand-in (or back) is committed, published and handed on like a move, and
  marked beside the events for the game log (``decided``).
- At a turn-based table, a person whose turn it is gets mail (``mail``, when the server sends mail).
- The instance running a bot's job may not be the one whose timer ran out: ``turn_for`` looks at the
  clock itself, so the stand-in's decision is made wherever the job runs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from cardtable.core.game import State

from ..db.database import Database
from ..pubsub import PubSub
from ..timers import Timers
from . import clocks, decided, table_store
from .live import Live, LiveTables
from .mail import Mailer
from .updates import publish


@dataclass(frozen=True)
class BotTurn:
    """A bot seat to act: which table, seat and version, the bot's level and seed, a copy of the state."""

    table_id: int
    seat: int
    version: int
    level: str
    seed: int
    state: State


def bot_level_to_act(live: Live) -> str | None:
    """The level of the bot to act now; None when a person (or nobody) is to act."""
    seat = live.state_seat() if live.status == "playing" else None
    return live.bot_level(seat) if seat is not None else None


def bot_turn(live: Live) -> BotTurn | None:
    """The turn to hand to a bot now; None when a person (or nobody) is to act."""
    level = bot_level_to_act(live)
    state, seat = live.state, live.state_seat()
    if level is None or state is None or seat is None:
        return None
    version = state.event_count()
    seed = random.Random(f"{live.seed}:{version}").getrandbits(63)
    return BotTurn(live.id, seat, version, level, seed, state.clone())


@dataclass
class Turns:
    """Hands on the turn of every running table; thread-safe (each table under its lock)."""

    db: Database
    live: LiveTables
    pubsub: PubSub
    timers: Timers
    bot_wanted: Callable[[int, int], None] = lambda table_id, version: None
    """Told (table id, version) when a bot is to act; the app sets it to put a bot-turn job."""
    mailer: Mailer | None = None
    """Mails turn-based tables' people (None: this server sends no mail)."""
    tournament_game_over: Callable[[int], None] = lambda tournament_id: None
    """Told the tournament of a table whose game just ended; the app sets it to put a job that advances the
    tournament (``tournaments``)."""
    settle: Callable[[Live], None] = lambda live: None
    """Commits the steps of a turn in progress its person may still take back (``Moves.settle``, which
    sets it): before the stand-in goes on from them or their time runs out (``held``)."""

    def hand_on(self, live: Live) -> None:
        """After a committed change (under the table's lock): the clock of the decision now waiting is set
        (or cleared when nobody's clock runs), a bot to act is wanted, and a person at a turn-based table
        is told by mail."""
        self.set_clock(live)
        if bot_level_to_act(live) is not None:
            self.bot_wanted(live.id, live.version)
        elif self.mailer is not None and live.turn_based and live.status == "playing":
            seat = live.state_seat()
            user = live.seat_users[seat] if seat is not None else None
            if user is not None:
                self.mailer.your_turn(live.id, user)

    def game_over(self, live: Live) -> None:
        """A move ended the game (committed): its tournament, if any, is told, and the people of a
        turn-based table by mail."""
        if live.tournament is not None:
            self.tournament_game_over(live.tournament)
        if self.mailer is not None and live.turn_based:
            self.mailer.game_over(live.id)

    def turn_for(self, table_id: int, version: int) -> BotTurn | None:
        """The bot turn of a table at ``version`` if it still waits for one: a bot's or the stand-in's
        seat, or a decision whose clock ran out (given to the stand-in here). None once it has passed."""
        with self.live.lock(table_id):
            live = self.live.load(table_id, at_least=version)
            if live.version != version:
                return None
            turn = bot_turn(live)
            seat = live.state_seat()
            if turn is not None or seat is None:
                return turn
            out = self._out_of_time(live)
            if out is not None:
                self.settle(live)  # the stand-in goes on from the person's steps held
            if out == "game":  # committed and handed on: the stand-in's job comes next
                self.stand_in(live, seat, "time", time_used=float(live.game_seconds or 0))
            elif out == "move":
                live.forced = (seat, live.version)
                return bot_turn(live)
            return None

    def hand_on_table(self, table_id: int) -> None:
        """Hand on the turn of a table again (another server asked: its bot or a run-out clock waits)."""
        with self.live.lock(table_id):
            self.hand_on(self.live.load(table_id))

    def resume_bots(self) -> int:
        """Hand out the turns of bots that were to act when the server stopped; returns how many."""
        waiting = self.waiting_for_bots()
        for table_id in waiting:
            self.hand_on_table(table_id)
        return len(waiting)

    def waiting_for_bots(self) -> dict[int, int]:
        """The stored version of every running table where a bot (or the stand-in) is to act."""
        with self.db.read() as session:
            return table_store.tables_waiting_for_bots(session)

    def resume_clocks(self) -> int:
        """At start-up: the clock of every waiting person starts anew (beside other servers, ``shared``, it
        runs on as stored; the sweeper's lease holder does this every lease period, so untimed tables are
        left out in the query). Returns how many tables are played with a clock."""
        started = time.time()
        with self.db.write() as session:
            tables = table_store.clocked_tables(session)
            for table in tables:
                if table.to_act is None:
                    continue
                waiting = table.seats[table.to_act]
                if waiting.user_id is None or waiting.away is not None:
                    continue
                if not (self.live.shared or table.turn_based) or table.turn_since is None:
                    table.turn_since = started
                ends = clocks.deadline_of(
                    table.turn_since, table.move_seconds, table.game_seconds, waiting.time_used
                )
                if ends is not None:
                    self.timers.schedule(
                        ("clock", table.id), ends, partial(self._time_out, table.id, table.version)
                    )
        return len(tables)

    def stand_in(
        self,
        live: Live,
        seat: int,
        reason: str | None,
        *,
        time_used: float | None = None,
        how: str | None = None,
    ) -> None:
        """Give ``seat`` to the stand-in bot (``reason``) or back to its person (None): commit, publish, and
        hand on the turn (the caller holds the table's lock). A person back for the decision waiting gets
        its clock anew. The hand-off is marked for the game log (``decided``) as ``how`` it came about
        (default: ``reason``). Steps of a turn in progress held are committed first."""
        self.settle(live)
        returning = reason is None and seat == live.state_seat()
        turn_since = time.time() if returning else live.turn_since
        with self.db.transaction() as connection:
            table_store.save_away(
                connection,
                table_id=live.id,
                seat=seat,
                away=reason,
                time_used=time_used,
                turn_since=turn_since if returning else None,
            )
            decided.mark_handoff(
                connection, table_id=live.id, version=live.version, seat=seat, away=how or reason
            )
        live.stood_in(seat, reason, time_used=time_used, turn_since=turn_since, how=how or reason)
        publish(self.pubsub, live)
        self.hand_on(live)

    def set_clock(self, live: Live) -> None:
        """Set the timer of the decision being made now (or clear it when no clock runs for it)."""
        ends = clocks.deadline(live)
        if ends is None:
            self.timers.cancel(("clock", live.id))
            return
        self.timers.schedule(("clock", live.id), ends, partial(self._time_out, live.id, live.version))

    def _time_out(self, table_id: int, version: int) -> None:
        """A clock's timer: if the decision at ``version`` is still waiting and its time is up, the
        stand-in bot makes it; out of game time, it plays the seat to the end."""
        with self.live.lock(table_id):
            live = self.live.load(table_id)
            seat = live.state_seat()
            if live.version != version or seat is None or live.forced == (seat, version):
                return
            out = self._out_of_time(live)
            if out is None:  # no clock, or it was given more time meanwhile
                self.set_clock(live)
                return
            self.settle(live)  # the stand-in goes on from the person's steps held
            if out == "game":
                self.stand_in(live, seat, "time", time_used=float(live.game_seconds or 0))
            else:
                live.forced = (seat, live.version)
                publish(self.pubsub, live)
                self.hand_on(live)

    def _out_of_time(self, live: Live) -> str | None:
        """What the clock of the decision waiting says now: None (time left, or no clock), ``move`` (its
        time ran out: the stand-in makes it) or ``game`` (the person's game time ran out)."""
        ends = clocks.deadline(live)
        seat = live.state_seat()
        if ends is None or seat is None or time.time() < ends:
            return None
        return "game" if clocks.out_of_game_time(live, seat, ends) else "move"
