"""A bot never reads hidden information: with everything its seat cannot see redealt at random, a bot
with the same seed makes the same choice (issue 7). Checked for every game, player count and bot kind.

The scrambled state is ``resample(seat)`` of the real one: every card hidden from the seat to act is
redrawn (other hands, stock, draw pile, face-down cards) and future chance reseeded, while the seat's
own view stays the same. The test also checks that the scrambles really changed hidden cards (played
on with the same moves, the two states come to look different), so it cannot pass by scrambling
nothing."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable import bots
from cardtable.core.game import State

from ..helpers import random_playout

CASES = [(game, n) for game in cardtable.games() for n in cardtable.make(game).player_counts()]
SPECS = ["random", "heuristic", "ismcts:iterations=24", "ismcts:iterations=12,rollout=heuristic"]
POINTS = 5
"""Decision points checked per game and player count."""
LOOKAHEAD = 80
"""Moves played on both states to see whether their hidden cards differ."""


def hidden_cards_differ(state: State, scrambled: State) -> bool:
    """Play the same moves on copies of both until some seat's view differs (or the moves part)."""
    real, other = state.clone(), scrambled.clone()
    players = state.game.players
    for _ in range(LOOKAHEAD):
        views = [None, *range(players)]
        if any(real.observation(s) != other.observation(s) for s in views):
            return True
        if real.is_terminal() or other.is_terminal():
            return real.is_terminal() != other.is_terminal()
        action = real.legal_actions()[0]
        if action not in other.legal_actions():
            return True
        real.apply_action(action)
        other.apply_action(action)
    return False


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_choice_does_not_depend_on_hidden_cards(game: str, players: int, spec: str) -> None:
    state = cardtable.make(game, players=players).new_game(seed=players)
    rng = random.Random(7)
    checked = changed = 0
    for step, _ in enumerate(random_playout(state, seed=3)):
        if step % 13 != 5 or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player()
        assert seat is not None
        scrambled = state.resample(seat, rng)
        assert scrambled.observation(seat) == state.observation(seat)
        changed += hidden_cards_differ(state, scrambled)
        real_choice = bots.make(spec, seed=step).choose(state)
        scrambled_choice = bots.make(spec, seed=step).choose(scrambled)
        assert real_choice == scrambled_choice, (
            f"step {step}: the choice depends on cards seat {seat} cannot see"
        )
        assert real_choice in state.legal_actions()
        checked += 1
        if checked == POINTS:
            break
    assert checked == POINTS
    assert changed, "no scramble changed another seat's cards: the test would prove nothing"
