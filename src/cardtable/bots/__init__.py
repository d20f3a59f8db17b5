"""Bots: seat-fillers for the tables and opponents for research, all made by ``make(spec, seed=...)``.

A bot's ``choose(state)`` returns a legal action id for ``state.current_player()``.

>>> import cardtable
>>> from cardtable import bots
>>> state = cardtable.make("slobberhannes").new_game(seed=3)
>>> bots.make("random", seed=1).choose(state) in state.legal_actions()
True
"""

from .base import Bot, kinds, levels, make
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "kinds", "levels", "make"]
