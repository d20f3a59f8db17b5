"""The open database: finished games' records in bulk, streamed as NDJSON (``services.export``)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import StreamingResponse

import cardtable

from ..deps import CurrentUser, ServicesDep
from ..errors import Invalid
from ..schemas import ErrorPublic
from ..services.export import DEFAULT_GAMES, MAX_GAMES, finished_games

NDJSON = "application/x-ndjson"
ISO_TIME = r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$"
"""A date, or a date and time (``datetime.fromisoformat`` reads it; a line's ``finished`` is one)."""

router = APIRouter(
    prefix="/api/export",
    tags=["export"],
    responses={400: {"model": ErrorPublic}, 401: {"model": ErrorPublic}},
)


@router.get(
    "/games",
    response_class=StreamingResponse,
    responses={
        200: {
            "description": "one finished game a line: {table, game, finished, ended, record}",
            "content": {NDJSON: {"schema": {"type": "string"}}},
        }
    },
)
def export_games(
    services: ServicesDep,
    user: CurrentUser,
    game: Annotated[str | None, Query(max_length=40, description="only this game (default: all)")] = None,
    since: Annotated[
        str | None,
        Query(pattern=ISO_TIME, description="only games finished after this time (ISO 8601; UTC if no zone)"),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_GAMES, description="at most this many games")] = DEFAULT_GAMES,
) -> StreamingResponse:
    """Finished games, oldest first, one JSON object a line: the table, the game, when it finished
    (UTC), why it stopped early (``ended``, null when its rules ended it) and its record (seed
    withheld, guests as ``guest``). Resume with ``since`` set to the last line's ``finished``."""
    if game is not None and game not in cardtable.games():
        raise Invalid(
            "unknown game {game!r}; the games are: {games}",
            code="bad-game",
            game=game,
            games=", ".join(cardtable.games()),
        )
    try:
        after = None if since is None else datetime.fromisoformat(since)
    except ValueError:
        raise Invalid("since={since!r} is no time: write it as 2026-12-04T10:30:00Z", since=since) from None
    lines = finished_games(services.db, game=game, since=after, limit=limit)
    return StreamingResponse(lines, media_type=NDJSON)
