"""The answer to "why can't I play this card?" names cards as the table shows them, in every game's pack:
the server says the engine's reason to the player (``services.hints``), and the page shows the card asked
about, which comes back as its code ("R7"), by its name (web/js/hints.js)."""

from __future__ import annotations

import random
import re
from functools import partial
from typing import Any

import pytest

import cardtable
from cardtable.core.game import State
from cardtable.narration import narrator_for, say_reason
from cardtable.narration.cards import pack_words
from cardtable.server.services.hints import engine_reason

from .renderer_page import DESKTOP, renderer_page

HINT_TEXT = "async ([hint, deck]) => (await import('/static/js/hints.js')).hintText(hint, deck)"


def barred_card(game: str) -> tuple[State, str, str]:
    """A state of random play, a card in the hand of the seat to act, and the reason against it as the
    server answers it in English."""
    rng = random.Random(5)
    state = cardtable.make(game).new_game(seed=5)
    narrator, names = narrator_for(game, "en"), [f"Player {seat + 1}" for seat in range(state.game.players)]
    while not state.is_terminal():
        seat = state.current_player()
        say = partial(say_reason, narrator, names=names, you=seat, for_person=True)
        for card in state.observation(seat).get("hand") or []:
            reason = engine_reason(state, card, str, say)
            if reason is not None and re.search(r"\bcannot play\b", reason):
                return state, card, reason
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no barred card came up in a game of {game}")


@pytest.mark.parametrize(("game", "pack"), [("mue", "five-colours"), ("cabooses-in-the-corner", "cabooses")])
def test_a_coloured_card_is_named_in_the_answer(game: str, pack: str, browser: Any, harness: str) -> None:
    _, card, reason = barred_card(game)
    words = pack_words(game, "en")
    assert words[card] in reason and card not in reason, "the server names the card"
    with renderer_page(browser, harness, DESKTOP) as rp:
        shown = rp.page.evaluate(HINT_TEXT, [{"move": card, "legal": False, "reason": reason}, pack])
        assert not rp.problems()
    assert shown.startswith(f"Why not {words[card]}? You cannot play {words[card]}"), shown
    left = [code for code in re.findall(r"\b[A-Z][0-9A-Z]\b", shown) if code in words]
    assert not left, f"card codes left in {shown!r}"


def test_a_piquet_card_is_shown_in_symbols(browser: Any, harness: str) -> None:
    _, card, reason = barred_card("slobberhannes")
    with renderer_page(browser, harness, DESKTOP) as rp:
        shown = rp.page.evaluate(HINT_TEXT, [{"move": card, "legal": False, "reason": reason}, "piquet"])
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]
    rank = "10" if card[0] == "T" else card[0]
    assert shown.startswith(f"Why not {rank}{symbol}? You cannot play {rank}{symbol}"), shown
