"""Swiss pairing: a round's tables of exactly the game's size, similar scores together, nobody at a
table with someone met before where the pairing allows, and byes when the numbers do not divide.

Decisions:
- Ranking: points, highest first; entrants level on points are ordered by the round's seed (a seeded
  shuffle of the names), so the same inputs and seed always give the same round.
- Byes first: ``len(entrants) % size`` entrants sit out, chosen by fewest byes so far, then lowest
  points, then lowest ranking. Nobody gets a second bye before everyone had one (the counts never
  differ by more than one). The tables are then found among the others.
- Tables: a depth-first search seats the highest-ranked entrant left with the closest-ranked others
  that fit, backtracking when the rest cannot be seated. It looks for a round with no repeat (a pair
  of entrants who sat together before) first, then with one, two… up to the repeats of a quick pairing
  (greedy in ranking order, then swaps between tables while a swap lowers the repeats), within a budget
  of search steps (``BUDGET``) shared by all tries; out of budget it takes the quick pairing. Small
  fields are searched completely: a round with the fewest repeats possible, none whenever that can be.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

BUDGET = 200_000
"""Search steps (entrants tried at a table) per round before the best pairing found so far is taken."""


@dataclass(frozen=True)
class SwissRound:
    """A paired round: tables in ranking order (top table first), each listing its entrants in ranking
    order (seat them as they are, or ``duplicate.seat_round`` for duplicate deals), and the byes."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]


class _OutOfBudget(Exception):
    pass


def pair_round(
    entrants: Sequence[str],
    *,
    points: Mapping[str, float],
    history: Iterable[Sequence[str]],
    byes: Mapping[str, int],
    size: int,
    seed: int,
) -> SwissRound:
    """Pair the next round. ``points``: each entrant's points so far (missing: 0); ``history``: every
    table played so far (who sat together); ``byes``: byes had so far (missing: 0); ``size``: the
    game's seats; ``seed``: varies the order of entrants level on points (give each round its own,
    e.g. ``seeds.derived(tournament_seed, "round", number)``). Raises ValueError for fewer entrants than
    seats or repeated names."""
    if size < 2:
        raise ValueError(f"a table needs at least two seats, got {size}")
    if len(set(entrants)) != len(entrants):
        raise ValueError("every entrant needs its own name")
    if len(entrants) < size:
        raise ValueError(f"{len(entrants)} entrants cannot fill a table of {size}")
    ranked = ranking(entrants, points, seed)
    place = {name: index for index, name in enumerate(ranked)}
    sitting_out = sorted(ranked, key=lambda e: (byes.get(e, 0), points.get(e, 0.0), -place[e]))
    out = set(sitting_out[: len(entrants) % size])
    playing = [e for e in ranked if e not in out]
    tables = _tables(playing, met_pairs(history), size)
    return SwissRound(tables=tables, byes=tuple(e for e in ranked if e in out))


def ranking(entrants: Iterable[str], points: Mapping[str, float], seed: int) -> list[str]:
    """Entrants by points, highest first; those level on points in an order drawn from ``seed``."""
    shuffled = sorted(entrants)
    random.Random(f"cardtable-swiss:{seed}").shuffle(shuffled)
    return sorted(shuffled, key=lambda e: -points.get(e, 0.0))


def met_pairs(history: Iterable[Sequence[str]]) -> set[frozenset[str]]:
    """Every pair of entrants who sat at a table together."""
    return {frozenset(pair) for table in history for pair in itertools.combinations(table, 2)}


def repeats(tables: Iterable[Sequence[str]], history: Iterable[Sequence[str]]) -> int:
    """How many pairs seated together in ``tables`` sat together before (in ``history``)."""
    met = met_pairs(history)
    return sum(_repeats_at(table, met) for table in tables)


def _repeats_at(table: Sequence[str], met: set[frozenset[str]]) -> int:
    return sum(frozenset(pair) in met for pair in itertools.combinations(table, 2))


def _tables(playing: list[str], met: set[frozenset[str]], size: int) -> tuple[tuple[str, ...], ...]:
    """The fewest repeats the budget allows, tables of similar ranking first among equals."""
    best = _repaired(_greedy(playing, met, size), met, {e: i for i, e in enumerate(playing)})
    search = _Search(met, size)
    for allowed in range(sum(_repeats_at(t, met) for t in best)):
        try:
            found = search.tables(tuple(playing), allowed)
        except _OutOfBudget:
            break
        if found is not None:
            return tuple(found)
    return tuple(best)


def _greedy(playing: list[str], met: set[frozenset[str]], size: int) -> list[tuple[str, ...]]:
    """Tables in ranking order, each filled one by one with whoever adds the fewest repeats, closest in
    ranking among equals: the fallback when the search runs out of budget."""
    left = list(playing)
    tables = []
    while left:
        table = [left.pop(0)]
        while len(table) < size:
            added = [sum(frozenset((e, t)) in met for t in table) for e in left]
            table.append(left.pop(added.index(min(added))))
        tables.append(tuple(table))
    return tables


def _repaired(
    tables: list[tuple[str, ...]], met: set[frozenset[str]], place: Mapping[str, int]
) -> list[tuple[str, ...]]:
    """``tables`` after swapping entrants between two tables while a swap lowers the repeats."""
    tables = list(tables)
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            before = _repeats_at(tables[i], met) + _repeats_at(tables[j], met)
            if not before:
                continue
            for a, b in itertools.product(tables[i], tables[j]):
                one = tuple(sorted((*(e for e in tables[i] if e != a), b), key=place.__getitem__))
                two = tuple(sorted((*(e for e in tables[j] if e != b), a), key=place.__getitem__))
                if _repeats_at(one, met) + _repeats_at(two, met) < before:
                    tables[i], tables[j], improved = one, two, True
                    break
    return sorted(tables, key=lambda t: place[t[0]])


class _Search:
    """Depth-first search for tables with at most so many repeats, remembering which sets of entrants
    could not be seated within which number of repeats (the same set is reached by many paths)."""

    def __init__(self, met: set[frozenset[str]], size: int) -> None:
        self.met = met
        self.size = size
        self.steps = 0
        self.failed: dict[frozenset[str], int] = {}

    def tables(self, left: tuple[str, ...], allowed: int) -> list[tuple[str, ...]] | None:
        """Tables for ``left`` (in ranking order) with at most ``allowed`` repeats, or None."""
        if not left:
            return []
        key = frozenset(left)
        if self.failed.get(key, -1) >= allowed:
            return None
        for table, cost in self._grow((left[0],), 0, left[1:], allowed):
            rest = tuple(e for e in left if e not in table)
            found = self.tables(rest, allowed - cost)
            if found is not None:
                return [table, *found]
        self.failed[key] = allowed
        return None

    def _grow(
        self, table: tuple[str, ...], cost: int, pool: tuple[str, ...], allowed: int
    ) -> Iterator[tuple[tuple[str, ...], int]]:
        """Tables that start with ``table`` and go on from ``pool`` in ranking order, with their
        repeats, leaving out early every start that already has too many."""
        if len(table) == self.size:
            yield table, cost
            return
        need = self.size - len(table)
        for index in range(len(pool) - need + 1):
            self.steps += 1
            if self.steps > BUDGET:
                raise _OutOfBudget
            entrant = pool[index]
            added = cost + sum(frozenset((entrant, seated)) in self.met for seated in table)
            if added <= allowed:
                yield from self._grow((*table, entrant), added, pool[index + 1 :], allowed)
