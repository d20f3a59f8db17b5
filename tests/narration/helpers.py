"""What the narration tests share: a game played at random, its moves made or told."""

from __future__ import annotations

import random
from typing import Any

import cardtable


def played(game: str, options: dict[str, Any], seed: int, *, tell: bool) -> cardtable.State:
    """A whole match of ``game`` at random from ``seed``, each move made with ``tell`` or
    ``apply_action`` (the same moves either way, if telling changes nothing)."""
    state = cardtable.make(game, **options).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.tell(action) if tell else state.apply_action(action)
    return state
