"""Reputation, through a real server: the counts of an account after a game finished, a game left to the
stand-in bot (stepped away and not back), a game stepped away from and taken back, and a move whose time
ran out; the score of its formula; a table's minimum refusing those below it and guests, not invited
accounts; and the profile's games in progress and average placing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.server.services.reputation import formula

from .helpers import make_settings
from .live_server import Client, my_turn, over, play_to_end, serving

DUEL = {
    "options": {"version": 2, "single_hand": True},
    "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}],
    "stand_in": "easy",
}
"""One hand of Troeven against an easy bot, with an easy stand-in: a short game."""


def reputation(client: Client, name: str) -> dict[str, Any]:
    answer = client.http.get(f"/api/players/{name}")
    assert answer.status_code == 200, answer.text
    return answer.json()["reputation"]  # type: ignore[no-any-return]


def counts(client: Client, name: str) -> tuple[int, int, int, int]:
    mine = reputation(client, name)
    return mine["finished"], mine["left"], mine["timeouts"], mine["score"]


def seat_away(message: dict[str, Any], reason: str | None) -> bool:
    return message["type"] == "table" and bool(message["seats"][0]["away"] == reason)


def test_a_new_account_starts_at_90_and_a_finished_game_raises_it(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        fresh = reputation(ana, "ana")
        assert fresh == {"finished": 0, "left": 0, "timeouts": 0, "score": 90, "formula": formula()}
        assert "100 × (games finished + 9) ÷ (games finished + games left + timeouts ÷ 4 + 10)" in formula()
        table = ana.create("troeven", **DUEL)
        ws = ana.socket()
        end = play_to_end(ws, ws.watch(table["id"]))
        ws.close()
        assert end["status"] == "over"
        assert counts(ana, "ana") == (1, 0, 0, 91)  # 100 × 10 / 11


def test_a_game_left_to_the_stand_in_counts_as_left_and_one_taken_back_as_finished(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        ws = ana.socket()
        left = ana.create("troeven", **DUEL)
        ws.watch(left["id"])
        ws.send(type="away", table=left["id"])
        ws.until(over, timeout=60)
        assert counts(ana, "ana") == (0, 1, 0, 82)  # 100 × 9 / 11

        back = ana.create("troeven", **DUEL)
        ws.watch(back["id"])
        ws.send(type="away", table=back["id"])
        away = ws.until(lambda m: m["table"] == back["id"] and seat_away(m, "away"))
        ws.send(type="back", table=back["id"])
        mine = ws.until(lambda m: m["table"] == back["id"] and seat_away(m, None))
        assert away["status"] == "playing" and mine["status"] == "playing"
        play_to_end(ws, mine)
        ws.close()
        assert counts(ana, "ana") == (1, 1, 0, 83)  # 100 × 10 / 12


def test_a_move_whose_time_ran_out_is_a_timeout(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        table = ana.create("troeven", clock={"move_seconds": 3}, **DUEL)
        ws = ana.socket()
        first = ws.until(my_turn) if not (state := ws.watch(table["id"]))["moves"] else state
        # the first decision is left to the clock: the stand-in makes it
        moved = ws.until(lambda m: m["type"] == "table" and m["version"] > first["version"], timeout=20)
        assert moved["seats"][0]["away"] is None, "a run-out move keeps the seat"
        end = play_to_end(ws, moved)
        ws.close()
        assert end["status"] == "over"
        log = ana.http.get(f"/api/tables/{table['id']}/log").json()
        told = [e["text"] for e in log["entries"] if e["text"].endswith("(time ran out)")]
        assert len(told) >= 1
        finished, left, timeouts, score = counts(ana, "ana")
        assert (finished, left, timeouts) == (1, 0, len(told))
        assert score == round(100 * 10 / (1 + timeouts / 4 + 10))


def test_a_table_minimum_refuses_accounts_below_it_and_guests_but_not_invited_accounts(
    tmp_path: Path,
) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, bob = Client(url, "ana", account=True), Client(url, "bob", account=True)
        guest = Client(url, "gil")
        for bad in (101, -1, "80", True, 12.5):
            answer = ana.http.post(
                "/api/tables",
                json={"game": "troeven", "min_reputation": bad, "seats": [{"kind": "me"}, {"kind": "open"}]},
            )
            assert answer.status_code == 422, (bad, answer.text)
        assert ana.http.get("/api/tables?mine=true").json() == [], "a refused table is not made"

        strict = ana.create("troeven", min_reputation=95, seats=[{"kind": "me"}, {"kind": "open"}])
        assert strict["min_reputation"] == 95
        listed = {t["id"]: t for t in bob.http.get("/api/tables?status=open").json()}
        assert listed[strict["id"]]["min_reputation"] == 95
        refused = bob.http.post(f"/api/tables/{strict['id']}/join")
        assert refused.status_code == 403 and refused.json()["code"] == "reputation"
        assert "95 or more" in refused.json()["detail"] and "90" not in refused.json()["detail"]
        assert guest.http.post(f"/api/tables/{strict['id']}/join").status_code == 403
        assert bob.http.get(f"/api/tables/{strict['id']}").json()["seats"][1]["kind"] == "open", (
            "nothing changed"
        )

        mild = ana.create("troeven", min_reputation=80, seats=[{"kind": "me"}, {"kind": "open"}])
        by_guest = guest.http.post(f"/api/tables/{mild['id']}/join")
        assert by_guest.status_code == 403 and "only accounts" in by_guest.json()["detail"]
        assert bob.http.post(f"/api/tables/{mild['id']}/join").status_code == 200

        invited = ana.create(
            "troeven", min_reputation=100, seats=[{"kind": "me"}, {"kind": "invited", "name": "bob"}]
        )
        assert bob.http.post(f"/api/tables/{invited['id']}/join").status_code == 200, "invited: exempt"

        anyone = ana.create("troeven", min_reputation=0, seats=[{"kind": "me"}, {"kind": "open"}])
        assert anyone["min_reputation"] is None
        assert guest.http.post(f"/api/tables/{anyone['id']}/join").status_code == 200


def test_the_profile_shows_games_in_progress_statistics_and_reputation(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, bob = Client(url, "ana", account=True), Client(url, "bob", account=True)
        ws = ana.socket()
        ends = []
        for _ in range(2):
            table = ana.create("troeven", **DUEL)
            ends.append(play_to_end(ws, ws.watch(table["id"])))
        running = ana.create(
            "slobberhannes",
            options={"players": 3},
            seats=[{"kind": "me"}, *[{"kind": "bot", "level": "easy"}] * 2],
        )
        ws.close()
        profile = bob.http.get("/api/players/ana").json()
        assert profile["playing"] == [
            {
                "table": running["id"],
                "game": "slobberhannes",
                "board": "slobberhannes",
                "label": profile["playing"][0]["label"],
                "players": ["ana", "easy bot", "easy bot"],
            }
        ]
        board = {b["board"]: b for b in profile["boards"]}["troeven-v2"]
        places = [1 if 0 in end["result"]["winners"] or not end["result"]["winners"] else 2 for end in ends]
        assert board["played"] == 2 and board["average_place"] == sum(places) / 2
        assert profile["reputation"]["finished"] == 2 and profile["reputation"]["score"] == 92
