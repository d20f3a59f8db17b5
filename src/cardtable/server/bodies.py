"""What a request body may be: at most so many bytes, and, when it is JSON, JSON that every part of the
platform can carry (finite numbers, valid UTF-8 without lone surrogates). ``RequestBodies`` checks both
before any route reads the body, JSON read by ``json_input.read_json``.

Decisions:
- Every HTTP request has a body limit: ``BODY_MAX_BYTES`` unless a path is given a larger one (record
  uploads). A declared ``Content-Length`` over the limit is refused before a byte is read; a body
  streamed without one is refused as soon as it passes the limit. The answer (413) is short and says
  the limit, in the reader's language; it never echoes the body.
- FastAPI's own ``max_body_size`` is not used: it answers in plain text, not in the API's error shape
  (``detail`` and ``code``).
- A JSON body that ``json_input`` refuses answers 422 (``bad-json``) in the shape of FastAPI's
  validation errors, with the parser's reason, and reaches no route.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n import translations
from .deps import scope_language
from .errors import N_
from .http_errors import validation_answer
from .json_input import BadJson, json_error, read_json
from .language import vary

BODY_MAX_BYTES = 65_536
"""The largest request body outside the paths given a larger limit."""
TOO_LARGE = N_("a request body here may have at most {limit} bytes")


class BodyTooLarge(Exception):
    """A streamed body passed its limit."""


def too_large_answer(limit: int, scope: Scope) -> JSONResponse:
    detail = translations(scope_language(scope), "site").gettext(TOO_LARGE).format(limit=limit)
    return vary(JSONResponse({"detail": detail, "code": "too-large"}, status_code=413))


class RequestBodies:
    """ASGI middleware: the size limit of every request body, and the JSON check of JSON bodies."""

    def __init__(self, app: ASGIApp, *, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.larger = larger or {}
        """Paths allowed a larger body than ``BODY_MAX_BYTES``, with their limit."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], BODY_MAX_BYTES)
        headers = Headers(scope=scope)
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await too_large_answer(limit, scope)(scope, receive, send)
            return
        try:
            body = await _read(receive, limit)
        except BodyTooLarge:
            await too_large_answer(limit, scope)(scope, receive, send)
            return
        if body is None:  # the client went away
            return
        if _is_json(headers.get("content-type")) and body.strip():
            try:
                read_json(body)
            except BadJson as error:
                await validation_answer([json_error(error)], scope_language(scope))(scope, receive, send)
                return
        await self.app(scope, _replay(body, receive), send)


async def _read(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None if the client disconnected; BodyTooLarge past ``limit`` bytes."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        body += message.get("body", b"")
        if len(body) > limit:
            raise BodyTooLarge
        if not message.get("more_body", False):
            return bytes(body)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands the body read already to the app, then waits as the original does."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))
