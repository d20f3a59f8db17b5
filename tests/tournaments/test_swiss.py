"""Swiss pairing: full tables, similar scores together, no repeat opponents where a pairing without
them exists (checked against every possible pairing of small fields), fair byes, same seed same round."""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.tournaments import pair_round, placing_points, repeats
from cardtable.tournaments.swiss import ranking


def all_pairings(people: Sequence[str], size: int) -> Iterator[list[tuple[str, ...]]]:
    """Every way to split ``people`` into tables of ``size``."""
    if not people:
        yield []
        return
    head, rest = people[0], people[1:]
    for others in itertools.combinations(rest, size - 1):
        remaining = [p for p in rest if p not in others]
        for tail in all_pairings(remaining, size):
            yield [(head, *others), *tail]


@st.composite
def fields(draw: st.DrawFn) -> tuple[list[str], int, list[tuple[str, ...]], dict[str, float], dict[str, int]]:
    """A small field partway through a tournament: entrants, table size, tables played, points, byes."""
    size = draw(st.integers(2, 4))
    entrants = [f"e{i}" for i in range(draw(st.integers(size, 10)))]
    history = draw(st.lists(st.permutations(entrants).map(lambda order: tuple(order[:size])), max_size=8))
    points = {e: draw(st.integers(0, 6)) / 2 for e in entrants}
    byes = {e: draw(st.integers(0, 1)) for e in entrants}
    return entrants, size, history, points, byes


@settings(max_examples=300, deadline=None)
@given(fields(), st.integers(0, 1000))
def test_no_repeats_where_some_pairing_avoids_them(field, seed: int) -> None:  # type: ignore[no-untyped-def]
    entrants, size, history, points, byes = field
    paired = pair_round(entrants, points=points, history=history, byes=byes, size=size, seed=seed)
    seated = [e for table in paired.tables for e in table]
    assert all(len(table) == size for table in paired.tables)
    assert sorted(seated + list(paired.byes)) == sorted(entrants)
    assert len(paired.byes) == len(entrants) % size
    fewest = min(repeats(p, history) for p in all_pairings(seated, size))
    assert repeats(paired.tables, history) == fewest


@given(fields(), st.integers(0, 1000))
def test_byes_go_to_the_fewest_byes_then_the_lowest_points(field, seed: int) -> None:  # type: ignore[no-untyped-def]
    entrants, size, history, points, byes = field
    paired = pair_round(entrants, points=points, history=history, byes=byes, size=size, seed=seed)
    playing = set(entrants) - set(paired.byes)
    for out in paired.byes:
        for other in playing:
            assert (byes[out], points[out]) <= (byes[other], points[other])


@settings(deadline=None)
@given(st.integers(2, 5), st.integers(0, 12), st.integers(1, 8), st.randoms(use_true_random=False))
def test_whole_tournaments_give_fair_byes_and_avoid_repeats(
    size: int, extra: int, rounds: int, rng: random.Random
) -> None:
    """Nobody gets a second bye before everyone had one; while a repeat can be avoided in small fields,
    it is (every pairing is tried)."""
    entrants = [f"e{i}" for i in range(size + extra)]
    history: list[tuple[str, ...]] = []
    points: defaultdict[str, float] = defaultdict(float)
    byes: Counter[str] = Counter()
    for number in range(rounds):
        paired = pair_round(entrants, points=points, history=history, byes=byes, size=size, seed=number)
        before = dict(byes)
        byes.update(paired.byes)
        assert max(byes[e] for e in entrants) - min(byes[e] for e in entrants) <= 1
        playing = set(entrants) - set(paired.byes)
        assert all(before.get(out, 0) <= before.get(e, 0) for out in paired.byes for e in playing)
        seated = [e for table in paired.tables for e in table]
        if len(seated) <= 9:
            fewest = min(repeats(p, history) for p in all_pairings(seated, size))
            assert repeats(paired.tables, history) == fewest
        for table in paired.tables:
            returns = [rng.choice([0.0, 1.0, 2.0]) for _ in table]
            for name, placing in zip(table, placing_points(returns), strict=True):
                points[name] += placing
            history.append(table)
        for out in paired.byes:
            points[out] += 0.5


@given(st.integers(2, 5), st.integers(0, 20), st.integers(0, 1000))
def test_a_first_round_seats_similar_scores_together(size: int, extra: int, seed: int) -> None:
    """Without history, tables are runs of the ranking: the top ``size`` together, and so on."""
    entrants = [f"e{i}" for i in range(size + extra)]
    points = {e: i % 4 / 2 for i, e in enumerate(entrants)}
    paired = pair_round(entrants, points=points, history=[], byes={}, size=size, seed=seed)
    order = [e for e in ranking(entrants, points, seed) if e not in paired.byes]
    assert [e for table in paired.tables for e in table] == order
    tops = [max(points[e] for e in table) for table in paired.tables]
    assert tops == sorted(tops, reverse=True)


def test_the_same_seed_gives_the_same_round_and_another_seed_may_not() -> None:
    entrants = [f"e{i}" for i in range(12)]
    rounds = {
        seed: pair_round(entrants, points={}, history=[], byes={}, size=3, seed=seed) for seed in range(5)
    }
    assert pair_round(entrants, points={}, history=[], byes={}, size=3, seed=2) == rounds[2]
    assert len({r.tables for r in rounds.values()}) > 1


def test_a_large_field_is_paired_without_repeats_quickly() -> None:
    """60 entrants at tables of 4 over 6 rounds: a round without repeats exists and is found."""
    entrants = [f"e{i}" for i in range(60)]
    rng = random.Random(4)
    history: list[tuple[str, ...]] = []
    points: defaultdict[str, float] = defaultdict(float)
    for number in range(6):
        paired = pair_round(entrants, points=points, history=history, byes={}, size=4, seed=number)
        assert repeats(paired.tables, history) == 0
        for table in paired.tables:
            for name, placing in zip(table, placing_points([rng.random() for _ in table]), strict=True):
                points[name] += placing
        history += paired.tables


@pytest.mark.parametrize(
    ("entrants", "size", "message"),
    [(["a", "b"], 3, "2 entrants cannot fill a table of 3"), (["a", "a", "b"], 2, "its own name")],
)
def test_a_field_that_cannot_be_paired_is_refused(entrants: list[str], size: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pair_round(entrants, points={}, history=[], byes={}, size=size, seed=0)
