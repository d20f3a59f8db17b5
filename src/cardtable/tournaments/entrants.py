"""How bot entrants are named in a tournament's standings.

>>> bot_names(["easy", "hard", "hard"])
['easy bot 1', 'hard bot 1', 'hard bot 2']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def bot_names(levels: Sequence[str], named: Callable[[str], str] = "{} bot".format) -> list[str]:
    """A name per bot level given, numbered within its level (``hard bot 2``), so that several bots of
    one level stay apart in the standings; ``named`` names a level's bot (in the reader's language)."""
    names = []
    for index, level in enumerate(levels):
        names.append(f"{named(level)} {levels[:index].count(level) + 1}")
    return names
