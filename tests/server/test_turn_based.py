"""Turn-based tables, through a real server: a time per move from an hour to three days, nobody replaced
for being gone, the stand-in bot moving when a move's time runs out, ``/api/me/turns``, and the mails of a
real local SMTP server ("your turn" at most once per table per hour, "game over", both to a verified
address; none without ``CARDTABLE_SMTP_URL``). The rest of mail is in ``test_mail``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from .helpers import Player, make_settings
from .live_server import Client, Message, my_turn, over, serving
from .mailbox import Mailbox, smtp_server, text, verify_address

HOUR = 3600
DUEL = {"options": {"single_hand": True, "first_dealer": 0}}
"""Troeven, one hand; seat 1 (who does not deal) decides first."""


def test_a_turn_based_table_takes_an_hour_to_three_days_per_move_and_no_other_clock(app: FastAPI) -> None:
    ana = Player(app, "ana", account=True)
    for seconds in (HOUR - 1, 3 * 24 * HOUR + 1):
        answer = ana.http.post("/api/tables", json={"game": "troeven", "turn_seconds": seconds})
        assert answer.status_code == 422, answer.text
    both = {"game": "troeven", "turn_seconds": HOUR, "clock": {"move_seconds": 30}}
    assert ana.http.post("/api/tables", json=both).status_code == 422
    table = ana.create("troeven", turn_seconds=3 * 24 * HOUR)
    assert table["turn_based"] is True and table["clock"]["move_seconds"] == 3 * 24 * HOUR
    assert ana.create("troeven")["turn_based"] is False
    assert table["board"] == "troeven-v1"
    listed = ana.http.get("/api/tables?status=open").json()
    assert [t["turn_based"] for t in listed] == [False, True]


def duel(url: str, **table: Any) -> tuple[Client, Client, Message]:
    """ana (seat 0) and bob (seat 1, to decide first) at a turn-based Troeven table."""
    ana, bo = Client(url, "ana", account=True), Client(url, "bob", account=True)
    created = ana.create(
        "troeven", seats=[{"kind": "me"}, {"kind": "invited", "name": "bob"}], **DUEL, **table
    )
    assert bo.http.post(f"/api/tables/{created['id']}/join").status_code == 200
    return ana, bo, created


def test_at_a_turn_based_table_leaving_is_normal_and_your_turns_are_listed(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, grace_seconds=0.1)
    with serving(settings) as url:
        ana, bo, table = duel(url, turn_seconds=HOUR)
        tid = table["id"]
        ana_ws, bo_ws = ana.socket(), bo.socket()
        ana_ws.watch(tid)
        first = bo_ws.watch(tid)
        assert first["moves"] and first["clock"]["move_seconds"] == HOUR
        turns = bo.http.get("/api/me/turns").json()
        assert [(t["table"], t["turn_based"], t["board"]) for t in turns] == [(tid, True, "troeven-v1")]
        assert 0 < turns[0]["deadline"] - time.time() <= HOUR
        assert ana.http.get("/api/me/turns").json() == []
        bo_ws.close()
        time.sleep(2.0)  # twenty grace periods of a real-time table
        seen = ana_ws.watch(tid)
        assert seen["seats"][1]["away"] is None and seen["version"] == first["version"]
        bo_ws = bo.socket()
        state = bo_ws.watch(tid)
        while state["moves"]:  # bob's decisions until ana is to act
            bo_ws.send(type="move", table=tid, version=state["version"], move=state["moves"][0])
            state = bo_ws.until(lambda m, v=state["version"]: m["type"] == "table" and m["version"] > v)
        assert state["to_act"] == 0
        assert bo.http.get("/api/me/turns").json() == []
        waiting = ana.http.get("/api/me/turns").json()
        assert [t["table"] for t in waiting] == [tid]
        ana_ws.close()
        bo_ws.close()


def test_when_a_moves_time_runs_out_the_stand_in_makes_it_and_the_seat_stays(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, turn_time_scale=1 / HOUR)  # an hour lasts a second
    with serving(settings) as url:
        ana, _, table = duel(url, turn_seconds=HOUR)
        tid = table["id"]
        ana_ws = ana.socket()
        first = ana_ws.watch(tid)
        assert first["clock"]["move_seconds"] == 1 and first["to_act"] == 1
        moved = ana_ws.until(lambda m: m["type"] == "table" and m["version"] > first["version"], timeout=20)
        assert moved["seats"][1]["away"] is None, "the seat stays bo's"
        assert ana_ws.until(my_turn, timeout=20)["to_act"] == 0
        ana_ws.close()


def test_turn_and_game_over_mails_reach_the_smtp_server(tmp_path: Path) -> None:
    with smtp_server() as mailbox, serving(make_settings(tmp_path, smtp_url=mailbox.url)) as url:
        ana = Client(url, "ana", account=True)
        verify_address(ana, mailbox, "ana@example.org")
        assert ana.http.get("/api/me/settings").json()["mail_enabled"] is True
        table = ana.create(
            "troeven", seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}], turn_seconds=HOUR
        )
        tid = table["id"]
        mail = mailbox.wait_for(lambda m: "Your turn" in str(m["Subject"]))
        assert (
            mail["To"] == "ana@example.org"
            and mail["Subject"] == f"Your turn at table {tid} (Troeven (version 1))"
        )
        assert f"http://127.0.0.1:8000/tables/{tid}" in text(mail), "a link to the table (public_url)"
        play_away_from_the_table(ana, tid)
        done = mailbox.wait_for(lambda m: "Game over" in str(m["Subject"]))
        assert f"/replays/tables/{tid}" in text(done)
        turns = [s for s in mailbox.subjects("ana@example.org") if s.startswith("Your turn")]
        assert turns == [f"Your turn at table {tid} (Troeven (version 1))"], "one mail per table per hour"


def play_away_from_the_table(client: Client, tid: int) -> None:
    """Make every move of this seat, following the table only while moving: it is away when its turn comes."""
    ws = client.socket()
    deadline = time.monotonic() + 120
    while client.http.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the game did not end"
        if not any(t["table"] == tid for t in client.http.get("/api/me/turns").json()):
            time.sleep(0.02)
            continue
        state = ws.watch(tid)
        ws.send(type="unwatch", table=tid)
        ws.send(type="move", table=tid, version=state["version"], move=state["moves"][0])
        while client.http.get(f"/api/tables/{tid}").json()["version"] == state["version"]:
            time.sleep(0.02)
    ws.close()


def test_without_an_smtp_url_no_mail_is_sent_and_play_goes_on(tmp_path: Path) -> None:
    with smtp_server() as mailbox, serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        ana.http.put("/api/me/settings", json={"email": "ana@example.org"})
        assert ana.http.get("/api/me/settings").json()["mail_enabled"] is False
        table = ana.create(
            "troeven", seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}], turn_seconds=HOUR
        )
        ws = ana.socket()
        state = ws.watch(table["id"])
        while state["status"] != "over":
            if state["moves"]:
                ws.send(type="move", table=table["id"], version=state["version"], move=state["moves"][0])
            state = ws.until(lambda m: m["type"] == "table")
        assert over(state)
        ws.close()
    assert isinstance(mailbox, Mailbox) and mailbox.mails == []
