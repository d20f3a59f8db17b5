"""Seat our bots in OpenSpiel's ``evaluate_bots``: any cardtable bot spec becomes a ``pyspiel.Bot``
through ``cardtable.envs.openspiel.bot``, and plays a ``cardtable_*`` pyspiel game beside OpenSpiel's
own bots (here its uniform random bot). Seats rotate from game to game; prints each bot's mean
return with its 95% interval (Student-t, as the arena's).

    python examples/evaluate_bots.py --game troeven --bots heuristic openspiel-random --games 200
    python examples/evaluate_bots.py --game slobberhannes --option players=4 --bots hard random random random

Needs the ``openspiel`` and ``arena`` extras (both in ``dev``).
"""

from __future__ import annotations

import argparse
import json

import numpy as np
import pyspiel
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot

import cardtable
from cardtable.arena.stats import t_interval
from cardtable.envs import openspiel as ct_openspiel

OPENSPIEL_RANDOM = "openspiel-random"
"""The name of OpenSpiel's own uniform random bot on the command line."""


def seat(spec: str, player: int, seed: int) -> pyspiel.Bot:
    if spec == OPENSPIEL_RANDOM:
        return UniformRandomBot(player, np.random.RandomState(seed))
    return ct_openspiel.bot(spec, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--game", default="troeven", choices=cardtable.games())
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value (JSON)")
    parser.add_argument("--bots", nargs="+", default=["heuristic", OPENSPIEL_RANDOM], help="one per seat")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    options = {name: json.loads(value) for name, _, value in (o.partition("=") for o in args.option)}
    game = ct_openspiel.load(cardtable.make(args.game, **options))
    if len(args.bots) != game.num_players():
        parser.error(f"{args.game} seats {game.num_players()} bots here, got {len(args.bots)}")
    rng = np.random.default_rng(args.seed)
    returns: dict[int, list[float]] = {index: [] for index in range(len(args.bots))}
    for number in range(args.games):
        shift = number % len(args.bots)  # bot i sits at seat (i + shift) % n
        order = [(seat_ - shift) % len(args.bots) for seat_ in range(len(args.bots))]
        bots = [seat(args.bots[index], player, args.seed + number) for player, index in enumerate(order)]
        for player, value in enumerate(evaluate_bots(game.new_initial_state(), bots, rng)):
            returns[order[player]].append(float(value))
    print(f"{args.game} {options or ''} in OpenSpiel's evaluate_bots, {args.games} games, seats rotated:")
    for index, spec in enumerate(args.bots):
        mean = t_interval(returns[index])
        print(f"  bot {index} {spec:<20} mean return {mean.mean:.3f} (95% {mean.low:.3f} to {mean.high:.3f})")


if __name__ == "__main__":
    main()
