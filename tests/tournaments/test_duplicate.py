"""Duplicate deals: one deal per round, seats rotated across tables so that each seat position's
cards go to entrants of every rank, and scores against those who held the same cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.tournaments import TableResult, deal_seed, duplicate_scores, seat_round


@given(st.integers(2, 5), st.integers(1, 8), st.integers(0, 20))
def test_each_table_seats_its_entrants_once_and_ranks_spread_over_the_seats(
    size: int, count: int, round_number: int
) -> None:
    tables = [tuple(f"t{k}r{rank}" for rank in range(size)) for k in range(count)]
    seated = seat_round(tables, round_number)
    for table, seats in zip(tables, seated, strict=True):
        assert sorted(seats) == sorted(table)  # every seat position held, each entrant once
    if count >= size:  # the rank-r entrants of the round hold every seat position's cards
        for rank in range(size):
            held = {seats.index(tables[k][rank]) for k, seats in enumerate(seated)}
            assert held == set(range(size))
    if count > 1:  # the same cards go to entrants of different ranks at different tables
        assert len({seats[0][-1] for seats in seated}) > 1


def test_a_rounds_tables_share_a_deal_only_with_duplicate_deals() -> None:
    assert deal_seed(7, 2, 0, duplicate=True) == deal_seed(7, 2, 3, duplicate=True)
    assert deal_seed(7, 2, 0, duplicate=True) != deal_seed(7, 3, 0, duplicate=True)
    assert deal_seed(7, 2, 0, duplicate=False) != deal_seed(7, 2, 1, duplicate=False)
    assert deal_seed(7, 2, 0, duplicate=True) != deal_seed(8, 2, 0, duplicate=True)


def test_an_entrant_is_scored_against_the_others_who_held_the_same_cards() -> None:
    results = [
        TableResult(round=1, seating=("a", "b"), returns=(1.0, 0.0)),
        TableResult(round=1, seating=("c", "d"), returns=(1.0, 0.0)),
        TableResult(round=1, seating=("e", "f"), returns=(0.0, 1.0)),
        TableResult(round=2, seating=("a", "c"), returns=(0.0, 0.0)),
    ]
    scores = duplicate_scores(results)
    assert scores["a"] == pytest.approx(1 - 0.5)  # seat 1's cards: a 1, c 1, e 0
    assert scores["e"] == pytest.approx(0 - 1)
    assert scores["f"] == pytest.approx(1 - 0)  # seat 2's cards: b 0, d 0, f 1
    assert scores["c"] == pytest.approx(0.5 + 0)  # alone with its cards in round 2: 0


@given(st.lists(st.lists(st.integers(0, 3).map(float), min_size=3, max_size=3), min_size=1, max_size=6))
def test_duplicate_scores_of_a_round_sum_to_zero(tables: list[list[float]]) -> None:
    results = [
        TableResult(round=0, seating=tuple(f"t{k}s{s}" for s in range(3)), returns=tuple(returns))
        for k, returns in enumerate(tables)
    ]
    assert sum(duplicate_scores(results).values()) == pytest.approx(0)
