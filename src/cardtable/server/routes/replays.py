"""Replays: a finished table's game or an uploaded record, step by step with every hand shown; uploading
a record (checked by ``cardtable.replay``) and downloading it again."""

from __future__ import annotations

import json
from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Path, Request, status

from ..deps import CurrentUser, ServicesDep
from ..errors import Invalid, Refused
from ..schemas import MAX_INT, ErrorPublic, ReplayFrame, ReplayPublic, UploadPublic

UPLOAD_MAX_BYTES = 2_000_000

router = APIRouter(
    prefix="/api/replays",
    tags=["replays"],
    responses={401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}},
)
TableId = Annotated[int, Path(ge=1, le=MAX_INT)]
UploadId = Annotated[int, Path(ge=1, le=MAX_INT)]
Step = Annotated[int, Path(ge=0, le=MAX_INT)]


class TooLarge(Refused):
    status = 413
    code = "too-large"


@router.get("/tables/{table_id}", responses={409: {"model": ErrorPublic}})
def table_replay(table_id: TableId, services: ServicesDep, user: CurrentUser) -> ReplayPublic:
    """The replay of a finished table: its players and every move (available once the game is over)."""
    return services.replays.of_table(table_id)


@router.get("/tables/{table_id}/steps/{step}", responses={409: {"model": ErrorPublic}})
def table_frame(table_id: TableId, step: Step, services: ServicesDep, user: CurrentUser) -> ReplayFrame:
    """A finished table's game after ``step`` moves (0: the set-up), as every seat saw it."""
    return services.replays.table_frame(table_id, step)


@router.post(
    "/uploads",
    status_code=status.HTTP_201_CREATED,
    responses={400: {"model": ErrorPublic}, 413: {"model": ErrorPublic}},
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"type": "object", "title": "cardtable-record/1"}}},
        }
    },
)
async def upload(request: Request, services: ServicesDep, user: CurrentUser) -> ReplayPublic:
    """Upload a game record (cardtable-record/1, at most 2 MB) to replay it. It is replayed with
    ``cardtable.replay`` first: a record the rules refuse gets a 400 naming the first bad event."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > UPLOAD_MAX_BYTES:
            raise TooLarge(f"a record may have at most {UPLOAD_MAX_BYTES} bytes")
    try:
        record: Any = json.loads(body)
    except (ValueError, RecursionError) as error:
        raise Invalid(f"a record is JSON: {error}", code="bad-json") from None
    return await anyio.to_thread.run_sync(services.replays.upload, user, record)


@router.get("/uploads")
def my_uploads(services: ServicesDep, user: CurrentUser) -> list[UploadPublic]:
    """The records you uploaded, newest first."""
    return services.replays.uploads_of(user)


@router.get("/uploads/{upload_id}")
def upload_replay(upload_id: UploadId, services: ServicesDep, user: CurrentUser) -> ReplayPublic:
    """The replay of an uploaded record."""
    return services.replays.of_upload(upload_id)


@router.get("/uploads/{upload_id}/steps/{step}")
def upload_frame(upload_id: UploadId, step: Step, services: ServicesDep, user: CurrentUser) -> ReplayFrame:
    """An uploaded game after ``step`` moves, as every seat saw it."""
    return services.replays.upload_frame(upload_id, step)


@router.get("/uploads/{upload_id}/record")
def upload_record(upload_id: UploadId, services: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """An uploaded record, as it was uploaded."""
    return services.replays.upload_record(upload_id)
