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
  ``review_iterations`` when the request names none, never more. A budget asked for is rounded down to
  a level of the ladder 1, 2, 5, 10, 20, 50, ... below the site's, or the site's own (``budget_level``):
  the same record and seat have at most a dozen reviews, so asking 1000 and 1001 cannot start two. With
  at most ``MAX_DECISIONS`` judged decisions (refused above, counted from the record before any search) a
  review costs at most ``MAX_DECISIONS * review_iterations`` search iterations.
- A user may have ``review_limit`` reviews running or queued that they started; another is refused (429)
  with the reason. Guests are cheap, so one client address may also start at most ``per_address`` (a
  ``limits`` window: ``review_address_attempts`` per ``review_address_window``) reviews; beyond that it
  is refused (429, "too many reviews started from here"). Asking for a review that is stored, runs or
  waits already (started by anyone) shows it and costs nothing against either limit.
- A review starts ``queued``: the runner judges at most ``review_running`` at once on an instance, in the
  order of their ids, and the others wait (never refused). While one waits, its progress shows its
  ``place`` in the queue (1: next; the queued reviews with a smaller id, + 1); the public status stays
  ``running`` for both, so a client follows a queued review as any other.
- Its progress shows ``seconds_left``: the decisions still to judge times the seconds per decision
  measured so far in this run (stored with the progress, so every instance shows it; kept in ``result``
  while it runs, and never shown as its result). None until the first decision is judged.
- A run that made no progress for ``STALE_SECONDS`` was interrupted (its server stopped): it is shown as
  failed, and asking again starts it over. A queued review's wait counts as progress while an instance
  holds its job (the runner touches it, ``keep``). A single server marks its own unfinished runs failed
  when it starts (``forget_interrupted``); beside other instances, the run of one that died is taken
  over by another through the job queue (``review_runner``).
- A review is followed by its id only by those who asked for it (``ReviewReader``), each through a
  record they may replay: a review of a private upload shows much of the record, and ids are sequential.
  Anyone else is told there is no such review.
- The service stores and checks; running the job is the ``submit`` function's (``review_runner``).
- A review's words are stored in every language (``review_worker``): each reader is shown theirs.
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
from cardtable.i18n import DEFAULT

from ..db.database import Database
from ..db.models import Review, ReviewReader
from ..errors import Invalid, NotFound, Refused, TooMany
from ..limits import Limit
from ..review_worker import in_language
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
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
UNDER_WAY = (QUEUED, RUNNING)
"""The stored statuses of a review not done yet (both shown as ``running``)."""
LADDER = (1, 2, 5)
"""The budgets a review may have below the site's: these times the powers of ten."""


