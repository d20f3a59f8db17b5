"""The tables while their games run, as the websocket, the bot driver and the cluster reach them: follow a
table, move, ask why, step away and back, and the hand-offs around a restart. ``TableService`` makes the
parts and joins them; each lives in its own module:

- ``live``: the tables held in memory, with a lock per table; ``table_store``: every SQL statement;
- ``moves``: the move path (validate → apply → commit → publish → hand on the turn);
- ``updates``: what each audience is sent; ``turns``: the clocks, the stand-in bot and the bots' turns;
- ``away``: grace periods and seats given to the stand-in or taken back; ``hints``: ``why``;
- ``lobby``: tables before and after their games; ``endings``: concessions and votes to abandon.

They reach the games only through the engine contract.
"""

from __future__ import annotations

import time

from cardtable.i18n import DEFAULT

from ..db.database import Database
from ..presence import Presence
from ..pubsub import PubSub, Subscriber
from ..timers import Timers
from .away import ABANDON_SECONDS, GRACE_SECONDS, Away
from .endings import Endings
from .hints import hint
from .live import LiveTables
from .lobby import Lobby
from .moves import Moves
from .table_limits import TableLimits
from .turns import BotTurn, Turns
from .updates import TableUpdate, channel, publish, reworded, table_message


class TableService:
    """Every table of this server: lobby and play; thread-safe (a lock per table)."""

    def __init__(
        self,
        db: Database,
        pubsub: PubSub,
        *,
        grace: float = GRACE_SECONDS,
        shared: bool = False,
        turn_time_scale: float = 1.0,
        table_limits: TableLimits | None = None,
        presence: Presence | None = None,
        abandon: float = ABANDON_SECONDS,
    ) -> None:
        self.db = db
        self.pubsub = pubsub
        self.shared = shared
        """Other servers use the same database (``server.cluster``), and ``forget`` a table they change."""
        self.timers = Timers()
        self.live = LiveTables(db, shared=shared)
        self.turns = Turns(db, self.live, pubsub, self.timers)
        self.away = Away(db, self.live, self.turns, self.timers, grace, presence or Presence(), abandon)
        self.moves = Moves(db, self.live, pubsub, self.turns)
        self.endings = Endings(db, self.live, self.turns)
        self.lobby = Lobby(
            db, self.live, pubsub, self.turns, self.away, turn_time_scale, table_limits or TableLimits()
        )

    @property
    def moves_on_loop(self) -> bool:
        """True when moves may be taken on the event loop rather than in a worker thread: one server on
        SQLite, where a move waits on no network (the database is a local file whose checkpoints run in a
        thread of their own, updates go to this process's connections, bot jobs to its own loop). Its work
        is CPU-bound and the GIL runs one thread at a time, so a worker would not take it sooner, while
        handing it to one and back cost about 100 us of CPU a move here, 15-20% of a move under load."""
        return self.db.is_sqlite and not self.shared

    def watch(self, table_id: int, user_id: int, subscriber: Subscriber, language: str = DEFAULT) -> str:
        """Subscribe to a table's updates and return its current state as this user may see it, its log
        in ``language`` (its updates are worded in it from now on: ``LiveTables.reading``). Both happen
        under the table's lock, so no update falls between the two."""
        with self.live.lock(table_id):
            # subscribed before the read: an update another server commits meanwhile still arrives
            self.pubsub.subscribe(channel(table_id), subscriber)
            try:
                if self.shared:  # a (re)connecting player gets the table as stored, never a held copy
                    self.live.outdated(table_id)
                live = self.live.load(table_id)
            except BaseException:
                self.pubsub.unsubscribe(channel(table_id), subscriber)
                raise
            self.away.arrived(table_id, user_id)
            first = table_message(live, seat=live.seat_of(user_id), now=time.time(), language=language)
            self.live.reading(table_id, language, 1)  # counted once watched: ``unwatch`` takes it back
            return first

    def unwatch(self, table_id: int, user_id: int, subscriber: Subscriber, language: str = DEFAULT) -> None:
        """Stop sending a table's updates to ``subscriber`` (which ``watch`` was given with ``language``);
        a seated person whose last connection this was gets the grace period before the stand-in bot takes
        their seat. Never blocks (no lock, no query)."""
        self.pubsub.unsubscribe(channel(table_id), subscriber)
        self.live.reading(table_id, language, -1)
        self.away.departed(table_id, user_id)

    def reworded(self, update: TableUpdate, user_id: int, language: str) -> str | None:
        """``user_id``'s text of ``update`` with its log in ``language``, which its publisher did not word
        (another server's, or a reader who came meanwhile): worded from the story held here, brought up to
        the update's version. The English text when this server no longer holds the step (a game that
        ended on another server: its page asks for the finished log, in its language, at a reload)."""
        text = update.text_for(user_id)
        with self.live.lock(update.table_id):
            story = self.live.load(update.table_id, at_least=update.version).story
            told = story.at(update.version) if story is not None else None
            if text is None or story is None or told is None:
                return text
            words = story.words(told, update.audience(user_id), language)
        return reworded(text, told.start, words)

    def play(self, table_id: int, user_id: int, move: str, version: int) -> None:
        """A person's move (``moves``); Refused says why it was not taken (and nothing changed)."""
        self.moves.play(table_id, user_id, move, version)

    def undo(self, table_id: int, user_id: int, version: int) -> None:
        """Take back the last step of your turn in progress (``moves``, ``held``); Refused says why not."""
        self.moves.undo(table_id, user_id, version)

    def play_bot(self, turn: BotTurn, action: int) -> None:
        """A bot's move for the turn it was given (``moves``); Refused when that turn has passed."""
        self.moves.play_bot(turn, action)

    def why(self, table_id: int, user_id: int, text: str, language: str = DEFAULT) -> str:
        """The answer (a ``hint`` message) to "why may I not make this move, or play this card?", in
        ``language``."""
        with self.live.lock(table_id):
            answer = hint(self.live.load(table_id), user_id, text, language)
        return answer.model_dump_json()

    def step_away(self, table_id: int, user_id: int) -> None:
        """Let the stand-in bot play your seat from now on (you may take it back)."""
        self.away.step_away(table_id, user_id)

    def take_back(self, table_id: int, user_id: int) -> None:
        """Take your seat back from the stand-in bot (not after your game time ran out)."""
        self.away.take_back(table_id, user_id)

    def gone(self, table_id: int, user_id: int) -> None:
        """``user_id``'s account was deleted: the table is read again (its seat shows the neutral name) and
        the stand-in bot plays the seat from now on."""
        with self.live.lock(table_id):
            self.live.forget(table_id)
            live = self.live.load(table_id)
            seat = live.seat_of(user_id)
            if live.status == "playing" and seat is not None and seat not in live.away:
                self.turns.stand_in(live, seat, "away", how="left")
            else:
                publish(self.pubsub, live)

    def republish(self, table_id: int) -> None:
        """Send a table's current state to everyone following it again (after updates may have been lost)."""
        with self.live.lock(table_id):
            publish(self.pubsub, self.live.load(table_id))

    def resume_bots(self) -> int:
        """Hand out the turns of bots that were to act when the server stopped; returns how many."""
        return self.turns.resume_bots()

    def waiting_for_bots(self) -> dict[int, int]:
        """The stored version of every running table where a bot (or the stand-in) is to act."""
        return self.turns.waiting_for_bots()

    def resume_turns(self) -> int:
        """At start-up: the clock of every waiting person starts anew, and every seated person no connection
        shows gets the grace period (``Away.resume``). Beside other servers (``shared``) the clocks run on
        as stored. Returns how many tables are played with a clock."""
        self.away.resume()
        return self.turns.resume_clocks()

    def forget(self, table_id: int | None = None) -> None:
        """Drop a table held in memory (every table: None) because another server changed it."""
        self.live.forget(table_id)

    def outdated(self, table_id: int, change: bytes | None = None) -> None:
        """Another server changed a table (by a move: ``change``): what is held of it is brought up to date
        at its next use."""
        self.live.outdated(table_id, change)

    def held(self) -> dict[int, int]:
        """The version of each table held in memory."""
        return self.live.held()

    def close(self) -> None:
        """Stop every clock and grace timer (the server is stopping)."""
        self.timers.close()
