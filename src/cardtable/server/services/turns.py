"""Who makes the decision a running table waits for, and by when: after every committed change the turn is
handed on (``Turns.hand_on``). A person to act gets their clock set; a bot to act, or the stand-in bot
playing a person's seat, gets a ``BotTurn`` handed to ``bot_turns`` (the bot driver, or in a cluster the
instance that drives the bots). When a person's clock runs out, the stand-in bot makes that decision; when
their game time runs out, it plays their seat to the end.

Decisions:
- A bot's seed is drawn from the table's seed and the version, so a bot moves the same after a restart.
  The bot's answer comes back as an action id through ``moves`` and is checked like any move.
- A stand-in's move is checked like any bot's; the seat stays the person's (records, ratings).
- A server restart gives the person to act their full time for the decision again (nobody loses time to
  a server that was down); beside other servers (``shared``), and at turn-based tables (whose moves take
  hours, so a restart is no real loss), the clocks run on as stored.
- Handing a seat to the stand-in (or back) is committed, published and handed on like a move.
- At a turn-based table, a person whose turn it is gets mail (``mail``, when the server sends mail).
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
from . import clocks, table_store
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


def bot_turn(live: Live) -> BotTurn | None:
    """The turn to hand to a bot now; None when a person (or nobody) is to act."""
    state = live.state
    if live.status != "playing" or state is None:
        return None
    seat = state.current_player()
    level = live.bot_level(seat) if seat is not None else None
    if seat is None or level is None:
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
    bot_turns: Callable[[BotTurn], None] = lambda turn: None
    """Where bot turns go; the bot driver (or the cluster) sets it when it starts."""
    mailer: Mailer | None = None
    """Mails turn-based tables' people (None: this server sends no mail)."""

    def hand_on(self, live: Live) -> None:
        """After a committed change (under the table's lock): the clock of the decision now waiting is set
        (or cleared when nobody's clock runs), a bot to act gets its turn, and a person at a turn-based
        table is told by mail."""
        self._set_clock(live)
        turn = bot_turn(live)
        if turn is not None:
            self.bot_turns(turn)
        elif self.mailer is not None and live.turn_based and live.status == "playing":
            seat = live.state_seat()
            user = live.seat_users[seat] if seat is not None else None
            if user is not None:
                self.mailer.your_turn(live.id, user)

    def game_over(self, live: Live) -> None:
        """A move ended the game (committed): the people of a turn-based table are told by mail."""
        if self.mailer is not None and live.turn_based:
            self.mailer.game_over(live.id)

    def hand_on_table(self, table_id: int) -> None:
        """Hand on the turn of a table again (another server asked: its bot or a run-out clock waits)."""
        with self.live.lock(table_id):
            self.hand_on(self.live.load(table_id))

    def resume_bots(self) -> int:
        """Hand out the turns of bots that were to act when the server stopped; returns how many."""
        with self.db.read() as session:
            waiting = table_store.tables_waiting_for_bots(session)
        for table_id in waiting:
            self.hand_on_table(table_id)
        return len(waiting)

    def resume_clocks(self) -> int:
        """At start-up: the clock of every waiting person starts anew (beside other servers, ``shared``, it
        runs on as stored). Returns how many tables are being played."""
        started = time.time()
        with self.db.write() as session:
            tables = table_store.playing_tables(session)
            for table in tables:
                if table.to_act is None or not (table.move_seconds or table.game_seconds):
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

    def stand_in(self, live: Live, seat: int, reason: str | None, *, time_used: float | None = None) -> None:
        """Give ``seat`` to the stand-in bot (``reason``) or back to its person (None): commit, publish, and
        hand on the turn (the caller holds the table's lock). A person back for the decision waiting gets
        its clock anew."""
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
        live.stood_in(seat, reason, time_used=time_used, turn_since=turn_since)
        publish(self.pubsub, live)
        self.hand_on(live)

    def _set_clock(self, live: Live) -> None:
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
            ends = clocks.deadline(live)
            if live.version != version or ends is None or live.forced == (live.state_seat(), version):
                return
            if time.time() < ends:  # the clock was given more time meanwhile
                self._set_clock(live)
                return
            seat = live.state_seat()
            assert seat is not None
            if clocks.out_of_game_time(live, seat, ends):
                self.stand_in(live, seat, "time", time_used=float(live.game_seconds or 0))
                return
            live.forced = (seat, version)
            publish(self.pubsub, live)
            self.hand_on(live)
