"""Mü told by its engine's facts and its narrator: telling a move changes nothing a match records, each
decision and outcome reads as the log said it (to the site, and to the terminal's "you"), and nothing a
seat hides reaches a fact."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable
from cardtable.core.game import State
from cardtable.core.story import Fact
from cardtable.games.mue.cards import DONE, PASS
from cardtable.narration import say
from cardtable.narration.mue import NARRATOR

from ..games.test_mue import CONFIGS

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]


def choose(state: State, rng: random.Random) -> int:
    """A random move that ends the turn (pass or done) more often than uniform play, so that auctions
    end in every way (void, éclat, a Chief who makes or fails the bid)."""
    legal: list[int] = list(state.legal_actions())
    ends = [action for action in legal if action in (PASS, DONE)]
    return rng.choice(ends if ends and rng.random() < 0.6 else legal)


def told_game(options: dict[str, Any], seed: int) -> tuple[State, State, list[list[Fact]]]:
    """The same random match played with ``apply_action`` and with ``tell``, and the facts told."""
    game = cardtable.make("mue", **options, end="deals", deals=1)
    plain, told = game.new_game(seed=seed), game.new_game(seed=seed)
    steps = [told.opening()]
    rng = random.Random(seed)
    while not plain.is_terminal():
        assert plain.legal_actions() == told.legal_actions()
        action = choose(plain, rng)
        plain.apply_action(action)
        steps.append(told.tell(action))
    return plain, told, steps


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_telling_the_moves_records_the_same_match(options: dict[str, Any]) -> None:
    outcomes = set()
    for seed in range(30):
        plain, told, steps = told_game(options, seed)
        assert told.record() == plain.record()
        assert told.observation(None) == plain.observation(None)
        outcomes |= {fact.args["outcome"] for facts in steps for fact in facts if fact.kind == "score"}
    assert outcomes == {"void", "eclat", "made", "failed"}


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_no_fact_holds_a_hidden_card(options: dict[str, Any]) -> None:
    """Mü hides nothing it tells: every card a fact names is public once the move is made (face up, in
    the trick or the last trick), no fact has a secret, and no deal's deck is told."""
    game = cardtable.make("mue", **options, end="deals", deals=1)
    state = game.new_game(seed=3)
    rng = random.Random(3)
    facts = state.opening()
    while True:
        view = state.observation(None)
        public = {code for codes in view["face_up"] for code in codes} | set(view["played"])
        public |= {play["card"] for play in (view["last_trick"] or {}).get("cards", [])}
        for fact in facts:
            assert fact.secret is None and "deck" not in fact.args
            named = [*fact.args.get("cards", []), *([fact.args["card"]] if "card" in fact.args else [])]
            assert set(named) <= public, fact
        if state.is_terminal():
            break
        facts = state.tell(choose(state, rng))


def told(state: State, move: str, you: int | None = None) -> list[str]:
    """``move`` made and told in the site's words, or to ``you`` as the terminal says it."""
    facts = state.tell(state.game.string_to_action(move))
    return [say(NARRATOR, line, NAMES[: state.game.players], you) for line in NARRATOR.step_lines(facts, you)]


def opening(state: State, you: int | None = None) -> list[str]:
    lines = NARRATOR.step_lines(state.opening(), you)
    return [say(NARRATOR, line, NAMES[: state.game.players], you) for line in lines]


def test_a_played_hand_told_move_by_move() -> None:
    state = cardtable.make("mue", players=4, first_dealer=0).new_game(seed=1)
    assert opening(state) == ["Hand 1: Alice deals"]
    assert opening(state, you=0) == ["Hand 1: you deal"]
    assert told(state, "show R1") == []  # told with the whole bid, at its done
    assert told(state, "done") == ["Alice shows red 1 (1 face up)"]
    told(state, "show B3")
    told(state, "show R7")
    assert told(state, "done", you=1) == ["You show blue 3, red 7 (2 face up)"]
    assert told(state, "pass") == ["Carol passes"]
    told(state, "pass")
    told(state, "pass")
    assert told(state, "pass", you=1) == [
        "You pass",
        "Auction over: you are Chief with 2 cards up (target 32); Alice is Vice",
    ]
    assert told(state, "trump 1") == ["Alice (Vice) names trump: every 1"]
    assert told(state, "trump R", you=1) == ["You (Chief) name trump: red"]
    assert told(state, "partner 3") == ["Bob names Dave as partner; together they need 32 points"]
    assert told(state, "R7", you=1) == ["You play red 7"]
    assert told(state, "R9") == ["Carol plays red 9"]
    told(state, "R5")
    assert told(state, "R1", you=0) == [
        "You play red 1",
        "You take the trick (red 7, red 9, red 5, red 1)",
    ]


def test_a_hand_without_a_chief_is_scored_by_its_outcome() -> None:
    state = cardtable.make("mue", players=4, first_dealer=0).new_game(seed=1)
    for move in ("pass", "pass", "pass"):
        told(state, move)
    assert told(state, "pass") == [
        "Dave passes",
        "Hand 1 ends (nobody bid): no change · totals Alice 0, Bob 0, Carol 0, Dave 0",
        "Hand 2: Bob deals",
    ]
    for move in ("show B1", "done", "show P3", "done", "pass", "pass", "pass"):
        told(state, move)
    assert told(state, "pass", you=2) == [
        "You pass",
        "Hand 2 ends (éclat at 1 between Bob and you; you came last): Bob +5, you −10"
        " · totals Alice 0, Bob 5, you −10, Dave 0",
        "Hand 3: you deal",
    ]


def test_a_dealer_who_sits_out_says_so() -> None:
    state = cardtable.make("mue", players=6, dealer_sits_out=True, first_dealer=2).new_game(seed=2)
    assert opening(state) == ["Hand 1: Carol deals and sits out"]
    assert opening(state, you=2) == ["Hand 1: you deal and sit out"]
