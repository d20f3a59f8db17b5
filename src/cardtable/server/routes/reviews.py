"""Game reviews: ask for the review of one seat of a finished table or uploaded record, then follow its
progress until its result is there. A review already stored comes back at once (200); one that starts, or
runs already, answers 202 with its progress."""

from __future__ import annotations

from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Path, Response, status

from ..deps import CurrentUser, Services, ServicesDep
from ..schemas import MAX_INT, ErrorPublic, ReviewIn, ReviewPublic, UserPublic

router = APIRouter(
    prefix="/api",
    tags=["reviews"],
    responses={401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}},
)
Id = Annotated[int, Path(ge=1, le=MAX_INT)]
ASKED: dict[int | str, dict[str, Any]] = {
    202: {"model": ReviewPublic, "description": "The review runs: its progress."},
    400: {"model": ErrorPublic},
    409: {"model": ErrorPublic, "description": "The game is not over."},
    429: {"model": ErrorPublic, "description": "You have as many reviews running as you may."},
}


@router.post("/replays/tables/{table_id}/reviews", responses=ASKED)
async def review_table(
    table_id: Id, body: ReviewIn, services: ServicesDep, user: CurrentUser, response: Response
) -> ReviewPublic:
    """Review one seat of a finished table's game with the ``hard`` bot's search: the stored review
    (200), or its progress (202) while it runs in the bot workers."""
    return await _request(services, user, body, response, lambda: services.lobby.record(table_id))


@router.post("/replays/uploads/{upload_id}/reviews", responses=ASKED)
async def review_upload(
    upload_id: Id, body: ReviewIn, services: ServicesDep, user: CurrentUser, response: Response
) -> ReviewPublic:
    """Review one seat of an uploaded record of a finished game: the stored review (200), or its progress
    (202) while it runs."""
    return await _request(services, user, body, response, lambda: services.replays.upload_record(upload_id))


@router.get("/reviews/{review_id}")
def get_review(review_id: Id, services: ServicesDep, user: CurrentUser) -> ReviewPublic:
    """A review's progress (``percent`` of its decisions judged) while it runs, its result once done."""
    return services.reviews.get(review_id)


async def _request(
    services: Services, user: UserPublic, body: ReviewIn, response: Response, record: Any
) -> ReviewPublic:
    def ask() -> ReviewPublic:
        return services.reviews.request(user, record(), body.seat, body.iterations)

    review = await anyio.to_thread.run_sync(ask)
    if review.status != "done":
        response.status_code = status.HTTP_202_ACCEPTED
    return review
