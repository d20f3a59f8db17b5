"""The list of games, ``make``, and where each layer keeps its part of a game.

A game's pieces around the engine (its bots' policy, its tensor encoder, its terminal view) live in one
module per game in their layer's package, named after the game with dashes as underscores, and
``piece`` finds them: a new game needs no line in any list, and a missing piece is refused with the
file to add. (The browser finds a game's picture by the same rule: ``web/js/games/index.js``.)
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

from .game import Game

_GAMES: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator that makes a game reachable by its ``name``."""
    _GAMES[game_class.name] = game_class
    return game_class


def games() -> list[str]:
    """The names of every game, sorted."""
    return sorted(_GAMES)


def make(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options``; raises ValueError for an unknown game or a bad option."""
    try:
        game_class = _GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(games())}") from None
    return game_class(**options)


def piece(game: str, package: str, name: str, what: str) -> Any:
    """``name`` of the module ``<package>.<game with underscores>``: the part of ``game`` that the layer
    ``package`` keeps (``what`` says which, for the error). Raises ValueError naming the file to add,
    or what it must define."""
    found = find_piece(game, package, name)
    if found is None:
        path = f"src/{_module_name(game, package).replace('.', '/')}.py"
        if _module(game, package) is None:
            raise ValueError(f"{game} has no {what} yet: add {path}")
        raise ValueError(f"{game} has no {what} yet: {path} must define {name}")
    return found


def find_piece(game: str, package: str, name: str) -> Any:
    """Like ``piece``, but None where the game has no such part (a layer's optional piece)."""
    return getattr(_module(game, package), name, None)


@cache
def _module(game: str, package: str) -> ModuleType | None:
    """The game's module in ``package``, or None when there is none (imported once, then remembered)."""
    module_name = _module_name(game, package)
    try:
        return import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise  # the module is there, but something it imports is not
        return None


def _module_name(game: str, package: str) -> str:
    return f"{package}.{game.replace('-', '_')}"
