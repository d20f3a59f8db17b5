"""Live play on the websocket: each seat's view, moves answering a version, and bad input that hurts nobody
else (an error to the sender only, the table unchanged, the connection still up)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.bots.base import _KINDS, _LEVELS, Bot
from cardtable.core.game import State
from cardtable.server.app import create_app
from cardtable.server.schemas import TableMessage
from cardtable.server.settings import Settings

from .helpers import Player, bots, make_settings, receive, send, watch

Table = dict[str, Any]


@pytest.fixture
def four(player: Callable[..., Player]) -> Iterator[tuple[Table, list[Player], list[Any]]]:
    """A started 4-player Slobberhannes table of four people (seat 0 leads), each with a watching socket."""
    people = [player(name) for name in ("ana", "bo", "cy", "di")]
    table = people[0].create(options={"first_leader": 0}, seats=[{"kind": "me"}, *[{"kind": "open"}] * 3])
    for seat, person in enumerate(people[1:], start=1):
        person.http.post(f"/api/tables/{table['id']}/join", json={"seat": seat})
    sockets = [person.socket().__enter__() for person in people]
    for ws in sockets:
        watch(ws, table["id"])
    yield table, people, sockets
    for ws in sockets:
        ws.__exit__(None, None, None)


def test_each_seat_sees_its_own_hand_and_only_the_seat_to_act_gets_moves(four: Any, player: Any) -> None:
    table, _, sockets = four
    views = [watch(ws, table["id"]) for ws in sockets]
    assert [v["seat"] for v in views] == [0, 1, 2, 3]
    assert all(v["status"] == "playing" and v["version"] == 1 and v["to_act"] == 0 for v in views)
    hands = [v["observation"]["hand"] for v in views]
    assert len({card for hand in hands for card in hand}) == 32
    assert views[0]["moves"] == sorted(hands[0], key=views[0]["moves"].index) and len(views[0]["moves"]) == 8
    assert all(v["moves"] == [] for v in views[1:])
    with player("eve").socket() as ws:
        public = watch(ws, table["id"])
    assert public["seat"] is None and public["observation"]["hand"] is None and public["moves"] == []


def test_a_move_reaches_every_seat_with_the_next_version(four: Any) -> None:
    table, _, sockets = four
    first = watch(sockets[0], table["id"])
    send(sockets[0], type="move", table=table["id"], version=first["version"], move=first["moves"][0])
    updates = [receive(ws) for ws in sockets]
    assert {u["version"] for u in updates} == {first["version"] + 1}
    assert all(u["observation"]["trick"] == [{"seat": 0, "card": first["moves"][0]}] for u in updates)
    assert updates[1]["moves"] and updates[0]["moves"] == []


def test_every_table_text_is_a_table_message_as_the_schema_describes_it(four: Any) -> None:
    """The texts are built without the pydantic model (for speed): each must still be a valid
    ``TableMessage`` that reads back unchanged."""
    table, _, sockets = four
    first = watch(sockets[0], table["id"])
    send(sockets[0], type="move", table=table["id"], version=first["version"], move=first["moves"][0])
    for ws in sockets:
        text = ws.receive_text()
        assert TableMessage.model_validate_json(text).model_dump(mode="json") == json.loads(text)


def test_bad_input_gets_an_error_to_the_sender_only_and_changes_nothing(four: Any, player: Any) -> None:
    table, people, sockets = four
    tid = table["id"]
    ana, bo = sockets[0], sockets[1]
    state = watch(ana, tid)
    version, hand = state["version"], state["observation"]["hand"]
    absent = next(c for c in watch(bo, tid)["observation"]["hand"])
    eve = player("eve").socket().__enter__()

    def refused(ws: Any, code: str, raw: str | None = None, **message: Any) -> str:
        if raw is None:
            send(ws, **message)
        else:
            ws.send_text(raw)
        answer = receive(ws)
        assert answer["type"] == "error" and answer["code"] == code, answer
        return str(answer["detail"])

    assert refused(ana, "bad-json", raw="{not json").startswith("a message must be a JSON object")
    assert refused(ana, "bad-json", raw="[" * 4000).startswith("a message must be a JSON object")
    assert "bad message" in refused(ana, "bad-message", raw="[1, 2]")
    assert refused(ana, "bad-message", type="dance", table=tid)
    assert "version" in refused(ana, "bad-message", type="move", table=tid, version="x", move="7H")
    assert refused(ana, "too-large", raw='{"type": "watch", "table": 1, "pad": "' + "x" * 5000 + '"}') == (
        "a message of 5040 bytes was refused: the limit is 4096"
    )
    assert refused(ana, "unknown-table", type="watch", table=999) == "there is no table 999"
    assert (
        refused(ana, "unknown-table", type="move", table=999, version=1, move="7H") == "there is no table 999"
    )
    assert refused(eve, "not-your-seat", type="move", table=tid, version=version, move=hand[0]) == (
        f"you have no seat at table {tid}"
    )
    assert refused(bo, "not-your-turn", type="move", table=tid, version=version, move=absent) == (
        "it is seat 0's turn, not yours (seat 1)"
    )
    assert refused(ana, "stale", type="move", table=tid, version=version - 1, move=hand[0]) == (
        f"your move answers version {version - 1}, but table {tid} is at version {version}"
    )
    assert refused(ana, "illegal", type="move", table=tid, version=version, move=absent) == (
        f"seat 0 cannot play {absent}: it is not in their hand"
    )
    assert "is not a move of slobberhannes" in refused(
        ana, "bad-notation", type="move", table=tid, version=version, move="ZZ"
    )
    ana.send_bytes(b"\xff\xfe")
    assert receive(ana)["code"] == "bad-json"

    assert people[0].http.get(f"/api/tables/{tid}").json()["version"] == version
    send(ana, type="move", table=tid, version=version, move=hand[0])
    after = [receive(ws) for ws in sockets]
    assert [(m["type"], m["version"]) for m in after] == [("table", version + 1)] * 4, (
        "no error reached others"
    )
    assert refused(ana, "stale", type="move", table=tid, version=version, move=hand[0]).startswith(
        "your move answers"
    )
    eve.__exit__(None, None, None)


def test_a_follow_rule_refusal_carries_the_engines_reason(four: Any) -> None:
    table, _, sockets = four
    tid = table["id"]
    lead = watch(sockets[0], tid)
    hands = [watch(ws, tid)["observation"]["hand"] for ws in sockets]
    # ana leads a card of a suit bo holds, so bo may not play another suit
    card = next(
        c for c in hands[0] if any(b[1] == c[1] for b in hands[1]) and any(b[1] != c[1] for b in hands[1])
    )
    send(sockets[0], type="move", table=tid, version=lead["version"], move=card)
    state = [receive(ws) for ws in sockets][1]
    off_suit = next(b for b in hands[1] if b[1] != card[1])
    send(sockets[1], type="move", table=tid, version=state["version"], move=off_suit)
    answer = receive(sockets[1])
    allowed = " ".join(state["moves"])
    assert (
        answer["detail"]
        == f"seat 1 cannot play {off_suit}: {card} was led, and the rules allow only {allowed}"
    )


def test_a_flooding_client_is_told_then_closed_with_a_reason(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, ws_rate=1, ws_burst=2, ws_strikes=3))
    with TestClient(app):
        ana = Player(app, "ana")
        with ana.socket() as ws:
            for _ in range(6):
                send(ws, type="watch", table=999)
            codes = [receive(ws)["code"] for _ in range(4)]
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
    assert codes == ["unknown-table", "unknown-table", "flood", "flood"]
    assert closed.value.code == 1008 and closed.value.reason == "too many messages: closing this connection"


def test_a_socket_needs_a_login_and_this_origin(app: FastAPI, player: Callable[..., Player]) -> None:
    with TestClient(app).websocket_connect("/ws") as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text()
    assert closed.value.code == 1008 and closed.value.reason == "log in first (or play as a guest)"
    ana = player("ana")
    with (
        ana.http.websocket_connect("/ws", headers={"origin": "http://elsewhere.example"}) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_text()
    assert closed.value.reason == "websocket from another origin refused"


def test_every_broadcast_move_is_already_committed(app: FastAPI, settings: Settings, player: Any) -> None:
    ana = player("ana")
    table = ana.create(options={"start_points": 6}, seats=[{"kind": "me"}, *bots()])
    database = sqlite3.connect(settings.db_path)
    seen = 0
    with ana.socket() as ws:
        state = watch(ws, table["id"])
        while state["status"] != "over":
            stored = database.execute(
                "select count(*) from events where table_id = ?", (table["id"],)
            ).fetchone()[0]
            assert stored >= state["version"]
            seen += 1
            if state["moves"]:
                send(ws, type="move", table=table["id"], version=state["version"], move=state["moves"][-1])
            state = receive(ws)
    assert seen > 10


class SlowBot(Bot):
    """Thinks busily, holding the interpreter, until the test lets it go (at most a minute), then plays its
    first legal move. ``thinking`` is set while it thinks, ``done`` once it has chosen."""

    thinking = threading.Event()
    release = threading.Event()
    done = threading.Event()

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, state: State) -> int:
        self.thinking.set()
        give_up = time.monotonic() + 60
        while not self.release.is_set() and time.monotonic() < give_up:
            pass
        self.done.set()
        return state.legal_actions()[0]


def test_a_slow_bot_does_not_block_other_tables(
    monkeypatch: pytest.MonkeyPatch, app: FastAPI, player: Any
) -> None:
    """The other table's move goes through while the slow bot is provably still thinking (no clock read)."""
    for event in (SlowBot.thinking, SlowBot.release, SlowBot.done):
        event.clear()
    monkeypatch.setitem(_KINDS, "slow", SlowBot)
    monkeypatch.setitem(_LEVELS, "slow", "slow")
    ana, bo = player("ana"), player("bo")
    ana.create(options={"first_leader": 1}, seats=[{"kind": "me"}, *bots("slow")])
    try:
        assert SlowBot.thinking.wait(timeout=30), "the slow bot never started thinking"
        table = bo.create(options={"first_leader": 0}, seats=[{"kind": "me"}, *bots()])
        assert bo.http.get("/healthz").status_code == 200
        with bo.socket() as ws:
            state = watch(ws, table["id"])
            send(ws, type="move", table=table["id"], version=state["version"], move=state["moves"][0])
            assert receive(ws)["version"] == state["version"] + 1
        assert not SlowBot.done.is_set(), "the slow bot finished first: this proves nothing"
    finally:
        SlowBot.release.set()
