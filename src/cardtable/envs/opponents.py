"""Opponents of the research environments: who plays the seats the learner does not.

An opponent is a bot spec (``cardtable.bots.make``: ``random``, ``heuristic``, a level such as
``easy``…), a bot object (``cardtable.bots.Bot``), or a callable policy. A bot plays from the engine
state, as it does at the table. A policy sees what a learner sees and nothing else: it is called with
the observation dict the environment would give that seat (``observation``, the encoder's float32
vector, and ``action_mask``, int8), never the state, so a policy in training can be its own opponent
without reading hidden cards. ``CardtableEnv`` calls it with one seat's dict and takes one action id;
``VectorEnv`` calls it once for all the matches where that seat is to act (arrays ``[k, D]`` and
``[k, A]``) and takes ``k`` action ids, so a network plays a whole batch in one forward pass.

>>> make_opponent("random", seed=1).spec
'random'
>>> policy = lambda obs: 0
>>> make_opponent(policy, seed=1) is policy  # a policy is used as it is
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import numpy as np

from cardtable import bots
from cardtable.bots import Bot

Policy: TypeAlias = Callable[[dict[str, np.ndarray]], Any]
"""A callable opponent: the seat's observation dict in, its action id (or ids, batched) out."""
Opponent: TypeAlias = str | Bot | Policy


def check_opponent(opponent: Any) -> None:
    """Raise ValueError for what cannot be an opponent (an unknown bot spec is refused now, not at the
    first reset)."""
    if isinstance(opponent, str):
        bots.make(opponent)
    elif not (isinstance(opponent, Bot) or callable(opponent)):
        raise ValueError(
            f"an opponent is a bot spec, a bot or a callable taking the seat's observation: {opponent!r}"
        )


def make_opponent(opponent: Opponent, seed: int) -> Bot | Policy:
    """The player of a seat: a spec made into a bot seeded with ``seed``; a bot or a policy as given."""
    if isinstance(opponent, str):
        return bots.make(opponent, seed=seed)
    return opponent
