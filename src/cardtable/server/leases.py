"""Leadership among server instances: a lease in Redis that one instance holds at a time, renewed by a
heartbeat, and taken over by another when the holder stops renewing it (it died, hung, or lost Redis).

Decisions:
- The lease is one Redis key holding the holder's name, with an expiry of ``seconds``. One script
  renews it when it is ours and takes it when nobody holds it, so a heartbeat is one round trip and two
  instances can never both take it. Each instance tries every third of ``seconds``: when the holder dies,
  another holds the lease between ``seconds`` and ``4/3 seconds`` after its last renewal.
- An instance counts itself the holder until ``seconds`` after it *sent* its last successful renewal,
  which is never later than the key expires in Redis: it stops acting before another may start. A lease
  cannot rule out every overlap (a process frozen past its lease and then resuming); what it guards here
  is also guarded by the database (a bot's move answers a version, and only one move per version is ever
  accepted), so an overlap costs at most a refused move.
- On shutdown the holder deletes the key (only if it is still its own), so another takes over at its
  next heartbeat instead of waiting for the expiry.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio

log = logging.getLogger(__name__)

HOLD = """
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 1
end
if not holder then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 2
end
return 0
"""
"""Renew the lease if ARGV[1] holds it (1), take it if nobody does (2), else leave it (0)."""

RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


def instance_name() -> str:
    """A name for this server process, unique across machines and restarts: host, pid, and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Lease:
    """One named lease in Redis, seen from one would-be holder."""

    def __init__(self, client: redis.asyncio.Redis, key: str, *, holder: str, seconds: float) -> None:
        self.client = client
        self.key = key
        self.holder = holder
        self.seconds = seconds
        self._until = 0.0
        self._hold: Any = client.register_script(HOLD)
        self._release: Any = client.register_script(RELEASE)

    def held(self) -> bool:
        """True while this holder may act on the lease (from any thread)."""
        return time.monotonic() < self._until

    async def hold(self) -> bool | None:
        """Renew or take the lease: True if it was just taken, False if renewed, None if another holds it
        (or Redis did not answer, which counts as not holding it once the last renewal runs out)."""
        sent = time.monotonic()
        try:
            answer = await self._hold(keys=[self.key], args=[self.holder, int(self.seconds * 1000)])
        except redis.RedisError:
            log.warning("could not reach Redis to hold the lease %s", self.key, exc_info=True)
            return None
        if answer == 0:
            self._until = 0.0
            return None
        self._until = sent + self.seconds
        return bool(answer == 2)

    async def release(self) -> None:
        """Give the lease up now, if this holder has it."""
        self._until = 0.0
        with contextlib.suppress(redis.RedisError):
            await self._release(keys=[self.key], args=[self.holder])

    async def current_holder(self) -> str | None:
        """Who holds the lease now, according to Redis."""
        value = await self.client.get(self.key)
        return value.decode() if isinstance(value, bytes) else value


class Leadership:
    """Keeps trying to hold ``lease``: ``on_lead`` runs each time this instance becomes the holder, and
    ``on_hold`` once per lease period while it stays the holder (for sweeps that catch what was missed)."""

    def __init__(
        self,
        lease: Lease,
        *,
        on_lead: Callable[[], Awaitable[None]],
        on_hold: Callable[[], Awaitable[None]],
    ) -> None:
        self.lease = lease
        self.on_lead = on_lead
        self.on_hold = on_hold
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Try once now (so a lone instance leads from its start), then keep a heartbeat."""
        await self._beat(0)
        self._task = asyncio.get_running_loop().create_task(self._heartbeat())

    async def stop(self) -> None:
        """Stop the heartbeat and give the lease up."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.lease.release()

    async def _heartbeat(self) -> None:
        beats = 1
        while True:
            await asyncio.sleep(self.lease.seconds / 3)
            await self._beat(beats)
            beats += 1

    async def _beat(self, beats: int) -> None:
        was = self.lease.held()
        taken = await self.lease.hold()
        if taken is None:
            if was and not self.lease.held():
                log.warning("lost the lease %s", self.lease.key)
            return
        try:
            if taken or not was:
                log.info("holding the lease %s as %s", self.lease.key, self.lease.holder)
                await self.on_lead()
            elif beats % 3 == 0:
                await self.on_hold()
        except Exception:
            log.exception("the work of the lease %s failed; the next heartbeat tries again", self.lease.key)
