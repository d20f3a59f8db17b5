"""The browser pages: Jinja2 templates of ``cardtable.web`` (``base.html`` frames them), rendered in the
reader's language, that load ES modules from ``/static``.

Pages get a Content-Security-Policy that allows only this origin's scripts, styles and sockets, so text a
user typed (a display name) can never run as script even if it slipped into the markup; its
``frame-ancestors 'none'`` (with ``X-Frame-Options: DENY``, ``framing``) keeps them out of other sites'
frames.

The server never builds or reads a ``next`` address: the pages' scripts do (``js/api.js`` sends a signed-out
visitor to ``/login?next=<path>``; ``js/login.js`` goes there after signing in only if the browser
resolves it to this origin).

Decisions:
- A page speaks the reader's language (``server.language``): its words through the ``site`` catalog (the
  templates' ``_()`` and ``{% trans %}``), ``<html lang>``, and the ``web`` catalog for its scripts as a
  JSON data block (``catalog_json``: no script runs from it, so the CSP stands). One Jinja2 environment
  per language, each with its own translations installed: rendering never swaps a shared one.
- The rules help pages keep their addresses (``/static/rules/<game>.html``, where the table links): that
  address answers the reader's language version (``web/rules/<lang>/<game>.html``, English being
  ``web/rules/<game>.html``), and ``/static/rules/<lang>/<game>.html`` that version, whoever reads; each
  is rendered as a template for the header's language switch alone.
- Everything whose words depend on the reader says ``Vary: Cookie, Accept-Language`` (``language.vary``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path as FilePath
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

import cardtable

from ...i18n import LANGUAGE_NAMES, LANGUAGES, messages, translations
from ..deps import ServicesDep
from ..language import request_language, vary
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
SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})
"""JSON inside a <script> element: nothing in it can close the element or start markup."""

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class Reader:
    """Who a page is for: their language, and whether they have an account (whose setting the language
    switch saves too)."""

    lang: str
    account: bool


def reader(request: Request, services: ServicesDep) -> Reader:
    user = services.accounts.user_for(request.cookies.get(services.cookie_name))
    return Reader(request_language(request, user), user is not None and not user.guest)


ReaderDep = Annotated[Reader, Depends(reader)]


@cache
def environment(lang: str) -> Environment:
    """The templates, speaking ``lang`` (the ``site`` catalog)."""
    found = Environment(
        loader=FileSystemLoader(WEB),
        autoescape=select_autoescape(default=True),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    found.policies["ext.i18n.trimmed"] = True  # as babel/site.cfg extracts them
    found.install_gettext_translations(translations(lang, "site"), newstyle=True)  # type: ignore[attr-defined]
    return found


@cache
def catalog_json(lang: str) -> Markup:
    """The ``web`` catalog in ``lang`` as JSON that is safe inside a <script> element."""
    return Markup(json.dumps(messages(lang, "web"), ensure_ascii=False).translate(SCRIPT_SAFE))


def page(name: str, who: Reader, *, status_code: int = 200) -> HTMLResponse:
    """The page ``name`` for ``who``."""
    html = (
        environment(who.lang)
        .get_template(name)
        .render(
            lang=who.lang, account=who.account, languages=LANGUAGE_NAMES, catalog_json=catalog_json(who.lang)
        )
    )
    return vary(HTMLResponse(html, status_code=status_code, headers=HEADERS))


@router.get("/static/js/packs.js")
def packs(who: ReaderDep) -> Response:
    """The cards' table that ``js/cards.js`` imports, written from the games (``services/packs``), its
    words in the reader's language."""
    module = packs_module(who.lang)
    return vary(Response(module, media_type="text/javascript; charset=utf-8", headers=HEADERS))


@router.get("/static/rules/{game}.html")
def rules(game: Annotated[str, Path(max_length=40)], who: ReaderDep) -> HTMLResponse:
    """A game's rules help page in the reader's language (the not-found page for no such game)."""
    if game not in cardtable.games():
        return page("not_found.html", who, status_code=404)
    translated = f"rules/{who.lang}/{game}.html"
    return page(translated if (WEB / translated).is_file() else f"rules/{game}.html", who)


@router.get("/static/rules/{lang}/{game}.html")
def translated_rules(
    lang: Annotated[str, Path(max_length=8)], game: Annotated[str, Path(max_length=40)], who: ReaderDep
) -> HTMLResponse:
    """A game's rules help page in the language its address names (the not-found page for none)."""
    name = f"rules/{lang}/{game}.html"
    if lang not in LANGUAGES or game not in cardtable.games() or not (WEB / name).is_file():
        return page("not_found.html", who, status_code=404)
    return page(name, who)


@router.get("/")
def lobby(who: ReaderDep) -> HTMLResponse:
    return page("lobby.html", who)


@router.get("/login")
def login(who: ReaderDep) -> HTMLResponse:
    return page("login.html", who)


@router.get("/new")
def new_table(who: ReaderDep) -> HTMLResponse:
    return page("new.html", who)


@router.get("/tables/{table_id}")
def table(table_id: Annotated[int, Path(ge=1, le=MAX_INT)], who: ReaderDep) -> HTMLResponse:
    return page("table.html", who)


@router.get("/replays")
def replays(who: ReaderDep) -> HTMLResponse:
    return page("replays.html", who)


@router.get("/replays/tables/{table_id}")
def table_replay(table_id: Annotated[int, Path(ge=1, le=MAX_INT)], who: ReaderDep) -> HTMLResponse:
    return page("replay.html", who)


@router.get("/replays/uploads/{upload_id}")
def upload_replay(upload_id: Annotated[int, Path(ge=1, le=MAX_INT)], who: ReaderDep) -> HTMLResponse:
    return page("replay.html", who)


@router.get("/replays/shared/{key}")
def shared_replay(key: Annotated[str, Path(max_length=32)], who: ReaderDep) -> HTMLResponse:
    """A record its uploader shares: the replay page, which asks ``/api/replays/shared/<key>``."""
    return page("replay.html", who)


@router.get("/leaderboards")
def leaderboards(who: ReaderDep) -> HTMLResponse:
    return page("leaderboard.html", who)


@router.get("/leaderboards/{board}")
def leaderboard(board: Annotated[str, Path(max_length=40)], who: ReaderDep) -> HTMLResponse:
    """A leaderboard (``troeven-v1``), or a game's name (its first board); the not-found page (404) for
    anything else, rather than another board."""
    if board not in cardtable.games() and board not in {b.key for b in boards()}:
        return page("not_found.html", who, status_code=404)
    return page("leaderboard.html", who)


@router.get("/tournaments")
def tournaments(who: ReaderDep) -> HTMLResponse:
    return page("tournaments.html", who)


@router.get("/tournaments/{tournament_id}")
def tournament(tournament_id: Annotated[int, Path(ge=1, le=MAX_INT)], who: ReaderDep) -> HTMLResponse:
    return page("tournament.html", who)


@router.get("/settings")
def settings(who: ReaderDep) -> HTMLResponse:
    return page("settings.html", who)


@router.get("/players/{name}")
def player(name: Annotated[str, Path(max_length=40)], who: ReaderDep) -> HTMLResponse:
    return page("player.html", who)
