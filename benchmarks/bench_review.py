"""Game review speed per game: the CPU seconds ``cardtable.review`` takes for one seat at the default
budget, over the first hand (or round) and over the whole match, on one core.

The records come from ``heuristic`` self-play of each game with its default options (seeded, so every
run reviews the same games); the review's cost depends on the positions, hardly on who played them.
``--spread`` also reviews the first hand again with another seed and prints how far the values of the
two reviews lie apart (mean and largest difference of a move's win chance) and the share of decisions
given the same verdict.
"""

from __future__ import annotations

import argparse
import time
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


def spread(first: dict[str, Any], second: dict[str, Any]) -> tuple[float, float, float]:
    """Mean and largest difference of a move's win chance, and the share of equal verdicts."""
    differences, same = [], 0
    for one, other in zip(first["decisions"], second["decisions"], strict=True):
        differences += [abs(value - other["values"][move]) for move, value in one["values"].items()]
        same += one["verdict"] == other["verdict"]
    return sum(differences) / len(differences), max(differences), same / len(first["decisions"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--seed", type=int, default=1, help="the self-play match reviewed")
    parser.add_argument("--spread", action="store_true", help="review the first hand twice, seeds 0 and 1")
    parser.add_argument("--no-match", action="store_true", help="skip the whole-match review")
    args = parser.parse_args()
    print(f"default budget: {DEFAULT_ITERATIONS} iterations a decision; seat {SEAT}; CPU seconds", flush=True)
    print(f"{'game':24} {'hand s':>8} {'judged':>7} {'match s':>8} {'judged':>7} {'events':>7}", end="")
    print(f" {'mean diff':>10} {'max diff':>9} {'same':>6}" if args.spread else "", flush=True)
    for name in GAMES:
        if args.game and name not in args.game:
            continue
        record = match_record(name, args.seed)
        hand = first_hand(record)
        line = f"{name:24}"
        hand_review = None
        if hand is not None:
            seconds, hand_review = cpu_seconds(hand)
            line += f" {seconds:8.1f} {hand_review['judged']:7}"
        else:
            line += f" {'-':>8} {'-':>7}"
        if args.no_match:
            line += f" {'-':>8} {'-':>7}"
        else:
            seconds, match_review = cpu_seconds(record)
            line += f" {seconds:8.1f} {match_review['judged']:7}"
            hand_review = hand_review or match_review
        line += f" {len(record['events']):7}"
        if args.spread and hand_review is not None:
            _, again = cpu_seconds(hand or record, seed=1)
            mean, largest, same = spread(hand_review, again)
            line += f" {mean:10.4f} {largest:9.4f} {same:6.0%}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
