"""Tournaments (``services.tournaments``): list, create, look at one with its rounds and standings, enter,
withdraw, and start (its creator)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Request, status

from ..deps import CurrentUser, ServicesDep
from ..language import request_language
from ..schemas import MAX_INT, ErrorPublic, TournamentIn, TournamentPublic, TournamentSummary

router = APIRouter(
    prefix="/api/tournaments",
    tags=["tournaments"],
    responses={400: {"model": ErrorPublic}, 401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}},
)
TournamentId = Annotated[int, Path(ge=1, le=MAX_INT)]


@router.get("")
def list_tournaments(
    services: ServicesDep, user: CurrentUser, status: Literal["open", "running", "over"] | None = None
) -> list[TournamentSummary]:
    """Tournaments, newest first (at most 100), open, running or over (``status`` keeps one of them)."""
    return services.tournaments.list_tournaments(status=status)


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    responses={403: {"model": ErrorPublic}, 409: {"model": ErrorPublic}},
)
def create_tournament(
    body: TournamentIn, services: ServicesDep, user: CurrentUser, request: Request
) -> TournamentPublic:
    """Create a tournament (accounts only; 403 ``guest``): Swiss with ``rounds``, or an arena of
    ``minutes``, of a game with its options, the ``bots`` levels entered. It takes entrants until you
    start it. 409 ``too-many-tournaments`` with 5 of yours not over."""
    return services.tournaments.create(user, body, request_language(request, user))


@router.get("/{tournament_id}")
def get_tournament(
    tournament_id: TournamentId, services: ServicesDep, user: CurrentUser, request: Request
) -> TournamentPublic:
    """A tournament: its rules, entrants, rounds with their tables and byes, the standings (points,
    games, Buchholz, and the duplicate score in a duplicate tournament) and its scoring in words."""
    return services.tournaments.get(tournament_id, request_language(request, user))


@router.post("/{tournament_id}/join", responses={403: {"model": ErrorPublic}, 409: {"model": ErrorPublic}})
def join_tournament(
    tournament_id: TournamentId, services: ServicesDep, user: CurrentUser, request: Request
) -> TournamentPublic:
    """Enter a tournament that has not started. 403 ``guest`` for a guest, 403 ``reputation`` below the
    reputation it asks; 409 ``not-open`` once started, ``already-entered``, ``full``."""
    return services.tournaments.join(user, tournament_id, request_language(request, user))


@router.post("/{tournament_id}/leave", responses={409: {"model": ErrorPublic}})
def leave_tournament(
    tournament_id: TournamentId, services: ServicesDep, user: CurrentUser, request: Request
) -> TournamentPublic:
    """Withdraw from a tournament that has not started. 409 ``not-entered``, ``not-open``."""
    return services.tournaments.leave(user, tournament_id, request_language(request, user))


@router.post("/{tournament_id}/start", responses={403: {"model": ErrorPublic}, 409: {"model": ErrorPublic}})
def start_tournament(
    tournament_id: TournamentId, services: ServicesDep, user: CurrentUser, request: Request
) -> TournamentPublic:
    """Start a tournament you created: round 1 is paired (an arena seats its entrants) and its tables
    start; from then on it runs by itself. 403 ``not-creator``; 409 ``not-open``, ``too-few`` (fewer
    entrants than a table's seats)."""
    return services.tournaments.start(user, tournament_id, request_language(request, user))
