"""Leaderboards per rule set: a game with versions gets a board per version, named and labelled from the
game's own options and words, in the reader's language; every other game one board, named as the game."""

from __future__ import annotations

from cardtable.server.services.rule_sets import board_of, label_of


def test_a_game_with_versions_is_rated_on_a_board_per_version() -> None:
    assert board_of("troeven", {"version": 2}) == "troeven-v2"
    assert board_of("troeven", {}) == "troeven-v1"  # a table from before versions: the default one


def test_a_game_without_versions_has_one_board_named_as_the_game() -> None:
    assert board_of("slobberhannes", {"players": 4}) == "slobberhannes"


def test_a_board_is_labelled_with_the_game_title_and_its_version_in_the_reader_language() -> None:
    assert label_of("troeven-v1") == "Troeven (version 1)"
    assert label_of("troeven-v2", "nl") == "Troeven (versie 2)"
    assert label_of("mue") == "Mü"
