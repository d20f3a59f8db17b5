"""Slobberhannes' header and penalty marks show the queen of clubs as the table shows cards, and the
header fits a terminal of 80 columns in English whatever the hand and trick."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.cli import words
from cardtable.cli.views.slobberhannes import VIEW


@pytest.mark.parametrize(("language", "queen"), [("en", "Q♣"), ("nl", "V♣"), ("de", "D♣"), ("fr", "D♣")])
def test_the_queen_is_shown_as_the_table_shows_it(
    language: str, queen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(words, "_current", [language])
    obs = cardtable.make("slobberhannes").new_game(seed=1).observation(None)
    assert VIEW.header(obs).endswith(f" {queen}")
    marks = VIEW.seat_columns({**obs, "queen_taker": 2})[words._("penalties")]
    assert marks[2] == queen and "QC" not in VIEW.header(obs)


def test_the_longest_english_header_fits_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(words, "_current", ["en"])
    obs = cardtable.make("slobberhannes", players=3).new_game(seed=1).observation(None)
    longest = {**obs, "hand_number": 99, "tricks_won": [3, 3, 3], "tricks_per_hand": 10}
    assert "trick 10 of 10" in VIEW.header(longest) and len(VIEW.header(longest)) <= 80
