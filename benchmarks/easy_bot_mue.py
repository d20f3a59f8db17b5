"""How often a Mü hand reaches the trick play when bots of one level play it, at 4 and 6 players: the
share of hands that are played (made or failed) rather than ended by an éclat or void, with a 95% Wald
interval. ``random`` was the easy level before; ``easy`` is the heuristic with a quarter of its decisions
at random. Run: ``python benchmarks/easy_bot_mue.py [--hands 600] [spec ...]``."""

from __future__ import annotations

import argparse
import math

import cardtable
from cardtable import bots

HANDS_PER_MATCH = 20


def share_played(spec: str, players: int, hands: int) -> tuple[float, float, int]:
    """(share of hands played, half-width of its 95% interval, hands counted)."""
    played = total = match = 0
    while total < hands:
        state = cardtable.make("mue", players=players).new_game(seed=match)
        seats = [bots.make(spec, seed=match * 10 + seat) for seat in range(players)]
        match += 1
        while not state.is_terminal() and len(state.observation(None)["sheet"]) < HANDS_PER_MATCH:
            seat = state.current_player()
            assert seat is not None
            state.apply_action(seats[seat].choose(state))
        for line in state.observation(None)["sheet"]:
            total += 1
            played += line["outcome"] in ("made", "failed")
    share = played / total
    return share, 1.96 * math.sqrt(share * (1 - share) / total), total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("specs", nargs="*", default=["random", "easy", "medium"])
    parser.add_argument("--hands", type=int, default=600)
    args = parser.parse_args()
    for spec in args.specs:
        for players in (4, 6):
            share, half, total = share_played(spec, players, args.hands)
            print(f"{spec:10} {players} players: {share:6.1%} ± {half:4.1%} of {total} hands played")


if __name__ == "__main__":
    main()
