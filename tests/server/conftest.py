"""Fixtures for the server tests: an app on a fresh SQLite file per test, players, a fresh PostgreSQL
database for the tests that run on one, and Redis with a prefix of the test's own for those that run
several instances."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
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


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh database on the PostgreSQL server that DATABASE_URL names; dropped afterwards."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        pytest.skip(
            "PostgreSQL not configured: set DATABASE_URL to a server where the role may create databases "
            "(.ci/run starts one: postgresql://cardtable:cardtable@127.0.0.1:5432/cardtable)"
        )
    import psycopg

    name = f"cardtable_test_{uuid.uuid4().hex[:12]}"
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield plain.rsplit("/", 1)[0] + "/" + name
    finally:
        for _ in range(50):  # FORCE cannot end an autovacuum worker (the server's own role) that looks in
            try:
                with psycopg.connect(plain, autocommit=True) as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                break
            except psycopg.errors.InsufficientPrivilege:
                time.sleep(0.1)


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip(
            "Redis not configured: set REDIS_URL to a Redis server "
            "(.ci/run starts one: redis://127.0.0.1:6379/0)"
        )
    return url


@pytest.fixture
def prefix() -> Iterator[str]:
    """A Redis prefix of this test's own; its keys (a lease a killed server held) are deleted afterwards."""
    name = f"cardtable-test-{uuid.uuid4().hex[:12]}"
    yield name
    if os.environ.get("REDIS_URL"):
        with redis.Redis.from_url(os.environ["REDIS_URL"]) as client:
            for key in client.scan_iter(match=f"{name}:*"):
                client.delete(key)
