"""The language a request is answered in: the reader's, chosen once here for pages, errors and sockets.

Decisions:
- The order is the account's setting (``users.language``), else the cookie ``lang`` that the header's
  language switch sets (``web/js/language.js``; guests have only this), else the browser's
  ``Accept-Language``, else English. A value we do not speak is passed over, never an error.
- A WebSocket handshake carries the same cookie and header: ``request_language`` takes any
  ``HTTPConnection``, so the socket decides as the pages do.
- Every answer whose words depend on this says so to caches (``Vary: Cookie, Accept-Language``,
  ``vary``): a shared cache must not give a Dutch page to a German reader.
"""

from __future__ import annotations

from typing import TypeVar

from starlette.requests import HTTPConnection
from starlette.responses import Response

from ..i18n import DEFAULT, from_accept_language, language
from .schemas import UserPublic

COOKIE = "lang"
"""The cookie the language switch sets (a year, ``SameSite=Lax``, path ``/``)."""
VARY = ("Cookie", "Accept-Language")
R = TypeVar("R", bound=Response)


def request_language(connection: HTTPConnection, user: UserPublic | None) -> str:
    """The language to answer ``connection`` in, ``user`` being who is signed in there (or None)."""
    return (
        (language(user.language) if user is not None else None)
        or language(connection.cookies.get(COOKIE))
        or from_accept_language(connection.headers.get("accept-language"))
        or DEFAULT
    )


def answer_language(connection: HTTPConnection, user: UserPublic | None, response: Response) -> str:
    """The language to answer in (``request_language``), ``response`` marked as depending on it: for the
    API's answers whose words are the reader's (logs, reviews, replays)."""
    vary(response)
    return request_language(connection, user)


def vary(response: R) -> R:
    """``response``, marked as depending on the reader's language for caches."""
    named = [v.strip() for v in response.headers.get("vary", "").split(",") if v.strip()]
    response.headers["Vary"] = ", ".join([*named, *(v for v in VARY if v not in named)])
    return response
