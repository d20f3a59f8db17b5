"""Costly work shared fairly: run off the event loop by threads of its own, one piece at a time per client.

Replays (``services.replays``) run here: making one replays a whole record, and a client could ask for
many at once. With its own few workers that work never takes the thread pool that moves and logins use;
with each client's pieces run one after the other (first come, first served), many requests from one
client wait behind each other and never hold every worker, so other clients' requests keep being served
in turn; and a client with ``waiting`` pieces already queued is refused (429) until some are done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from .errors import TooMany

T = TypeVar("T")


class FairQueue:
    """Runs blocking calls in ``workers`` threads, each key's calls one at a time, at most ``waiting``
    per key queued or running. Used from the event loop only."""

    def __init__(self, *, workers: int, waiting: int) -> None:
        self.limiter = anyio.CapacityLimiter(workers)
        self.waiting = waiting
        self._turns: dict[str, tuple[anyio.Lock, int]] = {}

    async def run(self, key: str, call: Callable[..., T], *args: object) -> T:
        """``call(*args)`` in a worker thread once ``key``'s earlier calls are done; TooMany if ``key``
        has ``waiting`` calls queued already."""
        lock, count = self._turns.get(key, (None, 0))
        if count >= self.waiting:
            raise TooMany(
                "too many requests at once (at most {most}): wait for answers",
                retry_after=1,
                most=self.waiting,
            )
        lock = lock or anyio.Lock()
        self._turns[key] = (lock, count + 1)
        try:
            async with lock:
                return await anyio.to_thread.run_sync(call, *args, limiter=self.limiter)
        finally:
            lock, count = self._turns[key]
            if count == 1:
                del self._turns[key]
            else:
                self._turns[key] = (lock, count - 1)
