"""Rule sets: one leaderboard per set of rules a game is played by. A game whose options include a
``version`` with choices (Troeven 1 and 2) plays by different rules per version, so each version is rated on
a board of its own, ``<game>-v<version>``; every other game has one board, named as the game.

Decisions:
- The board is read from the game's declared options, not from a list kept here, so a game that gains
  versions gains boards.
- A table made before a game had versions lacks the option; it counts as the game's default version.
- A board's label names the game as players write it (``Game.title``); its key keeps the game's id. The
  word for its version is the game's own name of that option, in the reader's language (the narration's
  ``option_words``), so the create-table form, the leaderboards and the mails say it alike.

``tests/server/test_rule_sets.py`` shows the boards and labels of the games there are.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import cardtable
from cardtable.i18n import DEFAULT
from cardtable.narration.options import option_words

from ..schemas import BoardPublic

VERSION = "version"


@cache
def _versions(game: str) -> tuple[tuple[Any, ...], Any] | None:
    """The versions a game offers and its default one; None for a game with one rule set."""
    option = next((o for o in cardtable.make(game).option_specs if o.name == VERSION), None)
    if option is None or not option.choices:
        return None
    return tuple(option.choices), option.default


def board_of(game: str, options: dict[str, Any]) -> str:
    """The leaderboard a table of ``game`` with ``options`` is rated on."""
    versions = _versions(game)
    if versions is None:
        return game
    return f"{game}-v{options.get(VERSION, versions[1])}"


def boards(language: str = DEFAULT) -> list[BoardPublic]:
    """Every leaderboard, game by game, labelled in ``language``."""
    found: list[BoardPublic] = []
    for game in cardtable.games():
        versions = _versions(game)
        keys = [game] if versions is None else [f"{game}-v{v}" for v in versions[0]]
        found.extend(BoardPublic(key=key, game=game, label=label_of(key, language)) for key in keys)
    return found


def game_of(board: str) -> str:
    """The game a leaderboard belongs to."""
    return next(b.game for b in boards() if b.key == board)


def label_of(board: str, language: str = DEFAULT) -> str:
    """A leaderboard's name in words in ``language``: the game's title, with its version when it has
    several."""
    game, sep, version = board.rpartition("-v")
    if sep and game in cardtable.games() and _versions(game) is not None:
        return f"{_title(game)} ({option_words(game, language)[VERSION]['label']} {version})"
    return _title(board) if board in cardtable.games() else board


def _title(game: str) -> str:
    """The game's name as players write it ("Mü" for ``mue``)."""
    return cardtable.make(game).title
