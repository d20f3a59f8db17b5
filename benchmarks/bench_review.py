"""Game review speed per game: the CPU seconds ``cardtable.review`` takes for one seat at the default
budget, over the first hand (or round) and over the whole match, on one core, in all and per judged
decision (the site's aim: at most 1 s a decision on average in every game).

The records come from ``heuristic`` self-play of each game with its default options (seeded, so every
run reviews the same games); the review's cost depends on the positions, hardly on who played them.
``--matches`` reviews several matches (games of one short hand, like Game of Trains, judge few
decisions in one). ``--seeds N`` reviews the first hand (the whole match in games without hands)
again with seeds 1 to N-1 and prints how far the values lie apart (for each move its largest
difference between the seeds: their mean and the largest) and the share of decisions given the same
verdict under every seed (``--spread`` is ``--seeds 2``). Where the review grows its budget while
undecided, ``iters`` is the mean number of iterations a judged decision took.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import cardtable
from cardtable import bots
from cardtable.bots.review import DEFAULT_ITERATIONS, review

GAMES = ["slobberhannes", "troeven", "mue", "game-of-trains", "cabooses-in-the-corner"]
SEAT = 0


def match_record(name: str, seed: int) -> dict[str, Any]:
    """A whole match of heuristic self-play with the game's default options."""
    game = cardtable.make(name)
    state = game.new_game(seed=seed)
    players = [bots.make("heuristic", seed=seed * 10 + seat) for seat in range(game.players)]
    while not state.is_terminal():
        state.apply_action(players[state.current_player()].choose(state))  # type: ignore[index]
    return state.record()


def first_hand(record: dict[str, Any]) -> dict[str, Any] | None:
    """The record cut before the first move after its first ``score`` event (None in games that do
    not score hands, or when the first hand ends the match)."""
    events = record["events"]
    scored = next((index for index, event in enumerate(events) if "score" in event), None)
    if scored is None:
        return None
    end = next((index for index in range(scored, len(events)) if "move" in events[index]), None)
    return None if end is None else {**record, "events": events[:end], "result": None}


def cpu_seconds(record: dict[str, Any], seed: int = 0) -> tuple[float, dict[str, Any]]:
    start = time.process_time()
    result = review(record, SEAT, seed=seed)
    return time.process_time() - start, result


def stability(reviews: Sequence[dict[str, Any]]) -> tuple[list[float], int]:
    """Over reviews of one record with different seeds: the spread of each move's win chance (its
    largest value less its smallest) and how many decisions were given one verdict by all."""
    spreads, same = [], 0
    for judged in zip(*(result["decisions"] for result in reviews), strict=True):
        moves = set.intersection(*(set(decision["values"]) for decision in judged))  # a bid's differ
        spreads += [
            max(values) - min(values)
            for values in ([decision["values"][move] for decision in judged] for move in moves)
        ]
        same += len({decision["verdict"] for decision in judged}) == 1
    return spreads, same


class Tally:
    """CPU seconds and judged decisions of the reviews of one kind (hands or matches)."""

    def __init__(self) -> None:
        self.seconds, self.judged, self.iterations, self.reviews = 0.0, 0, 0, 0

    def add(self, seconds: float, result: dict[str, Any]) -> None:
        self.seconds += seconds
        self.judged += result["judged"]
        self.iterations += sum(decision.get("iterations", 0) for decision in result["decisions"])
        self.reviews += 1

    def columns(self) -> str:
        if not self.reviews:
            return f" {'-':>8} {'-':>6} {'-':>7}"
        per = self.seconds / self.judged if self.judged else 0.0
        return f" {self.seconds:8.1f} {per:6.2f} {self.judged:7}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--seed", type=int, default=1, help="the (first) self-play match reviewed")
    parser.add_argument(
        "--matches", type=int, default=1, help="review this many matches, seeds on from --seed"
    )
    parser.add_argument("--seeds", type=int, default=1, help="review the first hand with this many seeds")
    parser.add_argument("--spread", action="store_true", help="the same as --seeds 2")
    parser.add_argument("--no-match", action="store_true", help="skip the whole-match review")
    args = parser.parse_args()
    seeds = max(args.seeds, 2 if args.spread else 1)
    print(f"default budget: {DEFAULT_ITERATIONS} iterations a decision; seat {SEAT}; CPU seconds", flush=True)
    print(
        f"{'game':24} {'hand s':>8} {'s/dec':>6} {'judged':>7} {'match s':>8} {'s/dec':>6} {'judged':>7}",
        end="",
    )
    print(f" {'events':>7} {'iters':>6}", end="")
    print(f" {'mean diff':>10} {'max diff':>9} {'same':>6}" if seeds > 1 else "", flush=True)
    for name in GAMES:
        if args.game and name not in args.game:
            continue
        hands, matches, events = Tally(), Tally(), 0
        spreads: list[float] = []
        same = judged = 0
        for seed in range(args.seed, args.seed + args.matches):
            record = match_record(name, seed)
            events += len(record["events"])
            hand = first_hand(record)
            reviews = []  # of the first hand (or the match), by seed
            if hand is not None:
                seconds, result = cpu_seconds(hand)
                hands.add(seconds, result)
                reviews.append(result)
            if not args.no_match:
                seconds, result = cpu_seconds(record)
                matches.add(seconds, result)
                reviews = reviews or [result]
            if seeds > 1:
                reviews = reviews or [cpu_seconds(record)[1]]
                reviews += [cpu_seconds(hand or record, seed=other)[1] for other in range(1, seeds)]
                more, agreed = stability(reviews)
                spreads, same, judged = spreads + more, same + agreed, judged + reviews[0]["judged"]
        line = f"{name:24}{hands.columns()}{matches.columns()} {events:7}"
        tally = matches if matches.reviews else hands
        line += f" {tally.iterations / tally.judged:6.0f}" if tally.iterations else f" {'-':>6}"
        if spreads:
            line += f" {sum(spreads) / len(spreads):10.4f} {max(spreads):9.4f} {same / judged:6.0%}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
