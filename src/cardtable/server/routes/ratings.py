"""Ratings: the leaderboard of each game and rule set, and what a finished table did to its players'
ratings."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from ..deps import CurrentUser, ReaderLanguage, ServicesDep
from ..errors import NotFound
from ..language import vary
from ..schemas import MAX_INT, BoardPublic, ErrorPublic, RatingChangePublic, RatingPublic
from ..services.rule_sets import boards

router = APIRouter(prefix="/api", tags=["ratings"], responses={401: {"model": ErrorPublic}})


@router.get("/leaderboards")
def leaderboards(user: CurrentUser, language: ReaderLanguage, response: Response) -> list[BoardPublic]:
    """The leaderboards: one per game, and per version for a game with several (``troeven-v1``, ...),
    labelled in the reader's words."""
    vary(response)
    return boards(language)


@router.get("/leaderboards/{board}", responses={404: {"model": ErrorPublic}})
def leaderboard(
    board: Annotated[str, Path(max_length=40)], services: ServicesDep, user: CurrentUser
) -> list[RatingPublic]:
    """The best Elo ratings of a leaderboard (accounts and bot levels), best first; at most 100."""
    keys = [b.key for b in boards()]
    if board not in keys:
        raise NotFound(
            "there is no leaderboard {board!r}; the leaderboards are: {boards}",
            board=board,
            boards=", ".join(keys),
        )
    return services.ratings.leaderboard(board)


@router.get("/tables/{table_id}/ratings", responses={404: {"model": ErrorPublic}})
def table_ratings(
    table_id: Annotated[int, Path(ge=1, le=MAX_INT)], services: ServicesDep, user: CurrentUser
) -> list[RatingChangePublic]:
    """How the game at a table changed each rated player's rating (empty until it is over, or if unrated);
    404 for a table that does not exist (or was deleted before its game began)."""
    return services.ratings.changes(table_id)
