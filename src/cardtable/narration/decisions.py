"""A game review's decisions in the narrator's words: the move played and the best move of each, told
from the position it was decided in, as the game's log tells moves ("Alice plays Q♣"). A decision of
several moves is told as its narrator tells them together: a Mü bid as the bid its ``done`` closes
("Alice shows red 7, blue 3 (2 face up)"); moves the narrator tells nothing of keep their notation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.game import State
from ..core.records import replay_steps
from .base import Narrator, narrator_for
from .words import say

Said = dict[tuple[int, str], str]
"""A decision's move in words, by the decision's event and the move's notation (``played``, ``best``)."""


def said_decisions(
    record: Mapping[str, Any], decisions: Iterable[Mapping[str, Any]], names: Sequence[str]
) -> Said:
    """The move played and the best move of each of a review's ``decisions`` in words, the seats named by
    ``names`` (one replay of ``record``). A decision's moves are its ``moves`` and ``best_moves`` where it
    has several, else its ``played`` and ``best``."""
    narrator = narrator_for(record["game"])
    wanted = {decision["event"]: decision for decision in decisions}
    said: Said = {}
    for step in replay_steps(record):
        decision = wanted.get(step.state.event_count())
        if decision is None:
            continue
        for key, moves in (("played", "moves"), ("best", "best_moves")):
            notation = decision[key]
            told = _told(narrator, step.state, decision.get(moves, [notation]), names)
            said[decision["event"], notation] = told or notation
    return said


def _told(narrator: Narrator, state: State, moves: Sequence[str], names: Sequence[str]) -> str:
    """``moves`` made in turn from ``state`` (left as it is), in words."""
    position = state.clone() if len(moves) > 1 else state
    words = []
    for number, move in enumerate(moves, start=1):
        action = position.string_to_action(move)
        words += [say(narrator, line, names) for line in narrator.lines(position.describe(action))]
        if number < len(moves):
            position.apply_action(action)
    return "; ".join(words)
