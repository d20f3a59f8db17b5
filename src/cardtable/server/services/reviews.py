"""Game reviews online: asked for on a finished game one can replay, run by the bot workers, stored once
done and shown at once the next time.

Decisions:
- Only a finished game is reviewed: its whole record is public by then (a table's once it is over, an
  upload to anyone who may replay it), so a review can show no card a seat might not yet see. A review
  of a game in play is refused like its record and its replay.
- A review is stored once per record, seat and budget (``record_key`` hashes the game, options and
  events: a table's record and an upload of it share their reviews), and is reproducible: the site's seed
  is ``SEED``, so the same budget always gives the same review.
- The budget is ``iterations`` per decision (reproducible, unlike seconds): the site's
  ``review_iterations`` when the request names none, never more. With at most ``MAX_DECISIONS`` judged
  decisions (refused above, counted from the record before any search) a review costs at most
  ``MAX_DECISIONS * review_iterations`` search iterations.
- A user may have ``review_limit`` reviews running that they started; another is refused (429) with the
  reason. Asking for a review that runs already (started by anyone) shows its progress and costs nothing.
- A run that made no progress for ``STALE_SECONDS`` was interrupted (its server stopped): it is shown as
  failed, and asking again starts it over. A single server marks its own unfinished runs failed when it
  starts (``forget_interrupted``); beside other instances, the run of one that died is taken over by
  another through the job queue (``review_runner``).
- The service stores and checks; running the job is the ``submit`` function's (``review_runner``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

import cardtable
from cardtable.core.game import JsonDict

from ..db.database import Database
from ..db.models import Review
from ..errors import Invalid, NotFound, Refused, TooMany
from ..schemas import ReviewPublic, UserPublic
from .accounts import now

SEED = 0
"""The seed of every review the site runs."""
MAX_DECISIONS = 400
"""A seat with more decisions than this in a record is not reviewed (its review would run for hours)."""
STALE_SECONDS = 600.0
"""A running review without progress for this long was interrupted (far longer than one decision)."""
RETRY_SECONDS = 30.0
INTERRUPTED = "the review was interrupted (its server stopped): ask for it again"


@dataclass(frozen=True)
class ReviewJob:
    """A review to run, as plain data a queue can carry: the stored review it fills in and its inputs."""

    review_id: int
    record: dict[str, Any]
    seat: int
    iterations: int
    seed: int = SEED


def record_key(record: Mapping[str, Any]) -> str:
    """What a review of ``record`` depends on, hashed: the game, its options and its events."""
    content = {key: record[key] for key in ("game", "options", "events")}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


class ReviewService:
    """Asks for, stores and shows reviews; ``submit`` is set by the runner that carries jobs out."""

    def __init__(self, db: Database, *, iterations: int, limit: int) -> None:
        self.db = db
        self.iterations = iterations
        self.limit = limit
        self.submit: Callable[[ReviewJob], None] = lambda job: None

    def request(
        self, user: UserPublic, record: Mapping[str, Any], seat: int, iterations: int | None
    ) -> ReviewPublic:
        """The review of ``seat`` in the finished ``record`` at ``iterations`` per decision: stored or
        running already, else started (Refused says why not)."""
        budget = self._budget(iterations)
        _check(record, seat)
        key = record_key(record)
        try:
            with self.db.write() as session:
                row = session.execute(_keyed(key, seat, budget)).scalar_one_or_none()
                if row is not None and not _restartable(row):
                    return _public(row)
                self._check_limit(session, user)
                if row is None:
                    row = Review(
                        record_key=key, seat=seat, iterations=budget, status="running", updated_at=now()
                    )
                    session.add(row)
                _restart(row, user)
                session.flush()
                public = _public(row)
        except IntegrityError:  # asked for at the same moment by someone else: theirs runs
            with self.db.read() as session:
                return _public(session.execute(_keyed(key, seat, budget)).scalar_one())
        self.submit(ReviewJob(public.id, dict(record), seat, budget))
        return public

    def get(self, review_id: int) -> ReviewPublic:
        """A review's progress, or its result; NotFound if there is none."""
        with self.db.read() as session:
            row = session.get(Review, review_id)
            if row is None:
                raise NotFound(f"there is no review {review_id}", code="unknown-review")
            return _public(row)

    def running(self, review_id: int) -> bool:
        """True if ``review_id`` is stored as running (neither done nor failed)."""
        with self.db.read() as session:
            return session.scalar(select(Review.status).where(Review.id == review_id)) == "running"

    def progress(self, review_id: int, done: int, total: int) -> None:
        """The run of ``review_id`` judged ``done`` of ``total`` decisions."""
        self._set(review_id, done=done, total=total)

    def finish(self, review_id: int, result: JsonDict) -> None:
        self._set(review_id, status="done", done=result["judged"], total=result["judged"], result=result)

    def fail(self, review_id: int, error: str) -> None:
        self._set(review_id, status="failed", error=error[:300])

    def forget_interrupted(self) -> int:
        """Mark every running review failed: at the start of the only server, none is running."""
        with self.db.write() as session:
            query = update(Review).where(Review.status == "running")
            changed = session.execute(query.values(status="failed", error=INTERRUPTED, updated_at=now()))
            return int(changed.rowcount)  # type: ignore[attr-defined]

    def _budget(self, iterations: int | None) -> int:
        if iterations is None:
            return self.iterations
        if iterations > self.iterations:
            raise Invalid(
                f"a review may search at most {self.iterations} iterations per decision on this site",
                code="budget-too-large",
            )
        return iterations

    def _check_limit(self, session: Any, user: UserPublic) -> None:
        running = session.scalar(
            select(func.count())
            .select_from(Review)
            .where(Review.requested_by == user.id, Review.status == "running", Review.updated_at > _fresh())
        )
        if running >= self.limit:
            raise TooMany(
                f"you have {running} reviews running, the most at a time: ask again once one is done",
                retry_after=RETRY_SECONDS,
            )

    def _set(self, review_id: int, **values: Any) -> None:
        with self.db.write() as session:
            session.execute(update(Review).where(Review.id == review_id).values(**values, updated_at=now()))


