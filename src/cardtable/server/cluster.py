"""Several server instances as one platform: made when ``redis_url`` is set, beside a PostgreSQL
database that all instances share.

- Table updates fan out through Redis pub/sub (``pubsub_redis``).
- A move is accepted once: the version-checked UPDATE of the table service lets one of two racing
  instances write, and the other is refused as stale. When an update of a table comes from another
  instance, what this one holds of it is marked out of date and brought up to date at its next use
  (``live``), as is a table a move answers at a version newer than the one held (the move outran that
  update).
- Presence (who follows which table, for grace periods and abandoned tables) is kept in Redis as well
  (``presence.SharedPresence``), so a person connected to any instance is present on all.
- Bots think on every instance: a bot's turn (or a stand-in's move, or a game review) is a job in a Redis
  stream (``jobs.RedisJobs``) that any instance with a free bot worker takes; the jobs of an instance that
  died are claimed by another after ``bot_lease_seconds``.
- One instance at a time, the holder of the lease ``<prefix>:sweeper`` (``leases``), sweeps: on taking the
  lease and once per lease period it sets the clocks of the people waiting (an instance that died took its
  timers with it), and puts again the turn of every table that waited for a bot at the same version at
  two sweeps in a row (an instance killed between a commit and putting the job, or within the bot delay,
  left no job).

Decisions:
- A turn put twice (a sweep while its job waits behind many others) costs a bot's thinking and a move
  refused as stale, never a second move.
- No player stays on a state whose update was lost: after listening to Redis was interrupted, this
  instance forgets every table it holds and sends the current state of the tables it follows again; and
  once a second it compares the stored versions of the tables it holds or follows with what it holds and
  with the newest update that came (an instance killed between its commit and its publish leaves such a
  gap), bringing a table held at another version up to date and sending the state of one that stayed
  behind.
  A player who (re)connects is always sent the table as stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading

import anyio.to_thread
import redis.asyncio

from .db.database import Database
from .jobs import RedisJobs
from .leases import Leadership, Lease, instance_name
from .presence import SharedPresence
from .pubsub_redis import RedisPubSub
from .services import table_store
from .services.tables import TableService
from .services.updates import channel
from .settings import Settings

log = logging.getLogger(__name__)
REPAIR_SECONDS = 1.0


def sweeper_lease_key(prefix: str) -> str:
    """The Redis key of the sweeper's lease, for a deployment's ``redis_prefix``."""
    return f"{prefix}:sweeper"


class Cluster:
    """What one instance needs to run beside others: the shared fan-out, the shared jobs and the sweep."""

    def __init__(self, settings: Settings) -> None:
        assert settings.redis_url is not None
        self.settings = settings
        self.name = instance_name()
        self.pubsub = RedisPubSub(settings.redis_url, prefix=settings.redis_prefix)
        self.presence = SharedPresence(settings.redis_url, prefix=settings.redis_prefix, instance=self.name)
        self._client = redis.asyncio.Redis.from_url(settings.redis_url, socket_connect_timeout=5)
        self.lease = Lease(
            self._client,
            sweeper_lease_key(settings.redis_prefix),
            holder=self.name,
            seconds=settings.bot_lease_seconds,
        )
        self._leadership: Leadership | None = None
        self._repair: asyncio.Task[None] | None = None

    def jobs(self, *, capacity: int) -> RedisJobs:
        """The deployment's job queue, as this instance (``capacity`` jobs at once) takes part in it."""
        return RedisJobs(
            self.settings.redis_url or "",
            prefix=self.settings.redis_prefix,
            consumer=self.name,
            capacity=capacity,
            claim_seconds=self.settings.bot_lease_seconds,
        )

    async def start(self, tables: TableService) -> None:
        """Listen to Redis, then start trying for the sweeper's lease."""
        self.pubsub.on_foreign = lambda name, change: _outdated(tables, name, change)
        self.pubsub.on_resubscribed = lambda channels: _republish(tables, channels)
        await self.pubsub.start()
        sweeper = Sweeper(tables)
        self._leadership = Leadership(self.lease, on_lead=sweeper.sweep, on_hold=sweeper.sweep)
        await self._leadership.start()
        self._repair = asyncio.get_running_loop().create_task(self._repair_gaps(tables))

    async def stop(self) -> None:
        """Give up the lease (another instance takes the sweeps over at its next heartbeat) and close the
        connections."""
        if self._repair is not None:
            self._repair.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._repair
        if self._leadership is not None:
            await self._leadership.stop()
        await self.pubsub.stop()
        await anyio.to_thread.run_sync(self.presence.close)
        await self._client.aclose()

    async def _repair_gaps(self, tables: TableService) -> None:
        """Every ``REPAIR_SECONDS``, against the stored versions: a table held in memory at an older version
        is brought up to date (word of a change may never come: its server died between commit and
        publish); a table followed here whose stored version stayed newer than any update that came, at two
        checks in a row, missed that update, and its state is sent again.
        A held table is behind when its held version is older than the one stored at the check before: word
        of a move made since then may still be on its way (a loaded instance's loop lags), and a table
        marked out of date needlessly is read again from the database at its next move here. The held
        versions are read after the stored ones for the same reason."""
        behind: dict[int, int] = {}
        stored_before: dict[int, int] = {}
        while True:
            await asyncio.sleep(REPAIR_SECONDS)
            try:
                followed = _table_ids(self.pubsub.followed())
                ids = sorted(set(followed) | set(tables.held()))
                stored = await anyio.to_thread.run_sync(_stored_versions, tables.db, ids) if ids else {}
                held = tables.held()
                for table_id, version in held.items():
                    if version < stored_before.get(table_id, -1):
                        tables.outdated(table_id)
                stored_before = stored
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


class Sweeper:
    """The sweep of the lease holder: clocks of people waiting, and bot turns whose job was lost."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self._waiting: dict[int, int] = {}
        """table id -> version of every table that waited for a bot at the last sweep."""

    async def sweep(self) -> None:
        """Set the clocks of every waiting person, and put again the turn of every table that waited for a
        bot at the same version at the last sweep."""
        await anyio.to_thread.run_sync(self.tables.resume_turns)
        waiting = await anyio.to_thread.run_sync(self.tables.waiting_for_bots)
        stuck = [t for t, version in waiting.items() if self._waiting.get(t) == version]
        self._waiting = waiting
        for table_id in stuck:
            self.tables.turns.bot_wanted(table_id, waiting[table_id])
        if stuck:
            log.info("bot turns put again at %d tables that waited a whole lease period", len(stuck))


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


def _outdated(tables: TableService, name: str, change: bytes | None) -> None:
    """Another instance changed the table of channel ``name`` (by a move: ``change``): what this one holds
    of it is out of date."""
    for table_id in _table_ids([name]):
        tables.outdated(table_id, change)


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
