"""Our ``ismcts`` against OpenSpiel's C++ ``ISMCTSBot`` at equal time per move, game by game.

Each game is an arena (``cardtable.arena``) of the two bots with seats rotated: in games of more than
two players both bots hold several seats, and a bot's win rate counts each of its seats. Both search
for the same wall-clock time per move (``ismcts:seconds=S`` and ``openspiel-ismcts:seconds=S``); a
move with one legal action is played at once by both. Games run one at a time, so the two bots never
share the cores with each other.

    .venv/bin/python examples/ismcts_vs_openspiel.py --seconds 0.1 --games 12

prints a Markdown table (the one in README.md's "Research adapters" section).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cardtable.arena import ArenaConfig, run
from cardtable.envs import openspiel as ct_openspiel

MATCHES: dict[str, dict[str, Any]] = {
    "slobberhannes": {"players": 4, "start_points": 6},
    "troeven": {"version": 1, "start_points": 2},
    "mue": {"players": 4, "hand_limit": 1},
    "game-of-trains": {"players": 2},
    "cabooses-in-the-corner": {"players": 4},
}
"""Shortened matches (one Mü hand, a 6-point Slobberhannes, a 2-point Troeven) keep the run short."""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=0.1, help="search time per move for both bots")
    parser.add_argument(
        "--games", type=int, default=12, help="games per game (rounded up to whole rotations)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=sorted(MATCHES), help="only these games")
    args = parser.parse_args()
    ct_openspiel.register_bot()  # arenas take bot specs: make openspiel-ismcts one
    ours = f"ismcts:seconds={args.seconds}"
    theirs = f"openspiel-ismcts:seconds={args.seconds}"
    print(f"| game (options) | games | `{ours}` wins | OpenSpiel `ISMCTSBot` wins | even | minutes |")
    print("|---|---|---|---|---|---|")
    for name, options in MATCHES.items():
        if args.game and name not in args.game:
            continue
        start = time.perf_counter()
        config = ArenaConfig(
            game=name, bots=(ours, theirs), games=args.games, seed=args.seed, options=options
        )
        report = run(config, workers=1)
        cells = []
        for standing in report.standings:
            rate = standing.stats.win_rate
            bounds = "" if rate.low is None else f" [{rate.low:.2f}, {rate.high:.2f}]"
            cells.append(f"{rate.mean:.2f}{bounds}")
        label = ", ".join(f"{key}={value}" for key, value in options.items())
        minutes = (time.perf_counter() - start) / 60
        row = [f"{name} ({label})", str(len(report.results)), *cells, f"{report.even:.2f}", f"{minutes:.1f}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
