"""Leaving and coming back, through the websocket of a real server: a person whose connections are all gone
for longer than the grace period is replaced by the stand-in bot, so the others can finish; they can come
back and take the seat again. Coming back within the grace period, or closing one of two tabs, changes
nothing."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import cardtable

from .helpers import bots, make_settings
from .live_server import Client, Message, Socket, my_turn, over, play_to_end, serving

GRACE = 0.5


def pair(
    url: str, following: tuple[str, ...] = ("ana", "bo")
) -> tuple[Client, Client, Message, dict[str, Socket]]:
    """ana (seat 0, leads) and bo (seat 1) at a 4-player Slobberhannes table with two easy bots. Those
    named in ``following`` have a socket watching the table before bo's joining starts the game, so no
    grace period starts for them however slowly the machine lets them connect."""
    ana, bo = Client(url, "ana"), Client(url, "bo")
    table = ana.create(
        options={"first_leader": 0, "start_points": 6},
        seats=[{"kind": "me"}, {"kind": "open"}, *bots(count=2)],
    )
    sockets = {name: client.socket() for name, client in (("ana", ana), ("bo", bo)) if name in following}
    for socket in sockets.values():
        socket.watch(table["id"])
    assert bo.http.post(f"/api/tables/{table['id']}/join").status_code == 200
    return ana, bo, table, sockets


def seat_away(message: Message, seat: int, reason: str | None) -> bool:
    return message["type"] == "table" and message["seats"][seat]["away"] == reason


def test_a_player_gone_past_the_grace_period_is_replaced_and_can_take_the_seat_back(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, grace_seconds=GRACE)) as url:
        ana, bo, table, sockets = pair(url)
        tid = table["id"]
        ana_ws, bo_ws = sockets["ana"], sockets["bo"]
        start = ana_ws.until(my_turn)
        bo_ws.close()
        gone = time.monotonic()
        ana_ws.send(type="move", table=tid, version=start["version"], move=start["moves"][0])
        replaced = ana_ws.until(lambda m: seat_away(m, 1, "away"))
        assert time.monotonic() - gone >= GRACE * 0.9
        assert replaced["seats"][1]["name"] == "bo", "the seat is still bo's"
        # the stand-in plays bo's cards (bo follows ana), and the game goes on to ana's next turn
        ana_ws.until(
            lambda m: m["type"] == "table" and [p["seat"] for p in m["observation"]["trick"]] == [0, 1]
        )
        mine = ana_ws.until(my_turn)

        bo_ws = bo.socket()
        back_view = bo_ws.watch(tid)
        assert back_view["seat"] == 1 and back_view["seats"][1]["away"] == "away" and back_view["moves"] == []
        bo_ws.send(
            type="move", table=tid, version=back_view["version"], move=back_view["observation"]["hand"][0]
        )
        refused = bo_ws.until(lambda m: m["type"] == "error")
        assert refused["code"] == "stood-in"
        assert refused["detail"] == (
            "the stand-in bot plays your seat since you were away: take the seat back first"
        )
        bo_ws.send(type="back", table=tid)
        returned = bo_ws.until(lambda m: seat_away(m, 1, None))
        assert returned["seat"] == 1
        bo_ws.send(type="back", table=tid)
        assert bo_ws.until(lambda m: m["type"] == "error")["code"] == "not-away"

        # both play on to the end; bo's moves are his own again
        _play_both(tid, ana_ws, mine, bo_ws, returned)
        ana_ws.close()
        bo_ws.close()
        record = ana.http.get(f"/api/tables/{tid}/record").json()
        assert record["players"][:2] == ["ana", "bo"]
        assert cardtable.replay(record).is_terminal()


def _play_both(tid: int, ana_ws: Socket, ana_state: Message, bo_ws: Socket, bo_state: Message) -> None:
    """ana and bo play whenever it is their turn until the game is over (each reads only its own socket)."""
    states = {"ana": ana_state, "bo": bo_state}
    sockets = {"ana": ana_ws, "bo": bo_ws}
    done: set[str] = set()
    deadline = time.monotonic() + 120
    while len(done) < 2:
        assert time.monotonic() < deadline, "the game did not end"
        for name, ws in sockets.items():
            if name in done:
                continue
            state = states[name]
            if over(state):
                done.add(name)
                continue
            if state["moves"]:
                ws.send(type="move", table=tid, version=state["version"], move=state["moves"][0])
            with contextlib.suppress(AssertionError, TimeoutError):  # nothing for this one yet
                states[name] = ws.until(lambda m: m["type"] == "table", timeout=0.05)


def test_coming_back_within_the_grace_period_keeps_the_seat(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, grace_seconds=2.0)) as url:
        ana, bo, table, sockets = pair(url)
        tid = table["id"]
        sockets["bo"].close()
        for _ in range(3):
            ws = bo.socket()
            ws.watch(tid)
            ws.close()
            time.sleep(0.3)
        ws = bo.socket()
        ws.watch(tid)
        time.sleep(2.5)
        assert ana.http.get(f"/api/tables/{tid}").json()["seats"][1]["away"] is None
        ws.close()


def test_closing_one_of_two_tabs_is_not_leaving(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, grace_seconds=GRACE)) as url:
        ana, bo, table, sockets = pair(url)
        tid = table["id"]
        first, second = sockets["bo"], bo.socket()
        second.watch(tid)
        first.close()
        time.sleep(GRACE * 3)
        assert ana.http.get(f"/api/tables/{tid}").json()["seats"][1]["away"] is None
        second.close()
        deadline = time.monotonic() + 10
        while ana.http.get(f"/api/tables/{tid}").json()["seats"][1]["away"] != "away":
            assert time.monotonic() < deadline, "bo was not replaced after his last tab closed"
            time.sleep(0.1)


def test_a_player_who_never_comes_is_replaced_so_the_others_can_finish(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, grace_seconds=GRACE)) as url:
        _, _, _, sockets = pair(url, following=("ana",))  # bo joined and never opens the table
        ws = sockets["ana"]
        end = play_to_end(ws, ws.until(my_turn))
        assert end["seats"][1]["away"] == "away" and end["result"]["winners"]
        ws.close()


def test_stepping_away_on_purpose_and_coming_back(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(options={"first_leader": 0, "start_points": 6}, seats=[{"kind": "me"}, *bots()])
        tid = table["id"]
        ws = ana.socket()
        start = ws.watch(tid)
        ws.send(type="away", table=tid)
        away = ws.until(lambda m: seat_away(m, 0, "away"))
        assert away["moves"] == []
        played = ws.until(lambda m: m["type"] == "table" and m["version"] > start["version"])
        assert played["observation"]["trick"][0]["seat"] == 0, "the stand-in led for ana"
        ws.send(type="away", table=tid)
        assert ws.until(lambda m: m["type"] == "error")["code"] == "stood-in"
        ws.send(type="back", table=tid)
        mine = ws.until(lambda m: seat_away(m, 0, None))
        end = play_to_end(ws, mine)
        assert end["status"] == "over"
        ws.close()


def test_only_a_seated_player_of_a_running_game_can_step_away(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, eve = Client(url, "ana"), Client(url, "eve")
        waiting = ana.create(seats=[{"kind": "me"}, {"kind": "open"}, *bots(count=2)])
        running = ana.create(seats=[{"kind": "me"}, *bots()])
        ws = eve.socket()
        answers: list[Any] = []
        for table, kind in ((running, "away"), (running, "back"), (waiting, "away"), (999, "away")):
            ws.send(type=kind, table=table if isinstance(table, int) else table["id"])
            answers.append(ws.until(lambda m: m["type"] == "error")["code"])
        ana_ws = ana.socket()
        ana_ws.send(type="away", table=waiting["id"])
        answers.append(ana_ws.until(lambda m: m["type"] == "error")["code"])
        assert answers == ["not-your-seat", "not-your-seat", "not-your-seat", "unknown-table", "not-playing"]
        ws.close()
        ana_ws.close()
