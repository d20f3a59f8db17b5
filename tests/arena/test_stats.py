"""Arena statistics: win shares, Student-t intervals over blocks, ratings."""

from __future__ import annotations

import random

import pytest
from scipy import stats as scipy_stats

from cardtable.arena import GameResult
from cardtable.arena.ratings import rate
from cardtable.arena.stats import bot_stats, t_interval, win_shares


def result(
    index: int, seating: tuple[int, ...], returns: tuple[float, ...], block: int | None = None
) -> GameResult:
    n = len(seating)
    return GameResult(
        index=index,
        block=index // 2 if block is None else block,
        seating=seating,
        returns=returns,
        moves=10,
        decisions=(5,) * n,
        think=(0.01,) * n,
    )


def test_a_shared_win_is_split_and_a_game_nobody_wins_is_split_among_all() -> None:
    assert win_shares([1.0, 0.0, 1.0, 0.0]) == [0.5, 0.0, 0.5, 0.0]
    assert win_shares([0.0, 0.0, 0.0]) == [1 / 3] * 3


def test_the_interval_is_students_t_over_the_samples() -> None:
    samples = [0.2, 0.9, 0.4, 0.6, 0.7, 0.5]
    low, high = scipy_stats.t.interval(0.95, len(samples) - 1, loc=0.55, scale=scipy_stats.sem(samples))
    interval = t_interval(samples)
    assert interval.mean == pytest.approx(0.55)
    assert (interval.low, interval.high) == (pytest.approx(low), pytest.approx(high))


def test_intervals_are_cut_to_what_the_quantity_can_be_and_need_two_samples() -> None:
    assert t_interval([1.0, 1.0, 0.5]).high == 1.0
    single = t_interval([0.7])
    assert (single.mean, single.low, single.high) == (0.7, None, None)
    with pytest.raises(ValueError, match="no samples"):
        t_interval([])


def test_win_rates_add_up_to_one_and_blocks_are_the_samples() -> None:
    """Two bots, four seats (ABAB / BABA); bot 0 wins three of four games, one win shared."""
    results = [
        result(0, (0, 1, 0, 1), (1.0, 0.0, 0.0, 0.0)),
        result(1, (1, 0, 1, 0), (0.0, 1.0, 0.0, 0.0)),
        result(2, (0, 1, 0, 1), (0.0, 1.0, 1.0, 0.0)),
        result(3, (1, 0, 1, 0), (1.0, 0.0, 0.0, 0.0)),
    ]
    first, second = bot_stats(results, 2)
    assert first.win_rate.mean == pytest.approx(((1 + 1) / 2 + (0.5 + 0) / 2) / 2)
    assert first.win_rate.mean + second.win_rate.mean == pytest.approx(1.0)
    assert first.seat_games == second.seat_games == 8
    assert first.mean_return.mean == pytest.approx((2 / 4 + 1 / 4) / 2)
    assert first.decisions == 8 * 5


def test_a_bot_that_never_sat_is_an_error() -> None:
    with pytest.raises(ValueError, match="bot 2 never sat"):
        bot_stats([result(0, (0, 1), (1.0, 0.0))], 3)


def test_the_stronger_bot_is_rated_higher_whatever_order_the_results_came_in() -> None:
    rng = random.Random(3)
    results = []
    for index in range(60):
        seating = (0, 1) if index % 2 == 0 else (1, 0)
        strong_wins = rng.random() < 0.8
        returns = tuple(1.0 if (who == 0) == strong_wins else 0.0 for who in seating)
        results.append(result(index, seating, returns))
    strong, weak = rate(results, 2)
    assert strong.mu > weak.mu and strong.ordinal > weak.ordinal
    shuffled = results[:]
    rng.shuffle(shuffled)
    assert rate(shuffled, 2) == [strong, weak]
