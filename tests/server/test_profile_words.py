"""A profile's game lists name the bots as the table does, in the reader's language: a Dutch reader of
/api/players/{name} reads "bot (makkelijk)", never the English "easy bot", in both recent games and games
in progress."""

from __future__ import annotations

from fastapi import FastAPI

from cardtable.narration.words import player_names

from .helpers import Player
from .test_players import play_out, troeven


def test_bots_in_a_profile_are_named_in_the_readers_language(app: FastAPI) -> None:
    ana = Player(app, "Ana", account=True)
    play_out(ana, troeven(ana, 2))
    ana.create("troeven", seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])  # still playing
    dutch = player_names(["bot:easy"], language="nl")[0]
    assert dutch != "easy bot"
    profile = ana.http.get("/api/players/ana", headers={"Accept-Language": "nl"}).json()
    assert profile["recent"][0]["players"] == ["Ana", dutch]
    assert profile["playing"][0]["players"] == ["Ana", dutch]
    english = ana.http.get("/api/players/ana", headers={"Accept-Language": "en"}).json()
    assert english["recent"][0]["players"] == ["Ana", "easy bot"]
