"""The one JSON reader of client input (HTTP bodies, record uploads and websocket messages): JSON that
every part of the platform can carry (finite numbers, valid UTF-8 without lone surrogates).

Decisions:
- JSON is read with pydantic's parser, which refuses ``NaN``, ``Infinity``, lone surrogates and bytes
  that are not UTF-8; numbers too large for a float (``1e400``) are refused as well, with the parser's
  reason named plainly (``BadJson``), never with the input.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pydantic_core


class BadJson(ValueError):
    """Client input that is not JSON the platform accepts; the message says why, without the input."""


def read_json(raw: bytes | str) -> Any:
    """The JSON value of ``raw``; BadJson unless it is valid JSON with finite numbers only."""
    try:
        value = pydantic_core.from_json(raw, allow_inf_nan=False)
    except ValueError as error:
        raise BadJson(_why(raw, str(error))) from None
    if not _finite(value):
        raise BadJson("a number is too large: JSON numbers here must be finite")
    return value


def _why(raw: bytes | str, reason: str) -> str:
    """The parser's ``reason``, named plainly where laxer readers would have taken the input."""
    try:
        pydantic_core.from_json(raw, allow_inf_nan=True)
        return f"NaN and Infinity are no JSON numbers ({reason})"
    except ValueError:
        pass
    try:
        json.loads(raw)  # takes lone surrogates
        return f"a \\u escape makes a lone surrogate, which is no text ({reason})"
    except (ValueError, RecursionError):
        return reason


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(item) for item in value.values())
    if isinstance(value, list):
        return all(_finite(item) for item in value)
    return True


def json_error(error: BadJson) -> dict[str, Any]:
    """A body that is not JSON as the API reads it, as one of FastAPI's validation errors."""
    return {"type": "json_invalid", "loc": ("body",), "msg": f"JSON decode error: {error}"}
