"""No page of this site is shown inside another site's page: there, an invisible frame over a decoy could
take a player's clicks (a move, "Step away", a deleted account) for the attacker.

Decisions:
- Every HTTP answer gets ``X-Frame-Options: DENY``, not only the pages: the raw HTML files under
  ``/static`` and the API's documentation page are pages too, and the header means nothing on the rest.
  Nothing of this site is meant to be framed, not even by itself.
- The pages' Content-Security-Policy says ``frame-ancestors 'none'`` as well (``routes.pages``); browsers
  that know it obey it over ``X-Frame-Options``, older ones obey the latter.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class NoFraming:
    """ASGI middleware: ``X-Frame-Options: DENY`` on every HTTP response that does not set it itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def framed(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).setdefault("X-Frame-Options", "DENY")
            await send(message)

        await self.app(scope, receive, framed)
