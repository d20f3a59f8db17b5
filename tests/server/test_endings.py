"""Games ended before their rules end them, through the real server (``services.endings``): a concession
at a two-player table (the other seat wins, rated), refused at a bigger table; an abandonment once every
person seated voted (unrated); friendly tables, which change no rating; and the replay of a conceded
table, which says why it ended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import make_settings
from .live_server import Client, Socket, over, play_to_end, serving

TROEVEN = {"single_hand": True}
"""One hand of Troeven: a short two-player game."""


def two_player_table(ana: Client, **body: Any) -> dict[str, Any]:
    """ana (seat 1 as people count) against an easy bot, at Troeven."""
    return ana.create(
        "troeven", options=TROEVEN, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}], **body
    )


def ratings_of(client: Client, table_id: int) -> dict[str, tuple[int, int]]:
    changes = client.http.get(f"/api/tables/{table_id}/ratings").json()
    return {change["name"]: (change["before"], change["after"]) for change in changes}


def test_conceding_gives_the_other_seat_the_win_and_rates_it(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        carl = Client(url, "carl")
        table = two_player_table(ana)
        ws = ana.socket()
        ws.watch(table["id"])
        assert carl.http.post(f"/api/tables/{table['id']}/concede").status_code == 403  # no seat here
        answer = ana.http.post(f"/api/tables/{table['id']}/concede")
        assert answer.status_code == 204, answer.text
        ended = ws.until(over)
        again = ana.http.post(f"/api/tables/{table['id']}/concede")
        public = ana.http.get(f"/api/tables/{table['id']}").json()
        ratings = ratings_of(ana, table["id"])
        log = ana.http.get(f"/api/tables/{table['id']}/log").json()
        ws.close()
    assert ended["result"] == {"winners": [1], "conceded": 0} == public["result"]
    assert public["status"] == "over" and public["rated"] is True
    assert [entry["text"] for entry in ended["log"] if entry["kind"] == "end"] == ["ana conceded"]
    assert log["entries"][-1]["kind"] == "end" and log["entries"][-1]["text"] == "ana conceded"
    assert again.status_code == 409 and again.json()["code"] == "not-playing"
    before, after = ratings["ana"]
    assert after < before  # a loss for the one who conceded
    assert ratings["easy"][1] > ratings["easy"][0]


def test_conceding_is_only_for_two_players(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        table = ana.create(options={"players": 3}, seats=seats)
        answer = ana.http.post(f"/api/tables/{table['id']}/concede")
        after = ana.http.get(f"/api/tables/{table['id']}").json()
        waiting = ana.create(
            options={"players": 3}, seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
        )
        early = ana.http.post(f"/api/tables/{waiting['id']}/concede")
    assert answer.status_code == 409
    assert answer.json()["code"] == "not-two-players" and "vote to abandon" in answer.json()["detail"]
    assert after["status"] == "playing" and after["result"] is None
    assert early.status_code == 409 and early.json()["code"] == "not-playing"


def test_the_game_is_abandoned_unrated_when_every_person_voted(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        bob = Client(url, "bob", account=True)
        seats = [{"kind": "me"}, {"kind": "invited", "name": "bob"}, {"kind": "bot", "level": "easy"}]
        table = ana.create(options={"players": 3}, seats=seats)
        path = f"/api/tables/{table['id']}/abandon"
        assert bob.http.post(f"/api/tables/{table['id']}/join").status_code == 200
        ws = bob.socket()
        ws.watch(table["id"])
        assert ana.http.post(path).status_code == 204
        voted = ws.until(lambda m: m["type"] == "table" and m["seats"][0]["abandon_vote"])
        twice = ana.http.post(path)
        not_voted = bob.http.delete(path)
        assert ana.http.delete(path).status_code == 204  # withdrawn
        withdrawn = ws.until(lambda m: m["type"] == "table" and not m["seats"][0]["abandon_vote"])
        assert bob.http.post(path).status_code == 204
        still = ana.http.get(f"/api/tables/{table['id']}").json()
        assert ana.http.post(path).status_code == 204  # the last vote
        ended = ws.until(over)
        ratings = ana.http.get(f"/api/tables/{table['id']}/ratings").json()
        board = ana.http.get("/api/leaderboards/slobberhannes").json()
        record = ana.http.get(f"/api/tables/{table['id']}/record").json()
        ws.close()
    assert voted["status"] == "playing" and [s["abandon_vote"] for s in voted["seats"]] == [
        True,
        False,
        False,
    ]
    assert twice.status_code == 409 and twice.json()["code"] == "voted"
    assert not_voted.status_code == 409 and not_voted.json()["code"] == "not-voted"
    assert withdrawn["status"] == "playing"
    assert still["status"] == "playing" and [s["abandon_vote"] for s in still["seats"]] == [
        False,
        True,
        False,
    ]
    assert ended["result"] == {"abandoned": True, "winners": []}
    assert [e["text"] for e in ended["log"] if e["kind"] == "end"] == [
        "The players agreed to abandon the game"
    ]
    assert ratings == [] and board == []
    assert record["result"] is None  # the engine's: its rules did not end the game


def test_a_friendly_table_changes_no_rating(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        friendly = two_player_table(ana, rated=False)
        ws = ana.socket()
        last = play_to_end(ws, ws.watch(friendly["id"]))
        conceded = two_player_table(ana, rated=False)
        assert ana.http.post(f"/api/tables/{conceded['id']}/concede").status_code == 204
        listed = {t["id"]: t["rated"] for t in ana.http.get("/api/tables?mine=true").json()}
        board = ana.http.get(f"/api/leaderboards/{friendly['board']}").json()
        ratings = [ratings_of(ana, t["id"]) for t in (friendly, conceded)]
        bad = ana.http.post("/api/tables", json={"game": "troeven", "rated": "no"})
        ws.close()
    assert friendly["rated"] is False and last["rated"] is False and last["status"] == "over"
    assert listed == {friendly["id"]: False, conceded["id"]: False}
    assert ratings == [{}, {}] and board == []
    assert bad.status_code == 422


def test_the_replay_of_a_conceded_table_says_why_it_ended(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        table = two_player_table(ana)
        ws: Socket = ana.socket()
        first = ws.watch(table["id"])
        while not first["moves"]:  # ana makes a move first, so the replay has one
            first = ws.until(lambda m: m["type"] == "table")
        ws.send(type="move", table=table["id"], version=first["version"], move=first["moves"][0])
        moved = ws.until(lambda m: m["type"] == "table" and m["version"] > first["version"])
        assert ana.http.post(f"/api/tables/{table['id']}/concede").status_code == 204
        ws.until(over)
        replay = ana.http.get(f"/api/replays/tables/{table['id']}").json()
        frame = ana.http.get(f"/api/replays/tables/{table['id']}/steps/{len(replay['steps']) - 1}")
        log = ana.http.get(f"/api/replays/tables/{table['id']}/log").json()
        ws.close()
    assert replay["result"] is None
    assert replay["ended"] == {"winners": [1], "conceded": 0}
    assert replay["steps"][-1]["version"] >= moved["version"] - 1 and len(replay["steps"]) >= 2
    assert frame.status_code == 200 and frame.json()["to_act"] is not None  # stopped mid-game
    assert log["entries"][-1] == {**log["entries"][-1], "kind": "end", "text": "ana conceded"}
