"""Player profiles: an account's games and ratings per game and rule set, and its recent games. Names that
are no account count against the limit of name look-ups (``services.name_lookups``): past it, 429."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from ..deps import CurrentUser, ServicesDep, client_address
from ..language import answer_language
from ..schemas import ErrorPublic, PlayerPublic

router = APIRouter(
    prefix="/api/players",
    tags=["players"],
    responses={401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}, 429: {"model": ErrorPublic}},
)


@router.get("/{name}")
def player(
    name: Annotated[str, Path(min_length=3, max_length=20, pattern=r"^[A-Za-z0-9_-]+$")],
    request: Request,
    services: ServicesDep,
    user: CurrentUser,
    response: Response,
) -> PlayerPublic:
    """An account's profile (``name`` is its username): per leaderboard its games played and won, its
    average placing, its rating and the rating's history; its recent finished games, the games it plays
    now, and its reputation (how reliably it finishes its games, with the formula in words), in the
    reader's words."""
    language = answer_language(request, user, response)
    return services.players.profile(name, user_id=user.id, address=client_address(request), language=language)
