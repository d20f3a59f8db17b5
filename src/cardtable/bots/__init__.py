"""Bots: seat-fillers for the tables and opponents for research, all made by ``make(spec, seed=...)``.

Kinds: ``random`` (uniform), ``heuristic`` (one rule-based policy per game, with an optional share of
random ``mistakes``) and ``ismcts`` (information-set Monte Carlo tree search); levels ``easy``,
``medium`` and ``hard`` name them for the platform, each with a description (``level_description``) and,
where a level thinks long enough to notice, its measured time a move in each game (``level_seconds``).
A bot's ``choose(state)`` returns a legal action id for ``state.current_player()``, and sees the state
only through the seat's view (``SeatView``): its observation and resampled worlds.

>>> import cardtable
>>> from cardtable import bots
>>> state = cardtable.make("slobberhannes").new_game(seed=3)
>>> bots.make("random", seed=1).choose(state) in state.legal_actions()
True
>>> bots.levels()
['easy', 'medium', 'hard']
"""

from .base import Bot, kinds, level_description, level_seconds, level_spec, levels, make, parse_spec
from .evaluation import Evaluation, evaluation_for
from .heuristic import HeuristicBot, policies, policy_for
from .ismcts import ISMCTSBot
from .random_bot import RandomBot
from .view import SeatView

__all__ = [
    "Bot",
    "Evaluation",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "SeatView",
    "evaluation_for",
    "kinds",
    "level_description",
    "level_seconds",
    "level_spec",
    "levels",
    "make",
    "parse_spec",
    "policies",
    "policy_for",
]
