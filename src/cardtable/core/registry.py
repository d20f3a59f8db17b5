"""The list of games and ``make``: how callers reach a game by name."""

from __future__ import annotations

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
