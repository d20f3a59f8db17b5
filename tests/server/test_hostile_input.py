"""Hostile input through the real server (issue 18): costly replay frames, oversized bodies, JSON the
platform cannot carry, bad uploads (and bad ones stored before they were checked), names that show
nothing or carry control characters, and requests that break the OpenAPI document. Each is refused with
a clear error, and nothing stored changes."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import pytest

import cardtable
from cardtable.server.db.database import Database
from cardtable.server.db.models import Upload
from cardtable.server.errors import TooMany
from cardtable.server.fair import FairQueue
from cardtable.server.services.accounts import now
from cardtable.server.services.replay_cache import CHECKPOINT_EVERY
from cardtable.server.services.replays import UPLOAD_MAX_MOVES

from .helpers import bots, make_settings
from .live_server import Client, my_turn, serving


def unfinished_mue(moves: int, seed: int = 3) -> dict[str, Any]:
    """The record of a Mü game stopped after ``moves`` random moves (a long game: a high target)."""
    state = cardtable.make("mue", target=100_000).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state.record()


def raw_request(url: str, head: str, body_parts: list[bytes]) -> tuple[int, bytes]:
    """Send a request by hand (``head`` without the blank line) and read the answer's status and body."""
    address = urlsplit(url)
    with socket.create_connection((address.hostname, address.port), timeout=20) as connection:
        connection.sendall(head.encode() + b"\r\n\r\n")
        for part in body_parts:
            connection.sendall(part)
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < _length(answer):
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, answer.split(b"\r\n\r\n", 1)[1]


def _length(answer: bytes) -> int:
    for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


# -- item 2: costly replay frames -------------------------------------------------------------------------


def test_late_replay_frames_stay_cheap_and_one_client_cannot_hold_the_server(tmp_path: Path) -> None:
    """A long record's late frames are right (made from copies of the state), a record over the limit
    is refused, and many late frames asked for at once by one client leave another table's moves quick
    (when each replayed from the start, a storm like this one took moves seconds to come back)."""
    long_game = unfinished_mue(9000)
    too_long = unfinished_mue(UPLOAD_MAX_MOVES + 1)
    moves = sum("move" in event for event in too_long["events"])
    checked = (0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, 4321, 8999, 9000)
    states = {
        i: step.state.clone() for i, step in enumerate(cardtable.replay_steps(long_game)) if i in checked
    }
    with serving(make_settings(tmp_path)) as url:
        ana, bo = Client(url, "ana"), Client(url, "bo")
        refused = ana.http.post("/api/replays/uploads", json=too_long)
        assert refused.status_code == 400 and refused.json() == {
            "detail": f"a record may have at most {UPLOAD_MAX_MOVES} moves; this one has {moves}",
            "code": "bad-record",
        }
        assert ana.http.get("/api/replays/uploads").json() == [], "nothing refused is stored"
        answer = ana.http.post("/api/replays/uploads", json=long_game)
        assert answer.status_code == 201 and len(answer.json()["steps"]) == 9001
        frames = f"/api/replays/uploads/{answer.json()['source'].split('/')[1]}/steps"
        for step, state in states.items():
            frame = ana.http.get(f"{frames}/{step}").json()
            assert frame["views"] == [state.observation(seat) for seat in range(5)], step
            assert frame["public"] == state.observation(None)
            assert frame["to_act"] == state.current_player() and frame["step"] == step

        table = bo.create(seats=[{"kind": "me"}, *bots()], options={"start_points": 16})
        ws = bo.socket()
        state = ws.watch(table["id"])
        failures: list[str] = []
        storm = [threading.Thread(target=_late_frames, args=(ana, frames, failures)) for _ in range(30)]
        for thread in storm:
            thread.start()
        slowest = 0.0
        while any(thread.is_alive() for thread in storm) and state["status"] != "over":
            state = state if my_turn(state) else ws.until(my_turn, timeout=30)
            start = time.monotonic()
            ws.send(type="move", table=table["id"], version=state["version"], move=state["moves"][0])
            state = ws.until(lambda m, v=state["version"]: m["type"] == "table" and m["version"] > v)
            slowest = max(slowest, time.monotonic() - start)
        for thread in storm:
            thread.join(timeout=300)
        ws.close()
    assert not failures, failures[:3]
    assert slowest < 1.0, f"a move took {slowest:.3f} s to come back during the storm of replay frames"


def _late_frames(client: Client, frames: str, failures: list[str]) -> None:
    """Ask for late frames, as one of many requests at once of the same user."""
    for step in range(8999, 8989, -1):
        answer = client.http.get(f"{frames}/{step}")
        if answer.status_code != 200 or answer.json()["step"] != step:
            failures.append(f"{answer.status_code} {answer.text[:200]}")


