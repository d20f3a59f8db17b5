"""Spectators, through the websocket: someone without a seat is shown exactly the public view,
``observation(None)``, of every state of the game, and can make no move, ask no hint and take no seat;
each seated person is shown exactly ``observation(seat)``. Checked against the game's record afterwards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import cardtable

from .helpers import bots, make_settings
from .live_server import Client, Message, over, serving

GAMES = [
    ("slobberhannes", {"players": 3, "start_points": 6}),
    ("mue", {"players": 3, "end": "deals", "deals": 1}),
    ("troeven", {"version": 1, "start_points": 1}),
]


def views_by_version(record: dict[str, Any], seat: int | None) -> dict[int, Message]:
    return {state.event_count(): state.observation(seat) for state, _, _ in cardtable.replay_steps(record)}


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_spectator_is_shown_the_public_view_of_every_state(
    tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, eve = Client(url, "ana"), Client(url, "eve")
        players = 2 if game == "troeven" else options["players"]
        table = ana.create(game, options=options, seats=[{"kind": "me"}, *bots(count=players - 1)])
        watcher = eve.socket()
        seen = [watcher.watch(table["id"])]
        player = ana.socket()
        mine = [player.watch(table["id"])]
        while not over(mine[-1]):
            if mine[-1]["moves"]:
                player.send(
                    type="move", table=table["id"], version=mine[-1]["version"], move=mine[-1]["moves"][-1]
                )
            mine.append(player.until(lambda m: m["type"] == "table", timeout=30))
        end = mine[-1]
        while not over(seen[-1]):
            seen.append(watcher.until(lambda m: m["type"] == "table", timeout=30))
        for kind in ("why", "away", "back"):
            body = {"move": "x"} if kind == "why" else {}
            watcher.send(type=kind, table=table["id"], **body)
            assert watcher.until(lambda m: m["type"] == "error")["code"] == "not-your-seat"
        watcher.send(type="move", table=table["id"], version=end["version"], move="x")
        assert watcher.until(lambda m: m["type"] == "error")["code"] in ("not-your-seat", "game-over")
        watcher.close()
        player.close()
        record = ana.http.get(f"/api/tables/{table['id']}/record").json()
    public, own = views_by_version(record, None), views_by_version(record, 0)
    assert len(seen) > 5
    for message in seen:
        assert message["seat"] is None and message["moves"] == []
        assert message["observation"] == public[message["version"]], message["version"]
    for message in mine:
        assert message["seat"] == 0 and message["observation"] == own[message["version"]]
