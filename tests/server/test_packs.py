"""The browser's card table (``/static/js/packs.js``), written from the games: every game's pack, each card
named in words, the suits of ``core/cards``, and the marks printed on Mü's cards, with no copy in a script."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

import cardtable
from cardtable.core.cards import PIQUET_CODES, SUIT_SYMBOLS


def exports(text: str) -> dict[str, Any]:
    """The module's ``export const NAME = <json>;`` lines, read back."""
    return {
        name: json.loads(value) for name, value in re.findall(r"^export const (\w+) = (.*);$", text, re.M)
    }


def test_the_pages_get_every_games_cards_named_from_the_games(app: FastAPI) -> None:
    answer = TestClient(app).get("/static/js/packs.js")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/javascript")
    table = exports(answer.text)
    assert set(table["GAME_PACKS"]) == set(cardtable.games())
    piquet = table["PACKS"][table["GAME_PACKS"]["troeven"]]["words"]
    assert (
        sorted(piquet) == sorted(PIQUET_CODES)
        and piquet["QC"] == "queen of clubs"
        and piquet["TD"] == "10 of diamonds"
    )
    assert {letter: suit["symbol"] for letter, suit in table["SUITS"].items()} == SUIT_SYMBOLS
    mue = table["PACKS"][table["GAME_PACKS"]["mue"]]
    assert mue["words"]["R7"] == "red 7" and mue["marks"]["R7"] == 2 and mue["marks"]["R9"] == 0
    cabooses = table["PACKS"][table["GAME_PACKS"]["cabooses-in-the-corner"]]["words"]
    assert cabooses["B1"] == "blue engine 1" and cabooses["OB"] == "broken caboose"
