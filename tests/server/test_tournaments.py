"""Tournaments through the real server: bot-only Swiss tournaments and arenas run to their end by
themselves, duplicate rounds deal every table the same cards, and entering, withdrawing and starting are
refused with a clear reason where they must be."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.server.app import create_app

from .helpers import make_settings
from .live_server import Client, serving

SHORT = {"start_points": 1}
"""Troeven to one point: a match of one hand, about 35 moves."""
Message = dict[str, Any]


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    with serving(make_settings(tmp_path, tournament_check_seconds=0.5)) as base:
        yield base


def create(client: Client, **body: Any) -> Message:
    answer = client.http.post("/api/tournaments", json={"game": "troeven", "options": SHORT, **body})
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]


def start(client: Client, tournament: int) -> Message:
    answer = client.http.post(f"/api/tournaments/{tournament}/start")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def finished(client: Client, tournament: int, timeout: float = 90) -> Message:
    """The tournament once over (fails after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        shown = client.http.get(f"/api/tournaments/{tournament}").json()
        if shown["status"] == "over":
            return shown  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, shown
        time.sleep(0.2)


def records(client: Client, shown: Message) -> dict[int, Message]:
    """The record of every table of the tournament."""
    return {
        table: client.http.get(f"/api/tables/{table}/record").json()
        for r in shown["rounds"]
        for table in r["tables"]
    }


def test_a_swiss_tournament_of_bots_runs_to_its_end_by_itself(url: str) -> None:
    """Five bots at two-player tables, three rounds: every round two tables and one bye (never the same
    entrant twice), nobody meets the same entrant twice, and the standings add up."""
    ana = Client(url, "ana", account=True)
    made = create(ana, format="swiss", rounds=3, bots=["easy"] * 5)
    assert made["status"] == "open" and made["planned_rounds"] == 3
    assert [e["name"] for e in made["entrants"]] == [f"easy bot {n}" for n in range(1, 6)]
    assert "Buchholz" in made["scoring"]
    start(ana, made["id"])

    shown = finished(ana, made["id"])
    assert [r["number"] for r in shown["rounds"]] == [1, 2, 3]
    assert all(len(r["tables"]) == 2 and len(r["byes"]) == 1 for r in shown["rounds"])
    byes = [name for r in shown["rounds"] for name in r["byes"]]
    assert len(set(byes)) == 3
    pairs = [frozenset(g["players"]) for r in shown["rounds"] for g in r["games"]]
    assert len(set(pairs)) == len(pairs) == 6
    for table, record in records(ana, shown).items():
        assert record["result"] is not None, table
        assert ana.http.get(f"/api/tables/{table}").json()["tournament"] == made["id"]
    standings = shown["standings"]
    assert sum(s["points"] for s in standings) == pytest.approx(6 * 1.0 + 3 * 0.5)
    played = Counter(name for pair in pairs for name in pair)
    assert {s["name"]: s["games"] for s in standings} == dict(played)
    assert [s["points"] for s in standings] == sorted((s["points"] for s in standings), reverse=True)
    assert all(s["duplicate"] is None for s in standings)
    [summary] = ana.http.get("/api/tournaments", params={"status": "over"}).json()
    assert (summary["id"], summary["round"], summary["entrant_count"]) == (made["id"], 3, 5)
    assert ana.http.get("/api/tournaments", params={"status": "open"}).json() == []


def test_an_arena_of_bots_seats_players_again_until_its_time_is_up(url: str) -> None:
    """Five bots for six seconds: whoever finishes is seated again with those waiting, so there are
    more games than one table each; after the end no game starts, and the arena ends with its last
    game. Its points are twice the placing points, doubled on a streak."""
    ana = Client(url, "ana", account=True)
    made = create(ana, format="arena", minutes=0.1, bots=["easy"] * 5)
    started = start(ana, made["id"])
    assert len(started["rounds"][0]["tables"]) == 2  # the fifth waits
    shown = finished(ana, made["id"])

    games = [g for r in shown["rounds"] for g in r["games"]]
    assert len(games) > 4
    assert all(g["status"] == "over" for g in games)
    per_entrant = Counter(name for g in games for name in g["players"])
    assert {s["name"]: s["games"] for s in shown["standings"]} == dict(per_entrant)
    time.sleep(1)
    later = ana.http.get(f"/api/tournaments/{made['id']}").json()
    assert sum(len(r["tables"]) for r in later["rounds"]) == len(games)  # nothing starts after the end
    wins = sum(g["points"].count(1.0) for g in games)
    total = sum(s["points"] for s in shown["standings"])
    assert 2 * wins <= total <= 4 * wins  # a win scores 2, or 4 on a streak


def test_a_duplicate_round_deals_every_table_the_same_cards_held_by_different_entrants(url: str) -> None:
    """Four bots, two rounds of two tables: the tables of a round start from the same deal, another round
    from another, and the standings show each entrant's score against those who held its cards (which
    sums to 0 over everyone)."""
    ana = Client(url, "ana", account=True)
    made = create(ana, format="swiss", rounds=2, duplicate=True, bots=["easy"] * 4)
    start(ana, made["id"])
    shown = finished(ana, made["id"])
    found = records(ana, shown)
    first_deals = []
    for r in shown["rounds"]:
        deals = [found[table]["events"][0] for table in r["tables"]]
        assert deals[0] == deals[1]
        first_deals.append(deals[0])
    assert first_deals[0] != first_deals[1]
    duplicate = [s["duplicate"] for s in shown["standings"]]
    assert None not in duplicate and sum(duplicate) == pytest.approx(0.0)


def test_entering_withdrawing_and_starting_are_refused_with_their_reasons(url: str) -> None:
    ana, bo = Client(url, "ana", account=True), Client(url, "bob", account=True)
    guest = Client(url, "Gus")
    refused = guest.http.post("/api/tournaments", json={"game": "troeven", "format": "swiss", "rounds": 1})
    assert (refused.status_code, refused.json()["code"]) == (403, "guest")
    bad_level = ana.http.post(
        "/api/tournaments", json={"game": "troeven", "format": "swiss", "rounds": 1, "bots": ["genius"]}
    )
    assert bad_level.status_code == 400 and "genius" in bad_level.json()["detail"]
    for body in ({"format": "swiss"}, {"format": "arena", "minutes": 5, "rounds": 2}, {"format": "arena"}):
        assert ana.http.post("/api/tournaments", json={"game": "troeven", **body}).status_code == 422
    assert ana.http.get("/api/tournaments/999").status_code == 404

    made = create(ana, format="swiss", rounds=1, min_reputation=50)
    path = f"/api/tournaments/{made['id']}"
    answer = guest.http.post(f"{path}/join")
    assert (answer.status_code, answer.json()["code"]) == (403, "guest")
    assert bo.http.post(f"{path}/leave").json()["code"] == "not-entered"
    assert bo.http.post(f"{path}/join").status_code == 200
    assert bo.http.post(f"{path}/join").json()["code"] == "already-entered"
    answer = bo.http.post(f"{path}/start")
    assert (answer.status_code, answer.json()["code"]) == (403, "not-creator")
    answer = ana.http.post(f"{path}/start")
    assert (answer.status_code, answer.json()["code"]) == (409, "too-few")
    assert ana.http.post(f"{path}/join").status_code == 200
    shown = start(ana, made["id"])
    assert shown["status"] == "running" and len(shown["rounds"][0]["tables"]) == 1
    for client, action in ((ana, "leave"), (ana, "start"), (Client(url, "cyd", account=True), "join")):
        answer = client.http.post(f"{path}/{action}")
        assert (answer.status_code, answer.json()["code"]) == (409, "not-open"), action

    picky = create(ana, format="swiss", rounds=1, min_reputation=95)  # a new account has 90
    answer = bo.http.post(f"/api/tournaments/{picky['id']}/join")
    assert (answer.status_code, answer.json()["code"]) == (403, "reputation")
    assert "tournament" in answer.json()["detail"] and "95" in answer.json()["detail"]
    assert ana.http.get(f"/api/tournaments/{picky['id']}").json()["entrants"] == []


def test_people_and_bots_play_a_tournament_at_its_tables(url: str) -> None:
    """An account entered is seated at its table of round 1 as itself, a bot as a bot of its level; a live
    tournament's tables have a clock per move, a turn-based one's its time per move."""
    ana = Client(url, "ana", account=True)
    made = create(ana, format="swiss", rounds=1, bots=["easy"])
    ana.http.post(f"/api/tournaments/{made['id']}/join")
    shown = start(ana, made["id"])
    table = ana.http.get(f"/api/tables/{shown['rounds'][0]['tables'][0]}").json()
    assert table["status"] == "playing" and table["clock"]["move_seconds"] == 60
    kinds = sorted((s["kind"], s["name"]) for s in table["seats"])
    assert kinds == [("bot", "easy"), ("player", "ana")]
    assert ana.http.get("/api/tables", params={"mine": True}).json()[0]["id"] == table["id"]

    slow = create(ana, format="swiss", rounds=1, bots=["easy"], turn_seconds=7200)
    ana.http.post(f"/api/tournaments/{slow['id']}/join")
    shown = start(ana, slow["id"])
    table = ana.http.get(f"/api/tables/{shown['rounds'][0]['tables'][0]}").json()
    assert table["turn_based"] and table["clock"]["move_seconds"] == 7200


def test_a_round_is_paired_by_the_periodic_check_when_no_job_says_a_game_ended(tmp_path: Path) -> None:
    """The job a game's end puts is lost (its instance died): the periodic check pairs the next round."""
    settings = make_settings(tmp_path, tournament_check_seconds=0.3)
    app = create_app(settings)
    with serving(settings, app) as base:
        app.state.services.tables.turns.tournament_game_over = lambda tournament: None
        ana = Client(base, "ana", account=True)
        made = create(ana, format="swiss", rounds=2, bots=["easy"] * 2)
        start(ana, made["id"])
        shown = finished(ana, made["id"])
        assert len(shown["rounds"]) == 2


def test_many_looks_at_once_pair_each_round_once(tmp_path: Path) -> None:
    """Threads asking a tournament to move on over and over while its games end: each round is paired
    once, with its own tables."""
    settings = make_settings(tmp_path)
    app = create_app(settings)
    with serving(settings, app) as base:
        service = app.state.services.tournaments
        ana = Client(base, "ana", account=True)
        made = create(ana, format="swiss", rounds=3, bots=["easy"] * 4)
        stop = threading.Event()

        def look() -> None:
            while not stop.is_set():
                service.advance(made["id"])

        lookers = [threading.Thread(target=look) for _ in range(3)]
        for thread in lookers:
            thread.start()
        try:
            start(ana, made["id"])
            shown = finished(ana, made["id"])
        finally:
            stop.set()
            for thread in lookers:
                thread.join()
        assert [len(r["tables"]) for r in shown["rounds"]] == [2, 2, 2]
        tables = [t for r in shown["rounds"] for t in r["tables"]]
        assert len(set(tables)) == 6
        listed = ana.http.get("/api/tables").json()
        assert sum(1 for t in listed if t["tournament"] == made["id"]) == 6
