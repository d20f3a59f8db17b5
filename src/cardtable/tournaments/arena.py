"""Arena tournaments: for a fixed time, whoever finishes a game is seated again at once with others
waiting, and games score more on a streak.

Decisions:
- A game's points are 2 × its placing points (at two seats: win 2, draw 1, loss 0), doubled while on
  a streak: after two first places in a row, until a game that is not a first place. A first place
  is a placing of 1 (a shared first is not one).
- Seating: while enough entrants wait for a table, the one waiting longest sits with the others
  closest to it in points, leaving out, where the others waiting allow, those it sat with in its last
  game (so two entrants do not play each other again and again); fewer than a table's size wait on.
- Duplicate deals in an arena: the tables are numbered as they start and taken in groups of
  ``entrants // size`` (as many as can play at once); a group is a "round" (``arena_round``) whose
  tables play the same deal, table ``k`` of the group seated with ``duplicate.rotated(table, k)``.

>>> arena_points([1.0, 1.0, 1.0, 0.5, 1.0])
(2.0, 2.0, 4.0, 2.0, 2.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

STREAK = 2
"""First places in a row that start a streak."""


def on_streak(placings: Sequence[float]) -> bool:
    """Whether an entrant whose games so far placed ``placings`` (in order) scores double next."""
    return len(placings) >= STREAK and all(p == 1.0 for p in placings[-STREAK:])


def arena_points(placings: Sequence[float]) -> tuple[float, ...]:
    """The points of each of an entrant's games, in the order played, from their placing points."""
    return tuple(2 * p * (2 if on_streak(placings[:i]) else 1) for i, p in enumerate(placings))


def seat_waiting(
    waiting: Sequence[str],
    *,
    points: Mapping[str, float],
    size: int,
    last_table: Mapping[str, Sequence[str]],
) -> tuple[list[tuple[str, ...]], list[str]]:
    """The tables to start now from ``waiting`` (longest waiting first) and who waits on.
    ``points``: arena points so far (missing: 0); ``last_table``: each entrant's last game's table."""
    left = list(waiting)
    tables = []
    while len(left) >= size:
        head, others = left[0], left[1:]
        recent = set(last_table.get(head, ()))
        mine = points.get(head, 0.0)
        by_distance = sorted(others, key=lambda e: (e in recent, abs(points.get(e, 0.0) - mine)))
        table = (head, *by_distance[: size - 1])
        tables.append(table)
        left = [e for e in left if e not in table]
    return tables, left


def arena_round(table_number: int, entrants: int, size: int) -> int:
    """The duplicate group of the ``table_number``-th table started (from 0) in an arena of
    ``entrants`` at tables of ``size``."""
    return table_number // max(1, entrants // size)
