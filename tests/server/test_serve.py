"""``cardtable serve``: its options and settings, and the limits of the real server process."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
import uvicorn
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardtable.cli.main import app
from cardtable.server.collector import YOUNG_THRESHOLD

from .process import Server, server_env


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server given ``--db`` while DATABASE_URL names a database that does not exist: --db wins."""
    folder = tmp_path_factory.mktemp("serve")
    env = {**server_env(), "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/nothing"}
    running = Server(["--db", str(folder / "serve.db")], env, folder / "server.log")
    running.start()
    yield running
    running.kill()


def test_the_db_option_wins_over_database_url(server: Server) -> None:
    assert httpx2.get(f"{server.url}/healthz").json() == {"status": "ok"}
    assert (Path(server.args[server.args.index("--db") + 1])).is_file()


def test_a_bad_setting_is_refused_before_anything_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "mysql://somewhere/db")
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "bad server setting" in result.output and "PostgreSQL or SQLite" in result.output


def test_a_message_far_over_the_limit_closes_the_socket(server: Server) -> None:
    """Up to uvicorn's limit a big message gets an error (test_live); far beyond it the protocol closes."""
    answer = httpx2.post(f"{server.url}/api/accounts/guest", json={"name": "big"})
    cookie = f"cardtable_session={answer.cookies['cardtable_session']}"
    with connect(server.url.replace("http", "ws") + "/ws", additional_headers={"cookie": cookie}) as ws:
        ws.send(json.dumps({"type": "watch", "table": 1, "pad": "x" * 10_000}))
        assert json.loads(ws.recv(timeout=10))["code"] == "too-large"
        ws.send("x" * 200_000)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_the_server_process_settles_its_garbage_collector_before_serving(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``serve`` freezes what the built application holds and collects young objects less often, as the
    collector's pauses were the tail of the move round trip (``server/collector.py``)."""
    seen: dict[str, int] = {}

    def run(application: Any, **options: Any) -> None:  # instead of serving
        seen.update(young=gc.get_threshold()[0], frozen=gc.get_freeze_count())

    monkeypatch.setattr(uvicorn, "run", run)
    before = gc.get_threshold()
    try:
        result = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "settled.db")])
    finally:  # this test process goes on as it was
        gc.unfreeze()
        gc.set_threshold(*before)
    assert result.exit_code == 0, result.output
    assert seen["young"] == YOUNG_THRESHOLD and seen["frozen"] > 0
