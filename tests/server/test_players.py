"""Players: profiles (``/api/players/{name}``) after finished games, Troeven rated per version on boards
of their own, and the settings of an account: mail address and choices, trick pause, a new password, and
deleting the account (its games stay, under a neutral name)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from .helpers import Player, receive, send, watch


def play_out(player: Player, table: dict[str, Any]) -> dict[str, Any]:
    """Play a table where ``player`` is the only person to the end; the last table message."""
    with player.socket() as ws:
        state = watch(ws, table["id"])
        while state["status"] != "over":
            if state["moves"]:
                send(ws, type="move", table=table["id"], version=state["version"], move=state["moves"][0])
            state = receive(ws)
            while state["type"] != "table":
                state = receive(ws)
    return state


def troeven(player: Player, version: int) -> dict[str, Any]:
    return player.create(
        "troeven",
        options={"version": version, "single_hand": True},
        seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}],
    )


def test_a_profile_after_finished_games_per_rule_set(app: FastAPI) -> None:
    ana = Player(app, "Ana", account=True)
    ends = [play_out(ana, troeven(ana, version)) for version in (1, 2, 2)]
    profile = ana.http.get("/api/players/ana").json()
    assert profile["username"] == "ana" and profile["name"] == "Ana"
    boards = {b["board"]: b for b in profile["boards"]}
    assert list(boards) == ["troeven-v1", "troeven-v2"]
    assert (
        boards["troeven-v1"]["label"] == "Troeven (version 1)" and boards["troeven-v1"]["game"] == "troeven"
    )
    assert [b["played"] for b in boards.values()] == [1, 2]
    won = [0 in end["result"]["winners"] for end in ends]
    assert [b["won"] for b in boards.values()] == [int(won[0]), won[1] + won[2]]
    v2 = boards["troeven-v2"]
    assert [p["table"] for p in v2["history"]] == [ends[1]["table"], ends[2]["table"]]
    assert v2["rating"] == v2["history"][-1]["rating"]
    assert [g["table"] for g in profile["recent"]] == [e["table"] for e in reversed(ends)]
    assert profile["recent"][0]["label"] == "Troeven (version 2)"
    assert profile["recent"][0]["players"] == ["Ana", "easy bot"]
    assert profile["recent"][0]["won"] == won[2]
    missing = ana.http.get("/api/players/nobody")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown-player"


def test_troeven_versions_are_separate_leaderboards(app: FastAPI) -> None:
    ana = Player(app, "ana", account=True)
    play_out(ana, troeven(ana, 2))
    keys = [b["key"] for b in ana.http.get("/api/leaderboards").json()]
    assert "troeven-v1" in keys and "troeven-v2" in keys and "troeven" not in keys
    assert "slobberhannes" in keys
    assert ana.http.get("/api/leaderboards/troeven-v1").json() == []
    v2 = ana.http.get("/api/leaderboards/troeven-v2").json()
    assert {(r["name"], r["username"]) for r in v2} == {("ana", "ana"), ("easy", None)}
    assert ana.http.get("/api/leaderboards/troeven").status_code == 404


def test_settings_mail_address_choices_and_trick_pause(app: FastAPI) -> None:
    ana = Player(app, "ana", account=True)
    start = ana.http.get("/api/me/settings").json()
    assert start == {
        "email": None,
        "email_verified": False,
        "mail_turns": True,
        "mail_results": True,
        "mail_invitations": True,
        "trick_pause_ms": None,
        "language": None,
        "mail_enabled": False,
    }
    changed = ana.http.put(
        "/api/me/settings", json={"email": "ana@example.org", "mail_turns": False, "trick_pause_ms": 1500}
    )
    assert changed.status_code == 200
    assert changed.json() | {"mail_enabled": False} == {
        "email": "ana@example.org",
        "email_verified": False,
        "mail_turns": False,
        "mail_results": True,
        "mail_invitations": True,
        "trick_pause_ms": 1500,
        "language": None,
        "mail_enabled": False,
    }
    assert ana.http.get("/api/accounts/me").json()["trick_pause_ms"] == 1500, "it seeds a new browser"
    for bad in ({"email": "not an address"}, {"trick_pause_ms": -1}, {"colour": "red"}, {"language": "es"}):
        answer = ana.http.put("/api/me/settings", json=bad)
        assert answer.status_code == 422, bad
    assert ana.http.get("/api/me/settings").json()["email"] == "ana@example.org"
    assert ana.http.put("/api/me/settings", json={"email": ""}).json()["email"] is None
    guest = Player(app, "gus")
    assert guest.http.get("/api/me/settings").status_code == 404


def test_changing_the_password_needs_the_old_one_and_ends_other_logins(app: FastAPI) -> None:
    ana = Player(app, "ana", account=True, password="first-password")
    elsewhere = TestClient(app)  # ana's second login, in another browser
    assert elsewhere.post(
        "/api/accounts/login", json={"username": "ana", "password": "first-password"}
    ).is_success
    wrong = ana.http.post("/api/me/password", json={"current": "not-it", "new": "second-password"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad-password"
    done = ana.http.post("/api/me/password", json={"current": "first-password", "new": "second-password"})
    assert done.status_code == 204
    assert ana.http.get("/api/accounts/me").status_code == 200, "this login stays"
    assert elsewhere.get("/api/accounts/me").status_code == 401, "the other login ended"
    old = elsewhere.post("/api/accounts/login", json={"username": "ana", "password": "first-password"})
    assert old.status_code == 403
    new = elsewhere.post("/api/accounts/login", json={"username": "ana", "password": "second-password"})
    assert new.status_code == 200


def test_deleting_an_account_keeps_its_games_under_a_neutral_name(app: FastAPI) -> None:
    ana = Player(app, "ana", account=True)
    bob = Player(app, "bob", account=True)
    finished = play_out(ana, troeven(ana, 1))
    running = bob.create(
        "troeven", seats=[{"kind": "me"}, {"kind": "invited", "name": "ana"}], turn_seconds=3600
    )
    assert ana.http.post(f"/api/tables/{running['id']}/join").status_code == 200
    assert ana.http.post("/api/me/delete", json={"password": "wrong"}).status_code == 403
    assert ana.http.post("/api/me/delete", json={"password": "secret-pass"}).status_code == 204
    assert ana.http.get("/api/accounts/me").status_code == 401
    assert bob.http.get("/api/players/ana").status_code == 404
    kept = bob.http.get(f"/api/tables/{finished['table']}").json()
    assert kept["status"] == "over" and kept["seats"][0]["name"] == "Former player"
    assert kept["seats"][0]["username"] is None and kept["seats"][0]["guest"] is False
    assert bob.http.get(f"/api/replays/tables/{finished['table']}").json()["players"][0] == "Former player"
    board = bob.http.get("/api/leaderboards/troeven-v1").json()
    assert [r["name"] for r in board] == ["easy"]
    seat = bob.http.get(f"/api/tables/{running['id']}").json()["seats"][1]
    assert seat["name"] == "Former player" and seat["away"] == "away", "the stand-in plays the seat"
    again = bob.http.post("/api/accounts/login", json={"username": "ana", "password": "secret-pass"})
    assert again.status_code == 403
