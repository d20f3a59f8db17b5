"""The narrator in Dutch, German and French: each game's log lines, the cards' names, the plurals of each
language, the players' names, the review's words and the options' words; English stays as it was."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable
from cardtable.narration import narrator_for, say, told_steps
from cardtable.narration.cards import pack_words, short_name
from cardtable.narration.decisions import word_review
from cardtable.narration.options import option_words
from cardtable.narration.words import player_names

from .helpers import played
from .test_decisions import NAMES, slobberhannes_review

LABELS = ["ana", "bot:easy", "cy", "dee"]
GAMES: dict[str, dict[str, Any]] = {
    "slobberhannes": {},
    "troeven": {},
    "mue": {"players": 4},
    "game-of-trains": {},
    "cabooses-in-the-corner": {"players": 3},
}
FIRST_LINES = {
    ("slobberhannes", "nl"): [
        "Ronde 1: kaarten gedeeld, bot (makkelijk) komt uit",
        "bot (makkelijk) speelt H♠",
    ],
    ("slobberhannes", "de"): [
        "Runde 1: Karten ausgeteilt, Bot (leicht) spielt aus",
        "Bot (leicht) spielt K♠",
    ],
    ("slobberhannes", "fr"): ["Donne 1\u00a0: cartes distribuées, bot facile entame", "bot facile joue R♠"],
    ("troeven", "nl"): ["Ronde 1: jij geeft, bot (makkelijk) maakt troef", "bot (makkelijk) maakt troef: ♥"],
    ("troeven", "de"): ["Runde 1: du gibst, Bot (leicht) sagt Trumpf an", "Bot (leicht) sagt Trumpf an: ♥"],
    ("troeven", "fr"): [
        "Manche 1\u00a0: vous donnez, bot facile annonce l’atout",
        "bot facile annonce l’atout\u00a0: ♥",
    ],
    ("mue", "nl"): ["Ronde 1: bot (makkelijk) geeft", "bot (makkelijk) legt groen 3 open (nu 1 open)"],
    ("mue", "de"): ["Runde 1: Bot (leicht) gibt", "Bot (leicht) legt Grün 3 offen aus (jetzt 1 offen)"],
    ("mue", "fr"): ["Donne 1\u00a0: bot facile donne", "bot facile montre 3 vert (1 face visible en tout)"],
    ("game-of-trains", "nl"): [
        "Kaarten gedeeld: jij speelt als eerste",
        "Je zet 79 op plaats 2, 65 gaat naar de markt",
    ],
    ("game-of-trains", "de"): [
        "Karten ausgeteilt: du spielst zuerst",
        "Du setzt 79 an Stelle 2, 65 kommt auf den Markt",
    ],
    ("game-of-trains", "fr"): [
        "Cartes distribuées\u00a0: vous jouez en premier",
        "Vous placez 79 en position 2, 65 va au marché",
    ],
    ("cabooses-in-the-corner", "nl"): ["Jij geeft; bot (makkelijk) begint", "bot (makkelijk) trekt 1 kaart"],
    ("cabooses-in-the-corner", "de"): ["Du gibst; Bot (leicht) beginnt", "Bot (leicht) zieht 1 Karte"],
    ("cabooses-in-the-corner", "fr"): ["Vous donnez\u202f; bot facile commence", "bot facile pioche 1 carte"],
}
"""The first lines of each game (seed 1, played at random) told to seat 0, in each language."""


def told(game: str, language: str) -> list[str]:
    """Every line of a seeded game in ``language``, said to seat 0 as the terminal says them."""
    state = played(game, GAMES[game], 1, tell=False)
    labels = LABELS[: state.game.players]
    narrator = narrator_for(game, language)
    names = player_names(labels, language=language)
    record = state.record(players=labels)
    return [
        say(narrator, line, names, you=0)
        for _, step in told_steps(record)
        for line in narrator.step_lines(step.facts, 0)
    ]


@pytest.mark.parametrize(("game", "language"), sorted(FIRST_LINES))
def test_each_game_is_told_in_each_language(game: str, language: str) -> None:
    assert told(game, language)[:2] == FIRST_LINES[game, language]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_language_changes_the_words_and_never_the_story(game: str) -> None:
    """As many lines in every language, and none of them left in English."""
    english = told(game, "en")
    for language in ("nl", "de", "fr"):
        lines = told(game, language)
        assert len(lines) == len(english)
        assert not set(lines) & set(english)


@pytest.mark.parametrize("game", cardtable.games())
def test_english_card_names_are_the_packs_own(game: str) -> None:
    pack = cardtable.make(game).pack
    assert pack is not None and pack_words(game) == dict(pack.words)


def test_cards_are_named_in_each_language() -> None:
    assert [pack_words("slobberhannes", lang)["QC"] for lang in ("nl", "de", "fr")] == [
        "klaveren vrouw",
        "Kreuz-Dame",
        "dame de trèfle",
    ]
    assert [short_name("QC", lang) for lang in ("en", "nl", "de", "fr")] == ["Q♣", "V♣", "D♣", "D♣"]
    assert [short_name("JH", lang) for lang in ("en", "nl", "de", "fr")] == ["J♥", "B♥", "B♥", "V♥"]
    assert pack_words("mue", "nl")["R7"] == "rood 7" and pack_words("mue", "fr")["R7"] == "7 rouge"
    assert pack_words("cabooses-in-the-corner", "de")["B1"] == "blaue 1 (Lok)"


def test_each_language_counts_by_its_own_plural_rule() -> None:
    """French says 0 in the singular, Dutch and German in the plural (the catalog's plural forms)."""
    assert [narrator_for("mue", "fr").noun("card", n) for n in (0, 1, 2)] == ["carte", "carte", "cartes"]
    assert [narrator_for("mue", "nl").noun("card", n) for n in (0, 1, 2)] == ["kaarten", "kaart", "kaarten"]
    assert [narrator_for("mue", "en").noun("card", n) for n in (0, 1, 2)] == ["cards", "card", "cards"]


def test_players_are_named_in_each_language() -> None:
    labels = ["bot:hard", "ana", "ana"]
    assert player_names(labels) == ["hard bot", "ana (seat 2)", "ana (seat 3)"]
    assert player_names(labels, language="de") == ["Bot (schwer)", "ana (Platz 2)", "ana (Platz 3)"]
    assert player_names(labels, language="fr") == ["bot difficile", "ana (place 2)", "ana (place 3)"]


def test_a_review_is_worded_in_the_readers_language() -> None:
    record, result = slobberhannes_review(1)
    word_review(record, result, NAMES[:4], "nl")
    (decision,) = result["decisions"]
    lost = decision["points"][decision["best"]] - decision["points"]["QC"]
    assert decision["said"]["played"] == "V♣"
    assert decision["said"]["reason"].startswith(f"−{lost:.2f} punten: verwacht ".replace(".", ","))


@pytest.mark.parametrize(
    ("language", "points", "percent"),
    [
        ("en", "−0.76", "28.6%"),
        ("nl", "−0,76", "28,6%"),
        ("de", "−0,76", "28,6\xa0%"),
        ("fr", "−0,76", "28,6\xa0%"),
    ],
)
def test_a_reviews_numbers_are_written_as_its_language_writes_them(
    language: str, points: str, percent: str
) -> None:
    record, result = slobberhannes_review(1)
    (decision,) = result["decisions"]
    decision["values"] = {move: 0.286 for move in decision["values"]}
    decision["points"] = {move: 0.0 for move in decision["points"]}
    decision["points"]["QC"] = -0.756
    decision["values"][decision["best"]] = 0.5
    word_review(record, result, NAMES[:4], language)
    reason = decision["said"]["reason"]
    assert reason.startswith(points) and f" {points} " in reason and percent in reason, reason


def test_options_are_worded_in_each_language() -> None:
    assert option_words("slobberhannes")["start_points"] == {
        "label": "start points",
        "help": "every score starts here",
        "choices": {},
    }
    assert option_words("slobberhannes", "nl")["start_points"]["label"] == "beginscore"
    assert option_words("mue", "de")["end"]["choices"] == {
        "score": "bei einem Punktestand",
        "deals": "nach Geberunden",
    }
