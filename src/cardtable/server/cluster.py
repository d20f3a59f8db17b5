"""Several server instances as one platform: made when ``redis_url`` is set, beside a PostgreSQL
database that all instances share.

- Table updates fan out through Redis pub/sub (``pubsub_redis``).
- A move is accepted once: the version-checked UPDATE of the table service lets one of two racing
  instances write, and the other is refused as stale. An instance forgets what it holds in memory of a
  table as soon as an update of it comes from another instance, and reads a table again when a move
  answers a version newer than the one it holds (the move outran that update).
- Presence (who follows which table, for grace periods and abandoned tables) is kept in Redis as well
  (``presence.SharedPresence``), so a person connected to any instance is present on all.
- Bots are driven by the one instance holding the lease ``<prefix>:bots`` (``leases``). Another instance
  with a bot turn to hand out (after a person's move made through it) publishes a nudge naming the table
  on the channel ``bots``, and the holder hands that turn to its bot driver. (A stand-in's turn because
  a person's time ran out goes the same way: looking at the table, the holder finds that clock run out.)
  An instance that takes the lease over hands out every bot turn waiting in the database (those of a
  holder that died included) and sets the clocks of the people waiting; the holder does both again once
  per lease period, for a nudge lost with a Redis connection and for the timers of an instance that died.

Decisions:
- One lease for all bots rather than one per table: simple, and one place where bot turns are counted.
  Its price is that the holder's ``bot_workers`` think for every bot of the deployment.
- The holder may be handed the same turn twice (a nudge and a sweep): a turn handed to the driver is not
  handed again for ``RETRY_SECONDS``, after which a turn that still waits counts as lost and is handed
  out again. A duplicate that gets through costs a refused stale move, never a second move.
- No player stays on a state whose update was lost: after listening to Redis was interrupted, this
  instance forgets every table it holds and sends the current state of the tables it follows again; and
  once a second it compares the stored versions of the tables it holds or follows with what it holds and
  with the newest update that came (an instance killed between its commit and its publish leaves such a
  gap), forgetting a table held at another version and sending the state of one that stayed behind.
  A player who (re)connects is always sent the table as stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from typing import Any

import anyio.to_thread
import redis.asyncio

from .bot_driver import BotDriver
from .db.database import Database
from .errors import Refused
from .leases import Leadership, Lease, instance_name
from .presence import SharedPresence
from .pubsub import Subscriber
from .pubsub_redis import RedisPubSub
from .services import table_store
from .services.tables import TableService
from .services.turns import BotTurn
from .services.updates import channel
from .settings import Settings

log = logging.getLogger(__name__)
BOTS_CHANNEL = "bots"
REPAIR_SECONDS = 1.0
RETRY_SECONDS = 60.0


def bots_lease_key(prefix: str) -> str:
    """The Redis key of the lease to drive bots, for a deployment's ``redis_prefix``."""
    return f"{prefix}:bots"


class Cluster:
    """What one instance needs to run beside others: the shared fan-out and the bots' leadership."""

    def __init__(self, settings: Settings) -> None:
        assert settings.redis_url is not None
        self.settings = settings
        self.name = instance_name()
        self.pubsub = RedisPubSub(settings.redis_url, prefix=settings.redis_prefix)
        self.presence = SharedPresence(settings.redis_url, prefix=settings.redis_prefix, instance=self.name)
        self._client = redis.asyncio.Redis.from_url(settings.redis_url, socket_connect_timeout=5)
        self.lease = Lease(
            self._client,
            bots_lease_key(settings.redis_prefix),
            holder=self.name,
            seconds=settings.bot_lease_seconds,
        )
        self._bots: ClusterBots | None = None
        self._leadership: Leadership | None = None
        self._repair: asyncio.Task[None] | None = None

    async def start(self, tables: TableService, driver: BotDriver) -> None:
        """Listen to Redis, then route bot turns and start trying for the lease (after ``driver.start``)."""
        self.pubsub.on_foreign = lambda name: _outdated(tables, name)
        self.pubsub.on_resubscribed = lambda channels: _republish(tables, channels)
        await self.pubsub.start()
        bots = self._bots = ClusterBots(tables, driver, self.pubsub, self.lease)
        self.pubsub.subscribe(BOTS_CHANNEL, Subscriber(bots.nudged))
        tables.turns.bot_turns = bots.turn
        self._leadership = Leadership(self.lease, on_lead=bots.sweep, on_hold=bots.sweep)
        await self._leadership.start()
        self._repair = asyncio.get_running_loop().create_task(self._repair_gaps(tables))

    async def stop(self) -> None:
        """Give up the lease (another instance takes the bots over at its next heartbeat) and close the
        connections."""
        if self._repair is not None:
            self._repair.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._repair
        if self._leadership is not None:
            await self._leadership.stop()
        if self._bots is not None:
            self._bots.tables.turns.bot_turns = lambda turn: None
        await self.pubsub.stop()
        await anyio.to_thread.run_sync(self.presence.close)
        await self._client.aclose()

    async def _repair_gaps(self, tables: TableService) -> None:
        """Every ``REPAIR_SECONDS``, against the stored versions: a table held in memory at another version
        is forgotten (word of a change may never come: its server died between commit and publish); a
        table followed here whose stored version stayed newer than any update that came, at two checks in
        a row, missed that update, and its state is sent again."""
        behind: dict[int, int] = {}
        while True:
            await asyncio.sleep(REPAIR_SECONDS)
            try:
                held = tables.held()
                followed = _table_ids(self.pubsub.followed())
                ids = sorted(set(followed) | set(held))
                stored = await anyio.to_thread.run_sync(_stored_versions, tables.db, ids) if ids else {}
                for table_id, version in stored.items():
                    if table_id in held and held[table_id] != version:
                        tables.outdated(table_id)
                now_behind = {
                    t: stored[t]
                    for t in followed
                    if t in stored and stored[t] > (self.pubsub.seen(channel(t)) or -1)
                }
                for table_id, version in now_behind.items():
                    if behind.get(table_id) == version:
                        log.info(
                            "table %d: an update at version %d never came; sending it", table_id, version
                        )
                        tables.outdated(table_id)
                        await anyio.to_thread.run_sync(tables.republish, table_id)
                behind = now_behind
            except Exception:
                log.exception("looking for missed table updates failed; trying again")


