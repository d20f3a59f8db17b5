"""OpenSpiel's CFR solving mini Troeven (``mini=true``: one round of two tricks with the aces and
kings), with the NashConv of its average policy along the way.

Mini Troeven is small enough for OpenSpiel's exact tree walks: the adapter opens it with one chance
node over its listed deals (``Game.all_deals``), so CFR and ``exploitability.nash_conv`` visit every
history, exactly weighted. NashConv is the sum over both seats of what a best response against the
policy gains over the policy itself (0 at a Nash equilibrium; utility ``zero_sum``, so in [0, 4]).
CPU seconds count the solver's iterations only, not the NashConv checks.

    python examples/cfr_mini.py                        # CFR+ until NashConv < 0.05
    python examples/cfr_mini.py --solver cfr --iterations 200 --first-dealer 0

Needs the ``openspiel`` extra (in ``dev``). The measured curve is in ``docs/research.md``.
"""

from __future__ import annotations

import argparse
import time

from open_spiel.python.algorithms import cfr, exploitability

import cardtable
from cardtable.envs import openspiel as ct_openspiel

SOLVERS = {"cfr+": cfr.CFRPlusSolver, "cfr": cfr.CFRSolver}


def checkpoints(limit: int) -> list[int]:
    """Iteration counts at which NashConv is measured: 1, 2, 5, 10, 20, 50, … up to ``limit``."""
    marks, scale = [], 1
    while scale <= limit:
        marks += [m * scale for m in (1, 2, 5) if m * scale <= limit]
        scale *= 10
    return marks if marks[-1] == limit else [*marks, limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--solver", default="cfr+", choices=sorted(SOLVERS))
    parser.add_argument("--iterations", type=int, default=100, help="most iterations")
    parser.add_argument("--target", type=float, default=0.05, help="stop once NashConv is below this")
    parser.add_argument("--first-dealer", type=int, choices=(0, 1), help="fix the dealer (default: drawn)")
    args = parser.parse_args()
    options = {"version": 2, "mini": True, "first_dealer": args.first_dealer}
    game = ct_openspiel.load(cardtable.make("troeven", **options), reward="zero_sum")
    deals = len(game.deal_outcomes)
    print(f"{args.solver} on mini Troeven {options}: {deals} deals, NashConv target {args.target}")
    start = time.process_time()
    solver = SOLVERS[args.solver](game)
    spent = time.process_time() - start
    print(f"{'iterations':>10} {'NashConv':>9} {'CPU s':>7}")
    done = 0
    for mark in checkpoints(args.iterations):
        start = time.process_time()
        for _ in range(mark - done):
            solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        done = mark
        conv = exploitability.nash_conv(game, solver.average_policy())
        print(f"{done:>10} {conv:>9.4f} {spent:>7.1f}", flush=True)
        if conv < args.target:
            return
    print(f"NashConv still {conv:.4f} after {done} iterations: give more with --iterations")


if __name__ == "__main__":
    main()
