"""Research adapters' speed beside the engine: for Slobberhannes (4 players), Troeven and Cabooses in
the Corner (4 players), the raw engine's random-playout decisions/s, the vector environment's agent
steps/s (``cardtable.envs.vector``, 256 matches, random masked actions, observations and masks built
every step), the PettingZoo AEC adapter's steps/s, and PettingZoo's own ``texas_holdem_v4`` in the
same AEC loop (when rlcard is installed, as ``make bench`` does in its own venv).

Every figure is process CPU time in one process on one core. Each row is measured in each of
``--rounds`` rounds (every row once per round, so a busy spell weighs on all alike), and the report
gives the median round with the range of all rounds; the vector/AEC and vector/engine ratios (the
issue's targets: at least 5x and at least 25%) are the medians of the ratios within each round. CPU
time still varies with the machine's load (shared caches, frequency), so the load averages
(``os.getloadavg``) before and after are printed with the figures, and a warning when the load was
above the number of cores.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from bench_playout import ours  # the scripts run from benchmarks/, beside it

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("slobberhannes", {"players": 4}),
    ("troeven", {}),
    ("cabooses-in-the-corner", {"players": 4}),
]
NUM_ENVS = 256


def engine(name: str, options: dict[str, Any], seconds: float) -> float:
    """Decisions per second of random playouts through the engine's contract (``bench_playout``)."""
    return ours(name, options, seconds)[0]


def vector(name: str, options: dict[str, Any], seconds: float) -> float:
    """Agent steps per second of the vector environment, every seat playing random legal actions."""
    from cardtable.envs.vector import VectorEnv

    envs = VectorEnv(name, NUM_ENVS, seed=0, **options)
    rng = np.random.default_rng(0)
    steps = 0
    start = time.process_time()
    obs, _ = envs.reset()
    while time.process_time() - start < seconds:
        noise = rng.random(obs["action_mask"].shape)
        obs, *_ = envs.step(np.where(obs["action_mask"], noise, -1.0).argmax(axis=1))
        steps += NUM_ENVS
    return steps / (time.process_time() - start)


def aec_loop(env: Any, seconds: float) -> float:
    """Steps per second of a PettingZoo AEC environment under random masked actions."""
    rng = np.random.default_rng(0)
    steps = episodes = 0
    start = time.process_time()
    env.reset(seed=0)
    while time.process_time() - start < seconds:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
        steps += 1
        if not env.agents:
            episodes += 1
            env.reset(seed=episodes)
    return steps / (time.process_time() - start)


def pettingzoo(name: str, options: dict[str, Any], seconds: float) -> float:
    from cardtable.envs import pettingzoo as ct_pettingzoo

    return aec_loop(ct_pettingzoo.env(name, **options), seconds)


def texas_holdem(seconds: float) -> float | None:
    """PettingZoo's own texas_holdem_v4 in the same loop, or None without rlcard."""
    try:
        from pettingzoo.classic import texas_holdem_v4

        env = texas_holdem_v4.env()
    except ImportError:  # PettingZoo's classic games need rlcard
        return None
    return aec_loop(env, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the median counts")
    args = parser.parse_args()
    load_before = os.getloadavg()
    measures: list[tuple[str, Callable[[], float | None]]] = []
    for name, options in CONFIGS:
        label = f"{name} ({', '.join(f'{k}={v}' for k, v in options.items()) or 'defaults'})"
        measures += [
            (f"{label} engine", partial(engine, name, options, args.seconds)),
            (f"{label} vector", partial(vector, name, options, args.seconds)),
            (f"{label} aec", partial(pettingzoo, name, options, args.seconds)),
        ]
    measures.append(("texas_holdem_v4", partial(texas_holdem, args.seconds)))
    rates: dict[str, list[float]] = {key: [] for key, _ in measures}
    for _ in range(args.rounds):  # every figure in every round, so a busy spell weighs on all alike
        for key, measure in measures:
            rate = measure()
            if rate is not None:
                rates[key].append(rate)
    load_after = os.getloadavg()
    print(f"research adapters, CPU time, median of {args.rounds} rounds of {args.seconds:g} s [min-max]:")
    print("| game | engine decisions/s | vector env steps/s | AEC steps/s | vector/AEC | vector/engine |")
    print("|---|---|---|---|---|---|")
    for name, options in CONFIGS:
        label = f"{name} ({', '.join(f'{k}={v}' for k, v in options.items()) or 'defaults'})"
        raw, fast, aec = (rates[f"{label} {kind}"] for kind in ("engine", "vector", "aec"))
        over_aec = statistics.median(v / a for v, a in zip(fast, aec, strict=True))
        over_raw = statistics.median(v / r for v, r in zip(fast, raw, strict=True))
        cells = " | ".join(spread(kind) for kind in (raw, fast, aec))
        print(f"| {label} | {cells} | {over_aec:.1f}x | {over_raw:.0%} |")
    holdem = rates["texas_holdem_v4"]
    shown = "rlcard not installed" if not holdem else f"{spread(holdem)} steps/s"
    print(f"PettingZoo's texas_holdem_v4 (AEC loop): {shown}")
    cores = os.cpu_count() or 1
    print(f"load average (1, 5, 15 min) before: {fmt(load_before)}; after: {fmt(load_after)}; {cores} cores")
    if max(load_before[0], load_after[0]) > cores:
        print("warning: the machine was busier than its cores; these figures are lower than on an idle one")


def spread(rates: list[float]) -> str:
    """The median rate with the range of the rounds: ``52,100 [49,800-53,000]``."""
    return f"{statistics.median(rates):,.0f} [{min(rates):,.0f}-{max(rates):,.0f}]"


def fmt(load: tuple[float, float, float]) -> str:
    return ", ".join(f"{value:.2f}" for value in load)


if __name__ == "__main__":
    main()
