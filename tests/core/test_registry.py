"""Where each layer keeps its part of a game: one module per game, named after it, found by the
registry; a missing part is refused with the file to add."""

from __future__ import annotations

import pytest

from cardtable.core.registry import find_piece, piece

BOTS = "cardtable.bots.games"


def test_a_part_is_found_in_the_module_named_after_the_game() -> None:
    from cardtable.bots.games import game_of_trains

    assert piece("game-of-trains", BOTS, "POLICY", "heuristic policy") is game_of_trains.play


def test_a_game_without_a_module_is_refused_with_the_file_to_add() -> None:
    add = r"^no-such-game has no heuristic policy yet: add src/cardtable/bots/games/no_such_game\.py$"
    with pytest.raises(ValueError, match=add):
        piece("no-such-game", BOTS, "POLICY", "heuristic policy")
    assert find_piece("no-such-game", BOTS, "POLICY") is None


def test_a_module_without_the_part_is_refused_with_the_name_to_define() -> None:
    define = r"^mue has no hint yet: src/cardtable/bots/games/mue\.py must define HINT$"
    with pytest.raises(ValueError, match=define):
        piece("mue", BOTS, "HINT", "hint")


def test_a_module_that_fails_to_import_is_not_taken_for_a_missing_one() -> None:
    """Only the game's own module may be missing: any other import error reaches the caller."""
    with pytest.raises(ModuleNotFoundError, match="no_such_layer"):
        find_piece("mue", "cardtable.no_such_layer", "POLICY")
