"""The answers of requests that FastAPI or Starlette refuse before a route runs, in the API's own shape.

Decisions:
- Every error body has a ``code``. HTTP errors (an unknown path, a method the path does not take) get
  ``detail`` and a code made from the status (``not-found``, ``method-not-allowed``); a 405 lists in
  ``Allow`` every method of every route at that path, as the OpenAPI document does (Starlette lists
  only those of the first route it tried).
- A request that does not fit the schema answers 422 in FastAPI's shape (``detail``: a list of ``loc``,
  ``msg`` and ``type``) with the code ``invalid-request`` (``bad-json`` if the body is no JSON the API
  reads, ``bodies``), and without the ``input`` and ``ctx`` FastAPI
  would echo: input can be large, or text a response cannot encode. The places in ``loc`` (which can
  be keys a client chose) and the messages are cut short.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import iter_route_contexts
from starlette.exceptions import HTTPException
from starlette.routing import Match

LOC_MAX = 40
MSG_MAX = 300


def install(app: FastAPI) -> None:
    """Answer HTTP and validation errors of ``app`` in the API's shape."""
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]


async def _http_error(request: Request, error: HTTPException) -> JSONResponse:
    headers = dict(error.headers or {})
    if error.status_code == 405:
        headers["Allow"] = ", ".join(sorted(_methods_at(request)))
    detail = error.detail if isinstance(error.detail, str) else HTTPStatus(error.status_code).phrase
    code = HTTPStatus(error.status_code).phrase.lower().replace(" ", "-")
    return JSONResponse({"detail": detail, "code": code}, status_code=error.status_code, headers=headers)


def _methods_at(request: Request) -> set[str]:
    methods: set[str] = set()
    for route in iter_route_contexts(request.app.routes):
        if route.methods and route.matches(request.scope)[0] is not Match.NONE:
            methods |= route.methods
    return methods


async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
    return validation_answer(error.errors())


def validation_answer(errors: Iterable[Mapping[str, Any]]) -> JSONResponse:
    """The 422 of a request that does not fit the schema: what is wrong where, without the input."""
    detail = [
        {
            "type": item["type"],
            "loc": [_short(part) for part in item["loc"]],
            "msg": _cut(item["msg"], MSG_MAX),
        }
        for item in errors
    ]
    code = "bad-json" if all(item["type"] == "json_invalid" for item in detail) else "invalid-request"
    return JSONResponse({"detail": detail, "code": code}, status_code=422)


def _short(part: Any) -> str | int:
    return part if isinstance(part, int) else _cut(str(part), LOC_MAX)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
