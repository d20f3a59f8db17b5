"""Ratings: the multi-player Elo of ``services/ratings.py``, and ratings of accounts and bot levels updated
when a game ends, shown per game on the leaderboard and per table as changes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.server.schemas import SeatPublic
from cardtable.server.services.ratings import START, K, elo_changes, rated_players
from cardtable.server.settings import Settings

from .helpers import bots, make_settings
from .live_server import Client, play_to_end, serving


def test_two_players_get_classic_elo() -> None:
    """400 points apart, the favourite expects 10/11 of a point: it gains K/11 by winning."""
    won = elo_changes([1900, 1500], [True, False])
    assert won == pytest.approx([K / 11, -K / 11])
    lost = elo_changes([1900, 1500], [False, True])
    assert lost == pytest.approx([-K * 10 / 11, K * 10 / 11])
    assert elo_changes([1500, 1500], [False, False]) == [0.0, 0.0]


def test_multi_player_changes_add_up_to_zero_and_stay_within_k() -> None:
    rng = random.Random(9)
    for size in range(2, 7):
        for _ in range(50):
            ratings = [rng.uniform(800, 2200) for _ in range(size)]
            won = [rng.random() < 0.4 for _ in range(size)]
            changes = elo_changes(ratings, won)
            assert sum(changes) == pytest.approx(0, abs=1e-9)
            assert all(abs(change) <= K for change in changes)
            even = elo_changes([START] * size, won)
            if any(won) and not all(won):  # among equals, winners gain and the others lose
                assert all((change > 0) == w for change, w in zip(even, won, strict=True))
            else:
                assert even == [0.0] * size


def test_each_bot_level_is_one_player_and_guests_are_not_rated() -> None:
    seats = [
        SeatPublic(seat=0, kind="player", name="ana", user_id=7, guest=False),
        SeatPublic(seat=1, kind="bot", name="easy", user_id=None, guest=False),
        SeatPublic(seat=2, kind="bot", name="easy", user_id=None, guest=False),
        SeatPublic(seat=3, kind="player", name="guest", user_id=8, guest=True),
    ]
    assert rated_players(seats, winners=[2]) == {("user", 7): False, ("bot", "easy"): True}


def test_a_finished_game_rates_the_account_and_the_bot_levels(tmp_path: Path) -> None:
    rates_two_games(make_settings(tmp_path))


def test_ratings_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    """The same on PostgreSQL (rows made with ON CONFLICT DO NOTHING and locked FOR UPDATE there)."""
    rates_two_games(make_settings(tmp_path, database_url=postgres_url))


def rates_two_games(settings: Settings) -> None:
    """ana (an account) plays two 3-player Slobberhannes games against an easy and a medium bot."""
    with serving(settings) as url:
        ana = Client(url, "ana", account=True)
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "medium"}]
        results = []
        for _ in range(2):
            table = ana.create(options={"players": 3, "start_points": 6}, seats=seats)
            assert ana.http.get(f"/api/tables/{table['id']}/ratings").json() == []
            ws = ana.socket()
            results.append((table["id"], play_to_end(ws, ws.watch(table["id"]))["result"]["winners"]))
            ws.close()
        board = ana.http.get("/api/leaderboards/slobberhannes").json()
        changes = ana.http.get(f"/api/tables/{results[0][0]}/ratings").json()
        other = ana.http.get("/api/leaderboards/mue").json()
        missing = ana.http.get("/api/leaderboards/chess")
    assert {(row["kind"], row["name"]) for row in board} == {
        ("account", "ana"),
        ("bot", "easy"),
        ("bot", "medium"),
    }
    assert [row["rank"] for row in board] == [1, 2, 3]
    assert [row["rating"] for row in board] == sorted((row["rating"] for row in board), reverse=True)
    assert all(row["games"] == 2 for row in board)
    ana_row = next(row for row in board if row["kind"] == "account")
    assert ana_row["wins"] == sum(0 in winners for _, winners in results) and ana_row["user_id"] is not None
    assert sum(row["rating"] for row in board) == pytest.approx(3 * START, abs=2)
    assert {c["name"] for c in changes} == {"ana", "easy", "medium"}
    assert all(c["before"] == START for c in changes)
    first_winners = results[0][1]
    for change in changes:
        seat = {"ana": 0, "easy": 1, "medium": 2}[change["name"]]
        if first_winners and seat in first_winners:
            assert change["after"] >= change["before"]
    assert other == [] and missing.status_code == 404


def test_a_guest_against_one_bot_level_rates_nobody(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        guest = Client(url, "visitor")
        table = guest.create(
            options={"players": 3, "start_points": 6}, seats=[{"kind": "me"}, *bots(count=2)]
        )
        ws = guest.socket()
        play_to_end(ws, ws.watch(table["id"]))
        ws.close()
        assert guest.http.get("/api/leaderboards/slobberhannes").json() == []
        assert guest.http.get(f"/api/tables/{table['id']}/ratings").json() == []
        missing = guest.http.get(f"/api/tables/{table['id'] + 1000}/ratings")
        assert missing.status_code == 404 and missing.json()["code"] == "unknown-table"
