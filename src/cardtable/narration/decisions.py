"""A game review in words: each decision's moves as the game's narrator tells them, why a move was not
good, the moves the search could not tell apart, and each hand's summary. The terminal's review and the
site's (stored with the review by its worker) both read these words, so a review reads the same
everywhere, and as the game's log does.

Decisions:
- A review is of one seat, so a move is said as one choice of its decision, without its mover
  (``say_move``: "Q♣", "red 7 to NE", "16 at position 3, 60 to the market"), told from the position
  it was decided in. A decision of several moves (a Mü bid) is told as its narrator tells them together
  ("bid red 7, blue 3 (2 face up)"), each of its steps' moves on its own ("show red 7"); a move the
  narrator tells nothing of keeps its notation.
- A move that was not good gets a one-line reason from the search's numbers: where the game scores
  hands and the move lost expected points of the hand, those of both moves ("−0.76 points: expected
  −2.00 for Q♥, −1.24 for Q♣"), with both win chances when they differ by a point or more; elsewhere
  the win chances ("−28.6% win chance: 0.0% for …, 28.6% for …").
- Moves the search found ``equal`` to the best are said together ("A♥ and K♥ are as good"; at most three
  named, the others counted: "8♦, 8♣, 7♣ and 3 other moves are as good"), or "every move is as good".
- A review's ``hands`` (where the game has several, or scores hands) become a line each, labelled as
  the score sheet labels them ("Hand 2", "Round 3"): the decisions not good and the points (or win
  chance) lost against the best play.
- A review stored before a key existed (``equal``, ``hands``) is said with what it holds.
- Its numbers are written as the narrator's language writes them ("−0,76 Punkte", "28,6 %"):
  ``i18n.decimal`` and ``i18n.percent``, from Babel's data, not a decimal sign of the catalog, since a
  language's numbers are more than its decimal sign (French spaces its percent sign; thousands are
  grouped). Babel is not a dependency of the engine: it is imported only when a review is worded, which
  the terminal and the server do, and both install it (the ``cli`` and ``server`` extras).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.game import State
from ..core.records import story_steps
from ..core.story import Fact
from ..i18n import DEFAULT, decimal, percent
from .base import Narrator, narrator_for
from .lines import Count, Phrase
from .words import say_move, say_phrase

POINTS_SHOWN = 0.005
"""Expected points lost below this are said as no points (they are shown with two decimals)."""
EQUAL_LISTED = 3
"""The most moves named as good as the best; the others are counted."""
WIN_SHOWN = 0.01
"""A difference in win chance below this is left out of a reason that has points."""

Words = dict[str, str]
"""A position's moves in words, by their notation (a sequence of moves by their notations joined)."""


def word_review(
    record: Mapping[str, Any], result: dict[str, Any], names: Sequence[str], language: str = DEFAULT
) -> None:
    """Add words in ``language`` to the review ``result`` of ``record`` (one replay of it), seats named
    by ``names``:
    ``said`` on each decision (``played``, ``best``, ``moves``: each move of its ``values``, and its
    ``reason`` and ``equal`` where it has them), on each step of a decision of several moves (its
    ``moves``), and on the review (``hands``: a line per hand)."""
    narrator = narrator_for(record["game"], language)
    decisions = [*result["decisions"], *result["biggest_mistakes"]]
    wanted: dict[int, set[tuple[str, ...]]] = {}
    for decision in decisions:
        moves = wanted.setdefault(decision["event"], set())
        if "moves" in decision:  # its values are those of the moves played and best
            moves.update((tuple(decision["moves"]), tuple(decision["best_moves"])))
        else:
            moves.update((move,) for move in decision["values"])
        for step in decision.get("steps", []):
            wanted.setdefault(step["event"], set()).update((move,) for move in step["values"])
    words: dict[int, Words] = {}
    scores: list[tuple[int, Fact]] = []  # each score fact, with the index of the move that led to it
    start = 0
    for step, facts in story_steps(record):
        scores += [(start, fact) for fact in facts if fact.kind == "score"]
        start = step.state.event_count()
        for sequence in wanted.get(start, ()):
            notation = " ".join(sequence)
            words.setdefault(start, {})[notation] = _told(narrator, step.state, sequence, names) or notation
    for decision in decisions:
        decision["said"] = _said(decision, words[decision["event"]], narrator)
        for step in decision.get("steps", []):
            step["said"] = {"moves": {move: words[step["event"]][move] for move in step["values"]}}
    result["said"] = {"hands": hand_lines(result.get("hands", []), scores, narrator, names)}


