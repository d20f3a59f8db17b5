"""Runs game reviews in worker processes of their own: a review is a job of its own kind (``REVIEW``) on the
queue of bot work (``jobs``), so any instance with a free review slot runs it, as it would a bot's turn.

Decisions:
- Reviews never take the bot turns' workers: they run in a pool of their own (``review_workers``
  processes, ``worker_pool``) at the lowest OS priority but a little (``NICENESS``), so on the default
  one-bot-worker server on two cores the server and the bot worker get the CPU first. With four reviews
  asked, a bot table kept 0.98 of its move rate without them (``benchmarks/review_stall.py``; 0.05 when
  reviews shared the bot worker: one review cut a table from 15 moves in 15 s to 2 moves in 90 s).
- The runner asks the review workers for the review's plan, then for one move at a time
  (``review_worker``), storing the progress after each (with the seconds per move so far, for the
  estimate), then for its summary, and stores the result: a review yields its worker between two
  moves, so the moves of the reviews that run take turns and a stopping server loses one move at most.
- At most ``capacity`` (``review_running``) reviews run on an instance at once; the others wait, queued,
  smallest review id first (``OrderedSlots``: the order their place in the queue is counted in), and
  while one waits its row is touched every ``KEEP_SECONDS`` so it is not taken for interrupted. With
  several instances at most ``capacity`` reviews run on each: the jobs beyond wait in the shared stream
  for an instance with a free slot (a review waiting there longer than ``STALE_SECONDS`` is shown
  interrupted; asking again queues it once more).
- The job carries the review's inputs (``ReviewJob``: the stored review it fills in, the record, seat and
  budget): a finished game's record never changes, so it is no state that moves on, and whichever
  instance takes the job needs nothing else. A job whose review is no longer queued or running (done or
  failed meanwhile) is dropped.
- A review whose instance died is restarted, as the queue does with a bot turn: its job is claimed by
  another instance once the dead one stopped claiming it (``bot_lease_seconds``), which judges it again
  from the first decision (its progress starts over; a review is reproducible, so the result is the same).
  A review run twice (claimed from an instance that was only slow) stores the same result twice.
  An instance that stops leaves its reviews to the others the same way; a single server marks them
  failed when it starts again (``ReviewService.forget_interrupted``), and asking again starts them over.
  A review whose job could not be queued (Redis unreachable) is shown as interrupted once it made no
  progress for ``STALE_SECONDS``; asking again queues it once more (if both jobs run, they store the same
  result).
- A review that fails (a worker dies, the record is refused) is stored as failed with the reason; asking
  for it again starts it over.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from typing import Any

import anyio.to_thread

from cardtable.bots.review import plan

from .jobs import Jobs
from .ordered_slots import OrderedSlots
from .review_worker import judge_decision, summarize_review
from .services.reviews import STALE_SECONDS, ReviewJob, ReviewService
from .worker_pool import WorkerPool

log = logging.getLogger(__name__)
REVIEW = "review"
"""The kind of job of a game review (``jobs``)."""
NICENESS = 10
"""Added to the review workers' OS niceness: the scheduler gives a nice-0 process (the server, the bot
workers) about ten times their share of a busy core, yet an idle core is all theirs. (19, the lowest,
starved reviews outright on a 2-core machine running anything else.)"""
KEEP_SECONDS = STALE_SECONDS / 4


class ReviewRunner:
    """Carries out the review jobs of ``service`` in ``workers`` review processes (0: threads of the
    server), at most ``running`` reviews at once."""

    def __init__(self, service: ReviewService, *, workers: int, running: int) -> None:
        self.service = service
        self.capacity = running
        """Reviews that run on this instance at once."""
        self.pool = WorkerPool(workers, threads=running, niceness=NICENESS, name="review")
        self._slots = OrderedSlots(running)

    def take_from(self, jobs: Jobs) -> None:
        """Put the service's reviews on ``jobs`` and run those this instance takes (before ``jobs.start``)."""
        jobs.handle(REVIEW, self.take, capacity=self.capacity)
        self.service.submit = lambda job: jobs.put(REVIEW, dataclasses.asdict(job))

    async def stop(self) -> None:
        """End the review workers (the jobs under way are cancelled by their queue)."""
        self.pool.stop()

    async def take(self, data: dict[str, Any]) -> None:
        """The ``REVIEW`` job (a ``ReviewJob`` as data): wait for a slot, then judge the record unless its
        review is no longer wanted; a failure is stored with its reason."""
        job = ReviewJob(**data)
        if not await anyio.to_thread.run_sync(self.service.wanted, job.review_id):
            log.info("review %d is no longer running; its job is dropped", job.review_id)
            return

        async def keep() -> None:
            try:
                await anyio.to_thread.run_sync(self.service.keep, job.review_id)
            except Exception:  # a database hiccup: the next keep may pass
                log.warning("could not mark review %d as still queued", job.review_id, exc_info=True)

        await self._slots.acquire(job.review_id, meanwhile=keep, every=KEEP_SECONDS)
        try:
            if not await anyio.to_thread.run_sync(self.service.start, job.review_id):
                log.info("review %d is no longer queued; its job is dropped", job.review_id)
                return
            await self._review(job)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.exception("review %d failed", job.review_id)
            await anyio.to_thread.run_sync(self.service.fail, job.review_id, f"the review failed: {error}")
        finally:
            self._slots.release()

    async def _review(self, job: ReviewJob) -> None:
        record, service = job.record, self.service
        judged, forced = await self.pool.run(plan, record, job.seat)
        await anyio.to_thread.run_sync(service.progress, job.review_id, 0, len(judged))
        decisions = []
        began = time.monotonic()
        for done, event in enumerate(judged, start=1):
            decision = await self.pool.run(judge_decision, record, event, job.iterations, job.seed)
            decisions.append(decision)
            pace = (time.monotonic() - began) / done

            def progress(done: int = done, pace: float = pace) -> None:
                service.progress(job.review_id, done, len(judged), seconds_per_decision=pace)

            await anyio.to_thread.run_sync(progress)
        result = await self.pool.run(
            summarize_review, record, job.seat, decisions, forced, job.iterations, job.seed
        )
        await anyio.to_thread.run_sync(service.finish, job.review_id, result)
