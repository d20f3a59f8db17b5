"""Replays: a finished table's game or an uploaded record, step by step with every hand shown; uploading
a record (checked whole first) and downloading it again. An upload is its uploader's alone (others get
404) until they share it: then its share link's routes (``/shared/{key}``) serve it to anyone logged in,
guests included. Every replay request waits its turn in the replay service's queue
(``fair.FairQueue``): off the event loop, one at a time per user."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import pydantic_core
from fastapi import APIRouter, Path, Request, Response, status
from fastapi.exceptions import RequestValidationError

from ..deps import CurrentUser, Services, ServicesDep
from ..json_input import BadJson, json_error, read_json
from ..language import request_language, vary
from ..schemas import MAX_INT, ErrorPublic, ReplayFrame, ReplayPublic, UploadPublic, UserPublic

UPLOADS = "/api/replays/uploads"
UPLOAD_MAX_BYTES = 2_000_000
"""The largest record upload (``bodies.RequestBodies`` refuses larger bodies on ``UPLOADS``)."""

router = APIRouter(
    prefix="/api/replays",
    tags=["replays"],
    responses={
        401: {"model": ErrorPublic},
        404: {"model": ErrorPublic},
        429: {"model": ErrorPublic, "description": "too many replay requests of yours are waiting"},
    },
)
TableId = Annotated[int, Path(ge=1, le=MAX_INT)]
UploadId = Annotated[int, Path(ge=1, le=MAX_INT)]
Step = Annotated[int, Path(ge=0, le=MAX_INT)]
ShareKey = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the id of a share link")]
UNREADABLE: dict[int | str, dict[str, Any]] = {
    410: {"model": ErrorPublic, "description": "a record stored before uploads were checked whole"}
}


async def _queued(services: Services, user: UserPublic, call: Callable[..., Any], *args: Any) -> Response:
    """``call(*args)`` in the replay queue, its answer serialized there too: a late frame of a long game
    is a large JSON document, and making it is replay work, kept off the event loop like the rest."""

    def answer() -> bytes:
        return pydantic_core.to_json(call(*args))

    content = await services.replays.queue.run(str(user.id), answer)
    return Response(content, media_type="application/json")


@router.get("/tables/{table_id}", response_model=ReplayPublic, responses={409: {"model": ErrorPublic}})
async def table_replay(
    table_id: TableId, services: ServicesDep, user: CurrentUser, request: Request
) -> Response:
    """The replay of a finished table: its players and every move (available once the game is over)."""
    return vary(
        await _queued(services, user, services.replays.of_table, table_id, request_language(request, user))
    )


@router.get(
    "/tables/{table_id}/steps/{step}", response_model=ReplayFrame, responses={409: {"model": ErrorPublic}}
)
async def table_frame(table_id: TableId, step: Step, services: ServicesDep, user: CurrentUser) -> Response:
    """A finished table's game after ``step`` moves (0: the set-up), as every seat saw it."""
    return await _queued(services, user, services.replays.table_frame, table_id, step)


@router.post(
    "/uploads",
    status_code=status.HTTP_201_CREATED,
    response_model=ReplayPublic,
    responses={
        400: {"model": ErrorPublic},
        409: {"model": ErrorPublic, "description": "you keep as many uploaded records as you may"},
        413: {"model": ErrorPublic},
        422: {
            "description": "Validation Error",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HTTPValidationError"}}},
        },
    },
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"type": "object", "title": "cardtable-record/1"}}},
        }
    },
)
async def upload(request: Request, services: ServicesDep, user: CurrentUser) -> Response:
    """Upload a game record (cardtable-record/1, at most 2 MB and 10,000 moves) to replay it. It is checked
    whole first: a record the rules refuse gets a 400 naming the first bad event, and nothing is kept.
    Only you may see it until you share it. You may keep ``CARDTABLE_UPLOAD_QUOTA`` uploads (409 beyond)
    and upload ``CARDTABLE_UPLOAD_ATTEMPTS`` times per ``CARDTABLE_UPLOAD_WINDOW`` seconds (429 beyond)."""
    try:
        record = read_json(await request.body())
    except BadJson as error:  # a body not sent as JSON (the others were read by ``bodies`` already)
        raise RequestValidationError([json_error(error)]) from None
    answer = await _queued(
        services, user, services.replays.upload, user, record, request_language(request, user)
    )
    answer.status_code = status.HTTP_201_CREATED
    return vary(answer)


