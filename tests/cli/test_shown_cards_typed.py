"""A card may be typed as the table shows it, in the table's language too: a German table shows the
queen of clubs as D♣ and a Dutch one as V♣, and the error for a typo gives such a card as its example,
so typing it must play the card (the notation, QC, works in every language)."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.cli import words
from cardtable.cli.views import view_for
from cardtable.core.errors import InvalidNotation


@pytest.mark.parametrize(
    ("language", "typed", "card"),
    [
        ("de", "D♣", "QC"),
        ("de", "b♥", "JH"),
        ("de", "K♠", "KS"),
        ("nl", "V♣", "QC"),
        ("nl", "H♦", "KD"),
        ("fr", "R♠", "KS"),
        ("fr", "V♥", "JH"),
        ("fr", "D♣", "QC"),
        ("en", "Q♣", "QC"),
        ("de", "QC", "QC"),
        ("de", "10♦", "TD"),
    ],
)
def test_a_card_typed_as_shown_in_the_tables_language_is_its_notation(
    monkeypatch: pytest.MonkeyPatch, language: str, typed: str, card: str
) -> None:
    monkeypatch.setattr(words, "_current", [language])
    state = cardtable.make("slobberhannes").new_game(seed=1)
    assert view_for("slobberhannes").expand(typed, state, []) == [card]


def test_in_english_a_letter_of_another_language_is_no_rank(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(words, "_current", ["en"])
    state = cardtable.make("slobberhannes").new_game(seed=1)
    with pytest.raises(InvalidNotation):
        view_for("slobberhannes").expand("D♣", state, [])


def test_troeven_takes_the_shown_card_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(words, "_current", ["nl"])
    state = cardtable.make("troeven", version=2).new_game(seed=1)
    assert view_for("troeven").expand("B♠", state, []) == ["JS"]
