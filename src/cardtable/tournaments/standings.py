"""Standings: each entrant's points, games and tie-breaks, best first.

Decisions:
- Swiss points: the sum of placing points, plus ``BYE_POINTS`` per bye. Arena points: the sum of
  ``arena.arena_points`` over the entrant's games in the order they finished (streaks depend on it).
- Order: points, then Buchholz (the sum of the final points of the entrants one sat with, once per
  table sat with them), then duplicate score, then name. Arena standings are ordered alike.
- ``games`` counts tables played, not byes.
- ``duplicate`` is None when the tournament does not play duplicate deals (there is nothing to show).

>>> played = [TableResult(round=0, seating=("ann", "bob"), returns=(1.0, -1.0))]
>>> rows = standings(["ann", "bob", "cy"], played, byes=["cy"])
>>> [(s.name, s.points, s.games, s.buchholz) for s in rows]
[('ann', 1.0, 1, 0.0), ('cy', 0.5, 0, 0.0), ('bob', 0.0, 1, 1.0)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .arena import arena_points
from .duplicate import duplicate_scores
from .scoring import BYE_POINTS, TableResult, placing_points


@dataclass(frozen=True, kw_only=True)
class Standing:
    """One entrant's row."""

    name: str
    points: float
    games: int
    buchholz: float
    duplicate: float | None


def standings(
    entrants: Sequence[str],
    results: Sequence[TableResult],
    *,
    byes: Iterable[str] = (),
    arena: bool = False,
    duplicate: bool = False,
) -> list[Standing]:
    """Rows for every entrant (those without games too), best first. ``results`` in the order the
    tables finished; ``byes``: one name per bye had."""
    placings: dict[str, list[float]] = defaultdict(list)
    for result in results:
        for name, placing in zip(result.seating, placing_points(result.returns), strict=True):
            placings[name].append(placing)
    points: dict[str, float] = {}
    for name in entrants:
        mine = placings.get(name, [])
        points[name] = sum(arena_points(mine)) if arena else sum(mine)
    for name in byes:
        points[name] += BYE_POINTS
    buchholz: dict[str, float] = defaultdict(float)
    for result in results:
        for name in result.seating:
            buchholz[name] += sum(points.get(other, 0.0) for other in result.seating if other != name)
    scores = duplicate_scores(results) if duplicate else {}
    rows = [
        Standing(
            name=name,
            points=points[name],
            games=len(placings.get(name, [])),
            buchholz=buchholz[name],
            duplicate=scores.get(name, 0.0) if duplicate else None,
        )
        for name in entrants
    ]
    return sorted(rows, key=lambda s: (-s.points, -s.buchholz, -(s.duplicate or 0.0), s.name))
