"""Ending a game before its rules do (``services.endings``): concede at a two-player table, or vote to
abandon (and withdraw the vote); the game ends unrated once every person seated voted."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, status

from ..deps import CurrentUser, ServicesDep
from ..schemas import MAX_INT, ErrorPublic

router = APIRouter(
    prefix="/api/tables",
    tags=["tables"],
    responses={
        401: {"model": ErrorPublic},
        403: {"model": ErrorPublic, "description": "you have no seat at this table"},
        404: {"model": ErrorPublic},
        409: {"model": ErrorPublic, "description": "the game is not being played, or see the code"},
    },
)
TableId = Annotated[int, Path(ge=1, le=MAX_INT)]


@router.post("/{table_id}/concede", status_code=status.HTTP_204_NO_CONTENT)
def concede(table_id: TableId, services: ServicesDep, user: CurrentUser) -> None:
    """Concede the game at a two-player table: the other seat wins at once (at a rated table, a loss for
    you). 409 ``not-two-players`` at a table of more players (vote to abandon there)."""
    services.tables.endings.concede(table_id, user.id)


@router.post("/{table_id}/abandon", status_code=status.HTTP_204_NO_CONTENT)
def vote_abandon(table_id: TableId, services: ServicesDep, user: CurrentUser) -> None:
    """Vote to abandon the game; once every person seated voted (bots do not vote), it ends unrated with
    ``result.abandoned`` true. 409 ``voted`` if you voted already."""
    services.tables.endings.vote(table_id, user.id, True)


@router.delete("/{table_id}/abandon", status_code=status.HTTP_204_NO_CONTENT)
def withdraw_abandon(table_id: TableId, services: ServicesDep, user: CurrentUser) -> None:
    """Withdraw your vote to abandon the game. 409 ``not-voted`` if you have not voted."""
    services.tables.endings.vote(table_id, user.id, False)
