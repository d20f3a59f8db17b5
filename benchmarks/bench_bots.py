"""Bot speed per game: ISMCTS iterations per second with the game's own rollouts (what ``hard`` uses),
uniformly random ones and the heuristic's, the cost of ``resample`` (one determinisation, the first
step of every iteration), the heuristic's time a move, and the ``hard`` bot's time a move (the median and
the longest over the positions: what ``bots.level_seconds("hard")`` states, from the median of runs).

Positions are taken from heuristic self-play of each game, a few decisions into the match and later,
so the figures mix early and late positions. Times are the process's CPU time, so other work on the
machine weighs less. Prints one row per game configuration.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import cardtable
from cardtable import bots

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "slobberhannes": [{"players": 4}],
    "troeven": [{"version": 1}, {"version": 2}],
    "mue": [{"players": 5}],
    "game-of-trains": [{"players": 2}, {"players": 4}],
    "cabooses-in-the-corner": [{"players": 4}],
}
POSITIONS = 12


def positions(name: str, options: dict[str, Any]) -> list[cardtable.State]:
    """Decision points (two or more legal actions) from heuristic self-play."""
    game = cardtable.make(name, **options)
    found: list[cardtable.State] = []
    seed = 0
    while len(found) < POSITIONS:
        state = game.new_game(seed=seed)
        players = [bots.make("heuristic", seed=seat) for seat in range(game.players)]
        step, wanted = 0, {3, 11, 29, 61}
        while not state.is_terminal() and len(found) < POSITIONS:
            if step in wanted and len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.apply_action(players[state.current_player()].choose(state))  # type: ignore[index]
            step += 1
        seed += 1
    return found


def per_call(states: list[cardtable.State], call: Any, seconds: float) -> float:
    """Seconds per call of ``call(state)``, cycling through ``states`` for about ``seconds``."""
    calls, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        call(states[calls % len(states)])
        calls += 1
    return (time.process_time() - start) / calls


def hard_seconds(states: list[cardtable.State]) -> tuple[float, float]:
    """The ``hard`` bot's CPU seconds a move over ``states``: the median and the longest."""
    spent = []
    for index, state in enumerate(states):
        bot = bots.make("hard", seed=index)
        start = time.process_time()
        bot.choose(state)
        spent.append(time.process_time() - start)
    spent.sort()
    return spent[len(spent) // 2], spent[-1]


def iterations_per_second(states: list[cardtable.State], rollout: str, seconds: float) -> float:
    done, spent, index = 0, 0.0, 0
    while spent < seconds:
        bot = bots.make(f"ismcts:iterations=50,rollout={rollout}", seed=index)
        assert isinstance(bot, bots.ISMCTSBot)
        start = time.process_time()
        bot.choose(states[index % len(states)])
        spent += time.process_time() - start
        done += bot.last_iterations
        index += 1
    return done / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args()
    rng = random.Random(0)
    columns = (
        f"{'ISMCTS it/s':>12} {'(random)':>10} {'(heuristic)':>12} {'resample':>10} {'heuristic':>10}"
        f" {'hard s/move':>12} {'(longest)':>10}"
    )
    header = f"{'game':36} {columns}"
    print(header, flush=True)
    for name in cardtable.games():
        if args.game and name not in args.game:
            continue
        for options in CONFIGS.get(name, [{}]):
            states = positions(name, options)
            resample = per_call(states, lambda s: s.resample(s.current_player(), rng), args.seconds)
            heuristic = per_call(states, lambda s: bots.make("heuristic").choose(s), args.seconds)
            own = iterations_per_second(states, "default", args.seconds)
            fast = iterations_per_second(states, "random", args.seconds)
            guided = iterations_per_second(states, "heuristic", args.seconds)
            typical, longest = hard_seconds(states)
            label = f"{name} {' '.join(f'{k}={v}' for k, v in options.items())}"
            costs = f"{resample * 1e6:>8.1f}µs {heuristic * 1e6:>8.1f}µs {typical:>11.3f}s {longest:>9.3f}s"
            print(f"{label:36} {own:>12,.0f} {fast:>10,.0f} {guided:>12,.0f} {costs}", flush=True)


if __name__ == "__main__":
    main()
