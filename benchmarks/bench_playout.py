"""Random-playout speed through the public contract, beside OpenSpiel's C++ hearts driven from Python
with the same loop (when open_spiel is installed, as `make bench` does in its own venv).

Counts player decisions only: OpenSpiel's chance steps (the deal) are taken but not counted, and our
games keep chance inside the state. Time is the process's CPU time, so other work on the machine
weighs less; every row, hearts included, is measured in each of ``--rounds`` rounds and the best round
counts. Prints one row per game configuration, and last the floor: a game whose moves do nothing, driven
through the same contract and loop, so what a game's own rules cost is the difference.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import cardtable
from cardtable.core.game import Game, JsonDict, State, Verb
from cardtable.core.options import Option

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "slobberhannes": [{"players": 4}, {"players": 3}, {"players": 6}],
    "troeven": [{"version": 1}, {"version": 2}],
    "mue": [{"players": 4}, {"players": 5}, {"players": 6, "dealer_sits_out": True}, {"players": 3}],
    "game-of-trains": [{"players": 2}, {"players": 4}],
    "cabooses-in-the-corner": [{"players": 4}, {"players": 2}],
}


class IdleState(State):
    """A match of ``IDLE_LENGTH`` moves that change nothing but a count, from three legal actions."""

    IDLE_LENGTH = 92  # a Cabooses in the Corner match's decisions in random play, 4 players
    _verbs = (Verb("step", 0, 3),)

    def _setup(self) -> None:
        self._to_act, self._steps = 0, 0

    def _legal_actions(self) -> tuple[int, ...]:
        return (0, 1, 2)

    def _step(self, seat: int, arg: int) -> None:
        self._steps += 1
        if self._steps == self.IDLE_LENGTH:
            self._finish([0])

    def _why_not_step(self, seat: int, arg: int) -> str | None:
        return None

    def _observation(self, seat: int | None) -> JsonDict:
        return {"steps": self._steps}

    def resample(self, seat: int | None, rng: random.Random) -> State:
        return self.clone()


class IdleGame(Game):
    """One player, no rules: the floor under every row (never registered)."""

    name = "idle"
    option_specs = (Option(name="players", default=1, choices=(1,), help="one seat"),)
    state_class = IdleState
    num_actions = 3

    def max_game_length(self) -> int:
        return IdleState.IDLE_LENGTH

    def _action_to_string(self, action: int) -> str:
        return str(action)

    def string_to_action(self, text: str) -> int:
        return int(text)


def ours(name: str, options: dict[str, Any], seconds: float) -> tuple[float, int, int]:
    """(decisions per second, games, games that ended with no winner) for random play of a game."""
    game = IdleGame() if name == IdleGame.name else cardtable.make(name, **options)
    rng = random.Random(0)
    decisions = games = no_winner = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(seed=games)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
        no_winner += not any(state.returns())
    return decisions / (time.process_time() - start), games, no_winner


def hearts(seconds: float) -> float | None:
    """Decisions per second of OpenSpiel's hearts in the same loop, or None without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.5, help="time per row and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best one counts")
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args()
    rows = [
        (name, options)
        for name in cardtable.games()
        if not args.game or name in args.game
        for options in CONFIGS.get(name, [{}])
    ]
    rows.append((IdleGame.name, {}))
    reference: float | None = None
    best: dict[int, tuple[float, int, int]] = {}
    for _ in range(args.rounds):
        rate = hearts(args.seconds)
        if rate is not None:
            reference = max(reference or 0.0, rate)
        for index, (name, options) in enumerate(rows):
            measured = ours(name, options, args.seconds)
            if index not in best or measured[0] > best[index][0]:
                best[index] = measured
    if reference is None:
        print("open_spiel not installed: no reference row (make bench installs it)")
    else:
        print(f"{'openspiel hearts (reference)':44} {reference:>12,.0f} decisions/s")
    for index, (name, options) in enumerate(rows):
        rate, games, no_winner = best[index]
        label = f"{name} {' '.join(f'{k}={v}' for k, v in options.items())}"
        ratio = f"  {rate / reference:.2f}x hearts" if reference else ""
        if name == IdleGame.name:
            label = "floor: moves that do nothing, same loop"
        # Random play rarely wins Game of Trains: those games end at the turn_limit safeguard.
        limit = f", {no_winner} at the turn limit" if name == "game-of-trains" else ""
        print(f"{label:44} {rate:>12,.0f} decisions/s  ({games} games{limit}){ratio}", flush=True)


if __name__ == "__main__":
    main()
