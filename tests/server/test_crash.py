"""Crash safety: the real server process (``cardtable serve``) plays part of a game with two people and two
bots, is killed with SIGKILL right after a move is sent, twice, restarts on the same database each time,
and the game is finished with nothing lost: every state a player was shown is a state of the final record.

Runs on SQLite always, and on PostgreSQL when ``DATABASE_URL`` names a server (``.ci/run`` starts one):
each run there gets a database of its own, dropped afterwards.
"""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.sync.client import ClientConnection, connect

import cardtable

from .process import Server, server_env

Shown = tuple[int, int, dict[str, Any]]
"""(seat, version, observation) of a message a player received."""


class Person:
    """A guest with a session cookie (which outlives the server process) and a websocket."""

    def __init__(self, server: Server, name: str) -> None:
        self.server = server
        answer = httpx2.post(f"{server.url}/api/accounts/guest", json={"name": name}, timeout=10)
        assert answer.status_code == 201, answer.text
        self.cookie = f"cardtable_session={answer.cookies['cardtable_session']}"
        self.ws: ClientConnection | None = None
        self.sockets = contextlib.ExitStack()

    def post(self, path: str, body: Any = None) -> Any:
        answer = httpx2.post(
            f"{self.server.url}{path}", json=body, headers={"cookie": self.cookie}, timeout=10
        )
        assert answer.status_code < 300, answer.text
        return answer.json()

    def get(self, path: str) -> Any:
        return httpx2.get(f"{self.server.url}{path}", headers={"cookie": self.cookie}, timeout=10).json()

    def watch(self, table: int) -> dict[str, Any]:
        url = self.server.url.replace("http", "ws") + "/ws"
        self.ws = self.sockets.enter_context(
            connect(url, additional_headers={"cookie": self.cookie}, open_timeout=10)
        )
        self.ws.send(json.dumps({"type": "watch", "table": table}))
        return self.receive()

    def receive(self) -> dict[str, Any]:
        assert self.ws is not None
        message = json.loads(self.ws.recv(timeout=20))
        assert message["type"] == "table", message
        return message  # type: ignore[no-any-return]


def play(people: list[Person], table: int, rng: random.Random, shown: list[Shown], moves: int | None) -> bool:
    """Play random legal moves for the people (the bots move by themselves) until ``moves`` of theirs were
    sent, or to the end (None). Every update reaches both sockets, so they are read in step. Returns True
    when the game is over. After the last move the caller kills the server at once."""
    latest = [p.watch(table) for p in people]
    sent = 0
    while True:
        for message in latest:
            shown.append((message["seat"], message["version"], message["observation"]))
        if latest[0]["status"] == "over":
            return True
        for person, message in zip(people, latest, strict=True):
            if message["moves"]:
                assert person.ws is not None
                person.ws.send(
                    json.dumps(
                        {
                            "type": "move",
                            "table": table,
                            "version": message["version"],
                            "move": rng.choice(message["moves"]),
                        }
                    )
                )
                sent += 1
                if moves is not None and sent == moves:
                    return False
        latest = [p.receive() for p in people]
        assert latest[0]["version"] == latest[1]["version"]


def crash_and_finish(database: list[str], env: dict[str, str], tmp_path: Path) -> None:
    server = Server(database, env, tmp_path / "server.log")
    server.start()
    ana, bo = Person(server, "ana"), Person(server, "bo")
    seats = [
        {"kind": "me"},
        {"kind": "bot", "level": "easy"},
        {"kind": "open"},
        {"kind": "bot", "level": "easy"},
    ]
    table = ana.post(
        "/api/tables", {"game": "slobberhannes", "options": {"start_points": 16}, "seats": seats}
    )["id"]
    bo.post(f"/api/tables/{table}/join", {"seat": 2})
    rng, shown = random.Random(8), []
    for moves in (10, 15):
        assert not play([ana, bo], table, rng, shown, moves)
        server.kill()
        server.start()
    assert play([ana, bo], table, rng, shown, None)

    record = ana.get(f"/api/tables/{table}/record")
    views = {}
    for state, _, _ in cardtable.replay_steps(record):
        views[state.event_count()] = [state.observation(seat) for seat in range(4)]
    assert cardtable.replay(record).is_terminal()
    assert len(shown) > 100
    for seat, version, observation in shown:
        assert views[version][seat] == observation, f"seat {seat} was shown version {version}, which was lost"
    server.kill()


@pytest.fixture
def env() -> dict[str, str]:
    return server_env(bot_delay="0", ws_rate="1000", ws_burst="1000")


def test_sqlite_table_survives_sigkill(tmp_path: Path, env: dict[str, str]) -> None:
    crash_and_finish(["--db", str(tmp_path / "crash.db")], env, tmp_path)


def test_postgresql_table_survives_sigkill(tmp_path: Path, env: dict[str, str], postgres_url: str) -> None:
    crash_and_finish([], {**env, "DATABASE_URL": postgres_url}, tmp_path)
