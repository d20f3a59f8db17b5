"""Helpers of the server tests: settings for a test, players with their own cookies and websockets."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

import cardtable
from cardtable.server.settings import LOOPBACK_HOSTS, Settings

FAST_HASHING = {"argon2_time_cost": 1, "argon2_memory_kib": 64}
RAISED_LIMITS = {
    "guest_attempts": 10_000,
    "signup_attempts": 10_000,
    "open_tables_per_address": 10_000,
    "open_tables_per_account": 10_000,
    "watch_address_attempts": 10_000,
    "watch_attempts": 10_000,
}
"""Every client of a test comes from 127.0.0.1, and a test may open many tables: those limits are raised
(the tests of the limits set their own)."""


def make_settings(tmp_path: Path, **overrides: Any) -> Settings:
    """Settings for a test: its own SQLite file, bots moving at once, cheap password hashing."""
    values: dict[str, Any] = {
        "db_path": tmp_path / "cardtable.db",
        "database_url": None,
        "redis_url": None,
        "bot_workers": 0,
        "bot_delay": 0,
        "ws_rate": 10_000,  # test clients answer faster than people; the flood test sets its own limit
        "ws_burst": 10_000,
        "allowed_hosts": [*LOOPBACK_HOSTS, "testserver"],  # TestClient's (and schemathesis') host name
        **RAISED_LIMITS,
        **FAST_HASHING,
    }
    values.update(overrides)
    return Settings(**values)


class Player:
    """A person at the platform: their own cookie jar, and websockets opened with their session."""

    def __init__(
        self, app: FastAPI, name: str, *, account: bool = False, password: str = "secret-pass"
    ) -> None:
        self.http = TestClient(app)
        if account:
            answer = self.http.post("/api/accounts/signup", json={"username": name, "password": password})
        else:
            answer = self.http.post("/api/accounts/guest", json={"name": name})
        assert answer.status_code == 201, answer.text
        self.user = answer.json()
        self.id: int = self.user["id"]

    def socket(self) -> Any:
        return self.http.websocket_connect("/ws")

    def create(self, game: str = "slobberhannes", **body: Any) -> dict[str, Any]:
        answer = self.http.post("/api/tables", json={"game": game, **body})
        assert answer.status_code == 201, answer.text
        return answer.json()  # type: ignore[no-any-return]


def receive(ws: Any) -> dict[str, Any]:
    """The next message on a test websocket, decoded."""
    return json.loads(ws.receive_text())  # type: ignore[no-any-return]


def send(ws: Any, **message: Any) -> None:
    ws.send_text(json.dumps(message))


def watch(ws: Any, table: int) -> dict[str, Any]:
    send(ws, type="watch", table=table)
    return receive(ws)


def bots(level: str = "easy", count: int = 3) -> list[dict[str, str]]:
    return [{"kind": "bot", "level": level}] * count


def finished_record(seed: int = 1) -> dict[str, Any]:
    """One seeded random hand of 3-player Slobberhannes (seat 0 has a handful of judged decisions)."""
    state = cardtable.make("slobberhannes", players=3, single_hand=True).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.record()
