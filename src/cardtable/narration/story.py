"""A record's story: the facts of every step, as the engine tells them while the record is replayed.

Facts hold what every seat saw and, in ``secret``, what only one seat saw; they are told to a viewer
through ``Narrator.step_lines``, which hides from each viewer what it may not know. A live table keeps
the ``Told`` of each move as it is made; a finished game's record is told again in one replay.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.game import State
from ..core.records import story_steps
from ..core.story import Fact


@dataclass(frozen=True, slots=True)
class Told:
    """One step's facts: the set-up (step 0) or one move and what the rules did after it."""

    step: int
    """Moves made so far (0 for the set-up)."""
    start: int
    """Record events before the step (the index of its move event)."""
    version: int
    """Record events after the step."""
    facts: tuple[Fact, ...]


def told_steps(record: Mapping[str, Any]) -> Iterator[tuple[State, Told]]:
    """Replay ``record`` (checked as ``replay_steps`` checks it) with the ``Told`` of each step."""
    start = 0
    for number, (step, facts) in enumerate(story_steps(record)):
        version = step.state.event_count()
        yield step.state, Told(number, start, version, tuple(facts))
        start = version


def told_record(record: Mapping[str, Any]) -> list[Told]:
    """Every step's ``Told`` of ``record``."""
    return [told for _, told in told_steps(record)]
