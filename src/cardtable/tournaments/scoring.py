"""Points a finished table gives each seat, from the game's ``returns``.

Decisions:
- Placing points: 1 for first, 0 for last, linear between (``1 - place / (size - 1)``); entrants whose
  returns are equal share the mean of the places they hold together. At two seats: win 1, draw 0.5,
  loss 0. Only the order of the returns counts, never their size, so every game scores alike.
- Invariant: a table's placing points always sum to ``size / 2`` (the places' points do, and sharing
  keeps the sum).
- A bye scores ``BYE_POINTS`` = 0.5, an average placing, so that sitting out neither helps nor hurts.

>>> placing_points([3.0, -1.0, 3.0, 0.0])
(0.8333333333333334, 0.0, 0.8333333333333334, 0.3333333333333333)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BYE_POINTS = 0.5
"""A bye's points: the mean placing."""


@dataclass(frozen=True, kw_only=True)
class TableResult:
    """A finished table: its round (for arenas, ``arena.arena_round``), the entrant at each seat and
    the game's ``returns`` (seat order)."""

    round: int
    seating: tuple[str, ...]
    returns: tuple[float, ...]


def placing_points(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's placing points (best return first; ties share); raises ValueError for fewer than
    two seats."""
    size = len(returns)
    if size < 2:
        raise ValueError(f"a table needs at least two seats to place them, got {size}")
    ordered = sorted(returns, reverse=True)
    points = []
    for value in returns:
        first = ordered.index(value)
        last = first + ordered.count(value) - 1
        points.append((2 * (size - 1) - first - last) / (2 * (size - 1)))
    return tuple(points)
