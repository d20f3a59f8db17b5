"""Replays over HTTP: a finished table stepped through move by move with every seat's view (compared with the
engine's), records uploaded (checked by ``cardtable.replay``: a tampered one is refused naming the bad
event's index, and nothing is kept) and downloaded again."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import cardtable

from .helpers import bots, make_settings
from .live_server import Client, play_to_end, serving


@pytest.fixture
def finished(tmp_path: Path) -> Any:
    """A server, ana, and a finished 3-player Slobberhannes table of hers against two bots."""
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(options={"players": 3, "start_points": 6}, seats=[{"kind": "me"}, *bots(count=2)])
        ws = ana.socket()
        running = ana.http.get(f"/api/replays/tables/{table['id']}")
        assert running.status_code == 409 and running.json()["code"] == "not-over"
        play_to_end(ws, ws.watch(table["id"]))
        ws.close()
        record = ana.http.get(f"/api/tables/{table['id']}/record").json()
        yield ana, table["id"], record


def test_a_finished_table_is_replayed_step_by_step_with_every_hand(finished: Any) -> None:
    ana, table_id, record = finished
    replay = ana.http.get(f"/api/replays/tables/{table_id}").json()
    moves = [e for e in record["events"] if "move" in e]
    assert replay["source"] == f"table/{table_id}" and replay["game"] == "slobberhannes"
    assert replay["players"] == ["ana", "bot:easy", "bot:easy"] and replay["result"] == record["result"]
    assert len(replay["steps"]) == len(moves) + 1
    assert [(s["seat"], s["move"]) for s in replay["steps"][1:]] == [(m["seat"], m["move"]) for m in moves]
    states = [state.clone() for state, _, _ in cardtable.replay_steps(record)]
    for step in (0, 1, len(moves) // 2, len(moves)):
        frame = ana.http.get(f"/api/replays/tables/{table_id}/steps/{step}").json()
        state = states[step]
        assert frame["step"] == step and frame["version"] == state.event_count()
        assert frame["views"] == [state.observation(seat) for seat in range(3)]
        assert frame["public"] == state.observation(None) and frame["to_act"] == state.current_player()
    first = ana.http.get(f"/api/replays/tables/{table_id}/steps/1").json()
    assert all(len(view["hand"]) >= 9 for view in first["views"]), "every seat's hand is shown"
    beyond = ana.http.get(f"/api/replays/tables/{table_id}/steps/{len(moves) + 1}")
    assert beyond.status_code == 404 and beyond.json()["detail"] == f"this replay has steps 0 to {len(moves)}"


def test_an_uploaded_record_is_replayed_and_downloaded_as_it_was(finished: Any) -> None:
    ana, table_id, record = finished
    answer = ana.http.post("/api/replays/uploads", json=record)
    assert answer.status_code == 201, answer.text
    upload = answer.json()
    number = int(upload["source"].split("/")[1])
    table_replay = ana.http.get(f"/api/replays/tables/{table_id}").json()
    assert {**upload, "source": ""} == {**table_replay, "source": ""}
    assert ana.http.get(f"/api/replays/uploads/{number}").json() == upload
    assert ana.http.get(f"/api/replays/uploads/{number}/record").json() == record
    step = len(upload["steps"]) // 3
    assert (
        ana.http.get(f"/api/replays/uploads/{number}/steps/{step}").json()
        == ana.http.get(f"/api/replays/tables/{table_id}/steps/{step}").json()
    )
    assert [u["id"] for u in ana.http.get("/api/replays/uploads").json()] == [number]
    someone = Client(ana.url, "bo")
    assert someone.http.get("/api/replays/uploads").json() == []
    assert someone.http.get(f"/api/replays/uploads/{number}").status_code == 404, "an upload is ana's alone"


def test_a_record_played_at_the_terminal_is_uploaded_too(tmp_path: Path) -> None:
    """A record with its seed and without player labels (as ``cardtable play`` writes them)."""
    state = cardtable.make("troeven", version=2, start_points=1).new_game(seed=4)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    record = state.record()
    assert "players" not in record and record["seed"] == 4
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        answer = ana.http.post("/api/replays/uploads", json=record)
    assert answer.status_code == 201 and answer.json()["players"] == ["seat 1", "seat 2"]


def tampered(record: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Records changed in one place each, with the start of the error each must get."""
    events = record["events"]
    move_at = next(i for i, e in enumerate(events) if "move" in e and i > 5)
    changed_move = copy.deepcopy(record)
    already_played = next(e["move"] for e in events[:move_at] if "move" in e)  # in nobody's hand any more
    changed_move["events"][move_at]["move"] = already_played
    wrong_seat = copy.deepcopy(record)
    wrong_seat["events"][move_at]["seat"] = (events[move_at]["seat"] + 1) % 3
    dealt = copy.deepcopy(record)
    deck = dealt["events"][0]["deal"]["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]  # from seat 0's hand to seat 2's
    truncated = copy.deepcopy(record)
    truncated["events"] = events[: move_at + 1]
    rewritten = copy.deepcopy(record)
    rewritten["result"] = {
        **record["result"],
        "winners": [w for w in range(3) if w not in record["result"]["winners"]],
    }
    return [
        (changed_move, f"this record cannot be replayed: event {move_at}: seat "),
        (wrong_seat, f"this record cannot be replayed: event {move_at}: seat "),
        (dealt, "this record cannot be replayed: event "),
        (
            truncated,
            "this record cannot be replayed: the record has a result, but its events do not end the game",
        ),
        (rewritten, "this record cannot be replayed: the result should be "),
    ]


def test_a_tampered_record_is_refused_naming_the_bad_event(finished: Any) -> None:
    ana, _, record = finished
    for bad, start in tampered(record):
        answer = ana.http.post("/api/replays/uploads", json=bad)
        assert answer.status_code == 400 and answer.json()["code"] == "bad-record", answer.text
        assert answer.json()["detail"].startswith(start), (answer.json()["detail"], start)
        assert _matches_engine(bad, answer.json()["detail"])
        assert answer.json()["detail"].count("cannot play") <= 1, "the reason is said once"
    assert ana.http.get("/api/replays/uploads").json() == [], "nothing refused was kept"


def _matches_engine(record: dict[str, Any], detail: str) -> bool:
    """The detail is the engine's own complaint about the record."""
    with pytest.raises(cardtable.RecordError) as error:
        cardtable.replay(record)
    return detail == f"this record cannot be replayed: {error.value}"


def test_what_is_no_record_is_refused(finished: Any) -> None:
    ana = finished[0]
    cases: list[tuple[Any, int, str]] = [
        (b"{not json", 422, "JSON decode error: key must be a string"),
        (b"[1, 2]", 400, "a record is a JSON object (cardtable-record/1)"),
        (json.dumps({"format": "pgn"}).encode(), 400, "this record cannot be replayed: format must be"),
        (
            json.dumps(
                {
                    "format": "cardtable-record/1",
                    "game": "chess",
                    "options": {},
                    "seed": None,
                    "events": [],
                    "result": None,
                }
            ).encode(),
            400,
            "this record cannot be replayed: bad game or options: ",
        ),
        (b'{"x": "' + b"y" * 2_100_000 + b'"}', 413, "a request body here may have at most 2000000 bytes"),
    ]
    for body, status, start in cases:
        answer = ana.http.post(
            "/api/replays/uploads", content=body, headers={"content-type": "application/json"}
        )
        detail = answer.json()["detail"]
        reason = detail if isinstance(detail, str) else detail[0]["msg"]  # 422: FastAPI's shape
        assert answer.status_code == status and reason.startswith(start), answer.text[:200]
    assert ana.http.get("/api/replays/uploads/12345").status_code == 404
