"""Fixtures for the server tests: an app on a fresh SQLite file per test, and players."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.settings import Settings

from .helpers import Player, make_settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def app(settings: Settings) -> Iterator[FastAPI]:
    """A running app (its lifespan entered by a first client that stays open for the test)."""
    application = create_app(settings)
    with TestClient(application):
        yield application


@pytest.fixture
def player(app: FastAPI) -> Callable[..., Player]:
    return lambda name, **kw: Player(app, name, **kw)
