"""What a bot worker process runs for a game review beside its plan (``bots.review.plan``): one move at a
time, then the summary. Kept apart from the server like ``bot_worker``: it imports the engine, the bots
and the narration, nothing of the web stack.

A review is judged one move per call, so a long review never holds a worker for more than one move: bot
turns queued meanwhile are taken between two of its moves. Its summary, with the replay step of each
decision and its words (``narration.decisions``: the moves, why a move was not good, the moves as good
as the best, each hand's summary), is made in a worker too (it replays the record).

Decisions:
- The words name seats as the site numbers them ("seat 3 as partner"), not the players' names: a review
  is stored once per record's events and shown to whoever asks for it through another record of the
  same events (an upload with other names).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.bots.review import judge, summarize
from cardtable.core.game import JsonDict
from cardtable.core.records import replay_steps
from cardtable.core.registry import make
from cardtable.narration.decisions import word_review


def judge_decision(record: Mapping[str, Any], event: int, iterations: int, seed: int) -> JsonDict:
    """One judged move of a review."""
    return judge(record, event, iterations=iterations, seed=seed)


def summarize_review(
    record: Mapping[str, Any], seat: int, judged: list[JsonDict], forced: int, iterations: int, seed: int
) -> JsonDict:
    """The review made of its ``judged`` moves (``summarize``), each decision with the replay ``step`` that
    shows its position (the step just before its first move), and its words (``word_review``)."""
    result = summarize(record, seat, judged, forced, iterations=iterations, seed=seed)
    # a step's state is the position before the move at its event count
    step_at = {state.event_count(): step for step, (state, _, _) in enumerate(replay_steps(record))}
    for decision in [*result["decisions"], *result["biggest_mistakes"]]:
        decision["step"] = step_at[decision["event"]]
    names = [f"seat {number}" for number in range(1, make(record["game"], **record["options"]).players + 1)]
    word_review(record, result, names)
    return result
