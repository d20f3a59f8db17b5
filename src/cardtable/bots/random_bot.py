"""The ``random`` bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

import random

from ..core.game import State
from .base import Bot, register_kind


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


register_kind("random", RandomBot)
