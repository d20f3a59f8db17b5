"""The ``heuristic`` bot: one rule-based policy per game, playing like a sensible beginner.

A policy is a function of the seat's view (``SeatView``) and a random source that returns a legal
action id: ``POLICY`` of ``bots/games/<game>.py``, which is also where each game's search evaluation
lives. Policies read only the observation, the legal actions and the notation, and must be fast (well
under 1 ms a move): ISMCTS may use them in rollouts.

Decisions:
- A game without a policy is refused with a clear error when the bot is asked to move in it, never
  played at random under the heuristic's name.
- A single legal action is played without consulting the policy.
- ``mistakes`` (0 to 1, default 0) is the share of decisions made at random instead: the ``easy`` level
  is the policy with a quarter of its decisions random, a beginner who mostly plays sensibly. (The
  ``random`` bot at every decision made a poor opponent: in Mü at 4 and 6 players almost every hand
  ended in an éclat, since random bids tie; with ``mistakes=0.25`` about four hands in five reach the
  trick play, see ``benchmarks/easy_bot_mue.py``.)
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

    def __init__(self, seed: int | None = None, mistakes: float = 0.0) -> None:
        if not isinstance(mistakes, int | float) or not 0 <= mistakes <= 1:
            raise ValueError(f"mistakes is a share of the decisions, 0 to 1 (got {mistakes!r})")
        self.rng = random.Random(seed)
        self.mistakes = float(mistakes)

    def check_game(self, game: str) -> None:
        policy_for(game)

    def choose(self, state: State) -> int:
        """The policy's action; raises ValueError for a game without a policy."""
        policy = policy_for(state.game.name)
        view = SeatView(state)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.mistakes and self.rng.random() < self.mistakes:
            return self.rng.choice(legal)
        return policy(view, self.rng)


register_kind("heuristic", HeuristicBot)
register_level(
    "easy",
    "heuristic:mistakes=0.25",
    "A beginner: plays like the medium bot most of the time, but about one decision in four at random.",
)
register_level(
    "medium",
    "heuristic",
    "A sensible beginner: follows each game's rules of thumb at every move, without looking ahead.",
)
