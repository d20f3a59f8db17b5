"""The ``heuristic`` bot: one rule-based policy per game, playing like a sensible beginner.

A policy is a function of the seat's view (``SeatView``) and a random source that returns a legal
action id: ``POLICY`` of ``bots/games/<game>.py``, which is also where each game's search evaluation
lives. Policies read only the observation, the legal actions and the notation, and must be fast (well
under 1 ms a move): ISMCTS may use them in rollouts.

Decisions:
- A game without a policy is refused with a clear error when the bot is asked to move in it, never
  played at random under the heuristic's name.
- A single legal action is played without consulting the policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core.game import State
from ..core.registry import find_piece, games, piece
from . import games as game_modules
from .base import Bot, register_kind, register_level
from .view import SeatView

Policy = Callable[[SeatView, random.Random], int]


def policy_for(game: str) -> Policy:
    """The heuristic policy of a game; raises ValueError naming the file to add when it has none."""
    policy: Policy = piece(game, game_modules.__name__, "POLICY", "heuristic policy")
    return policy


def policies() -> list[str]:
    """The games that have a heuristic policy."""
    return [game for game in games() if find_piece(game, game_modules.__name__, "POLICY") is not None]


class HeuristicBot(Bot):
    """Plays its game's rule-based policy."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def check_game(self, game: str) -> None:
        policy_for(game)

    def choose(self, state: State) -> int:
        """The policy's action; raises ValueError for a game without a policy."""
        policy = policy_for(state.game.name)
        view = SeatView(state)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return policy(view, self.rng)


register_kind("heuristic", HeuristicBot)
register_level("medium", "heuristic")
