"""Troeven told by its engine's facts: telling a move changes nothing a played move would not, a drawn
card reaches its drawer only, and the lines read as the players say them ("You play Q♣")."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable
from cardtable.core.story import Fact
from cardtable.narration import narrator_for, say

from .helpers import played

NAMES = ["Alice", "Bob"]
NARRATOR = narrator_for("troeven")
OPTION_SETS = [{"version": 1}, {"version": 2}, {"version": 2, "single_hand": True, "first_dealer": 1}]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_told_match_is_the_match_played(options: dict[str, Any]) -> None:
    for seed in range(30):
        told, made = played("troeven", options, seed, tell=True), played("troeven", options, seed, tell=False)
        assert told.record() == made.record()
        assert told.returns() == made.returns()


def words(facts: list[Fact], viewer: int | None, you: int | None = None) -> list[str]:
    return [say(NARRATOR, line, NAMES, you) for line in NARRATOR.step_lines(facts, viewer)]


def test_the_deal_and_the_trump_call() -> None:
    state = cardtable.make("troeven", version=1, first_dealer=1).new_game(seed=4)
    (deal,) = state.opening()
    assert "deck" not in deal.args
    assert words([deal], None) == ["Round 1: Bob deals, Alice calls trumps"]
    facts = state.tell(state.string_to_action("trump H"))
    assert facts == [Fact("trump", 0, {"suit": "H"}, move=True)]
    assert words(facts, 1) == ["Alice calls trumps: ♥"]
    assert words(facts, 0, you=0) == ["You call trumps: ♥"]


def test_a_card_played_turns_up_the_card_beneath_it() -> None:
    state = cardtable.make("troeven", version=1, first_dealer=1).new_game(seed=4)
    state.apply_action(state.string_to_action("trump H"))
    before = state.observation(None)["layouts"][0]
    card = before[2]["top"]  # pile 3 of Alice's layout
    facts = state.tell(state.string_to_action(card))
    uncovered = state.observation(None)["layouts"][0][2]["top"]
    assert facts == [
        Fact("play", 0, {"card": card}, move=True),
        Fact("turn-up", 0, {"card": uncovered, "pile": 3}),
    ]
    name, turned = NARRATOR.card(card), NARRATOR.card(uncovered)
    assert words(facts, None) == [f"Alice plays {name}", f"Alice turns up {turned} on pile 3"]
    assert words(facts, 0, you=0) == [f"You play {name}", f"You turn up {turned} on pile 3"]


def first_draws() -> tuple[cardtable.State, list[Fact], list[list[str]]]:
    """Version 2 up to the first trick: its facts, and each seat's hand before it."""
    state = cardtable.make("troeven", version=2, first_dealer=0).new_game(seed=7)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    hands = [state.observation(seat)["hand"] for seat in (0, 1)]
    return state, state.tell(state.legal_actions()[0]), hands


def test_a_drawn_card_is_named_to_its_drawer_only() -> None:
    state, facts, hands = first_draws()
    trick, *draws = facts[1:]
    winner = trick.seat
    assert trick.kind == "trick" and winner is not None
    loser = 1 - winner
    drawn = []
    for drawer in (winner, loser):  # the winner draws first
        (card,) = set(state.observation(drawer)["hand"]) - set(hands[drawer])
        drawn.append(NARRATOR.card(card))
        assert Fact("draw", drawer, {}, secret={"card": card}) in draws
    assert [fact.seat for fact in draws] == [winner, loser]
    win, lose = NAMES[winner], NAMES[loser]
    assert words(draws, winner) == [f"{win} draws {drawn[0]} (only you see it)", f"{lose} draws a card"]
    assert words(draws, loser, you=loser) == [f"{win} draws a card", f"You draw {drawn[1]} (only you see it)"]
    assert words(draws, None) == [f"{win} draws a card", f"{lose} draws a card"]


def test_a_rounds_score_says_what_decided_it() -> None:
    decided = {"round": 3, "points": [15, 25], "dealer": 1, "caller": 0, "winner": 1, "caller_climbs": True}
    climbs = Fact("score", None, {"deltas": [1, -1], "totals": [8, 6], **decided})
    assert words([climbs], None) == [
        "Round 3 ends (card points 15–25, won by Bob; Alice, who called trumps, climbs 1):"
        " Alice +1, Bob −1 · totals Alice 8, Bob 6"
    ]
    won = {**decided, "points": [17, 23], "dealer": 0, "caller": 1, "caller_climbs": False}
    assert words([Fact("score", None, {"deltas": [0, -1], "totals": [7, 6], **won})], 0) == [
        "Round 3 ends (card points 17–23, won by Bob): Bob −1 · totals Alice 7, Bob 6"
    ]
    tie = {**decided, "points": [20, 20], "winner": None, "caller_climbs": False}
    assert words([Fact("score", None, {"deltas": [0, 0], "totals": [7, 7], **tie})], None) == [
        "Round 3 ends (card points 20–20, nobody wins the round): no change · totals Alice 7, Bob 7"
    ]


def test_each_rounds_score_carries_the_engines_decision() -> None:
    state = cardtable.make("troeven", version=1).new_game(seed=3)
    rng = random.Random(3)
    facts = state.opening()
    while not state.is_terminal():
        facts += state.tell(rng.choice(state.legal_actions()))
    scores = [fact for fact in facts if fact.kind == "score"]
    deals = [fact for fact in facts if fact.kind == "deal"]
    assert [fact.args["round"] for fact in scores] == list(range(1, len(scores) + 1))
    assert [fact.args["round"] for fact in deals] == list(range(1, len(deals) + 1))
    for fact, deal in zip(scores, deals, strict=False):
        args = fact.args
        assert sum(args["points"]) == 40 and args["dealer"] == deal.args["dealer"] == 1 - args["caller"]
        if args["winner"] is None:
            assert args["points"][0] == args["points"][1] and args["deltas"] == [0, 0]
        else:
            assert max(args["points"]) == args["points"][args["winner"]] > 20
            assert args["deltas"][args["winner"]] == -1
        assert args["caller_climbs"] == (args["deltas"][args["caller"]] == 1)
    assert any(fact.args["caller_climbs"] for fact in scores)
    assert any(not fact.args["caller_climbs"] and fact.args["winner"] is not None for fact in scores)
