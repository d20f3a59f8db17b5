"""What a bot worker process runs for a game review: the review's plan, then one decision at a time. Kept
apart from the server like ``bot_worker``: it imports the engine and the bots, nothing of the web stack.

A review is judged one decision per call, so a long review never holds a worker for more than one
decision: bot turns queued meanwhile are taken between two of its decisions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.bots.review import judge, plan
from cardtable.core.game import JsonDict
from cardtable.core.records import replay_steps


def plan_review(record: Mapping[str, Any], seat: int) -> tuple[list[int], int, dict[int, int]]:
    """The events of the seat's decisions to judge, how many were forced, and for each judged event the
    replay step that shows its position (the step just before the move)."""
    judged, forced = plan(record, seat)
    step_at: dict[int, int] = {}
    for step, (state, _, _) in enumerate(replay_steps(record)):
        step_at[state.event_count()] = step  # the next move's event index, after this step
    return judged, forced, {event: step_at[event] for event in judged}


def judge_decision(record: Mapping[str, Any], event: int, iterations: int, seed: int) -> JsonDict:
    """One judged decision of a review."""
    return judge(record, event, iterations=iterations, seed=seed)
