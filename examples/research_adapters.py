"""The research adapters in one loop each, on any cardtable game.

1. PettingZoo: a whole match of the AEC environment played by random agents that respect the action
   mask; prints the moves made and each agent's reward.
2. OpenSpiel: OpenSpiel's C++ ``ISMCTSBot`` (searching worlds drawn by the engine's ``resample``)
   seated against our ``ismcts`` through the arena, at equal time per move; prints the standings.

    .venv/bin/python examples/research_adapters.py --game slobberhannes --seconds 0.1 --games 4

Needs the ``pettingzoo`` and ``openspiel`` extras (both are in ``dev``) and, on first use of the
OpenSpiel bot, a C++ compiler (see ``cardtable/envs/ismcts_bridge.py``).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

import cardtable
from cardtable.arena import ArenaConfig, run
from cardtable.envs import openspiel as ct_openspiel
from cardtable.envs import pettingzoo as ct_pettingzoo

SHORT: dict[str, dict[str, Any]] = {
    "slobberhannes": {"start_points": 6},
    "troeven": {"start_points": 2},
    "mue": {"hand_limit": 1},
    "game-of-trains": {},
    "cabooses-in-the-corner": {},
}


def random_agents(game: str, options: dict[str, Any], seed: int) -> None:
    """A PettingZoo match: each agent picks uniformly among the actions its mask allows."""
    env = ct_pettingzoo.env(game, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves, rewards = 0, {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
        moves += 1
    record = env.unwrapped.match.record()
    print(
        f"PettingZoo {env.unwrapped.metadata['name']}: {moves} moves, rewards {dict(sorted(rewards.items()))}"
    )
    print(f"  result {record['result']} (the match replays with cardtable.replay(record))")


def openspiel_against_ours(game: str, options: dict[str, Any], seconds: float, games: int, seed: int) -> None:
    """OpenSpiel's C++ IS-MCTS and our ismcts in an arena, seats rotated, same time per move."""
    bots = (f"ismcts:seconds={seconds}", f"openspiel-ismcts:seconds={seconds}")
    report = run(ArenaConfig(game=game, bots=bots, games=games, seed=seed, options=options), workers=1)
    print(f"Arena, {game} {options}: {len(report.results)} games, even win rate {report.even:.2f}")
    for standing in report.standings:
        rate = standing.stats.win_rate
        bounds = "" if rate.low is None else f" (95% CI {rate.low:.2f}-{rate.high:.2f})"
        think = standing.stats.think_seconds / max(1, standing.stats.decisions)
        print(f"  {standing.label:40} win rate {rate.mean:.2f}{bounds}, {think:.3f} s per decision")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="slobberhannes", choices=cardtable.games())
    parser.add_argument("--players", type=int, help="player count (the game's default when left out)")
    parser.add_argument("--seconds", type=float, default=0.1, help="search time per move for both bots")
    parser.add_argument("--games", type=int, default=4, help="arena games (rounded up to whole rotations)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ct_openspiel.register_bot()  # arenas take bot specs: make openspiel-ismcts one
    options = dict(SHORT.get(args.game, {}))
    if args.players is not None:
        options["players"] = args.players
    random_agents(args.game, options, args.seed)
    openspiel_against_ours(args.game, options, args.seconds, args.games, args.seed)


if __name__ == "__main__":
    main()
