"""The rules' refusals at the terminal in the player's language (issue 40): with ``--lang de`` a card the
rules refuse is answered in German, to the player, with the cards' German names."""

from __future__ import annotations

from pathlib import Path

import pexpect

from cardtable.narration import narrator_for

from .terminal import ended, spawn, text
from .test_slobberhannes_terminal import first_turn_with_an_illegal_card
from .test_troeven_terminal import seed_where

GERMAN_PROMPT = r"Dein Zug \(\? Hilfe, q beenden\): "


def refusal(child: pexpect.spawn) -> str:
    """The refusal line shown before the next prompt."""
    child.expect(GERMAN_PROMPT)
    return next(line.strip() for line in text(child.before).splitlines() if line.strip().startswith("✗"))


def test_a_card_before_the_trump_call_is_refused_in_german(tmp_path: Path) -> None:
    seed = seed_where(version=1, phase="trump")
    child = spawn("play", "troeven", "--version", "1", "--seed", str(seed), "--lang", "de", cwd=tmp_path)
    child.expect(GERMAN_PROMPT)
    child.sendline("7s")
    said = refusal(child)
    assert said == "✗ Du kannst 7♠ nicht spielen: Zuerst muss Trumpf angesagt werden (trump S, H, D oder C)"
    child.sendline("q")
    assert ended(child) == 0


def test_a_card_that_does_not_follow_is_refused_in_german(tmp_path: Path) -> None:
    seed, number, card = first_turn_with_an_illegal_card()
    named = narrator_for("slobberhannes", "de").card(card)
    child = spawn("play", "slobberhannes", "--seed", str(seed), "--lang", "de", cwd=tmp_path)
    child.expect(GERMAN_PROMPT)
    child.sendline(str(number))
    said = refusal(child)
    assert said.startswith(f"✗ Du kannst {named} nicht spielen: "), said
    assert " wurde ausgespielt, und die Regeln erlauben nur " in said, said
    assert "seat 0" not in said and "cannot" not in said
    child.sendline("q")
    assert ended(child) == 0
