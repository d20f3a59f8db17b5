"""OpenSpiel's outcome-sampling MCCFR on one hand of a cardtable trick game (option ``single_hand``),
then its average policy against OpenSpiel's uniform random bot through ``evaluate_bots``.

MCCFR keys its regret tables on ``information_state_string``, which is perfect recall for every
cardtable game (``cardtable.envs.recall``): a table entry never mixes two situations the seat can
tell apart. The game's utility is ``zero_sum`` (the hand's winner +1, the loser -1). One hand of
Troeven still has far more information states than a short run visits, so the policy stays close to
uniform where it has not been; the example shows the pieces working together, not a solved game.

    python examples/mccfr_single_hand.py --game troeven --iterations 2000 --games 200

Needs the ``openspiel`` and ``arena`` extras (both in ``dev``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.algorithms.outcome_sampling_mccfr import OutcomeSamplingSolver
from open_spiel.python.bots.uniform_random import UniformRandomBot

import cardtable
from cardtable.arena.stats import t_interval
from cardtable.envs import openspiel as ct_openspiel

TRICK_GAMES = {"troeven": {}, "slobberhannes": {"players": 3}}
"""The trick games with ``single_hand``, and the options the example plays them with."""


class PolicyPlayer(pyspiel.Bot):
    """Plays a policy's action probabilities. (OpenSpiel's ``PolicyBot`` gives up when the only legal
    action is id 0, as a card game's last card can be: it tests ``any(actions)``.)"""

    def __init__(self, player: int, rng: np.random.Generator, policy: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.player, self.rng, self.policy = player, rng, policy

    def step(self, state: pyspiel.State) -> int:
        probabilities = self.policy.action_probabilities(state, self.player)
        return int(self.rng.choice(list(probabilities), p=list(probabilities.values())))

    def restart_at(self, state: pyspiel.State) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--game", default="troeven", choices=sorted(TRICK_GAMES))
    parser.add_argument("--iterations", type=int, default=2000, help="MCCFR iterations")
    parser.add_argument("--games", type=int, default=200, help="games against the random bot")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    options = {**TRICK_GAMES[args.game], "single_hand": True}
    game = ct_openspiel.load(cardtable.make(args.game, **options), reward="zero_sum")
    np.random.seed(args.seed)  # outcome sampling draws from numpy's global generator
    solver = OutcomeSamplingSolver(game)
    start = time.process_time()
    for _ in range(args.iterations):
        solver.iteration()
    spent = time.process_time() - start
    print(f"MCCFR on one hand of {args.game} {options}: {args.iterations} iterations in {spent:.1f} s CPU")
    policy = solver.average_policy()
    rng = np.random.default_rng(args.seed)
    players = game.num_players()
    returns = []
    for number in range(args.games):
        mine = number % players  # the MCCFR policy takes each seat in turn
        bots = [
            PolicyPlayer(seat, rng, policy) if seat == mine else UniformRandomBot(seat, rng)
            for seat in range(players)
        ]
        returns.append(float(evaluate_bots(game.new_initial_state(), bots, rng)[mine]))
    mean = t_interval(returns, bounds=(-1.0, 1.0))
    print(
        f"average policy against uniform random, {args.games} games: mean zero-sum return "
        f"{mean.mean:+.3f} (95% {mean.low:+.3f} to {mean.high:+.3f}; 0 is even)"
    )


if __name__ == "__main__":
    main()
