"""Clocks, through the websocket of a real server: a person whose time for a move runs out has that move made
by the stand-in bot and keeps the seat; a person whose game time runs out has the seat played by it to the
end; time is charged as it is used; a restarted server gives the waiting person their time again."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2

import cardtable

from .helpers import bots, make_settings
from .live_server import Client, my_turn, over, serving

SOLO = {"options": {"players": 4, "first_leader": 0, "start_points": 6}, "seats": [{"kind": "me"}, *bots()]}
"""Slobberhannes: the person in seat 0 leads the first trick, three easy bots."""


def record_of(client: Client, table: int) -> dict[str, Any]:
    answer = client.http.get(f"/api/tables/{table}/record")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_when_the_time_for_a_move_runs_out_the_stand_in_makes_it_and_the_seat_stays(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(clock={"move_seconds": 2}, **SOLO)
        assert table["clock"] == {"move_seconds": 2, "game_seconds": None} and table["stand_in"] == "medium"
        ws = ana.socket()
        first = ws.watch(table["id"])
        assert first["moves"] and first["clock"]["move_seconds"] == 2
        assert 0 < first["clock"]["turn_left"] <= 2 and first["clock"]["left"] == [None] * 4
        started = time.monotonic()
        moved = ws.until(lambda m: m["type"] == "table" and m["version"] > first["version"])
        waited = time.monotonic() - started
        assert first["clock"]["turn_left"] - 0.2 < waited < first["clock"]["turn_left"] + 20, waited
        assert moved["observation"]["trick"][0]["seat"] == 0, "the stand-in led for seat 0"
        assert moved["seats"][0]["away"] is None and moved["moves"] == []
        again = ws.until(my_turn)  # after the three bots: seat 0 is asked again, with its full time
        assert again["clock"]["turn_left"] > 1
        ws.send(type="move", table=table["id"], version=again["version"], move=again["moves"][0])
        after = ws.until(lambda m: m["type"] == "table" and m["version"] > again["version"])
        assert after["observation"]["hand_sizes"][0] == 6
        ws.close()


def test_out_of_game_time_the_stand_in_plays_the_seat_to_the_end(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(clock={"game_seconds": 1}, stand_in="easy", **SOLO)
        ws = ana.socket()
        first = ws.watch(table["id"])
        assert first["clock"]["left"][0] is not None and first["clock"]["left"][1:] == [None] * 3
        out = ws.until(lambda m: m["type"] == "table" and m["seats"][0]["away"] == "time")
        assert out["moves"] == [] and out["clock"]["left"][0] == 0 and out["clock"]["turn_left"] is None
        ws.send(type="back", table=table["id"])
        refused = ws.until(lambda m: m["type"] == "error")
        assert refused["code"] == "out-of-time"
        assert refused["detail"] == "your time has run out: the stand-in bot plays your seat to the end"
        ws.send(type="move", table=table["id"], version=out["version"], move="QC")
        assert ws.until(lambda m: m["type"] == "error")["code"] == "stood-in"
        end = ws.until(over, timeout=120)
        assert end["seats"][0]["away"] == "time" and end["clock"] is None
        ws.close()
        record = record_of(ana, table["id"])
        assert sum(1 for e in record["events"] if e.get("seat") == 0) >= 8, "the bot played seat 0's cards"
        assert cardtable.replay(record).is_terminal()


def test_game_time_is_charged_as_it_is_used_and_the_clock_shows_it(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(clock={"move_seconds": 20, "game_seconds": 30}, **SOLO)
        ws = ana.socket()
        first = ws.watch(table["id"])
        assert 10 < first["clock"]["turn_left"] <= 20, "a move may take the smaller of the two"
        time.sleep(0.6)
        ws.send(type="move", table=table["id"], version=first["version"], move=first["moves"][0])
        moved = ws.until(lambda m: m["type"] == "table" and m["version"] > first["version"])
        assert 20 < moved["clock"]["left"][0] <= first["clock"]["left"][0] - 0.5  # shown to 0.1 s
        assert moved["clock"]["turn_left"] is None, "bots have no clock"
        again = ws.until(my_turn)
        assert moved["clock"]["left"][0] - 1 < again["clock"]["left"][0] <= moved["clock"]["left"][0]
        ws.close()


def test_a_restarted_server_gives_the_waiting_person_their_time_again(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with serving(settings) as url:
        ana = Client(url, "ana")
        table = ana.create(clock={"move_seconds": 3}, **SOLO)
        cookies = dict(ana.http.cookies)
    time.sleep(3.2)  # longer than the move's time, while no server runs
    with serving(settings) as url:
        again = Client.__new__(Client)
        again.url, again.http, again.id = (
            url,
            httpx2.Client(base_url=url, cookies=cookies, timeout=20),
            ana.id,
        )
        ws = again.socket()
        state = ws.watch(table["id"])
        assert state["version"] == table["version"] and state["moves"], "nothing moved while it was down"
        assert 0 < state["clock"]["turn_left"] <= 3
        moved = ws.until(lambda m: m["type"] == "table" and m["version"] > state["version"], timeout=10)
        assert moved["observation"]["trick"][0]["seat"] == 0
        ws.close()


def test_bad_clocks_and_stand_ins_are_refused(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        for body, words in [
            ({"clock": {"move_seconds": 0}}, "greater than or equal to 1"),
            ({"clock": {"game_seconds": -5}}, "greater than or equal to 1"),
            ({"clock": {"per_move": 5}}, "Extra inputs are not permitted"),
        ]:
            answer = ana.http.post("/api/tables", json={"game": "slobberhannes", **body})
            assert answer.status_code == 422 and words in answer.text, answer.text
        answer = ana.http.post("/api/tables", json={"game": "slobberhannes", "stand_in": "godlike"})
        assert answer.status_code == 400
        assert (
            answer.json()["detail"] == "there is no bot level 'godlike'; the levels are: easy, medium, hard"
        )
        assert ana.http.get("/api/tables").json() == []