def _told(narrator: Narrator, state: State, moves: Sequence[str], names: Sequence[str]) -> str:
    """``moves`` made in turn from ``state`` (left as it is), in words: one move as a choice of its
    decision, several as the log tells them."""
    if len(moves) == 1:
        lines = narrator.choice_lines(state.describe(state.string_to_action(moves[0])))
        return "; ".join(say_move(narrator, line, names) for line in lines)
    position = state.clone()
    words = []
    for number, move in enumerate(moves, start=1):
        action = position.string_to_action(move)
        words += [say_move(narrator, line, names) for line in narrator.lines(position.describe(action))]
        if number < len(moves):
            position.apply_action(action)
    return "; ".join(words)


def _said(decision: Mapping[str, Any], words: Words, narrator: Narrator) -> dict[str, Any]:
    """A decision's ``said``: its moves in ``words``, and its reason and moves as good as the best."""
    said: dict[str, Any] = {
        "played": words[decision["played"]],
        "best": words[decision["best"]],
        "moves": {move: words[move] for move in decision["values"]},
    }
    reason = _reason(decision, words, narrator)
    if reason is not None:
        said["reason"] = say_phrase(narrator, reason, ())
    equal = decision.get("equal", [])
    if len(equal) > 1:
        every = "moves" not in decision and len(equal) == len(decision["values"])  # (a bid's: two moves)
        said["equal"] = say_phrase(narrator, _equal(equal, every, words, narrator), ())
    return said


def _equal(equal: Sequence[str], every: bool, words: Words, narrator: Narrator) -> Phrase:
    """The moves as good as the best, the best first: ``every`` move, or at most ``EQUAL_LISTED`` of
    them and how many more ("8♦, 8♣, 7♣ and 3 other moves are as good")."""
    said = [words.get(move, move) for move in equal]
    if every:
        return Phrase("review.equal.every")
    if len(said) <= EQUAL_LISTED:
        return Phrase("review.equal", {"moves": _listed(said, narrator)})
    more = Count(len(said) - EQUAL_LISTED, "other-move")
    moves = narrator.all_words["list"].join(said[:EQUAL_LISTED])
    return Phrase("review.equal.more", {"moves": moves, "more": more})


def _reason(decision: Mapping[str, Any], words: Words, narrator: Narrator) -> Phrase | None:
    """Why a move that was not good lost (module docstring); None for a good one. The loss said is the
    difference of the two numbers said: a decision of several moves sums its steps' losses (``loss``,
    ``points_loss``), each from its own search, which its two moves' numbers need not show."""
    if decision["verdict"] == "good":
        return None
    played, best, values = decision["played"], decision["best"], decision["values"]
    moves = {"played": words[played], "best": words[best]}
    language = narrator.language
    chances = {
        "played_chance": percent(values[played], language),
        "best_chance": percent(values[best], language),
    }
    win_lost = values[best] - values[played]
    points = decision.get("points")
    if points is not None:
        lost = points[best] - points[played]
        if lost >= POINTS_SHOWN:
            numbers = {
                "played_points": decimal(points[played], language),
                "best_points": decimal(points[best], language),
            }
            reason = Phrase(
                "review.points", {"lost": decimal(-lost, language, signed=True), **moves, **numbers}
            )
            if win_lost < WIN_SHOWN:
                return reason
            return Phrase("review.points-and-win", {"points": reason, **chances})
    if win_lost <= 0:
        return None
    return Phrase("review.win", {"lost": percent(-win_lost, language, signed=True), **moves, **chances})


def hand_lines(
    hands: Iterable[Mapping[str, Any]],
    scores: Sequence[tuple[int, Fact]],
    narrator: Narrator,
    names: Sequence[str],
) -> list[str]:
    """A line per hand of a review's ``hands``, each labelled by the first score fact at or after its
    last decision (``scores``: the index of the move that led to each), where the game has several hands
    or scores them; none otherwise."""
    hands = list(hands)
    if len(hands) < 2 and all(hand["points_lost"] is None for hand in hands):
        return []
    lines, language = [], narrator.language
    for hand in hands:
        fact = next((fact for start, fact in scores if start >= hand["last_event"]), None)
        label = Phrase("hand", {"number": hand["hand"]}) if fact is None else narrator.score_label(fact)
        if hand["points_lost"] is None:
            lost = Phrase("review.hand.win", {"chance": percent(-hand["win_lost"], language, signed=True)})
        else:
            lost = Phrase(
                "review.hand.points", {"points": decimal(-hand["points_lost"], language, signed=True)}
            )
        params = {
            "label": label,
            "not_good": hand["mistakes"],
            "judged": Count(hand["judged"], "decision"),
            "lost": lost,
        }
        lines.append(say_phrase(narrator, Phrase("review.hand", params), names))
    return lines


def _listed(items: Sequence[str], narrator: Narrator) -> str:
    """``A♥, K♥ and 7♥``."""
    return narrator.all_words["list"].join(items[:-1]) + narrator.all_words["and"] + items[-1]
