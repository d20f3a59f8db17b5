"""A server that holds a table another server moves on follows those moves: by the change that came with
the word of each move, with no query, or, when that word does not follow on from what it holds, by the
events it lacks from the database. Either way it ends where the mover is."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.server.db.database import Database
from cardtable.server.pubsub import InMemoryPubSub
from cardtable.server.schemas import SeatIn, TableIn
from cardtable.server.services.accounts import AccountService
from cardtable.server.services.tables import TableService
from cardtable.server.services.updates import move_change


@pytest.fixture
def two(tmp_path: Path) -> Any:
    """Two servers on one database, and a started 4-player table of four guests."""
    db = Database(f"sqlite:///{tmp_path / 'shared.db'}")
    db.upgrade()
    servers = [TableService(db, InMemoryPubSub(), shared=True) for _ in range(2)]
    accounts = AccountService(db, session_days=1)
    users = [accounts.guest(f"guest{n}")[0] for n in range(4)]
    spec = TableIn(
        game="slobberhannes", options={"players": 4}, seats=[SeatIn(kind="me"), *[SeatIn(kind="open")] * 3]
    )
    table = servers[0].lobby.create(users[0], spec)
    for seat in range(1, 4):
        servers[0].lobby.join(users[seat], table.id, seat)
    yield servers, users, table.id
    for server in servers:
        server.close()
    db.close()


def moves_on(server: TableService, users: list[Any], table_id: int, count: int) -> list[bytes]:
    """``count`` random moves made through ``server``, and the change each sent to the others."""
    rng, changes = random.Random(count), []
    for _ in range(count):
        live = server.live.load(table_id)
        assert live.state is not None
        state, version = live.state, live.version
        seat = state.current_player()
        assert seat is not None
        server.play(
            table_id, users[seat].id, state.action_to_string(rng.choice(state.legal_actions())), version
        )
        changes.append(move_change(server.live.load(table_id), version).encode())
    return changes


def test_moves_made_elsewhere_are_followed_from_their_changes_without_a_query(
    two: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    (mover, follower), users, table_id = two
    follower.live.load(table_id)
    for change in moves_on(mover, users, table_id, 40):  # over a deal: the engine's events come along
        follower.outdated(table_id, change)
    monkeypatch.setattr(follower.live, "_catch_up", lambda live: pytest.fail("read the database"))
    held, moved = follower.live.load(table_id), mover.live.load(table_id)
    assert held.version == moved.version and held.state == moved.state
    assert held.turn_since == moved.turn_since


def test_changes_that_do_not_follow_on_are_made_good_from_the_database(two: Any) -> None:
    (mover, follower), users, table_id = two
    follower.live.load(table_id)
    changes = moves_on(mover, users, table_id, 6)
    for change in changes[1:]:  # the first word was lost
        follower.outdated(table_id, change)
    held, moved = follower.live.load(table_id), mover.live.load(table_id)
    assert held.version == moved.version and held.state == moved.state
    follower.outdated(table_id, changes[-1])  # late word of a move already followed changes nothing
    assert follower.live.load(table_id).state == moved.state
