"""Baselines: a round robin of bots per game, a table of head-to-head win rates with 95% intervals.

Every pair of bots plays an arena (``cardtable.arena``: seats rotated, each deal played from every
seat, Student-t intervals over deals) of ``--games`` games; in games of more than two players the
two bots alternate round the table. A cell is the row bot's win rate against the column bot (its
share of the wins; a game nobody wins is split), so an equal pair gives 0.50. The bots: ``random``,
``heuristic``, our ``ismcts`` at two iteration budgets, OpenSpiel's C++ ``ISMCTSBot``
(``openspiel-ismcts``, random rollouts to the end of the match) and, for Troeven, the network that
``examples/imitation_troeven.py`` trained (``--policy``; the row is left out, and the script says so,
when the file is missing). Games are shortened where a whole match would take long (one hand of
Troeven, Slobberhannes and Mü). Iteration budgets, not time, so a seed gives the same games on any
machine; the CPU time and the load average are printed, as both depend on it.

    OMP_NUM_THREADS=1 python examples/baselines.py --game troeven --games 60  # needs examples/troeven-bc.npz

Decisions:
- An example, not a benchmark: it measures strength, not speed, and it builds on the other examples
  (``imitation_troeven.register_policy_bot`` seats the network as a bot spec, and
  ``cardtable.envs.openspiel.register_bot`` OpenSpiel's bot, as ``ismcts_vs_openspiel.py`` does);
  ``benchmarks/`` times the engine and the adapters.
- One process: the arena runs on one worker (``workers=1``), which also lets the bot kinds registered
  here reach it.
"""

from __future__ import annotations

import argparse
import itertools
import os
import time
from pathlib import Path
from typing import Any

from imitation_troeven import POLICY_KIND, register_policy_bot

from cardtable.arena import ArenaConfig, run
from cardtable.arena.stats import Interval
from cardtable.envs import openspiel as ct_openspiel

GAMES: dict[str, dict[str, Any]] = {
    "troeven": {"single_hand": True},
    "slobberhannes": {"players": 4, "single_hand": True},
    "mue": {"players": 4, "single_hand": True},
    "game-of-trains": {"players": 2},
    "cabooses-in-the-corner": {"players": 4},
}
BOTS = (
    "random",
    "heuristic",
    "ismcts:iterations=30",
    "ismcts:iterations=300",
    "openspiel-ismcts:iterations=30",
)


def cell(rate: Interval) -> str:
    """A win rate and its interval, or "too few games" where the games bound nothing (as the arena)."""
    if not rate.estimated:
        return f"{rate.mean:.2f} (too few games)"
    return f"{rate.mean:.2f} [{rate.low:.2f}, {rate.high:.2f}]"


def round_robin(game: str, options: dict[str, Any], players: list[str], games: int, seed: int) -> None:
    """Print the game's table: a row per bot, its win rate against each other bot."""
    load, cpu = os.getloadavg()[0], time.process_time()
    rates: dict[tuple[str, str], Interval] = {}
    widths = []
    for a, b in itertools.combinations(players, 2):
        report = run(ArenaConfig(game=game, bots=(a, b), games=games, seed=seed, options=options), workers=1)
        for mine, theirs, standing in ((a, b, report.standings[0]), (b, a, report.standings[1])):
            rates[mine, theirs] = standing.stats.win_rate
        low, high = rates[a, b].low, rates[a, b].high
        if rates[a, b].estimated and low is not None and high is not None:
            widths.append(high - low)
    label = ", ".join(f"{key}={value}" for key, value in options.items())
    minutes = (time.process_time() - cpu) / 60
    print(f"\n{game} ({label}): {games} games a pair, seed {seed}")
    print("| row v column | " + " | ".join(f"`{p}`" for p in players) + " |")
    print("|---" * (len(players) + 1) + "|")
    for mine in players:
        row = ["-" if mine == theirs else cell(rates[mine, theirs]) for theirs in players]
        print(f"| `{mine}` | " + " | ".join(row) + " |")
    mean_width = sum(widths) / len(widths) if widths else float("nan")
    print(
        f"\n{minutes:.1f} CPU minutes; load average {load:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end; mean interval width {mean_width:.2f} over the "
        f"{len(widths)} pairs of {len(rates) // 2} that have one",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=20, help="games per pair (rounded up to whole rotations)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games")
    parser.add_argument(
        "--policy", default="examples/troeven-bc.npz", help="the trained Troeven network (.npz)"
    )
    args = parser.parse_args()
    ct_openspiel.register_bot()
    register_policy_bot()
    for game, options in GAMES.items():
        if args.game and game not in args.game:
            continue
        players = list(BOTS)
        if game == "troeven":
            if Path(args.policy).is_file():
                players.append(f"{POLICY_KIND}:path={args.policy}")
            else:
                print(
                    f"\n{args.policy} not found: the trained policy's row is left out (make it with "
                    "examples/imitation_troeven.py --save)"
                )
        round_robin(game, options, players, args.games, args.seed)


if __name__ == "__main__":
    main()
