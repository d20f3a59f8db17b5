"""The lobby: list tables, create, look at or end one, join, leave, and the record of a finished game."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Path, Query, Request, status

from ..deps import CurrentUser, ServicesDep, client_address
from ..schemas import MAX_INT, ErrorPublic, JoinIn, TableIn, TablePublic

router = APIRouter(
    prefix="/api/tables",
    tags=["tables"],
    responses={400: {"model": ErrorPublic}, 401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}},
)
TableId = Annotated[int, Path(ge=1, le=MAX_INT)]


@router.get("")
def list_tables(
    services: ServicesDep,
    user: CurrentUser,
    status: Literal["open", "playing", "over"] | None = None,
    game: Annotated[str | None, Query(max_length=40)] = None,
    mine: bool = False,
) -> list[TablePublic]:
    """Tables, newest first (at most 100): filter by status and game; ``mine`` keeps those you sit at."""
    return services.lobby.list_tables(status=status, game=game, seated=user.id if mine else None)


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    responses={403: {"model": ErrorPublic}, 409: {"model": ErrorPublic}, 429: {"model": ErrorPublic}},
)
def create_table(body: TableIn, request: Request, services: ServicesDep, user: CurrentUser) -> TablePublic:
    """Open a table; it starts by itself once every seat is taken (at once if none is open). An account,
    and an address, may have a limited number of tables that are not over. 403 (code ``blocked``) when a
    seat is kept for an account that you blocked or that blocked you."""
    return services.lobby.create(user, body, address=client_address(request))


@router.get("/{table_id}")
def get_table(table_id: TableId, services: ServicesDep, user: CurrentUser) -> TablePublic:
    """One table's game, options, seats and status."""
    return services.lobby.get(table_id)


@router.delete(
    "/{table_id}",
    status_code=status.HTTP_204_NO_CONTENT,
    responses={403: {"model": ErrorPublic}, 409: {"model": ErrorPublic}},
)
def end_table(table_id: TableId, services: ServicesDep, user: CurrentUser) -> None:
    """End a table you created that has not started: it is removed."""
    services.lobby.end(user, table_id)


@router.post("/{table_id}/join", responses={403: {"model": ErrorPublic}, 409: {"model": ErrorPublic}})
def join_table(
    table_id: TableId, services: ServicesDep, user: CurrentUser, body: Annotated[JoinIn | None, Body()] = None
) -> TablePublic:
    """Sit down: at the seat asked for, else the seat kept for you, else the first open one. 403 (code
    ``reputation``) at a table asking a reputation you do not have (guests have none); 403 (code
    ``blocked``) at a table whose creator or one of whose players blocked you."""
    return services.lobby.join(user, table_id, body.seat if body else None)


@router.post("/{table_id}/leave", responses={409: {"model": ErrorPublic}})
def leave_table(table_id: TableId, services: ServicesDep, user: CurrentUser) -> TablePublic:
    """Give up your seat before the game starts."""
    return services.lobby.leave(user, table_id)


@router.get("/{table_id}/record", responses={409: {"model": ErrorPublic}})
def table_record(table_id: TableId, services: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """The game record (cardtable-record/1) once the game is over; its seed stays secret."""
    return services.lobby.record(table_id)
