"""Runs game reviews in the bot workers: ``submit(job)`` is the one way a review starts, and the place a
shared queue of bot work takes it over.

Decisions:
- A review is work of its own kind beside bot turns: the runner asks the workers for the review's plan,
  then for one decision at a time (``review_worker``), storing the progress after each, and the result
  at the end. Between two decisions of a review the workers take the bot turns queued meanwhile, so a
  long review never stalls the tables.
- At most ``slots`` decisions of reviews are in the workers at once (half the workers, at least one):
  reviews share those in turn and the other workers stay free for bot turns.
- A review that fails (a worker dies, the record is refused) is stored as failed with the reason; asking
  for it again starts it over.
"""

from __future__ import annotations

import asyncio
import logging

import anyio.to_thread

from cardtable.bots.review import summarize

from .bot_driver import BotDriver
from .review_worker import judge_decision, plan_review
from .services.reviews import ReviewJob, ReviewService

log = logging.getLogger(__name__)


class ReviewRunner:
    """Carries out the review jobs of ``service`` on the bot driver's workers."""

    def __init__(self, service: ReviewService, driver: BotDriver) -> None:
        self.service = service
        self.driver = driver
        self._slots = asyncio.Semaphore(max(1, driver.workers // 2))
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        """Take review jobs from now on."""
        self._loop = asyncio.get_running_loop()
        self.service.submit = self.submit

    async def stop(self) -> None:
        """Take no more jobs and cancel those under way (they are stored as running, then interrupted)."""
        self.service.submit = lambda job: None
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def submit(self, job: ReviewJob) -> None:
        """Start ``job`` (callable from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._spawn, job)

    def _spawn(self, job: ReviewJob) -> None:
        task = asyncio.get_running_loop().create_task(self._run(job))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, job: ReviewJob) -> None:
        try:
            await self._review(job)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.exception("review %d failed", job.review_id)
            await anyio.to_thread.run_sync(self.service.fail, job.review_id, f"the review failed: {error}")

    async def _review(self, job: ReviewJob) -> None:
        record, service = job.record, self.service
        async with self._slots:
            judged, forced, steps = await self.driver.run(plan_review, record, job.seat)
        await anyio.to_thread.run_sync(service.progress, job.review_id, 0, len(judged))
        decisions = []
        for done, event in enumerate(judged, start=1):
            async with self._slots:
                decision = await self.driver.run(judge_decision, record, event, job.iterations, job.seed)
            decisions.append({**decision, "step": steps[event]})
            await anyio.to_thread.run_sync(service.progress, job.review_id, done, len(judged))
        result = summarize(record, job.seat, decisions, forced, iterations=job.iterations, seed=job.seed)
        await anyio.to_thread.run_sync(service.finish, job.review_id, result)
