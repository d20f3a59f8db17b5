"""The scoring rules in words, said from one place by the terminal and the server's pages.

Each sentence is whole (a translator sees it entire) and marked for the catalogs (``N_``); the caller
says it in its reader's language by passing its catalog's ``gettext``.

>>> rules_in_words(arena=False, duplicate=False).endswith("one sat with), then name.")
True
"""

from __future__ import annotations

from collections.abc import Callable


def N_(message: str) -> str:
    """``message``, marked for the catalogs' extraction (gettext's name: translated where it is said)."""
    return message


SWISS = N_(
    "Points per table: 1 for first place, 0 for last, linear between, shared between ties"
    " (two players: win 1, draw ½, loss 0). A bye scores ½."
)
ARENA = N_(
    "Points per game: twice the placing (two players: win 2, draw 1, loss 0); after two first places"
    " in a row, games score double until one is not a first place."
)
TIES = N_(
    "Ties in the standings are broken by Buchholz (the sum of the points of those one sat with), then name."
)
TIES_DUPLICATE = N_(
    "Ties in the standings are broken by Buchholz (the sum of the points of those one sat with), then the"
    " duplicate score, then name."
)
DUPLICATE = N_(
    "Duplicate deals: every table of a round plays the same deal, seats rotated between tables; an"
    " entrant's duplicate score is its placing points minus the average of the others who held the same"
    " cards."
)


def rules_in_words(*, arena: bool, duplicate: bool, gettext: Callable[[str], str] = str) -> str:
    """How a tournament of this kind scores, in a few sentences for people (each through ``gettext``)."""
    sentences = [ARENA if arena else SWISS, TIES_DUPLICATE if duplicate else TIES]
    return " ".join(gettext(sentence) for sentence in [*sentences, *([DUPLICATE] if duplicate else [])])