class ClusterBots:
    """Where the table service's bot turns go on an instance of a cluster."""

    def __init__(self, tables: TableService, driver: BotDriver, pubsub: RedisPubSub, lease: Lease) -> None:
        self.tables = tables
        self.driver = driver
        self.pubsub = pubsub
        self.lease = lease
        self._handed: dict[int, tuple[int, float]] = {}
        """table id -> (version, when) of the last turn handed to the driver."""
        self._lock = threading.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    def turn(self, turn: BotTurn) -> None:
        """A bot is to act (from any thread): drive it if this instance holds the lease, else nudge the
        holder."""
        if not self.lease.held():
            self.pubsub.publish(BOTS_CHANNEL, {"table": turn.table_id, "version": turn.version})
            return
        now = time.monotonic()
        with self._lock:
            last = self._handed.get(turn.table_id)
            if last is not None and last[0] == turn.version and now - last[1] < RETRY_SECONDS:
                return
            self._handed[turn.table_id] = (turn.version, now)
        self.driver.request(turn)

    def nudged(self, message: Any) -> None:
        """A nudge from another instance (on the event loop): the holder looks at that table."""
        if self.lease.held() and isinstance(message, dict) and isinstance(message.get("table"), int):
            task = asyncio.get_running_loop().create_task(self._ask(message["table"]))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _ask(self, table_id: int) -> None:
        try:
            await anyio.to_thread.run_sync(self.tables.ask_bot, table_id)
        except Refused as refused:
            log.info("nudge for table %d not taken: %s", table_id, refused.detail)

    async def sweep(self) -> None:
        """Hand out every bot turn waiting in the database, and set the clocks of every waiting person
        (on taking the lease, then once per period: an instance that died took its timers with it)."""
        now = time.monotonic()
        with self._lock:
            self._handed = {t: h for t, h in self._handed.items() if now - h[1] < RETRY_SECONDS}
        await anyio.to_thread.run_sync(self.tables.resume_turns)
        waiting = await anyio.to_thread.run_sync(self.tables.resume_bots)
        if waiting:
            log.info("bots are to act at %d tables", waiting)


def _table_ids(channels: list[str]) -> list[int]:
    """The tables among pub/sub channels."""
    return [
        int(number)
        for c in channels
        if (number := c.rpartition(":")[2]).isdigit() and c == channel(int(number))
    ]


def _stored_versions(db: Database, ids: list[int]) -> dict[int, int]:
    """The stored version of each started table among ``ids``."""
    with db.read() as session:
        return table_store.stored_versions(session, ids=ids)


def _outdated(tables: TableService, name: str) -> None:
    """Another instance changed the table of channel ``name``: what this one holds of it is out of date."""
    for table_id in _table_ids([name]):
        tables.outdated(table_id)


def _republish(tables: TableService, channels: list[str]) -> None:
    """Listening to Redis was interrupted: forget every table held (others may have changed them meanwhile)
    and send the current state of those followed here again (in a thread: this runs on the event loop)."""
    tables.forget()
    ids = _table_ids(channels)

    def run() -> None:
        for table_id in ids:
            try:
                tables.republish(table_id)
            except Exception:
                log.exception("could not send table %d afresh", table_id)

    threading.Thread(target=run, name="republish", daemon=True).start()
