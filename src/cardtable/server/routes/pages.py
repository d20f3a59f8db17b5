"""The browser pages: plain HTML files of ``cardtable.web`` that load ES modules from ``/static``.

Pages get a Content-Security-Policy that allows only this origin's scripts, styles and sockets, so text a
user typed (a display name) can never run as script even if it slipped into the markup; its
``frame-ancestors 'none'`` (with ``X-Frame-Options: DENY``, ``framing``) keeps them out of other sites'
frames.

The server never builds or reads a ``next`` address: the pages' scripts do (``js/api.js`` sends a signed-out
visitor to ``/login?next=<path>``; ``js/login.js`` goes there after signing in only if the browser
resolves it to this origin).
"""

from __future__ import annotations

from pathlib import Path as FilePath
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse, Response

import cardtable

from ..schemas import MAX_INT
from ..services.packs import packs_module
from ..services.rule_sets import boards

WEB = FilePath(__file__).parents[2] / "web"
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-cache",
}

router = APIRouter(include_in_schema=False)


def page(name: str, *, status_code: int = 200) -> FileResponse:
    return FileResponse(
        WEB / name, status_code=status_code, media_type="text/html; charset=utf-8", headers=HEADERS
    )


@router.get("/static/js/packs.js")
def packs() -> Response:
    """The cards' table that ``js/cards.js`` imports, written from the games (``services/packs``)."""
    return Response(packs_module(), media_type="text/javascript; charset=utf-8", headers=HEADERS)


@router.get("/")
def lobby() -> FileResponse:
    return page("lobby.html")


@router.get("/login")
def login() -> FileResponse:
    return page("login.html")


@router.get("/new")
def new_table() -> FileResponse:
    return page("new.html")


@router.get("/tables/{table_id}")
def table(table_id: Annotated[int, Path(ge=1, le=MAX_INT)]) -> FileResponse:
    return page("table.html")


@router.get("/replays")
def replays() -> FileResponse:
    return page("replays.html")


@router.get("/replays/tables/{table_id}")
def table_replay(table_id: Annotated[int, Path(ge=1, le=MAX_INT)]) -> FileResponse:
    return page("replay.html")


@router.get("/replays/uploads/{upload_id}")
def upload_replay(upload_id: Annotated[int, Path(ge=1, le=MAX_INT)]) -> FileResponse:
    return page("replay.html")


@router.get("/replays/shared/{key}")
def shared_replay(key: Annotated[str, Path(max_length=32)]) -> FileResponse:
    """A record its uploader shares: the replay page, which asks ``/api/replays/shared/<key>``."""
    return page("replay.html")


@router.get("/leaderboards")
def leaderboards() -> FileResponse:
    return page("leaderboard.html")


@router.get("/leaderboards/{board}")
def leaderboard(board: Annotated[str, Path(max_length=40)]) -> FileResponse:
    """A leaderboard (``troeven-v1``), or a game's name (its first board); the not-found page (404) for
    anything else, rather than another board."""
    if board not in cardtable.games() and board not in {b.key for b in boards()}:
        return page("not_found.html", status_code=404)
    return page("leaderboard.html")


@router.get("/tournaments")
def tournaments() -> FileResponse:
    return page("tournaments.html")


@router.get("/tournaments/{tournament_id}")
def tournament(tournament_id: Annotated[int, Path(ge=1, le=MAX_INT)]) -> FileResponse:
    return page("tournament.html")


@router.get("/settings")
def settings() -> FileResponse:
    return page("settings.html")


@router.get("/players/{name}")
def player(name: Annotated[str, Path(max_length=40)]) -> FileResponse:
    return page("player.html")
