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
- The words are made in every language and stored with the review, English in its ``said`` fields, the
  others under ``said_in`` (``in_language`` shows a reader theirs). Wording at read time would need the
  record, which a review's reader does not send again, and replays it for every look; wording the four
  languages once replays it four times in the worker: milliseconds beside the seconds a review's search
  takes (measured: a 4-player Slobberhannes game's review 4-9 ms a language, a Mü game's 18-22 ms). The
  stored review grows by the other languages' words: 21 to 38 KB for that Slobberhannes review, 63 to
  128 KB for the Mü one. Picking a language out of it when shown takes under 0.1 ms.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.bots.review import judge, summarize
from cardtable.core.game import JsonDict
from cardtable.core.records import replay_steps
from cardtable.core.registry import make
from cardtable.i18n import DEFAULT, LANGUAGES
from cardtable.narration import narrator_for
from cardtable.narration.decisions import word_review

WORDED = ("decisions", "biggest_mistakes")
"""The lists of a review whose items carry words (``said``, and their steps' ``said``)."""


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
    players = make(record["game"], **record["options"]).players
    said_in = {}
    for language in [*(language for language in LANGUAGES if language != DEFAULT), DEFAULT]:  # English last
        named = narrator_for(record["game"], language).all_words["seat"]  # "seat 3", as the site counts
        word_review(record, result, [named.format(seat=number) for number in range(1, players + 1)], language)
        said_in[language] = _words(result)
    del said_in[DEFAULT]  # the English words stay where ``word_review`` put them
    result["said_in"] = said_in
    return result


def _words(review: JsonDict) -> JsonDict:
    """The words of a worded review, apart: its own and each decision's (with its steps')."""
    return {
        "review": review["said"],
        **{
            key: [[item["said"], [step["said"] for step in item.get("steps", [])]] for item in review[key]]
            for key in WORDED
        },
    }


def in_language(review: JsonDict, language: str) -> JsonDict:
    """A stored review as a reader in ``language`` sees it: its words in that language (English for a
    review stored before it had others), without the other languages' words."""
    shown = {key: value for key, value in review.items() if key != "said_in"}
    words = review.get("said_in", {}).get(language)
    if words is None:
        return shown
    shown["said"] = words["review"]
    for key in WORDED:
        shown[key] = [_worded(item, *said) for item, said in zip(review[key], words[key], strict=True)]
    return shown


def _worded(item: JsonDict, said: JsonDict, steps: list[JsonDict]) -> JsonDict:
    """A decision with its words ``said`` and its steps' ``steps``."""
    shown = {**item, "said": said}
    if "steps" in item:
        shown["steps"] = [{**step, "said": words} for step, words in zip(item["steps"], steps, strict=True)]
    return shown
