"""A game option typed with a value it does not take is refused with the flag and the values it is typed
with (``--players takes 3|4|5|6``), not the engine's name for it (``option 'players' must be …``)."""

from __future__ import annotations

import pytest

from cardtable.cli import words
from cardtable.cli.options import read_options

from .terminal import ended, spawn


@pytest.mark.parametrize(
    ("game", "typed", "said"),
    [
        ("slobberhannes", ["--players", "9"], "--players takes 3|4|5|6, got 9"),
        ("mue", ["--dealer-sits-out=maybe"], "--dealer-sits-out takes true|false, got maybe"),
        ("troeven", ["--start-points", "x"], "--start-points takes N (from 1), got x"),
        ("mue", ["--first-dealer", "abc"], "--first-dealer takes SEAT|random, got abc"),
        ("troeven", ["--version", "3"], "--version takes 1|2, got 3"),
        ("mue", ["--first-dealer", "9"], "--first-dealer takes a seat from 0 to 4 with 5 players, got 9"),
        (
            "mue",
            ["--first-dealer", "4", "--players", "4"],
            "--first-dealer takes a seat from 0 to 3 with 4 players, got 4",
        ),
    ],
)
def test_a_value_the_option_does_not_take(
    game: str, typed: list[str], said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(words, "_current", ["en"])
    with pytest.raises(ValueError) as refused:
        read_options(game, typed)
    assert str(refused.value) == said


def test_values_it_takes_are_read_as_typed() -> None:
    options = ["--players", "6", "--dealer-sits-out", "true", "--first-dealer", "random"]
    assert read_options("mue", options) == {"players": 6, "dealer_sits_out": True, "first_dealer": None}


def test_the_terminal_says_it_on_one_line_in_its_language() -> None:
    child = spawn("play", "slobberhannes", "--players", "9", "--lang", "de")
    ended(child)
    assert child.exitstatus == 2 and child.before.strip() == "Fehler: --players erwartet 3|4|5|6, nicht 9"
