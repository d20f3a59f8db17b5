"""Bots in the seats: the service hands out bot turns, the driver lets the bot think away from the event loop
and gives its move back to the service, which checks it like any other move.

Decisions:
- Bots think in a pool of ``bot_workers`` processes (spawned, so they share nothing with the server's
  threads): a search bot that takes a second per move uses another core instead of the server's
  interpreter. ``bot_workers=0`` uses threads instead (tests, one-core machines). A worker gets a copy of
  the state and returns an action id. Workers end themselves when the server process dies.
- A bot that fails (raises, or its process dies) is logged, the pool is renewed if it broke, and the random
  bot moves for it this once, so no table hangs on a broken bot.
- Each turn first waits ``delay`` seconds, so people at the table can follow the play.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import anyio.to_thread

from .bot_worker import choose, follow_parent
from .errors import Refused
from .services.tables import TableService
from .services.turns import BotTurn

log = logging.getLogger(__name__)
FALLBACK = "random"
T = TypeVar("T")


class BotDriver:
    """Runs every bot turn the service hands out; start and stop it with the server."""

    def __init__(self, service: TableService, *, workers: int, delay: float) -> None:
        self.service = service
        self.workers = workers
        self.delay = delay
        self._pool: Executor | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        """Take bot turns from now on (the pool's processes start with the first turn)."""
        self._loop = asyncio.get_running_loop()
        self.service.turns.bot_turns = self.request

    async def stop(self) -> None:
        """Stop taking turns, cancel those under way, and end the pool."""
        self.service.turns.bot_turns = lambda turn: None
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def request(self, turn: BotTurn) -> None:
        """Take ``turn`` (callable from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._spawn, turn)

    def _spawn(self, turn: BotTurn) -> None:
        task = asyncio.get_running_loop().create_task(self._take(turn))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _take(self, turn: BotTurn) -> None:
        if self.delay:
            await asyncio.sleep(self.delay)
        try:
            action = await self.run(choose, turn.level, turn.seed, turn.state)
        except Exception:
            log.exception(
                "bot %r failed at table %d; the random bot moves instead", turn.level, turn.table_id
            )
            action = choose(FALLBACK, turn.seed, turn.state)
        try:
            await anyio.to_thread.run_sync(self.service.play_bot, turn, action)
        except Refused as refused:
            log.info("bot turn at table %d not taken: %s", turn.table_id, refused.detail)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the bot workers (its arguments and result are pickled): bot turns and other
        bot work such as game reviews share the pool. A pool broken by a dead worker is renewed."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor(), work, *args)
        except BrokenProcessPool:
            self._pool = None
            raise

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=follow_parent, initargs=(os.getpid(),)
                )
            else:
                self._pool = ThreadPoolExecutor(4, thread_name_prefix="bot")
        return self._pool
