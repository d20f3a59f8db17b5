"""Storage: the migrations build exactly the models, a table's state comes back from its record after a
restart (bots waiting to move included), and seeds never leave the server."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from pydantic import ValidationError
from sqlalchemy.exc import DBAPIError

from cardtable.server.app import create_app
from cardtable.server.db.database import Database
from cardtable.server.db.models import Base, GameTable
from cardtable.server.services.table_store import save_move, table_events
from cardtable.server.settings import Settings

from .helpers import Player, bots, make_settings, receive, send, watch


def test_the_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    database = Database(f"sqlite:///{tmp_path / 'm.db'}")
    database.upgrade()
    database.upgrade()  # idempotent
    with database.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    database.close()


def test_a_restarted_server_rebuilds_each_table_from_its_record(tmp_path: Path) -> None:
    first = create_app(make_settings(tmp_path, bot_delay=10))  # bots will not move before the restart
    with TestClient(first):
        ana, bo = Player(first, "ana"), Player(first, "bo")
        humans = ana.create(
            options={"players": 3, "first_leader": 0},
            seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}],
        )
        bo.http.post(f"/api/tables/{humans['id']}/join")
        Player(first, "cy").http.post(f"/api/tables/{humans['id']}/join")
        with ana.socket() as ws:
            state = watch(ws, humans["id"])
            send(ws, type="move", table=humans["id"], version=state["version"], move=state["moves"][0])
            before = receive(ws)
        waiting = bo.create(options={"first_leader": 1}, seats=[{"kind": "me"}, *bots()])
        bo_cookie = bo.http.cookies["cardtable_session"]
        ana_cookie = ana.http.cookies["cardtable_session"]

    second = create_app(make_settings(tmp_path))
    with TestClient(second):
        ana = TestClient(second, cookies={"cardtable_session": ana_cookie})
        with ana.websocket_connect("/ws") as ws:
            assert watch(ws, humans["id"]) == before
        bo = TestClient(second, cookies={"cardtable_session": bo_cookie})
        with bo.websocket_connect("/ws") as ws:
            state = watch(ws, waiting["id"])
            while not state["moves"]:  # the bots of seats 1, 2 and 3 were resumed
                state = receive(ws)
            assert state["version"] == waiting["version"] + 3


def test_seeds_never_leave_the_server(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path))
    texts: list[str] = []
    with TestClient(app):
        ana = Player(app, "ana")
        table = ana.create(options={"start_points": 6}, seats=[{"kind": "me"}, *bots()])
        with ana.socket() as ws:
            send(ws, type="watch", table=table["id"])
            state: dict[str, Any] = {"status": "playing", "moves": []}
            while state["status"] != "over":
                if state["moves"]:
                    send(ws, type="move", table=table["id"], version=state["version"], move=state["moves"][0])
                texts.append(ws.receive_text())
                state = json.loads(texts[-1])
        texts.append(ana.http.get(f"/api/tables/{table['id']}/record").text)
        texts.append(ana.http.get(f"/api/tables/{table['id']}").text)
        texts.append(ana.http.get("/api/tables").text)
    seed = sqlite3.connect(tmp_path / "cardtable.db").execute("select seed from game_tables").fetchone()[0]
    assert len(texts) > 50 and seed > 1000
    assert not any(str(seed) in text for text in texts)


def test_database_urls_get_the_installed_driver_and_others_are_refused() -> None:
    assert (
        Settings(database_url="postgresql://u:p@localhost/db").url()
        == "postgresql+psycopg://u:p@localhost/db"
    )
    assert Settings(database_url="postgres://localhost/db").url() == "postgresql+psycopg://localhost/db"
    assert (
        Settings(database_url=None, redis_url=None, db_path=Path("/tmp/x.db")).url() == "sqlite:////tmp/x.db"
    )
    with pytest.raises(ValidationError, match="PostgreSQL or SQLite"):
        Settings(database_url="mysql://localhost/db")


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_a_move_stores_its_events_turn_and_time_used_and_a_stale_one_nothing(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    """Each database stores a move its own way (PostgreSQL as one statement in autocommit mode): both
    keep the same rows, and both refuse a move that answers a version the table has left."""
    url = request.getfixturevalue("postgres_url") if store == "postgresql" else None
    settings = make_settings(tmp_path, database_url=url, bot_delay=10)  # the bots wait: the rows stay put
    app = create_app(settings)
    with TestClient(app):
        ana = Player(app, "ana")
        table = ana.create(
            options={"first_leader": 0}, clock={"game_seconds": 600}, seats=[{"kind": "me"}, *bots()]
        )
        with ana.socket() as ws:
            state = watch(ws, table["id"])
            send(ws, type="move", table=table["id"], version=state["version"], move=state["moves"][0])
            after = receive(ws)
    database = Database(settings.url())
    try:
        with database.read() as session:
            row = session.get(GameTable, table["id"])
            assert row is not None
            assert (row.version, row.to_act, row.status) == (after["version"], 1, "playing")
            assert row.seats[0].time_used > 0 and row.seats[1].time_used == 0
            events = table_events(session, table_id=table["id"])
        assert len(events) == after["version"] and events[-1] == {"seat": 0, "move": state["moves"][0]}
        with database.transaction(one_statement=True) as connection:
            stale = dict(
                events=[{"seat": 1, "move": "7S"}], to_act=2, result=None, over=False, at=0.0, seat=1
            )
            assert not save_move(
                connection, table_id=table["id"], version=state["version"], time_used=9.0, **stale
            )
        with database.read() as session:
            assert table_events(session, table_id=table["id"]) == events
            row = session.get(GameTable, table["id"])
            assert row is not None and (row.version, row.to_act, row.seats[1].time_used) == (
                after["version"],
                1,
                0,
            )
    finally:
        database.close()


def test_a_thread_keeping_a_connection_stores_on_one_and_gives_it_up_after_a_failure(
    postgres_url: str,
) -> None:
    """The move threads keep a connection (``Database.keeping_connection``): their one-statement
    transactions run on one PostgreSQL session, held out of the pool between them; one that failed goes
    back to the pool and the next transaction takes another; the block's end gives the kept one back."""
    database = Database(postgres_url)
    pool = database.engine.pool

    def session_id() -> int:
        with database.transaction(one_statement=True) as connection:
            return int(connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())

    try:
        with database.keeping_connection():
            first = session_id()
            assert pool.checkedout() == 1  # kept between transactions
            assert session_id() == first
            failing = database.transaction(one_statement=True)
            with pytest.raises(DBAPIError, match="division by zero"), failing as connection:
                connection.exec_driver_sql("SELECT 1 / 0")
            assert pool.checkedout() == 0
            session_id()
            assert pool.checkedout() == 1
        assert pool.checkedout() == 0
        session_id()  # a thread that keeps none takes one from the pool for each transaction
        assert pool.checkedout() == 0
    finally:
        database.close()
