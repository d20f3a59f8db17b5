"""A pool of worker processes for CPU work sent from the event loop: the bot turns' pool
(``bot_driver``) and the game reviews' pool (``review_runner``) are two of them, so neither kind of work
can take the other's workers.

Decisions:
- Workers are spawned (they share nothing with the server's threads) and end themselves when the server
  process dies (``bot_worker.start_worker``). ``workers=0`` runs the work in ``threads`` threads of the
  server instead (tests, one-core machines).
- ``niceness`` is added to each worker process's OS niceness when it starts (``os.nice``): the review
  workers run at the lowest priority, so on a machine with few cores the server and the bot workers get
  the CPU first and a review only takes what they leave. Threads cannot be niced apart from the server.
- A pool broken by a dead worker is renewed at the next call; the call that saw it fails.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from .bot_worker import start_worker

T = TypeVar("T")


class WorkerPool:
    """``workers`` processes (or ``threads`` threads with ``workers=0``), started at the first call."""

    def __init__(self, workers: int, *, threads: int, niceness: int = 0, name: str = "worker") -> None:
        self.workers = workers
        self.threads = threads
        self.niceness = niceness
        self.name = name
        self._pool: Executor | None = None

    @property
    def capacity(self) -> int:
        """How many calls run at once: one a worker process (or a thread)."""
        return self.workers or self.threads

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker (its arguments and result are pickled between processes)."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor(), work, *args)
        except BrokenProcessPool:
            self._pool = None
            raise

    def stop(self) -> None:
        """End the workers; calls under way are cancelled."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers:
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=start_worker,
                    initargs=(os.getpid(), self.niceness),
                )
            else:
                self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix=self.name)
        return self._pool
