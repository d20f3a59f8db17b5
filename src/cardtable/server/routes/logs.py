"""Game logs: a table's log as the caller may see it, and the log of a replay from a chosen seat. A running
table's log is worded from the story the table keeps (no replay: its pages get each step's entries with
the table messages and ask here once, or after a missed message); a finished game's log is made by
replaying its record, told once per seat and kept (``services.logs.TOLD``). Each request waits its turn in
the replay queue (``fair.FairQueue``), off the event loop and one at a time per user, like the replay
frames. Every log is in the reader's language (``server.language``), as the table messages are, and says
so to caches (``answer_language``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from ..deps import CurrentUser, ServicesDep
from ..language import answer_language
from ..schemas import MAX_INT, ErrorPublic, GameLogPublic
from ..services.logs import replay_log, table_log, table_marks
from .replays import ShareKey

router = APIRouter(
    prefix="/api",
    tags=["logs"],
    responses={
        401: {"model": ErrorPublic},
        404: {"model": ErrorPublic},
        429: {"model": ErrorPublic, "description": "too many log or replay requests of yours are waiting"},
    },
)
Id = Annotated[int, Path(ge=1, le=MAX_INT)]
Since = Annotated[int, Query(ge=0, le=MAX_INT, description="only the entries after this record version")]
NO_SUCH_SEAT = {"model": ErrorPublic, "description": "the game has no such seat"}
UNREADABLE = {"model": ErrorPublic, "description": "a record stored before uploads were checked whole"}
Viewer = Annotated[int | None, Query(ge=0, le=16, description="the seat to see the game from (none: public)")]


@router.get("/tables/{table_id}/log")
async def table_game_log(
    table_id: Id,
    services: ServicesDep,
    user: CurrentUser,
    request: Request,
    response: Response,
    since: Since = 0,
) -> GameLogPublic:
    """The game log of a table in words, with the players' names: your seat's view if you play at the
    table, else the public view. Deals and hand results are its section breaks."""
    language = answer_language(request, user, response)
    return await services.replays.queue.run(
        str(user.id), table_log, services.tables, table_id, user.id, since, language
    )


@router.get("/replays/tables/{table_id}/log", responses={400: NO_SUCH_SEAT, 409: {"model": ErrorPublic}})
async def table_replay_log(
    table_id: Id,
    services: ServicesDep,
    user: CurrentUser,
    request: Request,
    response: Response,
    seat: Viewer = None,
) -> GameLogPublic:
    """A finished table's game log, from ``seat`` or in the public view."""
    language = answer_language(request, user, response)
    return await services.replays.queue.run(
        str(user.id),
        lambda: replay_log(
            services.replays.table_record(table_id), seat, table_marks(services.tables, table_id), language
        ),
    )


@router.get("/replays/uploads/{upload_id}/log", responses={400: NO_SUCH_SEAT, 410: UNREADABLE})
async def upload_replay_log(
    upload_id: Id,
    services: ServicesDep,
    user: CurrentUser,
    request: Request,
    response: Response,
    seat: Viewer = None,
) -> GameLogPublic:
    """The log of a game you uploaded, from ``seat`` or in the public view."""
    language = answer_language(request, user, response)
    return await services.replays.queue.run(
        str(user.id),
        lambda: replay_log(services.replays.upload_record(user, upload_id), seat, language=language),
    )


@router.get("/replays/shared/{key}/log", responses={400: NO_SUCH_SEAT, 410: UNREADABLE})
async def shared_replay_log(
    key: ShareKey,
    services: ServicesDep,
    user: CurrentUser,
    request: Request,
    response: Response,
    seat: Viewer = None,
) -> GameLogPublic:
    """A shared game's log, from ``seat`` or in the public view."""
    language = answer_language(request, user, response)
    return await services.replays.queue.run(
        str(user.id), lambda: replay_log(services.replays.shared_record(key), seat, language=language)
    )
