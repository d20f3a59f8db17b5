"""A game review in the narrator's words (``narration.decisions``): every legal move of every game said as a
choice, without its mover and without notation; why a move that was not good lost, from the expected
points of both moves; the moves the search could not tell from the best; a line per hand, labelled as the
score sheet labels it; and a review stored before those keys existed still said."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import cardtable
from cardtable.narration import narrator_for, say_move
from cardtable.narration.decisions import word_review

from ..games.test_slobberhannes import stacked

NAMES = ["ann", "bob", "cy", "dee", "eve"]
NOTATION = re.compile(r"\b(?:[2-9TJQKA][SHDC]|[BRWGYP]\d|OB)\b")
"""A piquet card's or a train card's code, as the review must never show them."""
GAMES = [
    ("slobberhannes", {"players": 3, "start_points": 6}),
    ("troeven", {"start_points": 1}),
    ("troeven", {"version": 2, "start_points": 1}),
    ("mue", {"players": 5, "single_hand": True}),
    ("game-of-trains", {"players": 2}),
    ("cabooses-in-the-corner", {"players": 2}),
]
HANDS = {
    0: ["9C", "AC", "KC", "TC", "JC", "AH", "KH", "QH"],
    1: ["QC", "8C", "7C", "AS", "KS", "7H", "8H", "9H"],
}
"""Slobberhannes: seat 0 leads 9C and seat 1 takes the trick with QC where it could duck (8C, 7C)."""


def played(game: str, options: dict[str, Any], seed: int) -> cardtable.State:
    state = cardtable.make(game, **options).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_legal_move_is_said_as_a_choice_without_its_mover_or_notation(
    game: str, options: dict[str, Any]
) -> None:
    narrator = narrator_for(game)
    for seed in range(3):
        state = cardtable.make(game, **options).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for action in state.legal_actions():
                lines = narrator.choice_lines(state.describe(action))
                assert lines, state.action_to_string(action)
                for line in lines:
                    assert f"{line.key}/move" in narrator.all_words, line.key
                    said = say_move(narrator, line, NAMES)
                    assert not NOTATION.search(said) and not set(said.split()) & set(NAMES), said
            state.apply_action(rng.choice(state.legal_actions()))


def slobberhannes_review(seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    record = stacked(4, HANDS, leader=0, moves=["9C", "QC"]).record(players=NAMES[:4])
    return record, cardtable.review(record, seat, iterations=60)


def minus(value: float) -> str:
    """Points as the review says them: two decimals, a true minus sign."""
    return f"{value:.2f}".replace("-", "−")


def change(value: float) -> str:
    """A change in points as the review says it: ``−1.25``, ``+0.20``, ``0.00``."""
    text = f"{value:+.2f}".replace("-", "−")
    return "0.00" if text in ("+0.00", "−0.00") else text


def test_a_mistake_says_the_expected_points_of_both_moves() -> None:
    record, result = slobberhannes_review(1)
    word_review(record, result, NAMES[:4])
    (decision,) = result["decisions"]
    said, points = decision["said"], decision["points"]
    best = {"8C": "8♣", "7C": "7♣"}[decision["best"]]
    assert decision["verdict"] in ("mistake", "blunder") and said["played"] == "Q♣" and said["best"] == best
    lost = points[decision["best"]] - points["QC"]
    assert said["reason"].startswith(
        f"−{lost:.2f} points: expected {minus(points['QC'])} for Q♣, "
        f"{minus(points[decision['best']])} for {best}"
    ), said["reason"]
    assert said["moves"] == {"QC": "Q♣", "8C": "8♣", "7C": "7♣"}
    assert result["biggest_mistakes"][0]["said"] == said


def test_moves_as_good_as_the_best_are_said_together() -> None:
    record, result = slobberhannes_review(0)  # seat 0 leads: eight cards
    (decision,) = result["decisions"]
    moves = list(decision["values"])
    decision["equal"] = moves[:2]
    word_review(record, result, NAMES[:4])
    words = decision["said"]["moves"]
    assert decision["said"]["equal"] == f"{words[moves[0]]} and {words[moves[1]]} are as good"
    decision["equal"] = moves[:5]
    word_review(record, result, NAMES[:4])
    listed = ", ".join(words[move] for move in moves[:3])
    assert decision["said"]["equal"] == f"{listed} and 2 other moves are as good"
    decision["equal"] = moves
    word_review(record, result, NAMES[:4])
    assert decision["said"]["equal"] == "every move is as good"


def test_a_review_stored_before_its_new_keys_is_said_with_what_it_has() -> None:
    """No ``win_loss``, ``points_loss``, ``equal``, ``margin``, ``hands``: the reason from the values and
    points it holds, no line per hand."""
    record, result = slobberhannes_review(1)
    for decision in [*result["decisions"], *result["biggest_mistakes"]]:
        for key in ("win_loss", "points_loss", "equal", "margin", "iterations", "stake"):
            decision.pop(key, None)
    for key in ("hands", "even"):
        result.pop(key, None)
    word_review(record, result, NAMES[:4])
    (decision,) = result["decisions"]
    lost = decision["points"][decision["best"]] - decision["points"]["QC"]
    assert decision["said"]["reason"].startswith(f"−{lost:.2f} points: expected ")
    assert "equal" not in decision["said"] and result["said"] == {"hands": []}


@pytest.mark.parametrize(
    ("game", "options", "label"),
    [("troeven", {"start_points": 2}, "Round"), ("slobberhannes", {"players": 3, "start_points": 6}, "Hand")],
)
def test_each_hand_is_a_line_labelled_as_the_score_sheet_labels_it(
    game: str, options: dict[str, Any], label: str
) -> None:
    record = played(game, options, 3).record(players=NAMES[: cardtable.make(game, **options).players])
    result = cardtable.review(record, 0, iterations=8)
    word_review(record, result, NAMES)
    hands, lines = result["hands"], result["said"]["hands"]
    assert len(hands) > 1 and len(lines) == len(hands)
    for hand, line in zip(hands, lines, strict=True):
        lost = change(-hand["points_lost"])
        decisions = f"{hand['judged']} decision{'s' * (hand['judged'] != 1)}"
        assert line == (
            f"{label} {hand['hand']}: {hand['mistakes']} of {decisions} not good, {lost} points against the"
            " best play"
        )


def test_a_mue_bid_is_said_as_the_bid_and_its_steps_card_by_card() -> None:
    state = cardtable.make("mue", players=4).new_game(seed=0)
    rng = random.Random(0)
    for _ in range(14):
        state.apply_action(rng.choice(state.legal_actions()))
    record = state.record(players=NAMES[:4])
    result = cardtable.review(record, 1, iterations=8)
    word_review(record, result, NAMES[:4])
    (bid,) = [decision for decision in result["decisions"] if len(decision.get("moves", [])) > 2]
    assert bid["said"]["played"] == "bid yellow 6, purple 8, purple 1 (3 face up)"
    first = bid["steps"][0]["said"]["moves"]
    assert first["pass"] == "pass" and first["show Y6"] == "show yellow 6"
    assert not [said for said in first.values() if NOTATION.search(said)]
    bid["best"], bid["best_moves"], bid["equal"] = "pass", ["pass"], ["pass", bid["played"]]
    bid["values"], bid["points"] = {bid["played"]: 0.5, "pass": 0.5}, {bid["played"]: 0.0, "pass": 0.0}
    bid["verdict"] = "good"
    word_review(record, result, NAMES[:4])  # a bid's values are its two moves': not "every move"
    assert bid["said"]["equal"] == "pass and bid yellow 6, purple 8, purple 1 (3 face up) are as good"
