"""Bots in the seats: the service puts a job for each bot turn (``jobs``), the driver takes it, lets the bot
think away from the event loop and gives its move back to the service, which checks it like any other move.

Decisions:
- Bots think in a pool of ``bot_workers`` processes (spawned, so they share nothing with the server's
  threads): a search bot that takes a second per move uses another core instead of the server's
  interpreter. ``bot_workers=0`` uses threads instead (tests, one-core machines). A worker gets a copy of
  the state and returns an action id. Workers end themselves when the server process dies.
- A bot that fails (raises, or its process dies) is logged, the pool is renewed if it broke, and the random
  bot moves for it this once, so no table hangs on a broken bot.
- Each turn's job is put ``bot_delay`` seconds after the turn came (``Turns``), so people at the table can
  follow the play; the job names the table and its version, and the driver reads the turn when it runs it
  (a job for a turn that has passed is dropped).
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

log = logging.getLogger(__name__)
FALLBACK = "random"
BOT_TURN = "bot-turn"
"""The kind of job of a bot's turn, or a stand-in's move (``jobs``)."""
THREADS = 4
"""Bot threads with ``bot_workers=0``."""
T = TypeVar("T")


class BotDriver:
    """Runs the bots' turns (the handler of ``BOT_TURN`` jobs) and any other work sent to the bot workers;
    start and stop it with the server."""

    def __init__(self, service: TableService, *, workers: int) -> None:
        self.service = service
        self.workers = workers
        self._pool: Executor | None = None

    @property
    def capacity(self) -> int:
        """How many jobs this instance runs at once: one a worker process (the threads' pool: its size)."""
        return self.workers or THREADS

    async def stop(self) -> None:
        """End the pool (the jobs under way are cancelled by their queue)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def take_turn(self, job: dict[str, Any]) -> None:
        """The ``BOT_TURN`` job ``{"table": id, "version": n}``: if the table still waits for a bot at
        that version, the bot thinks in a worker and its move is played like any other."""
        turn = await anyio.to_thread.run_sync(self.service.turns.turn_for, job["table"], job["version"])
        if turn is None:
            return
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
                self._pool = ThreadPoolExecutor(THREADS, thread_name_prefix="bot")
        return self._pool
