"""Duplicate deals: every table of a round plays the same deal, and an entrant is scored against the
others who held the same cards.

Decisions:
- Deal seeds come from the tournament's seed: ``deal_seed(seed, round, table, duplicate=True)`` is the
  same for every table of a round; without duplicate deals every table gets its own.
- Seats: table ``k`` of round ``r`` seats its entrants (in ranking order) rotated by ``k + r``, so a
  round's top-ranked entrants do not all hold the same cards (the seat positions of the deal), and
  where a round has at least as many tables as seats every seat position's cards go to entrants of
  every rank; across rounds an entrant's seat position changes too.
- An entrant's duplicate score in a round is its placing points minus the mean placing points of the
  others who held the same cards (the same seat position, at the other tables of the round); 0 when
  nobody else did. Its duplicate score in the tournament is the sum over the rounds. Placing points,
  not arena points, so a streak does not count twice.

>>> seat_round([("a", "b"), ("c", "d"), ("e", "f")], 0)
[('a', 'b'), ('d', 'c'), ('e', 'f')]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from .scoring import TableResult, placing_points
from .seeds import derived


def deal_seed(seed: int, round_number: int, table: int, *, duplicate: bool) -> int:
    """The deal seed of a round's table: one per round with duplicate deals, one per table without."""
    if duplicate:
        return derived(seed, "deal", round_number)
    return derived(seed, "deal", round_number, "table", table)


def rotated(table: Sequence[str], turn: int) -> tuple[str, ...]:
    """``table`` rotated left by ``turn`` places: seat ``s`` gets the entrant ``(s + turn) % size``."""
    shift = turn % len(table)
    return (*table[shift:], *table[:shift])


def seat_round(tables: Iterable[Sequence[str]], round_number: int) -> list[tuple[str, ...]]:
    """Seat a round's tables for duplicate deals: table ``k`` rotated by ``k + round_number``."""
    return [rotated(table, k + round_number) for k, table in enumerate(tables)]


def duplicate_scores(results: Iterable[TableResult]) -> dict[str, float]:
    """Each seated entrant's duplicate score summed over the rounds (``TableResult.round`` groups the
    tables that played the same deal)."""
    held: dict[tuple[int, int], list[tuple[str, float]]] = defaultdict(list)
    for result in results:
        for seat, (name, points) in enumerate(
            zip(result.seating, placing_points(result.returns), strict=True)
        ):
            held[(result.round, seat)].append((name, points))
    scores: dict[str, float] = defaultdict(float)
    for holders in held.values():
        total = sum(points for _, points in holders)
        for name, points in holders:
            others = len(holders) - 1
            scores[name] += points - (total - points) / others if others else 0.0
    return dict(scores)
