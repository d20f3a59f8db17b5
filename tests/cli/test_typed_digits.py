"""Digits that are not decimal digits ("²", "½") are no numbers of a move: the table and the engines
refuse them as notation, never with Python's own int() message (``str.isdigit`` takes "²", ``int``
does not)."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.cli.views import view_for
from cardtable.core.errors import InvalidNotation

GAMES = ["slobberhannes", "troeven", "mue", "game-of-trains", "cabooses-in-the-corner"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("typed", ["²", "³", "1²"])
def test_the_table_refuses_a_superscript_digit_as_notation(game: str, typed: str) -> None:
    state = cardtable.make(game).new_game(seed=1)
    seat = state.current_player()
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    view = view_for(game)
    choices = view.choices(state.observation(seat), legal)
    with pytest.raises(InvalidNotation):
        view.expand(typed, state, choices)


@pytest.mark.parametrize(
    ("game", "text"),
    [("game-of-trains", "use ²"), ("game-of-trains", "place 12 ²"), ("mue", "partner ²")],
)
def test_the_engines_refuse_a_superscript_digit_as_notation(game: str, text: str) -> None:
    state = cardtable.make(game).new_game(seed=1)
    with pytest.raises(InvalidNotation):
        state.string_to_action(text)


def test_a_decimal_digit_of_another_script_still_counts() -> None:
    state = cardtable.make("game-of-trains").new_game(seed=1)
    assert state.string_to_action("use ١٢ ٣") == state.string_to_action("use 12 3")
