"""Game reviews: ask for the review of one seat of a finished table or uploaded record, then follow its
progress until its result is there. A review already stored comes back at once (200); one that starts, or
runs or waits queued already, answers 202 with its progress: its place in the queue while it waits, the
seconds left once it runs (``services.reviews``). A client address may start only so many reviews
(``review_address_attempts``); beyond that, 429 says how long to wait."""

from __future__ import annotations

from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Path, Request, Response, status

from ..deps import CurrentUser, Services, ServicesDep, client_address
from ..language import answer_language
from ..schemas import MAX_INT, ErrorPublic, ReviewIn, ReviewPublic, UserPublic
from .replays import ShareKey

router = APIRouter(
    prefix="/api",
    tags=["reviews"],
    responses={401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}},
)
Id = Annotated[int, Path(ge=1, le=MAX_INT)]
ASKED: dict[int | str, dict[str, Any]] = {
    202: {
        "model": ReviewPublic,
        "description": "The review runs, or waits queued: its progress (place in the queue, seconds left).",
    },
    400: {"model": ErrorPublic},
    409: {"model": ErrorPublic, "description": "The game is not over."},
    429: {
        "model": ErrorPublic,
        "description": "You have as many reviews running as you may, or too many came from your address.",
    },
}


@router.post("/replays/tables/{table_id}/reviews", responses=ASKED)
async def review_table(
    table_id: Id,
    body: ReviewIn,
    services: ServicesDep,
    user: CurrentUser,
    response: Response,
    request: Request,
) -> ReviewPublic:
    """Review one seat of a finished table's game with the ``hard`` bot's search: the stored review
    (200), or its progress (202) while it runs in the review workers."""
    return await _request(services, user, body, request, response, lambda: services.lobby.record(table_id))


@router.post("/replays/uploads/{upload_id}/reviews", responses=ASKED)
async def review_upload(
    upload_id: Id,
    body: ReviewIn,
    services: ServicesDep,
    user: CurrentUser,
    response: Response,
    request: Request,
) -> ReviewPublic:
    """Review one seat of an uploaded record of a finished game: the stored review (200), or its progress
    (202) while it runs."""
    return await _request(
        services, user, body, request, response, lambda: services.replays.upload_record(user, upload_id)
    )


@router.post("/replays/shared/{key}/reviews", responses=ASKED)
async def review_shared(
    key: ShareKey,
    body: ReviewIn,
    services: ServicesDep,
    user: CurrentUser,
    response: Response,
    request: Request,
) -> ReviewPublic:
    """Review one seat of a shared record of a finished game, as ``review_upload`` does."""
    return await _request(
        services, user, body, request, response, lambda: services.replays.shared_record(key)
    )


@router.get("/reviews/{review_id}")
def get_review(
    review_id: Id, services: ServicesDep, user: CurrentUser, request: Request, response: Response
) -> ReviewPublic:
    """A review's progress (``percent`` of its decisions judged) while it runs, its result once done, its
    words in your language; only for a user who asked for it (through its record), 404 for anyone else."""
    return services.reviews.get(review_id, user, answer_language(request, user, response))


async def _request(
    services: Services, user: UserPublic, body: ReviewIn, request: Request, response: Response, record: Any
) -> ReviewPublic:
    address, language = client_address(request), answer_language(request, user, response)

    def ask() -> ReviewPublic:
        return services.reviews.request(
            user, record(), body.seat, body.iterations, address=address, language=language
        )

    review = await anyio.to_thread.run_sync(ask)
    if review.status != "done":
        response.status_code = status.HTTP_202_ACCEPTED
    return review
