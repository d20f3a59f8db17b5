"""Fixtures shared by the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .renderer_page import chromium, harness_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The system's Chromium for one test module (skips the module's tests when it is not installed)."""
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The renderers' test page on a static server of its own (``renderer_page``), for a module."""
    with harness_server(tmp_path_factory.mktemp("harness")) as url:
        yield url