def budget_level(iterations: int, site: int) -> int:
    """``iterations`` rounded down to the ladder below ``site`` (or ``site`` itself if asked).

    >>> budget_level(1000, 2000), budget_level(1001, 2000), budget_level(1999, 2000), budget_level(2000, 2000)
    (1000, 1000, 1000, 2000)
    >>> budget_level(60, 60), budget_level(59, 60), budget_level(1, 60), budget_level(7, 60)
    (60, 50, 1, 5)
    """
    if iterations >= site:
        return site
    level, scale = 1, 1
    while True:
        for step in LADDER:
            if step * scale > iterations:
                return level
            level = step * scale
        scale *= 10


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

    def __init__(
        self, db: Database, *, iterations: int, limit: int, per_address: Limit | None = None
    ) -> None:
        self.db = db
        self.iterations = iterations
        self.limit = limit
        self.per_address = per_address
        self.submit: Callable[[ReviewJob], None] = lambda job: None

    def request(
        self,
        user: UserPublic,
        record: Mapping[str, Any],
        seat: int,
        iterations: int | None,
        *,
        address: str | None = None,
        language: str = DEFAULT,
    ) -> ReviewPublic:
        """The review of ``seat`` in the finished ``record`` at ``iterations`` per decision (rounded to
        the ladder): stored, running or queued already, else queued (Refused says why not). ``address``
        is the client's, for the limit per address; ``language`` the reader's, for its words."""
        budget = self._budget(iterations)
        _check(record, seat)
        key = record_key(record)
        try:
            with self.db.write() as session:
                row = session.execute(_keyed(key, seat, budget)).scalar_one_or_none()
                if row is not None and not _restartable(row):
                    _let_read(session, row.id, user)
                    return _public(row, _place(session, row), language)
                self._check_limit(session, user)
                if self.per_address is not None and address is not None:
                    self.per_address.check(
                        address, "too many reviews started from here; try again in {seconds} s"
                    )
                if row is None:
                    row = Review(
                        record_key=key, seat=seat, iterations=budget, status=QUEUED, updated_at=now()
                    )
                    session.add(row)
                _restart(row, user)
                session.flush()
                _let_read(session, row.id, user)
                public = _public(row, _place(session, row))
        except IntegrityError:  # asked for at the same moment by someone else: theirs runs
            with self.db.write() as session:
                row = session.execute(_keyed(key, seat, budget)).scalar_one()
                _let_read(session, row.id, user)
                return _public(row, _place(session, row), language)
        self.submit(ReviewJob(public.id, dict(record), seat, budget))
        return public

    def get(self, review_id: int, user: UserPublic, language: str = DEFAULT) -> ReviewPublic:
        """A review's progress (with its place while queued), or its result with its words in
        ``language``; NotFound if there is none, or if ``user`` never asked for it (the same answer: a
        review's id tells nothing)."""
        with self.db.read() as session:
            row = session.get(Review, review_id)
            if row is None or session.get(ReviewReader, (review_id, user.id)) is None:
                raise NotFound("there is no review {review}", code="unknown-review", review=review_id)
            return _public(row, _place(session, row), language)

    def wanted(self, review_id: int) -> bool:
        """True if ``review_id`` is stored as queued or running (neither done nor failed)."""
        with self.db.read() as session:
            return session.scalar(select(Review.status).where(Review.id == review_id)) in UNDER_WAY

    def start(self, review_id: int) -> bool:
        """Mark the queued ``review_id`` running (its turn came); False if it is done or failed."""
        with self.db.write() as session:
            query = update(Review).where(Review.id == review_id, Review.status.in_(UNDER_WAY))
            changed = session.execute(query.values(status=RUNNING, updated_at=now()))
            return int(changed.rowcount) == 1  # type: ignore[attr-defined]

    def keep(self, review_id: int) -> None:
        """``review_id`` still waits in a runner's queue: not interrupted (``STALE_SECONDS``)."""
        with self.db.write() as session:
            query = update(Review).where(Review.id == review_id, Review.status == QUEUED)
            session.execute(query.values(updated_at=now()))

    def progress(
        self, review_id: int, done: int, total: int, *, seconds_per_decision: float | None = None
    ) -> None:
        """The run of ``review_id`` judged ``done`` of ``total`` decisions, taking
        ``seconds_per_decision`` each so far (for the estimate)."""
        pace = None if seconds_per_decision is None else {"seconds_per_decision": seconds_per_decision}
        self._set(review_id, done=done, total=total, result=pace)

    def finish(self, review_id: int, result: JsonDict) -> None:
        self._set(review_id, status=DONE, done=result["judged"], total=result["judged"], result=result)

    def fail(self, review_id: int, error: str) -> None:
        self._set(review_id, status=FAILED, error=error[:300], result=None)

    def forget_interrupted(self) -> int:
        """Mark every queued or running review failed: at the start of the only server, none is."""
        with self.db.write() as session:
            query = update(Review).where(Review.status.in_(UNDER_WAY))
            changed = session.execute(query.values(status=FAILED, error=INTERRUPTED, updated_at=now()))
            return int(changed.rowcount)  # type: ignore[attr-defined]

    def _budget(self, iterations: int | None) -> int:
        if iterations is None:
            return self.iterations
        if iterations > self.iterations:
            raise Invalid(
                "a review may search at most {iterations} iterations per decision on this site",
                code="budget-too-large",
                iterations=self.iterations,
            )
        return budget_level(iterations, self.iterations)

    def _check_limit(self, session: Any, user: UserPublic) -> None:
        running = session.scalar(
            select(func.count())
            .select_from(Review)
            .where(Review.requested_by == user.id, Review.status.in_(UNDER_WAY), Review.updated_at > _fresh())
        )
        if running >= self.limit:
            raise TooMany(
                "you have {running} reviews running, the most at a time: ask again once one is done",
                retry_after=RETRY_SECONDS,
                running=running,
            )

    def _set(self, review_id: int, **values: Any) -> None:
        with self.db.write() as session:
            session.execute(update(Review).where(Review.id == review_id).values(**values, updated_at=now()))


