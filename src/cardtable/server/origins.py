"""Requests from pages of other origins: the browser attaches the session cookie to a form another site
posts to us (and SameSite does not stop a page on another port of the same host), so every request that
may change something must show that it comes from one of our own pages.

Decisions:
- A request's ``Origin`` must name the host the request was sent to (``Host``, which a proxy passes on
  unchanged), port included: another port is another origin. ``Origin: null`` (sandboxed pages,
  redirects) is refused. Without ``Origin``, ``Sec-Fetch-Site`` must say ``same-origin`` or ``none`` (the
  user typed it) where a browser sends it; a request with neither header comes from no browser, so no page
  can have forged it (API clients, scripts).
- The websocket handshake is checked the same way (``ws``); over HTTP every method but GET, HEAD and
  OPTIONS is, with or without a cookie (a forged login would sign the victim in as the attacker).
- Refused requests get 403 with the code ``cross-origin`` and change nothing; the reason is in the
  reader's language.
- Comparing ``Origin`` with ``Host`` cannot catch DNS rebinding: a page of ``rebind.example`` whose name
  the attacker then points at 127.0.0.1 is same-origin with itself, and its requests reach a server on
  loopback. So ``Host`` must also be one of the site's own names (``Settings.hosts()``), checked for every
  HTTP request and websocket handshake before anything else by Starlette's ``TrustedHostMiddleware``
  (``app``; it takes websocket scopes too and refuses their handshake with 400).

>>> same_origin({"host": "cards.example.org", "origin": "https://cards.example.org"})
True
>>> same_origin({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8001"})
False
>>> same_origin({"host": "127.0.0.1:8000", "sec-fetch-site": "same-site"}), same_origin({"host": "h"})
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from ..i18n import translations
from .deps import scope_language
from .errors import N_
from .language import vary

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
REFUSAL = N_("a request from a page of another origin was refused")


def same_origin(headers: Mapping[str, str]) -> bool:
    """True unless the headers show a browser sending this from a page of another origin."""
    origin = headers.get("origin")
    if origin is not None:
        return bool(urlsplit(origin).netloc) and urlsplit(origin).netloc == headers.get("host")
    fetch_site = headers.get("sec-fetch-site")
    return fetch_site is None or fetch_site in ("same-origin", "none")


class SameOriginOnly:
    """ASGI middleware: requests that may change something are refused (403) from other origins."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS or same_origin(Headers(scope=scope)):
            await self.app(scope, receive, send)
            return
        detail = translations(scope_language(scope), "site").gettext(REFUSAL)
        answer = JSONResponse({"detail": detail, "code": "cross-origin"}, status_code=403)
        await vary(answer)(scope, receive, send)
