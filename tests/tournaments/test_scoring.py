"""Placing points from a game's returns: 1 for first, 0 for last, ties share, a table's points always
sum to size / 2; arena points double on a streak."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.tournaments import arena_points, on_streak, placing_points

returns = st.lists(st.integers(-5, 5).map(float), min_size=2, max_size=6)


@given(returns)
def test_a_tables_placing_points_sum_to_half_its_size(values: list[float]) -> None:
    assert sum(placing_points(values)) == pytest.approx(len(values) / 2)


@given(returns)
def test_placing_points_follow_the_returns_order(values: list[float]) -> None:
    points = placing_points(values)
    for a, b in zip(values, points, strict=True):
        for c, d in zip(values, points, strict=True):
            assert (a > c) == (b > d)
    assert all(0 <= p <= 1 for p in points)
    if len(set(values)) == len(values):
        assert sorted(points) == [i / (len(values) - 1) for i in range(len(values))]


def test_two_seats_score_win_draw_and_loss() -> None:
    assert placing_points([3.0, -3.0]) == (1.0, 0.0)
    assert placing_points([0.0, 0.0]) == (0.5, 0.5)
    assert placing_points([1.0, 2.0, 2.0, 0.0]) == (1 / 3, 5 / 6, 5 / 6, 0.0)


def test_a_table_of_one_has_no_placing() -> None:
    with pytest.raises(ValueError, match="at least two seats"):
        placing_points([1.0])


def test_arena_games_score_double_after_two_wins_until_a_game_is_not_a_win() -> None:
    placings = [1.0, 1.0, 1.0, 1.0, 0.5, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0]
    assert arena_points(placings) == (2, 2, 4, 4, 2, 2, 2, 0, 2, 2, 4)
    assert on_streak(placings) and not on_streak(placings[:-2]) and not on_streak([1.0])


@given(st.lists(st.sampled_from([0.0, 0.5, 1.0]), max_size=12))
def test_arena_points_are_twice_the_placing_or_four_times_on_a_streak(placings: list[float]) -> None:
    for index, (placing, points) in enumerate(zip(placings, arena_points(placings), strict=True)):
        streak = index >= 2 and placings[index - 1] == placings[index - 2] == 1.0
        assert points == placing * (4 if streak else 2)
