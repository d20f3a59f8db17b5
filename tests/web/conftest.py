"""Fixtures shared by the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .renderer_page import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The system's Chromium for one test module (skips the module's tests when it is not installed)."""
    with chromium() as launched:
        yield launched
