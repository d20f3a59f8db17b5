"""Player profiles: an account's games and ratings per game and rule set, and its recent games."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from ..deps import CurrentUser, ServicesDep
from ..schemas import ErrorPublic, PlayerPublic

router = APIRouter(
    prefix="/api/players",
    tags=["players"],
    responses={401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}},
)


@router.get("/{name}")
def player(
    name: Annotated[str, Path(min_length=3, max_length=20, pattern=r"^[A-Za-z0-9_-]+$")],
    services: ServicesDep,
    user: CurrentUser,
) -> PlayerPublic:
    """An account's profile (``name`` is its username): per leaderboard its games played and won, its
    rating and the rating's history, and its recent finished games."""
    return services.players.profile(name)
