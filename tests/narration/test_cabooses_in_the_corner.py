"""Cabooses in the Corner told by its engine's facts: telling a move changes nothing a played move would
not, every card drawn and every train departing is told (the cards drawn to the drawer alone), and the
lines read as the players say them, cards in words as the pack names them ("You play red 7 to NE"), and
each move as a choice of its decision, without its mover ("red 7 to NE"), as a review shows it."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

import cardtable
from cardtable.core.story import Fact
from cardtable.narration import narrator_for, say, say_move

from ..games.test_cabooses_in_the_corner import stacked
from .helpers import played

GAME = "cabooses-in-the-corner"
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]
NARRATOR = narrator_for(GAME)
OPTION_SETS = [
    {"players": 2, "broken_cabooses": False},
    {"players": 3},
    {"players": 4, "first_dealer": 1},
    {"players": 6, "broken_cabooses": False},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_told_game_is_the_game_played(options: dict[str, Any]) -> None:
    for seed in range(30):
        told, made = played(GAME, options, seed, tell=True), played(GAME, options, seed, tell=False)
        assert told.record() == made.record()
        assert told.returns() == made.returns()


@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_card_drawn_and_every_departure_is_told(options: dict[str, Any]) -> None:
    """Over whole games: the draw facts account for every card the depot lost, name the cards the
    drawer's hand gained (in their secret), and say how many no play forced; departures are the trains
    the table shows leaving."""
    players = cardtable.make(GAME, **options).players
    for seed in range(30):  # among them games ending in a stalemate after draws
        state = cardtable.make(GAME, **options).new_game(seed=seed)
        rng = random.Random(seed)
        deal = state.record()["events"][0]["deal"]
        deck, dealer, dealt = deal["deck"], deal["dealer"], 7 * players
        hands = [deck[(seat - dealer - 1) % players : dealt : players] for seat in range(players)]  # §4
        before = [{"hand": hand, "depot": len(deck) - dealt - 4, "departed": []} for hand in hands]
        facts = state.opening()
        while True:
            after = [state.observation(seat) for seat in range(players)]
            draws = [fact for fact in facts if fact.kind == "draw"]
            assert sum(fact.args["count"] for fact in draws) == before[0]["depot"] - after[0]["depot"]
            for fact in draws:
                assert (
                    fact.seat is not None
                    and fact.secret is not None
                    and set(fact.args) == {"count", "forced"}
                )
                gained: Counter[str] = Counter(after[fact.seat]["hand"]) - Counter(before[fact.seat]["hand"])
                assert Counter(fact.secret["cards"]) == gained
                turn_started = not facts[0].move or facts[0].kind == "end-turn"
                assert fact.args["forced"] == fact.args["count"] - (1 if turn_started else 0)
            departed = [fact.args["cards"] for fact in facts if fact.kind == "depart"]
            assert departed == after[0]["departed"][len(before[0]["departed"]) :]
            if state.is_terminal():
                assert facts[-1] == Fact("end", None, {"winners": after[0]["winners"]})
                break
            before = after
            facts = state.tell(rng.choice(state.legal_actions()))


def words(facts: list[Fact], viewer: int | None, you: int | None = None) -> list[str]:
    return [say(NARRATOR, line, NAMES[:2], you) for line in NARRATOR.step_lines(facts, viewer)]


def test_the_deal_and_the_first_draw() -> None:
    state = stacked({0: "R7 R4 R3 R2 R1 W4 B4", 1: "R6"}, "P8 R5 W5 B5", "W2 B2 W3")
    deal, draw = state.opening()
    assert deal == Fact("deal", None, {"dealer": 1, "first": 0})
    assert draw == Fact("draw", 0, {"count": 1, "forced": 0}, secret={"cards": ["W2"]})
    assert words([deal, draw], None) == ["Bob deals; Alice starts", "Alice draws 1 card"]
    assert words([deal, draw], 0, you=0)[1] == "You draw 1 card"


def test_a_turn_told_move_by_move() -> None:
    state = stacked({0: "R7 R4 R3 R2 R1 W4 B4", 1: "R6"}, "P8 R5 W5 B5", "W2 B2 W3")
    relocate = state.tell(state.string_to_action("relocate N NE"))
    assert relocate == [Fact("relocate", 0, {"from": "N", "corner": "NE"}, move=True)]
    assert words(relocate, 1) == ["Alice moves the caboose pile on N to the corner NE"]
    assert words(relocate, 0, you=0) == ["You move the caboose pile on N to the corner NE"]
    play = state.tell(state.string_to_action("play R7 NE"))
    assert play == [Fact("play", 0, {"card": "R7", "place": "NE"}, move=True)]
    assert words(play, 0, you=0) == ["You play red 7 to NE"]
    end = state.tell(state.string_to_action("end"))
    assert end == [
        Fact("end-turn", 0, {}, move=True),
        Fact("draw", 1, {"count": 1, "forced": 0}, secret={"cards": ["B2"]}),
    ]
    assert words(end, 0, you=0) == ["You end the turn", "Bob draws 1 card"]
    assert words(end, 1, you=1) == ["Alice ends the turn", "You draw 1 card"]


def test_a_move_and_a_departing_train() -> None:
    state = stacked(
        {0: "R7 R4 R3 R2 R1 W4 B4", 1: "R6"},
        "P8 R5 W5 B5",
        "W2 B2 W3",
        moves="relocate N NE; play R7 NE; end; play R6 NE; end",
    )
    move = state.tell(state.string_to_action("move E 1 NE"))
    assert move == [Fact("move", 0, {"from": "E", "count": 1, "to": "NE"}, move=True)]
    assert words(move, None) == ["Alice moves 1 card from E to NE"]
    assert words(move, 0, you=0) == ["You move 1 card from E to NE"]
    for card in ("R4", "R3", "R2"):
        state.apply_action(state.string_to_action(f"play {card} NE"))
    last = state.tell(state.string_to_action("play R1 NE"))
    assert last[1] == Fact("depart", None, {"cards": ["P8", "R7", "R6", "R5", "R4", "R3", "R2", "R1"]})
    assert words(last, 1)[1] == (
        "A complete train departs: purple caboose, red 7, red 6, red 5, red 4, red 3, red 2, red engine 1"
    )


def test_each_move_as_a_choice_names_its_cards_and_places_without_its_mover() -> None:
    """What a review shows of each legal move (``say_move``): the log's words without "Alice", no code."""
    state = stacked({0: "R7 R4 R3 R2 R1 W4 B4", 1: "R6"}, "P8 R5 W5 B5", "W2 B2 W3")
    choices = {
        state.action_to_string(action): [
            say_move(NARRATOR, line, NAMES[:2]) for line in NARRATOR.choice_lines(state.describe(action))
        ]
        for action in state.legal_actions()
    }
    assert choices["play R4 E"] == ["red 4 to E"]
    assert choices["relocate N NE"] == ["the caboose pile on N to the corner NE"]
    assert all(len(said) == 1 and "Alice" not in said[0] for said in choices.values())
    assert not [said for said in choices.values() if re.search(r"\b[BRWPO][0-9B]\b", said[0])]
    state.apply_action(state.string_to_action("play R4 E"))
    assert [
        say_move(NARRATOR, line, NAMES[:2])
        for line in NARRATOR.choice_lines(state.describe(state.string_to_action("end")))
    ] == ["end the turn"]


