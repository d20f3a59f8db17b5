"""The platform's ranges of the open-ended game options: every such option has one, and every game at the
ends of its ranges has a bounded length, so a game at a table always ends."""

from __future__ import annotations

import itertools

import pytest

import cardtable
from cardtable.server.errors import Invalid
from cardtable.server.services.option_ranges import (
    MAX_DECISIONS,
    check_table_game,
    platform_range,
    unbounded_options,
)


def ranges(game: str) -> dict[str, tuple[int, int]]:
    """The platform's ranges of ``game``'s options, as its options declare them."""
    return {o.name: o.table_range for o in cardtable.make(game).option_specs if o.table_range is not None}


def test_every_open_ended_option_has_a_range_on_the_platform() -> None:
    assert unbounded_options() == []
    for game in cardtable.games():
        for name, (low, high) in ranges(game).items():
            assert 1 <= low <= high, (game, name)


@pytest.mark.parametrize("game", cardtable.games())
def test_every_game_at_the_ends_of_its_ranges_is_bounded(game: str) -> None:
    players = next(o for o in cardtable.make(game).option_specs if o.name == "players").choices or (None,)
    ends = [[(name, low), (name, high)] for name, (low, high) in ranges(game).items()]
    modes = [{"end": "score"}, {"end": "deals"}] if game == "mue" else [{}]
    for count, mode, chosen in itertools.product(players, modes, itertools.product(*ends)):
        options = {**mode, **dict(chosen), **({"players": count} if count is not None else {})}
        made = cardtable.make(game, **options)
        check_table_game(made)  # accepted
        longest = made.max_game_length()
        assert longest is not None and longest <= MAX_DECISIONS, options


def test_values_outside_the_ranges_are_refused_with_the_range() -> None:
    with pytest.raises(Invalid, match=r"option 'round_limit' of troeven must be from 1 to 500"):
        check_table_game(cardtable.make("troeven", round_limit=0))
    with pytest.raises(Invalid, match=r"option 'target' of mue must be from 1 to 1000"):
        check_table_game(cardtable.make("mue", target=2147483647, hand_limit=0))


def test_the_platform_range_of_an_option_is_the_one_its_game_declares() -> None:
    assert platform_range("troeven", "round_limit") == (1, 500)
    assert platform_range("troeven", "players") is None  # fixed choices: no range
