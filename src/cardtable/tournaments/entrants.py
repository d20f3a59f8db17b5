"""How bot entrants are named in a tournament's standings.

>>> bot_names(["easy", "hard", "hard"])
['easy bot 1', 'hard bot 1', 'hard bot 2']
"""

from __future__ import annotations

from collections.abc import Sequence


def bot_names(levels: Sequence[str]) -> list[str]:
    """A name per bot level given, numbered within its level (``hard bot 2``), so that several bots of
    one level stay apart in the standings."""
    names = []
    for index, level in enumerate(levels):
        names.append(f"{level} bot {levels[:index].count(level) + 1}")
    return names
