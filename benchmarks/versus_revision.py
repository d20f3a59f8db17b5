"""A bot of this checkout against a bot of another revision of cardtable, at the same table: is a change to
search at least as strong as what it replaces?

The other revision's bot runs in a worker process of its own (``PYTHONPATH`` set to that revision's
``src``), which replays each match from its seed and the moves so far and answers the bot's choice, so
each side plays with its own code while the match itself is this checkout's (the engines are
byte-identical between revisions; the worker's replay would fail loudly where they are not). Seats
alternate between the two bots and every deal is played twice with the seats swapped (a block), so the
cards favour neither. Prints the new bot's win rate (the arena's win shares: a shared win is split) with
its 95% interval over blocks; 0.5 is even.

    git clone -q . /tmp/before && git -C /tmp/before checkout -q <revision>
    python benchmarks/versus_revision.py --old-src /tmp/before/src --game game-of-trains --games 100
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

import cardtable
from cardtable import bots
from cardtable.arena.stats import t_interval, win_shares

WORKER = """
import json, sys
import cardtable
from cardtable import bots
assert cardtable.__file__.startswith(sys.argv[1]), cardtable.__file__
players = {}
for line in sys.stdin:
    ask = json.loads(line)
    key = (ask["match"], ask["seat"])
    if key not in players:
        players[key] = bots.make(ask["bot"], seed=ask["bot_seed"])
    state = cardtable.make(ask["game"], **ask["options"]).new_game(seed=ask["seed"])
    for action in ask["actions"]:
        state.apply_action(action)
    print(json.dumps({"action": players[key].choose(state)}), flush=True)
"""


class OtherRevision:
    """The old revision's bots, in a worker process that answers one choice at a time."""

    def __init__(self, source: str) -> None:
        environment = {**os.environ, "PYTHONPATH": source}
        command = [sys.executable, "-c", WORKER, os.path.realpath(source)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=environment
        )

    def choose(self, ask: dict[str, Any]) -> int:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(ask) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the other revision's worker stopped (its error is above)")
        action: int = json.loads(answer)["action"]
        return action

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def play(
    game: cardtable.Game, seed: int, new_seats: set[int], new_bot: str, old_bot: str, other: OtherRevision
) -> tuple[list[float], list[float]]:
    """One match: its returns, and the CPU seconds of each side (new, old) a move."""
    state = game.new_game(seed=seed)
    mine = {seat: bots.make(new_bot, seed=seed * 10 + seat) for seat in new_seats}
    actions: list[int] = []
    spent = {True: [0.0, 0], False: [0.0, 0]}
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        if seat in mine:
            action = mine[seat].choose(state)
            spent[True][0] += time.process_time() - start_cpu
        else:
            ask = {
                "match": seed,
                "seat": seat,
                "bot": old_bot,
                "bot_seed": seed * 10 + seat,
                "game": game.name,
                "options": game.options,
                "seed": seed,
                "actions": actions,
            }
            action = other.choose(ask)
            spent[False][0] += time.perf_counter() - start_wall  # the worker's time, waited for
        spent[seat in mine][1] += 1
        state.apply_action(action)
        actions.append(action)
    per_move = [total / max(moves, 1) for total, moves in (spent[True], spent[False])]
    return state.returns(), per_move


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--old-src", required=True, help="the other revision's src directory")
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100, help="matches (rounded up to whole blocks of 2)")
    parser.add_argument("--new-bot", default="hard", help="this checkout's bot spec")
    parser.add_argument("--old-bot", default="hard", help="the other revision's bot spec")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = cardtable.make(args.game, players=args.players)
    other = OtherRevision(args.old_src)
    rates: list[float] = []
    times: list[list[float]] = []
    try:
        for block in range((args.games + 1) // 2):
            seed = args.seed * 100_000 + block
            share = 0.0
            for parity in (0, 1):
                new_seats = {seat for seat in range(game.players) if seat % 2 == parity}
                returns, per_move = play(game, seed, new_seats, args.new_bot, args.old_bot, other)
                shares = win_shares(returns)
                share += sum(shares[seat] for seat in new_seats)
                times.append(per_move)
            rates.append(share / 2)
            rate = t_interval(rates)
            low = "" if rate.low is None else f" [{rate.low:.3f}, {rate.high:.3f}]"
            print(f"after {2 * len(rates)} matches: new win rate {rate.mean:.3f}{low}", flush=True)
    finally:
        other.close()
    new_time = sum(t[0] for t in times) / len(times)
    old_time = sum(t[1] for t in times) / len(times)
    rate = t_interval(rates)
    interval = "" if rate.low is None else f" [{rate.low:.3f}, {rate.high:.3f}] (95%, over blocks)"
    print(
        f"{args.game} players={args.players}: new {args.new_bot!r} against old {args.old_bot!r},"
        f" {2 * len(rates)} matches: new win rate {rate.mean:.3f}{interval};"
        f" seconds a move: new {new_time:.3f} (CPU), old {old_time:.3f} (wall, its worker's)"
    )


if __name__ == "__main__":
    main()
