"""Standings: points from placings and byes (their sum is fixed by the tables played), Buchholz and
duplicate tie-breaks, best first."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.tournaments import TableResult, bot_names, pair_round, seat_round, standings
from cardtable.tournaments.scoring import BYE_POINTS


@given(
    st.integers(2, 4), st.integers(0, 9), st.integers(1, 5), st.booleans(), st.randoms(use_true_random=False)
)
def test_points_sum_to_the_tables_and_byes_and_rows_are_sorted(
    size: int, extra: int, rounds: int, duplicate: bool, rng: random.Random
) -> None:
    """Every table gives size / 2 points and every bye 0.5; rows run by points, Buchholz, duplicate, name."""
    entrants = [f"e{i}" for i in range(size + extra)]
    results: list[TableResult] = []
    byes: list[str] = []
    for number in range(rounds):
        rows = {s.name: s for s in standings(entrants, results, byes=byes)}
        paired = pair_round(
            entrants,
            points={n: s.points for n, s in rows.items()},
            history=[r.seating for r in results],
            byes={n: byes.count(n) for n in entrants},
            size=size,
            seed=number,
        )
        byes += paired.byes
        results += [
            TableResult(round=number, seating=seats, returns=tuple(rng.choice([0.0, 1.0]) for _ in seats))
            for seats in seat_round(paired.tables, number)
        ]
    rows_list = standings(entrants, results, byes=byes, duplicate=duplicate)
    assert sum(s.points for s in rows_list) == pytest.approx(len(results) * size / 2 + len(byes) * BYE_POINTS)
    assert sum(s.games for s in rows_list) == len(results) * size
    assert sorted(s.name for s in rows_list) == sorted(entrants)
    keys = [(-s.points, -s.buchholz, -(s.duplicate or 0.0), s.name) for s in rows_list]
    assert keys == sorted(keys)
    assert all((s.duplicate is None) != duplicate for s in rows_list)
    points = {s.name: s.points for s in rows_list}
    for row in rows_list:
        met = [o for r in results if row.name in r.seating for o in r.seating if o != row.name]
        assert row.buchholz == pytest.approx(sum(points[o] for o in met))


def test_ties_on_points_go_to_buchholz_then_the_duplicate_score() -> None:
    results = [
        TableResult(round=0, seating=("a", "b"), returns=(1.0, 0.0)),
        TableResult(round=0, seating=("c", "d"), returns=(1.0, 0.0)),
        TableResult(round=1, seating=("b", "d"), returns=(1.0, 0.0)),
    ]
    rows = standings(["a", "b", "c", "d"], results, byes=["a", "c"])
    assert [(s.name, s.points, s.buchholz) for s in rows] == [
        ("a", 1.5, 1.0),
        ("c", 1.5, 0.0),
        ("b", 1.0, 1.5),
        ("d", 0.0, 2.5),
    ]
    level = [
        TableResult(round=0, seating=("a", "b"), returns=(1.0, 0.0)),
        TableResult(round=0, seating=("c", "d"), returns=(0.0, 1.0)),
    ]
    duplicate = standings(["a", "b", "c", "d"], level, duplicate=True)
    assert [(s.name, s.duplicate) for s in duplicate] == [("a", 1.0), ("d", 1.0), ("b", -1.0), ("c", -1.0)]


def test_arena_standings_count_streaks_in_the_order_games_finished() -> None:
    won = [TableResult(round=n, seating=("a", "b"), returns=(1.0, 0.0)) for n in range(3)]
    rows = standings(["a", "b", "c"], won, arena=True)
    assert [(s.name, s.points, s.games) for s in rows] == [("a", 8.0, 3), ("b", 0.0, 3), ("c", 0.0, 0)]


def test_bots_are_numbered_within_their_level() -> None:
    assert bot_names(["hard", "easy", "hard"]) == ["hard bot 1", "easy bot 1", "hard bot 2"]