def _check(record: Mapping[str, Any], seat: int) -> None:
    """Refuse a review of a game in play, of a seat not at the table, or of too many decisions."""
    if record.get("result") is None:
        raise Refused("only a finished game is reviewed: this record's game is not over", code="not-over")
    players = cardtable.make(record["game"], **record["options"]).players
    if not 0 <= seat < players:
        raise Invalid(f"seat must be one of 0..{players - 1} in this game, got {seat}", code="bad-seat")
    moves = sum(1 for event in record["events"] if "move" in event and event.get("seat") == seat)
    if moves > MAX_DECISIONS:
        raise Invalid(
            f"seat {seat} made {moves} moves in this game; a review takes at most {MAX_DECISIONS}",
            code="too-long",
        )


def _keyed(key: str, seat: int, budget: int) -> Any:
    return select(Review).where(Review.record_key == key, Review.seat == seat, Review.iterations == budget)


def _fresh() -> datetime:
    return now() - timedelta(seconds=STALE_SECONDS)


def _restartable(row: Review) -> bool:
    return row.status == "failed" or (row.status == "running" and _aware(row.updated_at) <= _fresh())


def _restart(row: Review, user: UserPublic) -> None:
    row.status, row.done, row.total, row.result, row.error = "running", 0, None, None, None
    row.requested_by, row.updated_at = user.id, now()


def _aware(moment: datetime) -> datetime:
    """SQLite gives timestamps back without their time zone (UTC, as stored)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=now().tzinfo)


def _public(row: Review) -> ReviewPublic:
    status = row.status
    error = row.error
    if status == "running" and _aware(row.updated_at) <= _fresh():
        status, error = "failed", INTERRUPTED
    total = row.total
    return ReviewPublic(
        id=row.id,
        seat=row.seat,
        iterations=row.iterations,
        status=status,  # type: ignore[arg-type]
        done=row.done,
        total=total,
        percent=100 if status == "done" else (100 * row.done // total if total else 0),
        error=error,
        result=row.result,
    )