def test_forced_draws_and_an_empty_depot_in_words() -> None:
    turn = Fact("draw", 1, {"count": 3, "forced": 2}, secret={"cards": ["B2", "W7", "P8"]})
    more = Fact("draw", 1, {"count": 1, "forced": 1}, secret={"cards": ["R3"]})
    empty = Fact("depot-empty")
    assert words([turn, more, empty], 0) == [
        "Bob draws 3 cards (2 more: no play was possible)",
        "Bob draws 1 more: no play was possible",
        "The depot is empty: turns now start without a draw",
    ]
    assert words([turn, more], 1, you=1) == [
        "You draw 3 cards (2 more: no play was possible)",
        "You draw 1 more: no play was possible",
    ]


def test_the_cards_drawn_stay_with_the_drawer() -> None:
    state = stacked({0: "R7 R4 R3 R2 R1 W4 B4", 1: "R6"}, "P8 R5 W5 B5", "W2 B2 W3", moves="play R4 E")
    draw = state.tell(state.string_to_action("end"))[1]
    assert draw.seat == 1 and draw.secret == {"cards": ["B2"]} and "B2" not in str(draw.args)
    assert draw.seen_by(1).secret == {"cards": ["B2"]}
    for viewer in (0, None):
        assert draw.seen_by(viewer).secret is None
        (line,) = NARRATOR.step_lines([draw], viewer)
        assert "B2" not in str(line.params)
