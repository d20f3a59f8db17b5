"""Honest arena statistics: win rates and mean returns with 95% confidence intervals.

Decisions:
- A game's win is one point, split equally among its winners (a shared win of two seats is half a
  win each); a game nobody wins is split among all seats, like a draw. A bot's win share in a game is
  the sum over its seats. Its *win rate* is its mean win share per game, so the rates of all bots add
  up to 1 and a bot that is exactly as strong as the others gets ``1 / k`` with ``k`` bots (the
  rotation of ``schedule`` gives every bot the same seats): that is the *even* result.
- The *mean return* is the mean of ``returns()`` over the bot's seats (1.0 for each winning seat,
  shared wins included).
- Games of one block are dealt the same cards and are not independent, so the statistics are
  computed per block and the intervals are Student-t intervals over blocks, cut to [0, 1] where both
  quantities live. With one block there is no interval (``low`` and ``high`` are None).
- An interval of zero width (every block gave the same result) is kept as computed, but it is not
  *estimated*: the games say nothing about the spread, and people are told to play more games.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from scipy.stats import t as student_t

from .play import GameResult

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% confidence interval (None bounds: too few samples for one)."""

    mean: float
    low: float | None
    high: float | None

    @property
    def estimated(self) -> bool:
        """Whether the games bound the mean at all: not with one block, nor when every block gave the
        same result (an interval of zero width)."""
        return self.low is not None and self.high is not None and self.low < self.high

    def clear_above(self, value: float) -> bool:
        """True when the whole interval lies above ``value``."""
        return self.low is not None and self.low > value

    def clear_below(self, value: float) -> bool:
        """True when the whole interval lies below ``value``."""
        return self.high is not None and self.high < value

    def as_json(self) -> dict[str, float | None]:
        return {"mean": self.mean, "low": self.low, "high": self.high}


def t_interval(samples: Sequence[float], bounds: tuple[float, float] = (0.0, 1.0)) -> Interval:
    """Mean and 95% Student-t interval of independent samples, cut to ``bounds``; raises ValueError
    when there are no samples.

    >>> interval = t_interval([0.25, 0.75, 0.5, 0.5])
    >>> interval.mean, round(interval.low, 3), round(interval.high, 3)
    (0.5, 0.175, 0.825)
    """
    if not samples:
        raise ValueError("no samples")
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return Interval(mean, None, None)
    quantile = float(student_t.ppf(0.5 + CONFIDENCE / 2, len(samples) - 1))
    half = quantile * statistics.stdev(samples) / math.sqrt(len(samples))
    return Interval(mean, max(bounds[0], mean - half), min(bounds[1], mean + half))


def win_shares(returns: Sequence[float]) -> list[float]:
    """Each seat's share of the game's one point: split among the winners, or among all on no winner."""
    winners = sum(1 for r in returns if r == 1.0)
    if winners == 0:
        return [1.0 / len(returns)] * len(returns)
    return [1.0 / winners if r == 1.0 else 0.0 for r in returns]


@dataclass(frozen=True)
class BotStats:
    """One bot's results over an arena."""

    seat_games: int
    win_rate: Interval
    mean_return: Interval
    decisions: int
    think_seconds: float


def bot_stats(results: Sequence[GameResult], bots: int) -> list[BotStats]:
    """Per bot (by index), statistics over ``results`` grouped into blocks; raises ValueError when a
    bot never sat at the table."""
    blocks: dict[int, list[GameResult]] = {}
    for result in results:
        blocks.setdefault(result.block, []).append(result)
    out = []
    for bot in range(bots):
        rates: list[float] = []
        means: list[float] = []
        seat_games = decisions = 0
        think = 0.0
        for block in blocks.values():
            share = total = 0.0
            seats = 0
            for result in block:
                shares = win_shares(result.returns)
                for seat, who in enumerate(result.seating):
                    if who == bot:
                        share += shares[seat]
                        total += result.returns[seat]
                        seats += 1
                        decisions += result.decisions[seat]
                        think += result.think[seat]
            rates.append(share / len(block))
            if seats:
                means.append(total / seats)
            seat_games += seats
        if not means:
            raise ValueError(f"bot {bot} never sat at the table")
        out.append(BotStats(seat_games, t_interval(rates), t_interval(means), decisions, think))
    return out
