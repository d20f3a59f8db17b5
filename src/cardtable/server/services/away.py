"""People away from their seats: a seated person with no connection following the table for ``grace``
seconds, or who says ``away``, has their seat played by the stand-in bot (``away = "away"``) so the others
can finish; they may take it back (``take_back``), unless their game time ran out (``away = "time"``).

A table of bots only (not a tournament's) that no connection follows for ``abandon`` seconds is abandoned:
it ends where it stands (status ``over``, result ``{"ended": "abandoned"}``, no ratings), so no server plays
it for nobody.

Decisions:
- Presence is counted by ``server.presence``: in this process, or beside other servers (``shared``) in
  Redis too, so a person connected to any instance is present and the grace period works there as well.
- A server (re)started has no connections yet, so every seated person gets the grace period then, as do
  the people of a table that starts without them at it. Beside other servers the holder of the sweeper's lease
  does the same once per lease period (``resume``) for people no instance shows, unless a grace period
  already runs for them: an instance that died took its timers with it.
- At a turn-based table there is no grace period: being gone is how it is played. Only the clock of a
  move, run out, brings the stand-in (``turns``); ``away`` and ``back`` work as at any table.
- A grace period or an abandonment is decided when its timer fires, by asking presence then; starting one
  never waits (departing is called on the event loop).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..db.database import Database
from ..errors import Refused
from ..presence import Presence
from ..timers import Timers
from . import table_store
from .live import Live, LiveTables, away_text
from .turns import Turns
from .updates import publish

GRACE_SECONDS = 60.0
ABANDON_SECONDS = 600.0
ABANDONED = {"ended": "abandoned"}


@dataclass
class Away:
    """Grace periods, and seats given to the stand-in bot or taken back; thread-safe."""

    db: Database
    live: LiveTables
    turns: Turns
    timers: Timers
    grace: float
    """Seconds a seated person may be gone before the stand-in bot takes their seat."""
    presence: Presence = field(default_factory=Presence)
    abandon: float = ABANDON_SECONDS
    """Seconds a table of bots only may go unfollowed before it ends."""

    def arrived(self, table_id: int, user_id: int) -> None:
        """One more connection of ``user_id`` follows the table: no grace period runs for them, and the
        table is not abandoned."""
        self.presence.arrive(table_id, user_id)
        self.timers.cancel(("grace", table_id, user_id))
        self.timers.cancel(("abandon", table_id))

    def departed(self, table_id: int, user_id: int) -> None:
        """One connection fewer; a seated person whose last connection this was gets the grace period.
        Never blocks (no lock, no query)."""
        if self.presence.depart(table_id, user_id):
            live = self.live.get(table_id)
            if (
                live is not None
                and live.status == "playing"
                and not live.turn_based
                and live.seat_of(user_id) is not None
            ):
                self._start_grace(table_id, user_id)
            if live is not None and live.status == "playing" and _bots_only(live):
                self._start_abandon(table_id)

    def expect(self, live: Live) -> None:
        """A game has started: each seated person not following the table gets the grace period (not at a
        turn-based table), and a table of bots only may be abandoned."""
        if _bots_only(live):
            self._start_abandon(live.id)
        if live.turn_based:
            return
        for user_id in live.seat_users:
            if user_id is not None and not self.presence.is_here(live.id, user_id):
                self._start_grace(live.id, user_id)

    def resume(self) -> None:
        """At start-up (and, beside other servers, once per lease period on the sweeper's lease holder): every
        seated person playing their own seat at a real-time table whom no connection shows gets the grace
        period, and every table of bots only that nobody follows may be abandoned (unless a timer already
        runs for them)."""
        with self.db.read() as session:
            people = table_store.seated_people(session)
            bot_tables = table_store.bot_only_tables(session)
        for table_id, user_id in people:
            if not self.timers.pending(("grace", table_id, user_id)) and not self.presence.is_here(
                table_id, user_id
            ):
                self._start_grace(table_id, user_id)
        for table_id in bot_tables:
            if not self.timers.pending(("abandon", table_id)) and not self.presence.anyone_here(table_id):
                self._start_abandon(table_id)

    def step_away(self, table_id: int, user_id: int) -> None:
        """Let the stand-in bot play your seat from now on (you may take it back)."""
        with self.live.lock(table_id):
            live = self.live.load(table_id)
            seat, _ = live.playing_seat(user_id)
            if seat in live.away:
                raise Refused("the stand-in bot plays your seat already", code="stood-in")
            self.turns.stand_in(live, seat, "away")

    def take_back(self, table_id: int, user_id: int) -> None:
        """Take your seat back from the stand-in bot (not after your game time ran out)."""
        with self.live.lock(table_id):
            live = self.live.load(table_id)
            seat, _ = live.playing_seat(user_id)
            reason = live.away.get(seat)
            if reason is None:
                raise Refused("you are playing your seat yourself", code="not-away")
            if reason == "time":
                raise Refused(away_text(reason), code="out-of-time")
            self.turns.stand_in(live, seat, None)

    def _start_grace(self, table_id: int, user_id: int) -> None:
        """Start the grace period of a person no connection of this server shows at the table."""
        self.timers.schedule(
            ("grace", table_id, user_id),
            time.time() + self.grace,
            lambda: self._grace_over(table_id, user_id),
        )

    def _grace_over(self, table_id: int, user_id: int) -> None:
        """A grace timer: the person is still gone, so the stand-in bot takes their seat."""
        with self.live.lock(table_id):
            if self.presence.is_here(table_id, user_id):
                return
            live = self.live.load(table_id)
            seat = live.seat_of(user_id)
            if live.status == "playing" and seat is not None and seat not in live.away:
                self.turns.stand_in(live, seat, "away", how="gone")

    def _start_abandon(self, table_id: int) -> None:
        self.timers.schedule(
            ("abandon", table_id), time.time() + self.abandon, lambda: self._abandoned(table_id)
        )

    def _abandoned(self, table_id: int) -> None:
        """An abandonment timer: a table of bots only that still nobody follows ends where it stands."""
        with self.live.lock(table_id):
            if self.presence.anyone_here(table_id):
                return
            live = self.live.load(table_id)
            if live.status != "playing" or not _bots_only(live):
                return
            with self.db.transaction() as connection:
                ended = table_store.end_unfinished(connection, table_id=table_id, result=ABANDONED)
            self.live.forget(table_id)
            self.timers.cancel(("clock", table_id))
            if ended:
                live.status, live.result = "over", dict(ABANDONED)
                publish(self.turns.pubsub, live)


def _bots_only(live: Live) -> bool:
    """A table of bots only, which may be abandoned: not a tournament's (a bots' tournament runs to its
    end)."""
    return live.tournament is None and all(seat.kind == "bot" for seat in live.seats)
