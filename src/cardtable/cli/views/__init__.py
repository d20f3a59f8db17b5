"""How each game looks at the terminal: one view module per game, found by game name."""

from __future__ import annotations

from ...core.registry import piece
from .base import View


def view_for(game: str) -> View:
    """The terminal view of ``game``: ``VIEW`` of ``views/<game with underscores>.py``; raises ValueError
    naming the file to add when the game has none."""
    view: View = piece(game, __name__, "VIEW", "terminal view")
    return view


__all__ = ["View", "view_for"]
