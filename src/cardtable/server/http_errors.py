"""The answers of requests that FastAPI or Starlette refuse before a route runs, in the API's own shape.

Decisions:
- Every error body has a ``code``. HTTP errors (an unknown path, a method the path does not take) get
  ``detail`` (the status's phrase, in the reader's language: ``PHRASES``) and a code made from the
  status (``not-found``, ``method-not-allowed``); a 405 lists in
  ``Allow`` every method of every route at that path, as the OpenAPI document does (Starlette lists
  only those of the first route it tried).
- A request that does not fit the schema answers 422 in FastAPI's shape (``detail``: a list of ``loc``,
  ``msg`` and ``type``) with the code ``invalid-request`` (``bad-json`` if the body is no JSON the API
  reads, ``bodies``), and without the ``input`` and ``ctx`` FastAPI
  would echo: input can be large, or text a response cannot encode. The places in ``loc`` (which can
  be keys a client chose) and the messages are cut short.
- A 422's ``msg`` is for a person (the pages show "place: msg"): in English pydantic's own message
  ("String should have at most 200 characters"), in another language a short one per kind of error
  (``SAID``: "te lang (hoogstens 200)"), without the place, which the pages put before it. ``type``
  and ``loc`` stay as pydantic gives them, for programs. A validator's own reason (``value_error``: a
  name that may not be used, a mail address that is none) is a ``core.reasons.Reason``: English as it
  is, in another language its template through the ``site`` catalog (``babel/site.cfg`` extracts
  ``reason("…")`` from the server's sources), its parameters as they are.
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

from ..core.reasons import Reason
from ..i18n import DEFAULT, translations
from .deps import get_services, reader_language
from .errors import N_
from .language import vary

LOC_MAX = 40
MSG_MAX = 300
PHRASES = (N_("Not Found"), N_("Method Not Allowed"))
"""The statuses' phrases that a person may meet as an HTTP error's ``detail`` (the ``site`` catalog's)."""
_WHOLE, _NUMBER, _CHOICE = N_("not a whole number"), N_("not a number"), N_("not one of the allowed values")
_SHORT, _LONG = N_("too short (at least {min_length})"), N_("too long (at most {max_length})")
SAID = {
    "missing": N_("required"),
    "int_parsing": _WHOLE,
    "int_type": _WHOLE,
    "int_from_float": _WHOLE,
    "float_parsing": _NUMBER,
    "float_type": _NUMBER,
    "bool_parsing": N_("neither true nor false"),
    "bool_type": N_("neither true nor false"),
    "string_type": N_("not a text"),
    "string_too_short": _SHORT,
    "too_short": _SHORT,
    "string_too_long": _LONG,
    "too_long": _LONG,
    "greater_than": N_("too small (more than {gt})"),
    "greater_than_equal": N_("too small (at least {ge})"),
    "less_than": N_("too large (less than {lt})"),
    "less_than_equal": N_("too large (at most {le})"),
    "string_pattern_mismatch": N_("not in the form asked for"),
    "literal_error": _CHOICE,
    "enum": _CHOICE,
    "json_invalid": N_("not JSON"),
    "extra_forbidden": N_("not asked for here"),
    "dict_type": N_("not an object"),
    "model_type": N_("not an object"),
    "list_type": N_("not a list"),
}
"""A 422's message per kind of error (pydantic's ``type``), for a reader not of English; its fields are
those of the error's ``ctx``."""
OTHER = N_("not a valid value")
OWN_REASONS = ("value_error", "assertion_error")
"""Kinds whose message is a validator's own reason, said as it is."""


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
    if detail in PHRASES:
        detail = translations(reader_language(request, get_services(request)), "site").gettext(detail)
    answer = JSONResponse({"detail": detail, "code": code}, status_code=error.status_code, headers=headers)
    return vary(answer)


def _methods_at(request: Request) -> set[str]:
    methods: set[str] = set()
    for route in iter_route_contexts(request.app.routes):
        if route.methods and route.matches(request.scope)[0] is not Match.NONE:
            methods |= route.methods
    return methods


async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
    return validation_answer(error.errors(), reader_language(request, get_services(request)))


def validation_answer(errors: Iterable[Mapping[str, Any]], language: str) -> JSONResponse:
    """The 422 of a request that does not fit the schema: what is wrong where, without the input, said
    in ``language``."""
    detail = [
        {
            "type": item["type"],
            "loc": [_short(part) for part in item["loc"]],
            "msg": _cut(_said(item, language), MSG_MAX),
        }
        for item in errors
    ]
    code = "bad-json" if all(item["type"] == "json_invalid" for item in detail) else "invalid-request"
    return vary(JSONResponse({"detail": detail, "code": code}, status_code=422))


def _said(error: Mapping[str, Any], language: str) -> str:
    """An error's message for a person reading ``language`` (module docstring)."""
    if language == DEFAULT:
        return str(error["msg"])
    if error["type"] in OWN_REASONS:
        cause = error.get("ctx", {}).get("error")
        reason = cause.args[0] if isinstance(cause, Exception) and cause.args else None
        return (
            reason.worded(translations(language, "site").gettext, lambda value: value)
            if isinstance(reason, Reason)
            else str(error["msg"])
        )
    message = translations(language, "site").gettext(SAID.get(error["type"], OTHER))
    try:
        return message.format(**error.get("ctx", {}))
    except (KeyError, IndexError):  # a field pydantic did not give: the kind alone
        return translations(language, "site").gettext(OTHER)


def _short(part: Any) -> str | int:
    return part if isinstance(part, int) else _cut(str(part), LOC_MAX)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
