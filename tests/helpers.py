"""Helpers the test modules share: player counts per game and seeded random playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import cardtable
from cardtable.core.game import State

VARIANTS: dict[str, list[dict[str, object]]] = {
    "troeven": [{"version": 2}, {"version": 2, "mini": True}],
    "mue": [{"players": 6, "dealer_sits_out": True}, {"players": 4, "end": "deals", "deals": 1}],
    "cabooses-in-the-corner": [{"players": 3, "broken_cabooses": False}],
    "slobberhannes": [{"players": 5, "start_points": 6}],
}
"""Option sets beyond the player counts that the generic suites also cover."""


def configurations(game: str) -> list[dict[str, object]]:
    """Every player count of ``game`` with default options, then its variants."""
    return [{"players": n} for n in cardtable.make(game).player_counts()] + VARIANTS.get(game, [])


def random_playout(state: State, seed: int, max_steps: int = 200_000) -> Iterator[State]:
    """Play uniformly random legal actions, yielding the state before each one."""
    rng = random.Random(seed)
    for _ in range(max_steps):
        if state.is_terminal():
            return
        yield state
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"{state.game.name} did not end within {max_steps} steps")


def play_to_end(game: cardtable.Game, seed: int) -> State:
    """A finished match from random play."""
    state = game.new_game(seed=seed)
    for _ in random_playout(state, seed):
        pass
    return state
