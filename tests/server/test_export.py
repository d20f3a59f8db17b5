"""The open database (``GET /api/export/games``): finished games streamed as NDJSON, oldest first, each
with the record a finished table publishes, guests anonymised; filtered by game, time and count."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cardtable

from .helpers import bots, make_settings
from .live_server import Client, play_to_end, serving

TROEVEN = {"version": 2, "single_hand": True}


def finish(client: Client, game: str, options: dict[str, Any], others: int) -> int:
    """A table of ``client``'s against ``others`` bots, played to its end; its id."""
    table = client.create(game, options=options, seats=[{"kind": "me"}, *bots(count=others)])
    ws = client.socket()
    play_to_end(ws, ws.watch(table["id"]))
    ws.close()
    return int(table["id"])


def lines(client: Client, query: str = "") -> list[dict[str, Any]]:
    answer = client.http.get(f"/api/export/games{query}")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in answer.text.splitlines()]


def test_finished_games_are_streamed_oldest_first_with_guests_anonymised(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "Ana the guest")
        bo = Client(url, "bodil", account=True)
        first = finish(ana, "troeven", TROEVEN, 1)
        second = finish(bo, "slobberhannes", {"players": 3, "single_hand": True}, 2)
        running = bo.create("troeven", options=TROEVEN, seats=[{"kind": "me"}, *bots(count=1)])
        everything = lines(ana)
        assert [line["table"] for line in everything] == [first, second], "a running game is not exported"
        troeven, slobberhannes = everything
        published = ana.http.get(f"/api/tables/{first}/record").json()
        assert published["players"] == ["Ana the guest", "bot:easy"]
        assert troeven["record"] == {**published, "players": ["guest", "bot:easy"]}
        assert troeven["game"] == "troeven" and troeven["ended"] is None
        assert cardtable.replay(troeven["record"]).is_terminal() and troeven["record"]["seed"] is None
        assert slobberhannes["record"]["players"] == ["bodil", "bot:easy", "bot:easy"]
        assert troeven["finished"] <= slobberhannes["finished"] and troeven["finished"].endswith("Z")

        assert [line["table"] for line in lines(bo, "?game=slobberhannes")] == [second]
        assert [line["table"] for line in lines(bo, f"?since={troeven['finished']}")] == [second]
        assert lines(bo, f"?since={slobberhannes['finished']}") == []
        assert [line["table"] for line in lines(bo, "?limit=1")] == [first]
        assert running["id"] not in [line["table"] for line in lines(bo, "?game=troeven")]

        unknown = bo.http.get("/api/export/games?game=poker")
        assert unknown.status_code == 400 and unknown.json()["code"] == "bad-game"
        assert "unknown game 'poker'" in unknown.json()["detail"]
        assert bo.http.get("/api/export/games?limit=0").status_code == 422
        assert bo.http.get("/api/export/games?since=0.5").status_code == 422
        month = bo.http.get("/api/export/games?since=2026-13-01")
        assert month.status_code == 400 and "is no time" in month.json()["detail"]
        bo.http.cookies.clear()
        assert bo.http.get("/api/export/games").status_code == 401
