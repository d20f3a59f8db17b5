"""Jobs for the bot workers: a bot's turn (or a stand-in's move) and any other work of a ``kind`` (game
reviews) is put as a job, and a handler for that kind runs it on an instance with free bot workers.

- ``LocalJobs`` (one instance): a job is a task on this server's event loop.
- ``RedisJobs`` (several instances): a job is an entry of a Redis stream per kind
  (``<prefix>:jobs:<kind>``), read through the consumer group ``workers`` by every instance that has a
  handler for that kind, at most the kind's ``capacity`` jobs at a time: any instance with free workers
  takes the next job, and bot capacity grows with every instance.

The interface, for every kind of job: ``jobs.handle(kind, handler, capacity=n)`` before ``start``
(``handler`` is an ``async`` function of the job's data, run on the event loop: it sends its CPU work to
worker processes, ``BotDriver.run`` for bot turns, the review runner's own pool for reviews), and
``jobs.put(kind, data, delay=seconds)`` from any thread, ``data`` a JSON object.
A job names what it is about, never carries a state: the handler reads what it needs when it runs, so a
job that is no longer wanted (the table moved on) is dropped there (a review carries the finished record
it judges, which never changes: ``review_runner``).

Decisions:
- At least once: an entry is acknowledged (and deleted) once its handler returned or failed (a failure is
  logged, never tried again: the bots' own safety net is ``cluster``'s sweep). Meanwhile the instance
  running it claims it again every third of ``claim_seconds``, so it never looks idle; the entries of an
  instance that died look idle after ``claim_seconds`` and another instance claims them
  (``XAUTOCLAIM``) and runs them. A job may therefore run twice (a bot turn then costs a move refused as
  stale, never a second move): handlers must allow it.
- One stream per kind, so an instance reads only the kinds it can run (an instance of an older version
  leaves a newer kind to those that know it). Each kind has its own capacity (by default the
  instance's) and its own reader, so long jobs of one kind (a game review runs for minutes) never keep an
  instance from taking the short ones of another (bot turns); the jobs of a kind beyond its capacity
  wait in its stream for a free worker of any instance. ``LocalJobs`` runs every job at once: on a single
  instance there is no other to leave a job to, and handlers bound their own use of the workers.
- ``delay`` (the pause that lets people follow a bot's play) is waited before the job is put, so a job
  in the queue is work to do now, and no worker waits out a delay. A job whose instance dies within its
  delay is lost; the sweep puts the turn of a table that waits for a bot too long again.
- Entries are JSON (``kind``-free, ``data`` as JSON text), never pickles: a job read from Redis cannot run
  code.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import redis
import redis.asyncio

log = logging.getLogger(__name__)
Handler = Callable[[dict[str, Any]], Awaitable[None]]
GROUP = "workers"
READ_BLOCK_MS = 1000


class Jobs(Protocol):
    """Where jobs are put and from where their handlers take them."""

    def handle(self, kind: str, handler: Handler, *, capacity: int | None = None) -> None:
        """Run ``handler`` for every job of ``kind``, at most ``capacity`` at once on this instance where
        jobs wait for a free worker (set before ``start``)."""

    def put(self, kind: str, data: dict[str, Any], *, delay: float = 0.0) -> None:
        """Queue a job of ``kind`` after ``delay`` seconds (from any thread)."""

    async def start(self) -> None:
        """Take jobs from now on."""

    async def stop(self) -> None:
        """Stop taking jobs and cancel those running here (another instance takes them over)."""


class LocalJobs:
    """The jobs of a single instance: each runs as a task on its event loop."""

    def __init__(self) -> None:
        self._handlers: dict[str, Handler] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def handle(self, kind: str, handler: Handler, *, capacity: int | None = None) -> None:
        self._handlers[kind] = handler

    def put(self, kind: str, data: dict[str, Any], *, delay: float = 0.0) -> None:
        if kind not in self._handlers:
            raise ValueError(f"no handler for jobs of kind {kind!r}")
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(loop.call_later, delay, self._run, kind, data)

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        self._loop = None
        await _cancel(self._tasks)

    def _run(self, kind: str, data: dict[str, Any]) -> None:
        if self._loop is None:
            return
        _spawn(self._tasks, _guarded(kind, self._handlers[kind], data))


class RedisJobs:
    """The jobs of a deployment, shared by its instances through Redis streams (``start`` before use)."""

    def __init__(self, url: str, *, prefix: str, consumer: str, capacity: int, claim_seconds: float) -> None:
        self.prefix = prefix
        self.consumer = consumer
        """This instance's name in the consumer group."""
        self.capacity = capacity
        """Jobs of a kind run here at once, unless ``handle`` names another capacity for the kind."""
        self.claim_seconds = claim_seconds
        self._client = redis.asyncio.Redis.from_url(url, socket_connect_timeout=5)
        self._reader = redis.asyncio.Redis.from_url(url, socket_connect_timeout=5)
        """Its own connections (one per kind's blocking read): a read must not hold up the puts and
        acknowledgements."""
        self._handlers: dict[str, Handler] = {}
        self._capacities: dict[str, int] = {}
        self._running: dict[tuple[str, bytes], asyncio.Task[None]] = {}
        self._room: dict[str, asyncio.Event] = {}
        """Per kind, set when one of its jobs ends: its reader waits for it while the kind is at capacity."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._loops: list[asyncio.Task[None]] = []

    def stream(self, kind: str) -> str:
        """The Redis key of the stream of ``kind`` jobs."""
        return f"{self.prefix}:jobs:{kind}"

    def handle(self, kind: str, handler: Handler, *, capacity: int | None = None) -> None:
        self._handlers[kind] = handler
        self._capacities[kind] = self.capacity if capacity is None else capacity
        self._room[kind] = asyncio.Event()

    def put(self, kind: str, data: dict[str, Any], *, delay: float = 0.0) -> None:
        text = json.dumps(data)  # here, so a job that cannot cross Redis fails its caller
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(loop.call_later, delay, self._add, kind, text)

    async def start(self) -> None:
        """Make the streams and the group if need be, then read and reclaim jobs."""
        self._loop = asyncio.get_running_loop()
        await self._groups()
        self._loops = [self._loop.create_task(self._read(kind)) for kind in self._handlers]
        self._loops.append(self._loop.create_task(self._reclaim()))

    async def stop(self) -> None:
        self._loop = None
        await _cancel(set(self._loops))
        await _cancel(self._tasks)
        await self._reader.aclose()
        await self._client.aclose()

    async def _groups(self) -> None:
        """The stream of every kind handled here, with the consumer group (made by the first instance)."""
        for kind in self._handlers:
            with contextlib.suppress(redis.ResponseError):  # BUSYGROUP: made by another instance
                await self._client.xgroup_create(self.stream(kind), GROUP, id="0", mkstream=True)

    def _add(self, kind: str, text: str) -> None:
        if self._loop is not None:
            _spawn(self._tasks, self._send(kind, text))

    async def _send(self, kind: str, text: str) -> None:
        try:
            await self._client.xadd(self.stream(kind), {"data": text})
        except redis.RedisError:
            log.exception("could not queue a %s job; the sweep puts a bot turn again", kind)

    def _free(self, kind: str) -> int:
        """How many more jobs of ``kind`` this instance may run now."""
        stream = self.stream(kind)
        return self._capacities[kind] - sum(1 for name, _ in self._running if name == stream)

    async def _read(self, kind: str) -> None:
        """Take new jobs of ``kind`` while it has free workers."""
        while True:
            free = self._free(kind)
            if free <= 0:
                self._room[kind].clear()
                await self._room[kind].wait()
                continue
            try:
                replies = await self._reader.xreadgroup(
                    GROUP, self.consumer, {self.stream(kind): ">"}, count=free, block=READ_BLOCK_MS
                )
            except redis.RedisError as error:
                log.warning("reading jobs from Redis failed; trying again", exc_info=True)
                await asyncio.sleep(1)
                if "NOGROUP" in str(error):  # Redis lost its data (restarted without persistence)
                    with contextlib.suppress(redis.RedisError):
                        await self._groups()
                continue
            answer: Any = replies or []  # RESP2: [[stream, [(id, fields), ...]], ...]
            for stream, entries in answer:
                for entry_id, fields in entries:
                    self._start(stream, entry_id, fields)

    async def _reclaim(self) -> None:
        """Every third of ``claim_seconds``: claim the jobs running here again (so they never look idle),
        and take over those of instances that stopped claiming theirs."""
        while True:
            await asyncio.sleep(self.claim_seconds / 3)
            try:
                for kind in self._handlers:
                    stream = self.stream(kind)
                    mine: list[Any] = [entry for (s, entry) in list(self._running) if s == stream]
                    if mine:
                        await self._client.xclaim(stream, GROUP, self.consumer, 0, mine, justid=True)
                    free = self._free(kind)
                    if free <= 0:
                        continue
                    idle = int(self.claim_seconds * 1000)
                    reply = await self._client.xautoclaim(stream, GROUP, self.consumer, idle, count=free)
                    for entry_id, fields in reply[1]:
                        if fields:  # an entry deleted meanwhile comes back empty
                            log.info("taking over job %s of %s from a stopped instance", entry_id, stream)
                            self._start(stream, entry_id, fields)
            except redis.RedisError:
                log.warning("claiming jobs in Redis failed; trying again", exc_info=True)

    def _start(self, stream: bytes | str, entry_id: bytes | str, fields: dict[Any, Any]) -> None:
        name = stream.decode() if isinstance(stream, bytes) else stream
        key = (name, entry_id if isinstance(entry_id, bytes) else entry_id.encode())
        if key in self._running:
            return
        kind = name.removeprefix(f"{self.prefix}:jobs:")
        try:
            data = json.loads(fields.get(b"data", b""))
            if not isinstance(data, dict):
                raise ValueError("a job's data is a JSON object")
        except (TypeError, ValueError):
            log.warning("dropped an entry of %s that no cardtable server put", name)
            _spawn(self._tasks, self._done(key))
            return
        task = asyncio.get_running_loop().create_task(self._run(key, kind, data))
        self._running[key] = task

    async def _run(self, key: tuple[str, bytes], kind: str, data: dict[str, Any]) -> None:
        try:
            await _guarded(kind, self._handlers[kind], data)
        except asyncio.CancelledError:  # stopping: left pending, for another instance to claim
            self._finished(key, kind)
            raise
        self._finished(key, kind)
        await self._done(key)

    def _finished(self, key: tuple[str, bytes], kind: str) -> None:
        self._running.pop(key, None)
        self._room[kind].set()

    async def _done(self, key: tuple[str, bytes]) -> None:
        stream, entry_id = key
        try:
            async with self._client.pipeline(transaction=False) as pipe:
                pipe.xack(stream, GROUP, entry_id)
                pipe.xdel(stream, entry_id)
                await pipe.execute()
        except redis.RedisError:
            log.warning("could not acknowledge job %s; another instance may run it again", entry_id)


async def _guarded(kind: str, handler: Handler, data: dict[str, Any]) -> None:
    """Run a job; a failure is logged (the job is not tried again)."""
    try:
        await handler(data)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("a %s job failed: %s", kind, data)


def _spawn(tasks: set[asyncio.Task[None]], coroutine: Awaitable[None]) -> None:
    task = asyncio.ensure_future(coroutine)
    tasks.add(task)
    task.add_done_callback(tasks.discard)


async def _cancel(tasks: set[asyncio.Task[None]]) -> None:
    for task in list(tasks):
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