def _let_read(session: Any, review_id: int, user: UserPublic) -> None:
    """``user`` asked for the review through a record they may replay: they may follow it by its id."""
    if session.get(ReviewReader, (review_id, user.id)) is None:
        session.add(ReviewReader(review_id=review_id, user_id=user.id))


def _check(record: Mapping[str, Any], seat: int) -> None:
    """Refuse a review of a game in play, of a seat not at the table, or of too many decisions."""
    if record.get("result") is None:
        raise Refused("only a finished game is reviewed: this record's game is not over", code="not-over")
    players = cardtable.make(record["game"], **record["options"]).players
    if not 0 <= seat < players:
        raise Invalid(
            "seat must be one of 0..{last} in this game, got {seat}",
            code="bad-seat",
            last=players - 1,
            seat=seat,
        )
    moves = sum(1 for event in record["events"] if "move" in event and event.get("seat") == seat)
    if moves > MAX_DECISIONS:
        raise Invalid(
            "seat {seat} made {moves} moves in this game; a review takes at most {most}",
            code="too-long",
            seat=seat,
            moves=moves,
            most=MAX_DECISIONS,
        )


def _keyed(key: str, seat: int, budget: int) -> Any:
    return select(Review).where(Review.record_key == key, Review.seat == seat, Review.iterations == budget)


def _fresh() -> datetime:
    return now() - timedelta(seconds=STALE_SECONDS)


def _restartable(row: Review) -> bool:
    return row.status == FAILED or (row.status in UNDER_WAY and _aware(row.updated_at) <= _fresh())


def _place(session: Any, row: Review) -> int | None:
    """A queued review's place in the queue: the queued reviews before it (by id, as runners take
    them), + 1; None once it runs."""
    if row.status != QUEUED:
        return None
    ahead = session.scalar(
        select(func.count())
        .select_from(Review)
        .where(Review.status == QUEUED, Review.id < row.id, Review.updated_at > _fresh())
    )
    return int(ahead) + 1


def _restart(row: Review, user: UserPublic) -> None:
    row.status, row.done, row.total, row.result, row.error = QUEUED, 0, None, None, None
    row.requested_by, row.updated_at = user.id, now()


def _aware(moment: datetime) -> datetime:
    """SQLite gives timestamps back without their time zone (UTC, as stored)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=now().tzinfo)


def _public(row: Review, place: int | None = None, language: str = DEFAULT) -> ReviewPublic:
    status = RUNNING if row.status == QUEUED else row.status
    error = row.error
    if status == RUNNING and _aware(row.updated_at) <= _fresh():
        status, error, place = FAILED, INTERRUPTED, None
    total = row.total
    return ReviewPublic(
        id=row.id,
        seat=row.seat,
        iterations=row.iterations,
        status=status,  # type: ignore[arg-type]
        done=row.done,
        total=total,
        percent=100 if status == DONE else (100 * row.done // total if total else 0),
        error=error,
        result=in_language(row.result, language) if status == DONE and row.result is not None else None,
        place=place,
        seconds_left=_seconds_left(row) if status == RUNNING else None,
    )


def _seconds_left(row: Review) -> int | None:
    """The decisions still to judge times the seconds per decision measured so far (None before one)."""
    pace = (row.result or {}).get("seconds_per_decision")
    if pace is None or row.total is None:
        return None
    return round((row.total - row.done) * float(pace))
