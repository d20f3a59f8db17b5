"""Train sb3-contrib's MaskablePPO to play Troeven against our heuristic bot, and measure its win
rate before and after training.

The agent plays one round of Troeven (``single_hand``: the seat whose score falls, the one with more
card points, wins; 20-20 is nobody's) from a seat drawn at every reset, through the Gymnasium adapter
(``cardtable.envs.gymnasium``), which also gives the action mask that MaskablePPO needs. Win rates
are over ``--eval-games`` hands with their 95% interval (Student-t, as the arena's).

    pip install -e '.[learn]'   # sb3-contrib (and torch), with the Gymnasium adapter
    python examples/maskable_ppo_troeven.py --timesteps 200000 --eval-games 2000
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import torch
from sb3_contrib import MaskablePPO

from cardtable.arena.stats import Interval, t_interval
from cardtable.envs.gymnasium import CardtableEnv


def make_env(args: argparse.Namespace) -> CardtableEnv:
    return CardtableEnv("troeven", seat=None, opponents=args.opponent, version=args.version, single_hand=True)


def win_rate(model: Any, args: argparse.Namespace, seed: int) -> Interval:
    """The share of ``--eval-games`` hands the model wins, greedy, with masked actions."""
    env = make_env(args)
    wins = []
    for game in range(args.eval_games):
        obs, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins.append(1.0 if reward > 0 else 0.0)
    return t_interval(wins)


def shown(rate: Interval) -> str:
    return f"{rate.mean:.1%} (95% interval {rate.low:.1%} to {rate.high:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--timesteps", type=int, default=200_000, help="agent steps to train for")
    parser.add_argument("--eval-games", type=int, default=2000, help="hands played to measure a win rate")
    parser.add_argument("--opponent", default="heuristic", help="the opponent's bot spec")
    parser.add_argument("--version", type=int, default=1, choices=(1, 2), help="Troeven version")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the trained model to this path (.zip)")
    args = parser.parse_args()
    torch.set_num_threads(1)  # one core: a small network gains nothing from more, and the table shares

    model = MaskablePPO("MultiInputPolicy", make_env(args), seed=args.seed, verbose=0, device="cpu")
    before = win_rate(model, args, seed=1_000_000)
    print(f"before training: win rate {shown(before)} against {args.opponent} over {args.eval_games} hands")
    wall, cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=args.timesteps)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"trained {args.timesteps} steps in {wall / 60:.1f} min ({cpu / 60:.1f} min CPU)")
    after = win_rate(model, args, seed=1_000_000)
    print(f"after training:  win rate {shown(after)} against {args.opponent} over {args.eval_games} hands")
    if args.save:
        model.save(args.save)


if __name__ == "__main__":
    main()
