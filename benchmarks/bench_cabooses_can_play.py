"""The cost of Cabooses in the Corner's §6.3 check ("can the seat to act play?"), apart from the playout
rate.

The check runs at every turn start, again after each forced draw, and after every move or relocation
made while nothing has been played this turn. The engine first looks for a play at hand (one ``&`` of
bits it keeps up to date, part of the playout rate); only without one does it look further
(``CaboosesState._reachable``): nothing to search on a board without moves or relocations, else the
search over move sequences (``reachable_tops``, memoised per board, the rule ``can_play`` states).

This plays random games through the public contract (the loop of bench_playout.py), times every call of
that fallback, and prints per player count: fallback calls per turn, mean / p50 / p99 / max microseconds
per call, and how many of them needed the search. It then times those searching positions again with the
memo cleared, the cost of a search the first time a board is met. Runs in well under a minute.
On a busy machine the mean and the max pick up the scheduler's pauses: read p50 and p99.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import cardtable
from cardtable.games import cabooses_in_the_corner as rules

Position = tuple[tuple[int, ...], int]
Check = Callable[[rules.CaboosesState, int], bool]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timer_overhead() -> float:
    """Microseconds the timing wrapper adds to a call (subtracted from every sample)."""

    def nothing(state: rules.CaboosesState, seat: int) -> bool:
        return True

    wrapped, samples, _ = timed(nothing)
    state = cardtable.make("cabooses-in-the-corner").new_game(seed=0)
    assert isinstance(state, rules.CaboosesState)
    for _ in range(20000):
        wrapped(state, 0)
    return statistics.median(samples)


def timed(check: Check) -> tuple[Check, list[float], list[Position]]:
    """``check`` wrapped to record each call's microseconds and the positions that needed a search."""
    samples: list[float] = []
    searched: list[Position] = []
    clock = time.perf_counter_ns

    def wrapper(state: rules.CaboosesState, seat: int) -> bool:
        start = clock()
        answer = check(state, seat)
        samples.append((clock() - start) / 1000)
        if state._moves:  # a board with moves or relocations: the search ran
            searched.append((tuple(state._piles), state._present[seat]))
        return answer

    return wrapper, samples, searched


def measure(players: int, seconds: float, overhead: float) -> None:
    original = rules.CaboosesState._reachable
    wrapper, samples, searched = timed(original)
    rules.CaboosesState._reachable = wrapper  # type: ignore[method-assign]  # the engine looks it up at each call
    rules.reachable_tops.cache_clear()
    game = cardtable.make("cabooses-in-the-corner", players=players)
    rng = random.Random(players)
    games = turns = decisions = 0
    end = game.string_to_action("end")
    start = time.perf_counter()
    try:
        while time.perf_counter() - start < seconds:
            state = game.new_game(seed=games)
            turns += 1
            while not state.is_terminal():
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                decisions += 1
                turns += action == end
            games += 1
    finally:
        rules.CaboosesState._reachable = original  # type: ignore[method-assign]
    elapsed = time.perf_counter() - start
    costs = [max(0.0, sample - overhead) for sample in samples]
    # The same searching positions met for the first time: memo cleared before each call.
    cold = []
    for piles, hand in searched[:5000]:
        rules.reachable_tops.cache_clear()
        begin = time.perf_counter_ns()
        rules.can_play(piles, hand)
        cold.append((time.perf_counter_ns() - begin) / 1000)
    rules.reachable_tops.cache_clear()
    print(
        f"cabooses-in-the-corner players={players}: {len(costs):,} checks without a play at hand in {games}"
        f" games, {len(costs) / turns:.2f} per turn ({decisions / elapsed:,.0f} decisions/s with timing on)"
    )
    if costs:
        print(
            f"  per call: mean {statistics.fmean(costs):.2f} us, p50 {percentile(costs, 0.5):.2f} us,"
            f" p99 {percentile(costs, 0.99):.2f} us, max {max(costs):.1f} us"
        )
    if cold:
        print(
            f"  {len(searched) / len(costs):.1%} of them search move sequences; a first search costs p50"
            f" {percentile(cold, 0.5):.1f} us, mean {statistics.fmean(cold):.1f} us,"
            f" p99 {percentile(cold, 0.99):.1f} us, max {max(cold):.0f} us"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=4.0, help="playing time per player count")
    parser.add_argument("--players", type=int, action="append", help="player counts (default 2 and 4)")
    args = parser.parse_args()
    overhead = timer_overhead()
    print(f"§6.3 check timing (timer overhead {overhead:.2f} us per call, subtracted)")
    for players in args.players or [2, 4]:
        measure(players, args.seconds, overhead)


if __name__ == "__main__":
    main()