@router.get("/uploads")
def my_uploads(services: ServicesDep, user: CurrentUser) -> list[UploadPublic]:
    """The records you uploaded, newest first."""
    return services.replays.uploads_of(user)


@router.get("/uploads/{upload_id}", response_model=ReplayPublic, responses=UNREADABLE)
async def upload_replay(
    upload_id: UploadId, services: ServicesDep, user: CurrentUser, request: Request
) -> Response:
    """The replay of a record you uploaded."""
    language = request_language(request, user)
    return vary(await _queued(services, user, services.replays.of_upload, user, upload_id, language))


@router.get("/uploads/{upload_id}/steps/{step}", response_model=ReplayFrame, responses=UNREADABLE)
async def upload_frame(upload_id: UploadId, step: Step, services: ServicesDep, user: CurrentUser) -> Response:
    """A game you uploaded after ``step`` moves, as every seat saw it."""
    return await _queued(services, user, services.replays.upload_frame, user, upload_id, step)


@router.get("/uploads/{upload_id}/record", response_model=dict[str, Any], responses=UNREADABLE)
async def upload_record(upload_id: UploadId, services: ServicesDep, user: CurrentUser) -> Response:
    """A record you uploaded, as it was uploaded."""
    return await _queued(services, user, services.replays.upload_record, user, upload_id)


@router.delete("/uploads/{upload_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_upload(upload_id: UploadId, services: ServicesDep, user: CurrentUser) -> None:
    """Delete a record you uploaded (its share link stops working), making room for another."""
    services.replays.delete(user, upload_id)


@router.post("/uploads/{upload_id}/share")
def share_upload(upload_id: UploadId, services: ServicesDep, user: CurrentUser) -> UploadPublic:
    """Share a record you uploaded: its ``share_key`` makes the link ``/replays/shared/<share_key>``, with
    which anyone may replay it, download it and have it reviewed. Sharing it again gives the same link."""
    return services.replays.share(user, upload_id)


@router.delete("/uploads/{upload_id}/share", status_code=status.HTTP_204_NO_CONTENT)
def unshare_upload(upload_id: UploadId, services: ServicesDep, user: CurrentUser) -> None:
    """Stop sharing a record you uploaded: its link answers 404 from now on (sharing it again makes a new
    link)."""
    services.replays.unshare(user, upload_id)


@router.get("/shared/{key}", response_model=ReplayPublic, responses=UNREADABLE)
async def shared_replay(
    key: ShareKey, services: ServicesDep, user: CurrentUser, request: Request
) -> Response:
    """The replay of a record its uploader shares as ``key``."""
    return vary(
        await _queued(services, user, services.replays.of_shared, key, request_language(request, user))
    )


@router.get("/shared/{key}/steps/{step}", response_model=ReplayFrame, responses=UNREADABLE)
async def shared_frame(key: ShareKey, step: Step, services: ServicesDep, user: CurrentUser) -> Response:
    """A shared game after ``step`` moves, as every seat saw it."""
    return await _queued(services, user, services.replays.shared_frame, key, step)


@router.get("/shared/{key}/record", response_model=dict[str, Any], responses=UNREADABLE)
async def shared_record(key: ShareKey, services: ServicesDep, user: CurrentUser) -> Response:
    """A shared record, as it was uploaded."""
    return await _queued(services, user, services.replays.shared_record, key)
