"""How each game looks at the terminal: one view module per game, found by game name."""

from __future__ import annotations

from importlib import import_module

from .base import View


def view_for(game: str) -> View:
    """The terminal view of ``game`` (module ``views/<game with underscores>.py``)."""
    module = import_module(f"{__name__}.{game.replace('-', '_')}")
    view: View = module.VIEW
    return view


__all__ = ["View", "view_for"]
