"""Runs game reviews in the bot workers: a review is a job of its own kind (``REVIEW``) on the queue of bot
work (``jobs``), so any instance with a free worker for reviews runs it, as it would a bot's turn.

Decisions:
- A review is work of its own kind beside bot turns: the runner asks the workers for the review's plan,
  then for one decision at a time (``review_worker``), storing the progress after each, and the result
  at the end. Between two decisions of a review the workers take the bot turns queued meanwhile, so a
  long review never stalls the tables.
- At most ``capacity`` decisions of reviews are in an instance's workers at once (half its workers, at
  least one), so the other workers stay free for bot turns. With several instances at most ``capacity``
  reviews run on each, and the others wait in the queue for any instance with a free review worker; a
  single instance runs them all at once, their decisions taking turns.
- The job carries the review's inputs (``ReviewJob``: the stored review it fills in, the record, seat and
  budget): a finished game's record never changes, so it is no state that moves on, and whichever
  instance takes the job needs nothing else. A job whose review is no longer running (done or failed
  meanwhile) is dropped.
- A review whose instance died is restarted, as the queue does with a bot turn: its job is claimed by
  another instance once the dead one stopped claiming it (``bot_lease_seconds``), which judges it again
  from the first decision (its progress starts over; a review is reproducible, so the result is the same).
  A review run twice (claimed from an instance that was only slow) stores the same result twice.
  An instance that stops leaves its reviews to the others the same way; a single server marks them
  failed when it starts again (``ReviewService.forget_interrupted``), and asking again starts them over.
  A review whose job could not be queued (Redis unreachable), or that waited in the queue that long, is
  shown as interrupted once it made no progress for ``STALE_SECONDS``; asking again queues it once more
  (if both jobs run, they store the same result).
- A review that fails (a worker dies, the record is refused) is stored as failed with the reason; asking
  for it again starts it over.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

import anyio.to_thread

from cardtable.bots.review import summarize

from .bot_driver import BotDriver
from .jobs import Jobs
from .review_worker import judge_decision, plan_review
from .services.reviews import ReviewJob, ReviewService

log = logging.getLogger(__name__)
REVIEW = "review"
"""The kind of job of a game review (``jobs``)."""


class ReviewRunner:
    """Carries out the review jobs of ``service`` on the bot driver's workers."""

    def __init__(self, service: ReviewService, driver: BotDriver) -> None:
        self.service = service
        self.driver = driver
        self.capacity = max(1, driver.workers // 2)
        """Reviews that run on this instance at once."""
        self._slots = asyncio.Semaphore(self.capacity)

    def take_from(self, jobs: Jobs) -> None:
        """Put the service's reviews on ``jobs`` and run those this instance takes (before ``jobs.start``)."""
        jobs.handle(REVIEW, self.take, capacity=self.capacity)
        self.service.submit = lambda job: jobs.put(REVIEW, dataclasses.asdict(job))

    async def take(self, data: dict[str, Any]) -> None:
        """The ``REVIEW`` job (a ``ReviewJob`` as data): judge the record unless its review no longer runs;
        a failure is stored with its reason."""
        job = ReviewJob(**data)
        if not await anyio.to_thread.run_sync(self.service.running, job.review_id):
            log.info("review %d is no longer running; its job is dropped", job.review_id)
            return
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
