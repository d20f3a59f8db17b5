"""Mü auction passes against plain play (issue 36): the review called passes mistakes where showing a
card changed nothing.

From the first auction of seeded self-play (``--bots``: ``heuristic``, or ``easy``, whose random bids
leave many seats far behind the top) it takes every pass made where a show was legal and plays each
legal move on in the same redeals consistent with the passing seat's view, the heuristic for every
seat, to the end of the hand (``hand_results``). Where the best show (the highest mean hand score)
gives the seat exactly the pass's score in every redeal, pass is as good as any show: the script prints
those positions as ``(seed, moves)``, the form ``tests/bots/test_mue_auction_review.py`` embeds. With
``--review N`` it also judges every pass with the review at ``N`` iterations and counts the verdicts,
over all passes and over those positions.

``--bots easy --seeds 8 --redeals 100 --review 500``: 86 passes, 31 of them as good as any show. With
rollouts that stopped bidding and a deep tree the review called 18 of the 86 mistakes or blunders (2 of
the 31); with the rollouts that bid and flat search, 4 (none of the 31), each a pass that the heuristic
play-on also finds worse than a show, by 9 to 37 points. Of the 19 passes the play-on finds 10 points
or more worse, 15 are ones where that show draws level with the top bidder, and the review calls none
of those a mistake: such a show gains only from the heuristic's bidding for the éclat, which rollouts
leave out (``bots/games/mue.py``).

Run: ``python benchmarks/mue_auction_passes.py [--bots easy] [--seeds 12] [--redeals 100] [--review 500]``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

import cardtable
from cardtable import bots
from cardtable.bots.evaluation import evaluation_for
from cardtable.bots.review import judge


def first_auction(seed: int, players: int, spec: str) -> dict[str, Any]:
    """The record of a new match's first auction, every seat the bot ``spec``."""
    state = cardtable.make("mue", players=players).new_game(seed=seed)
    seats = [bots.make(spec, seed=seed * 10 + seat) for seat in range(players)]
    while state.observation(None)["phase"] == "auction":
        state.apply_action(seats[state.current_player()].choose(state))  # type: ignore[index]
    return state.record()


def open_passes(record: dict[str, Any]) -> list[int]:
    """The events that are a pass made where a show was legal."""
    state = cardtable.make(record["game"], **record["options"]).new_game(seed=record["seed"])
    found = []
    for index, event in enumerate(record["events"]):
        if "move" not in event:
            continue
        if event["move"] == "pass" and len(state.legal_actions()) > 1:
            found.append(index)
        state.apply_action(state.string_to_action(event["move"]))
    return found


def hand_results(state: cardtable.State, redeals: int, seed: int) -> dict[str, list[float]]:
    """Each legal move's hand score for the seat to act in ``redeals`` redeals consistent with its view
    (the same redeals for every move), every seat then playing the heuristic to the end of the hand:
    the review's own search, one move deep, with the heuristic's rollouts."""
    seat = state.current_player()
    assert seat is not None
    legal = state.legal_actions()
    root = state.observation(None)
    hand_points = evaluation_for(state.game.name).hand_points
    assert hand_points is not None
    results: dict[str, list[float]] = {state.action_to_string(action): [] for action in legal}

    def leaf(move: int, world: cardtable.State, rewards: list[float], public: dict[str, Any] | None) -> None:
        public = world.observation(None) if public is None else public
        results[state.action_to_string(move)].append(hand_points(root, public)[seat])

    search = bots.ISMCTSBot(seed=seed, iterations=redeals * len(legal), rollout="heuristic", depth=1)
    search.search_every_move(state, leaf)
    return results


def pass_is_as_good(results: dict[str, list[float]]) -> bool:
    """Whether the best show (highest mean, the first on ties) scores what pass scores in every redeal."""
    shows = [move for move in results if move.startswith("show ")]
    best = max(shows, key=lambda move: sum(results[move]))
    return results[best] == results["pass"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=12, help="self-play matches, seeds 0 up")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--bots", default="heuristic", help="who plays the matches (the heuristic plays on)")
    parser.add_argument("--redeals", type=int, default=100)
    parser.add_argument("--review", type=int, default=0, help="judge every pass at this many iterations")
    args = parser.parse_args()
    verdicts: Counter[str] = Counter()
    verdicts_where_equal: Counter[str] = Counter()
    for seed in range(args.seeds):
        record = first_auction(seed, args.players, args.bots)
        for event in open_passes(record):
            moves = [e["move"] for e in record["events"][: event + 1] if "move" in e]
            state = cardtable.make("mue", players=args.players).new_game(seed=seed)
            for move in moves[:-1]:
                state.apply_action(state.string_to_action(move))
            equal = pass_is_as_good(hand_results(state, args.redeals, seed=event))
            line = f"seed {seed} event {event}: {'pass as good as any show' if equal else '-'}"
            if args.review:
                verdict = judge(record, event, iterations=args.review, seed=0)["verdict"]
                verdicts[verdict] += 1
                verdicts_where_equal[verdict] += equal
                line += f"; review: {verdict}"
            print(line + (f"\n    ({seed}, {moves!r})," if equal else ""), flush=True)
    if args.review:
        print(f"verdicts on every pass: {dict(verdicts)}")
        print(f"verdicts where pass is as good as any show: {dict(+verdicts_where_equal)}")


if __name__ == "__main__":
    main()
