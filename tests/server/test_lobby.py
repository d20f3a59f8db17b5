"""The lobby: games and bot levels on offer, creating tables, seats, joining, leaving, starting when full,
and the record published only once the game is over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cardtable
from cardtable import bots as bot_module
from cardtable.narration.options import option_words

from .helpers import Player, bots, receive, send, watch


def test_every_game_is_offered_with_its_options(player: Callable[..., Player]) -> None:
    games = player("ana").http.get("/api/games").json()
    assert [g["name"] for g in games] == cardtable.games()
    slob = next(g for g in games if g["name"] == "slobberhannes")
    assert slob["players"] == [3, 4, 5, 6]
    start = next(o for o in slob["options"] if o["name"] == "start_points")
    assert start == {
        "name": "start_points",
        "label": "start points",
        "default": 10,
        "help": "every score starts here",
        "allowed": "one of 6, 10, 16",
        "kind": "int",
        "choices": [6, 10, 16],
        "choice_words": {},
        "minimum": None,
        "maximum": None,
        "research": False,
    }
    assert next(o for o in slob["options"] if o["name"] == "first_leader")["kind"] == "seat"
    assert [o["name"] for o in slob["options"] if o["research"]] == ["single_hand"]
    titles = {g["name"]: g["title"] for g in games}
    assert all(title and title != name for name, title in titles.items()), "every game has a title"
    assert titles["mue"] == "Mü" and titles["cabooses-in-the-corner"] == "Cabooses in the Corner"


def mue_options(http: Any, **headers: str) -> tuple[dict[str, Any], str]:
    """Mü's options by name as /api/games gives them, and the answer's Vary header."""
    answer = http.get("/api/games", headers=headers)
    mue = next(g for g in answer.json() if g["name"] == "mue")
    return {o["name"]: o for o in mue["options"]}, answer.headers.get("vary", "")


def test_the_options_are_in_the_readers_words_under_their_api_names(player: Callable[..., Player]) -> None:
    http = player("ana").http
    english, _ = mue_options(http)
    assert english["end"]["label"] == "end"
    assert english["end"]["choice_words"] == {"score": "score", "deals": "deals"}
    assert english["target"]["help"] == "when the game ends at a score: the total that ends it"
    mue, vary = mue_options(http, **{"Accept-Language": "nl"})
    assert "Accept-Language" in vary, "a cache must not give Dutch words to a German reader"
    dutch = option_words("mue", "nl")
    assert mue["end"]["choices"] == ["score", "deals"], "the values the API takes stay English"
    assert mue["end"]["choice_words"] == dutch["end"]["choices"]
    assert mue["target"]["label"] == dutch["target"]["label"] != "target"
    assert mue["target"]["help"] == dutch["target"]["help"] != english["target"]["help"]


def test_the_bot_levels_are_whatever_the_bots_offer(player: Callable[..., Player]) -> None:
    levels = bot_module.levels()
    descriptions = {level: bot_module.level_description(level) for level in levels}
    thinking = {level: bot_module.level_seconds(level) for level in levels if bot_module.level_seconds(level)}
    assert set(thinking["hard"]) == set(cardtable.games()), "hard says its time a move in every game"
    assert player("ana").http.get("/api/bots").json() == {
        "levels": levels,
        "descriptions": descriptions,
        "seconds_per_move": thinking,
    }


def test_a_bad_game_option_or_seat_is_refused_by_name(player: Callable[..., Player]) -> None:
    http = player("ana").http
    cases = [
        ({"game": "poker"}, "unknown game 'poker'"),
        ({"game": "slobberhannes", "options": {"colour": 3}}, "slobberhannes has no option 'colour'"),
        (
            {"game": "slobberhannes", "options": {"start_points": 7}},
            "option 'start_points' must be one of 6, 10, 16",
        ),
        (
            {"game": "slobberhannes", "seats": [{"kind": "me"}]},
            "slobberhannes with 4 players needs 4 seats, got 1",
        ),
        ({"game": "slobberhannes", "seats": [{"kind": "me"}] * 4}, "you can take only one seat"),
        ({"game": "slobberhannes", "seats": bots("genius", 4)}, "there is no bot level 'genius'"),
    ]
    for body, reason in cases:
        answer = http.post("/api/tables", json=body)
        assert answer.status_code == 400, body
        assert reason in answer.json()["detail"]
    assert http.get("/api/tables").json() == []
    assert (
        http.post("/api/tables", json={"game": "slobberhannes", "seats": [{"kind": "bot"}]}).status_code
        == 422
    )


def test_mini_troeven_is_research_only_and_refused_at_a_table(player: Callable[..., Player]) -> None:
    http = player("ana").http
    troeven = next(g for g in http.get("/api/games").json() if g["name"] == "troeven")
    assert [o["name"] for o in troeven["options"] if o["research"]] == ["single_hand", "mini"]
    body = {"game": "troeven", "options": {"version": 2, "mini": True}, "seats": bots(count=2)}
    answer = http.post("/api/tables", json=body)
    assert answer.status_code == 400 and answer.json()["code"] == "bad-game"
    assert "option 'mini' of Troeven is for research only" in answer.json()["detail"]
    assert http.get("/api/tables").json() == []
    body["options"] = {"version": 2, "mini": False}
    assert http.post("/api/tables", json=body).status_code == 201


def test_a_table_starts_when_its_last_seat_fills(player: Callable[..., Player]) -> None:
    ana, bo, cy = player("ana"), player("bo"), player("cy")
    table = ana.create(options={"players": 3})
    assert table["status"] == "open"
    assert [s["kind"] for s in table["seats"]] == ["player", "open", "open"]
    assert [t["id"] for t in bo.http.get("/api/tables?status=open").json()] == [table["id"]]

    after = bo.http.post(f"/api/tables/{table['id']}/join", json={"seat": 2}).json()
    assert [s["name"] for s in after["seats"]] == ["ana", None, "bo"] and after["status"] == "open"
    taken = cy.http.post(f"/api/tables/{table['id']}/join", json={"seat": 2})
    assert taken.status_code == 409 and taken.json()["code"] == "seat-taken"

    started = cy.http.post(f"/api/tables/{table['id']}/join").json()
    assert started["status"] == "playing" and started["version"] >= 1 and started["to_act"] in (0, 1, 2)
    assert bo.http.get("/api/tables?status=open").json() == []
    assert [t["id"] for t in cy.http.get("/api/tables?mine=true").json()] == [table["id"]]


def test_leaving_frees_the_seat_until_the_game_starts(player: Callable[..., Player]) -> None:
    ana, bo = player("ana"), player("bo")
    table_id = ana.create(seats=[{"kind": "me"}, {"kind": "open"}, *bots(count=2)])["id"]
    assert bo.http.post(f"/api/tables/{table_id}/leave").json()["code"] == "not-seated"
    left = ana.http.post(f"/api/tables/{table_id}/leave").json()
    assert [s["kind"] for s in left["seats"]] == ["open", "open", "bot", "bot"]
    ana.http.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    again = ana.http.post(f"/api/tables/{table_id}/join")
    assert (
        again.status_code == 409 and again.json()["detail"] == f"you already sit at table {table_id} (seat 1)"
    )
    assert bo.http.post(f"/api/tables/{table_id}/join").json()["status"] == "playing"
    refused = ana.http.post(f"/api/tables/{table_id}/leave")
    assert refused.status_code == 409 and refused.json()["code"] == "not-open"
    full = player("cy").http.post(f"/api/tables/{table_id}/join")
    assert full.status_code == 409 and full.json()["code"] == "not-open"


def test_an_invited_seat_is_kept_for_that_account(player: Callable[..., Player]) -> None:
    ana = player("ana")
    dan = player("dan", account=True)
    eve = player("eve")
    table_id = ana.create(seats=[{"kind": "me"}, {"kind": "invited", "name": "DAN"}, *bots(count=2)])["id"]
    assert (
        eve.http.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["detail"]
        == "seat 1 is kept for dan"
    )
    assert eve.http.post(f"/api/tables/{table_id}/join").json()["code"] == "full"
    joined = dan.http.post(f"/api/tables/{table_id}/join").json()
    assert joined["status"] == "playing" and joined["seats"][1]["name"] == "dan"


def test_unknown_tables_and_bad_ids_are_refused(player: Callable[..., Player]) -> None:
    http = player("ana").http
    assert http.get("/api/tables/99").json() == {"detail": "there is no table 99", "code": "unknown-table"}
    assert http.post("/api/tables/99/join").status_code == 404
    assert http.get("/api/tables/0").status_code == 422
    assert http.get(f"/api/tables/{2**40}").status_code == 422


def test_the_record_is_published_after_the_game_without_its_seed(player: Callable[..., Player]) -> None:
    ana = player("ana")
    table = ana.create(options={"start_points": 6}, seats=[{"kind": "me"}, *bots()])
    record_url = f"/api/tables/{table['id']}/record"
    early = ana.http.get(record_url)
    assert early.status_code == 409 and early.json()["code"] == "not-over"
    with ana.socket() as ws:
        state = watch(ws, table["id"])
        while state.get("status") != "over":
            assert state["type"] == "table", state
            if state["moves"]:
                send(ws, type="move", table=table["id"], version=state["version"], move=state["moves"][0])
            state = receive(ws)
    record = ana.http.get(record_url).json()
    assert record["seed"] is None and record["players"] == ["ana", "bot:easy", "bot:easy", "bot:easy"]
    assert record["result"] == state["result"]
    replayed = cardtable.replay(record)
    assert replayed.is_terminal() and replayed.observation(0) == state["observation"]
