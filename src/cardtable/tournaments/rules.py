"""The scoring rules in words, said from one place by the terminal and the server's pages.

>>> rules_in_words(arena=False, duplicate=False).endswith("one sat with), then name.")
True
"""

from __future__ import annotations

SWISS = (
    "Points per table: 1 for first place, 0 for last, linear between, shared between ties"
    " (two players: win 1, draw ½, loss 0). A bye scores ½."
)
ARENA = (
    "Points per game: twice the placing (two players: win 2, draw 1, loss 0); after two first places"
    " in a row, games score double until one is not a first place."
)
TIES = "Ties in the standings are broken by Buchholz (the sum of the points of those one sat with), then"
DUPLICATE = (
    "Duplicate deals: every table of a round plays the same deal, seats rotated between tables; an"
    " entrant's duplicate score is its placing points minus the average of the others who held the same"
    " cards."
)


def rules_in_words(*, arena: bool, duplicate: bool) -> str:
    """How a tournament of this kind scores, in a few sentences for people."""
    ties = f"{TIES} {'the duplicate score, then ' if duplicate else ''}name."
    return " ".join([ARENA if arena else SWISS, ties, *([DUPLICATE] if duplicate else [])])