def test_a_client_with_too_many_replay_requests_waiting_is_refused() -> None:
    """The replay queue: one request of a user at a time, and at most ``waiting`` queued per user."""

    async def main() -> None:
        queue = FairQueue(workers=2, waiting=3)
        release = threading.Event()
        order: list[str] = []

        def work(name: str) -> str:
            order.append(name)
            release.wait(timeout=30)
            return name

        async with anyio.create_task_group() as tasks:
            for name in ("ana 1", "ana 2", "ana 3", "bo 1"):
                tasks.start_soon(queue.run, name.split()[0], work, name)
            with anyio.fail_after(30):
                while len(order) < 2:
                    await anyio.sleep(0.01)
            # two worker threads: which of the two running calls starts first is the machine's choice
            assert sorted(order) == ["ana 1", "bo 1"], "bo is served while ana's requests wait their turn"
            with pytest.raises(TooMany) as refused:
                await queue.run("ana", work, "ana 4")
            assert refused.value.detail == "too many requests at once (at most 3): wait for answers"
            release.set()
        assert order[2:] == ["ana 2", "ana 3"], "ana's requests in turn"

    anyio.run(main)


# -- item 4: request bodies --------------------------------------------------------------------------------


def test_every_body_is_limited_and_errors_never_echo_large_input(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        cookie = f"cardtable_session={ana.http.cookies['cardtable_session']}"
        head = (
            "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # a name the server answers to
            f"Cookie: {cookie}\r\nContent-Type: application/json"
        )
        status, body = raw_request(url, f"{head}\r\nContent-Length: {50 * 2**20}", [b'{"game": "'])
        assert status == 413 and len(body) < 200, "refused before the 50 MB were sent"
        assert json.loads(body) == {
            "detail": "a request body here may have at most 65536 bytes",
            "code": "too-large",
        }
        chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
        status, body = raw_request(url, f"{head}\r\nTransfer-Encoding: chunked", [chunk, chunk])
        assert status == 413 and json.loads(body)["code"] == "too-large", "a streamed body is cut off too"
        for huge in ({"game": "x" * 60_000}, {"game": "mue", "options": {"k" * 60_000: 1}}):
            answer = ana.http.post("/api/tables", json=huge)
            assert answer.status_code == 422 and len(answer.content) < 1000, answer.text[:300]
            assert answer.json()["code"] == "invalid-request" and "x" * 100 not in answer.text
        assert ana.http.post("/api/accounts/guest", content=b"{" + b" " * 70_000 + b"}").status_code == 413
        assert ana.http.get("/api/tables").json() == [], "no table was made"


# -- item 5: JSON edge cases -------------------------------------------------------------------------------


def test_nan_infinity_and_lone_surrogates_answer_422_with_a_reason(tmp_path: Path) -> None:
    bodies = {
        b'{"game": NaN}': "NaN and Infinity are no JSON numbers",
        b'{"game": "mue", "options": {"target": Infinity}}': "NaN and Infinity are no JSON numbers",
        b'{"game": "mue", "options": {"target": -Infinity}}': "NaN and Infinity are no JSON numbers",
        b'{"game": "mue", "options": {"target": 1e400}}': "a number is too large",
        b'{"game": "\\ud800"}': "lone surrogate",
        b'{"name": "\\udc00x"}': "lone surrogate",
        b'{"game": "\xff"}': "invalid unicode code point",
    }
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create()
        paths = [
            "/api/tables",
            "/api/accounts/guest",
            f"/api/tables/{table['id']}/join",
            "/api/replays/uploads",
        ]
        for path in paths:
            for body, reason in bodies.items():
                answer = ana.http.post(path, content=body, headers={"content-type": "application/json"})
                assert answer.status_code == 422, (path, body, answer.text)
                assert answer.json()["code"] == "bad-json" and reason in answer.json()["detail"][0]["msg"]
        ws = ana.socket()
        ws.connection.send(f'{{"type": "chat", "table": {table["id"]}, "text": "\\ud800"}}')
        error = ws.until(lambda m: m["type"] == "error")
        assert error["code"] == "bad-json" and "surrogate" in error["detail"]
        assert ws.watch(table["id"])["table"] == table["id"], "the socket stays open"
        ws.close()
        assert [t["id"] for t in ana.http.get("/api/tables").json()] == [table["id"]]
        assert ana.http.get(f"/api/tables/{table['id']}").json()["seats"] == table["seats"]
        assert ana.http.get("/api/replays/uploads").json() == []


# -- item 6: uploads ---------------------------------------------------------------------------------------


def test_uploads_are_checked_whole_and_bad_stored_ones_answer_a_clear_error(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    state = cardtable.make("troeven", start_points=1).new_game(seed=5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    good = state.record(players=["ana", "bot:easy"])
    bad_players = [5, ["ana"], ["ana", 7], ["ana", "\u202e"], ["ana", "x" * 41], ["ana", "a\u202eb"], {}]
    with serving(settings) as url:
        ana = Client(url, "ana")
        for players in bad_players:
            answer = ana.http.post("/api/replays/uploads", json={**good, "players": players})
            assert answer.status_code == 400 and answer.json()["code"] == "bad-record", (players, answer.text)
            assert "players" in answer.json()["detail"] or "name of seat 1" in answer.json()["detail"]
        surrogate = json.dumps({**good, "players": ["ana", "\ud800"]}).encode()
        answer = ana.http.post(
            "/api/replays/uploads", content=surrogate, headers={"content-type": "text/plain"}
        )
        assert answer.status_code == 422 and answer.json()["code"] == "bad-json", answer.text
        assert ana.http.get("/api/replays/uploads").json() == [], "nothing refused is stored"

        db = Database(settings.url())  # rows stored before uploads were checked whole
        with db.write() as session:
            for players in (5, ["ana", "\ud800"]):
                session.add(
                    Upload(
                        user_id=ana.id, game="troeven", record={**good, "players": players}, created_at=now()
                    )
                )
        db.close()
        listed = ana.http.get("/api/replays/uploads").json()
        assert len(listed) == 2
        for upload in listed:
            for page in ("", "/record", "/steps/0"):
                answer = ana.http.get(f"/api/replays/uploads/{upload['id']}{page}")
                assert answer.status_code == 410, (page, answer.text)
                assert answer.json()["code"] == "unreadable-upload"
                assert answer.json()["detail"].startswith(f"uploaded record {upload['id']} cannot be shown: ")
        assert ana.http.post("/api/replays/uploads", json=good).json()["players"] == ["ana", "bot:easy"]


# -- item 10: names ----------------------------------------------------------------------------------------


def test_names_with_hidden_characters_or_showing_nothing_are_refused(tmp_path: Path) -> None:
    kept = {"  Ana  ": "Ana", "Émile": "Émile", "Bo  b": "Bo b"}  # names are refused, not cleaned (names.py)
    refused = ["\u202eAna", "A\x9bna\x07", "Bo\u200b\u200d b", "  \u2066Cy\u2069  "]
    nothing = ["\u200b\u200d", "\u202e \u202c", "\x9b\x85", "\u3164", "\u0301", "\u2800\u00a0"]
    with serving(make_settings(tmp_path)) as url:
        for typed, shown in kept.items():
            guest = Client(url, typed)
            assert guest.http.get("/api/accounts/me").json()["name"] == shown
        host = Client(url, "host")
        table = host.create()
        for typed in refused + nothing:
            for path, body in (
                ("/api/accounts/guest", {"name": typed}),
                (
                    "/api/accounts/signup",
                    {"username": "someone", "password": "secret-pass", "display_name": typed},
                ),
            ):
                answer = host.http.post(path, json=body)
                assert answer.status_code == 422, (typed, answer.text)
                reason = answer.json()["detail"][0]["msg"]
                assert "a name may not hold" in reason or "must follow a letter" in reason, reason
        assert (
            host.http.post(
                "/api/accounts/login", json={"username": "someone", "password": "secret-pass"}
            ).status_code
            == 403
        )
        assert host.http.get("/api/accounts/me").json()["name"] == "host", "the refused did not log anyone in"
        assert host.http.get(f"/api/tables/{table['id']}").json()["seats"] == table["seats"]


# -- item 11: the API answers what its document says --------------------------------------------------------


def test_requests_breaking_the_document_are_refused_in_its_shape(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, bo = Client(url, "ana"), Client(url, "bo")
        table = ana.create(seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}])
        join = f"/api/tables/{table['id']}/join"
        for seat in (False, True, "1", 1.5, [1]):
            answer = bo.http.post(join, json={"seat": seat})
            assert answer.status_code == 422 and answer.json()["code"] == "invalid-request", (
                seat,
                answer.text,
            )
            assert answer.json()["detail"][0]["loc"] == ["body", "seat"]
        assert bo.http.get(f"/api/tables/{table['id']}").json()["seats"] == table["seats"], "bo sits nowhere"
        refused = bo.http.post("/api/tables", json={"game": "chess"})
        assert refused.status_code == 400 and set(refused.json()) == {"detail", "code"}
        wrong_method = bo.http.put("/api/tables")
        assert wrong_method.status_code == 405 and wrong_method.headers["allow"] == "GET, POST"
        assert wrong_method.json() == {"detail": "Method Not Allowed", "code": "method-not-allowed"}
        assert bo.http.get("/api/nothing-here").json() == {"detail": "Not Found", "code": "not-found"}
        assert bo.http.post(join, json={"seat": 2}).json()["seats"][2]["user_id"] == bo.id
