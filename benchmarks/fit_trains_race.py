"""Fit ``RACE`` of ``bots/games/game_of_trains.py``: how a Game of Trains race stands, as each seat's
chance to win from the public view, for the rollouts the search cuts short.

Plays the bots' policy against itself (seeded: the same games every run) for each number of players,
takes every position after setup with the seats' trains and who won, and fits ``weight``, ``growth``,
``worth`` and ``lag`` of ``race_chances`` by maximum likelihood. Prints the fit, its log-loss against
even chances and with the room weighed as ``judge`` weighs it (how much the trains tell), and a
calibration table (chance given: share won). Needs numpy and scipy (the ``arena`` extra).
"""

from __future__ import annotations

import argparse
import random

import numpy as np
from scipy.optimize import minimize

import cardtable
from cardtable.bots.games.game_of_trains import CARS, GAP_ROOM, KEPT, cars, keep_score, play
from cardtable.bots.view import SeatView

GAMES = {2: 12000, 3: 6000, 4: 6000}


def positions(players: int, games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per position after setup, per seat: the cars it can keep, the places of its gaps with room,
    how many seats move before it; and the winner's seat (games cut off by the turn limit left out)."""
    game = cardtable.make("game-of-trains", players=players)
    kept, room, behind, winners = [], [], [], []
    for seed in range(games):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        seen = []
        while not state.is_terminal():
            public = state.observation(None)
            if public["phase"] != "setup":
                scores = [divmod(keep_score(cars(train)), KEPT) for train in public["trains"]]
                order = [(seat - public["to_act"]) % players for seat in range(players)]
                seen.append(([k for k, _ in scores], [r / GAP_ROOM[1] - k for k, r in scores], order))
            legal = state.legal_actions()
            state.apply_action(legal[0] if len(legal) == 1 else play(SeatView(state), rng))
        won = state.observation(None)["winners"]
        if won:
            kept += [row[0] for row in seen]
            room += [row[1] for row in seen]
            behind += [row[2] for row in seen]
            winners += [won[0]] * len(seen)
    return np.array(kept), np.array(room), np.array(behind), np.array(winners)


def chances(theta: np.ndarray, kept: np.ndarray, room: np.ndarray, behind: np.ndarray) -> np.ndarray:
    """``race_chances`` over many positions at once (a row per position, a column per seat)."""
    weight, growth, worth, lag = theta
    strength = weight * np.exp(growth * (kept + worth * room - CARS)) - lag * behind
    strength = np.exp(strength - strength.max(axis=1, keepdims=True))
    return strength / strength.sum(axis=1, keepdims=True)


def fit(
    kept: np.ndarray, room: np.ndarray, behind: np.ndarray, winners: np.ndarray, start: np.ndarray
) -> tuple[np.ndarray, float]:
    """The maximum-likelihood parameters from ``start`` (the ones not free where it is NaN: fixed at
    the judge's own weighting of the room), and the mean log-loss."""
    rows = np.arange(len(winners))
    free = ~np.isnan(start)

    def loss(values: np.ndarray) -> float:
        theta = np.where(free, 0.0, 0.99 / CARS)
        theta[free] = values
        return float(-np.log(chances(theta, kept, room, behind)[rows, winners]).mean())

    result = minimize(loss, start[free], method="BFGS")
    theta = np.where(free, 0.0, 0.99 / CARS)
    theta[free] = result.x
    return theta, float(result.fun)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="play this share of the games")
    args = parser.parse_args()
    race = {}
    for players, games in GAMES.items():
        kept, room, behind, winners = positions(players, max(1, round(games * args.scale)))
        judged, judged_loss = fit(kept, room, behind, winners, np.array([3.0, 0.3, np.nan, 0.2]))
        theta, loss = fit(kept, room, behind, winners, np.array([*judged[:2], 0.5, judged[3]]))
        race[players] = tuple(round(float(value), 3) for value in theta)
        chance, won = chances(theta, kept, room, behind)[:, 0], winners == 0
        table = [
            f"{chance[mask].mean():.2f}:{won[mask].mean():.2f}"
            for low in np.arange(0, 1, 0.1)
            if (mask := (chance >= low) & (chance < low + 0.1)).sum() >= 100
        ]
        print(
            f"{players} players: {len(winners)} positions, log-loss {loss:.4f}"
            f" (room weighed as judge weighs it {judged_loss:.4f}, even chances {np.log(players):.4f})"
        )
        print(f"  seat 0's chance given:share won  {' '.join(table)}", flush=True)
    print(f"RACE = {race}")


if __name__ == "__main__":
    main()
