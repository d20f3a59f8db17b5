"""Bots in the seats: the service puts a job for each bot turn (``jobs``), the driver takes it, lets the bot
think away from the event loop and gives its move back to the service, which checks it like any other move.

Decisions:
- Bots think in a pool of ``bot_workers`` processes (spawned, so they share nothing with the server's
  threads; ``worker_pool``): a search bot that takes a second per move uses another core instead of the
  server's interpreter. ``bot_workers=0`` uses threads instead (tests, one-core machines). A worker gets a
  copy of the state and returns an action id. Workers end themselves when the server process dies.
- The pool is the bot turns' own: no other work is sent to it (game reviews have a pool of their own,
  ``review_runner``), so a bot's turn never waits behind a long job.
- ``hold_file`` (tests only): while that file exists, a turn's job waits before the bot thinks, so a
  test can hold every table mid-play (e.g. across killing an instance) by a mechanism, not by timing.
- A bot that fails (raises, or its process dies) is logged, the pool is renewed if it broke, and the random
  bot moves for it this once, so no table hangs on a broken bot.
- Each turn's job is put ``bot_delay`` seconds after the turn came (``Turns``), so people at the table can
  follow the play; the job names the table and its version, and the driver reads the turn when it runs it
  (a job for a turn that has passed is dropped).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio.to_thread

from .bot_worker import choose
from .errors import Refused
from .services.tables import TableService
from .worker_pool import WorkerPool

log = logging.getLogger(__name__)
FALLBACK = "random"
BOT_TURN = "bot-turn"
"""The kind of job of a bot's turn, or a stand-in's move (``jobs``)."""
THREADS = 4
"""Bot threads with ``bot_workers=0``."""
HOLD_POLL_SECONDS = 0.1
T = TypeVar("T")


class BotDriver:
    """Runs the bots' turns (the handler of ``BOT_TURN`` jobs) in its own workers; start and stop it with
    the server."""

    def __init__(self, service: TableService, *, workers: int, hold_file: Path | None = None) -> None:
        self.service = service
        self.workers = workers
        self.hold_file = hold_file
        self._pool = WorkerPool(workers, threads=THREADS, name="bot")

    @property
    def capacity(self) -> int:
        """How many jobs this instance runs at once: one a worker process (the threads' pool: its size)."""
        return self._pool.capacity

    async def stop(self) -> None:
        """End the pool (the jobs under way are cancelled by their queue)."""
        self._pool.stop()

    async def take_turn(self, job: dict[str, Any]) -> None:
        """The ``BOT_TURN`` job ``{"table": id, "version": n}``: if the table still waits for a bot at
        that version, the bot thinks in a worker and its move is played like any other."""
        while self.hold_file is not None and self.hold_file.exists():
            await asyncio.sleep(HOLD_POLL_SECONDS)
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
        """``work(*args)`` in the bot workers (its arguments and result are pickled): a bot's move. A pool
        broken by a dead worker is renewed."""
        return await self._pool.run(work, *args)
