"""Ratings: the leaderboard of each game, and what a finished table did to its players' ratings."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

import cardtable

from ..deps import CurrentUser, ServicesDep
from ..errors import NotFound
from ..schemas import MAX_INT, ErrorPublic, RatingChangePublic, RatingPublic

router = APIRouter(prefix="/api", tags=["ratings"], responses={401: {"model": ErrorPublic}})


@router.get("/leaderboards/{game}", responses={404: {"model": ErrorPublic}})
def leaderboard(
    game: Annotated[str, Path(max_length=40)], services: ServicesDep, user: CurrentUser
) -> list[RatingPublic]:
    """The best Elo ratings of a game (accounts and bot levels), best first; at most 100."""
    if game not in cardtable.games():
        raise NotFound(f"there is no game {game!r}; the games are: {', '.join(cardtable.games())}")
    return services.ratings.leaderboard(game)


@router.get("/tables/{table_id}/ratings")
def table_ratings(
    table_id: Annotated[int, Path(ge=1, le=MAX_INT)], services: ServicesDep, user: CurrentUser
) -> list[RatingChangePublic]:
    """How the game at a table changed each rated player's rating (empty until it is over, or if unrated)."""
    return services.ratings.changes(table_id)
