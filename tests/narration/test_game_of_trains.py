"""Game of Trains told by its facts: telling a move changes nothing in the game, each kind of move reads
as the game log always read it (and as "you" to its own player), and a drawn card is named to its drawer
alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable
from cardtable.core.story import Fact
from cardtable.narration import narrator_for, say

NAMES = ["Alice", "Bob"]
NARRATOR = narrator_for("game-of-trains")


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 3, "first_player": 1, "turn_limit": 60}, {"players": 4, "turn_limit": 300}],
)
def test_telling_the_moves_makes_the_same_game(options: dict[str, Any]) -> None:
    game = cardtable.make("game-of-trains", **options)
    kinds: set[str] = set()
    for seed in range(30):
        played, told = game.new_game(seed=seed), game.new_game(seed=seed)
        kinds.update(fact.kind for fact in told.opening())
        rng = random.Random(seed)
        while not played.is_terminal():
            legal = played.legal_actions()
            assert told.legal_actions() == legal
            action = rng.choice(legal)
            played.apply_action(action)
            kinds.update(fact.kind for fact in told.tell(action))
        assert told.record() == played.record()
        assert told.returns() == played.returns()
        assert told.observation(None) == played.observation(None)
    assert {"deal", "draw", "place", "use", "trains", "end"} <= kinds
    if "turn_limit" not in options:
        assert "shuffle" in kinds  # long games run through the draw pile


def story(moves: list[str]) -> list[list[Fact]]:
    """The facts of each of ``moves`` in a two-player game (seed 1, Alice first, 6 turns at most)."""
    state = cardtable.make("game-of-trains", players=2, first_player=0, turn_limit=6).new_game(seed=1)
    assert state.opening() == [Fact("deal", None, {"first": 0})]
    return [state.tell(state.string_to_action(move)) for move in moves]


def lines(facts: list[Fact], viewer: int | None, you: int | None = None) -> list[str]:
    return [say(NARRATOR, line, NAMES, you) for line in NARRATOR.step_lines(facts, viewer)]


MOVES = ["place 40 7", "place 33 7", "draw", "place 28 1", "use 10 4", "use 72", "use 1 2", "draw"]
MOVES += ["place 32 2", "use 36 1"]


def test_each_move_reads_as_the_log_reads_it() -> None:
    told = [lines(facts, None) for facts in story(MOVES)]
    assert told == [
        ["Alice places 40 at position 7, 10 goes to the market"],
        ["Bob places 33 at position 7, 1 goes to the market"],
        ["Alice draws a card"],
        ["Alice places 28 at position 1, 72 goes to the market"],
        ["Bob uses 10 from the market: protects car 57 at position 4"],
        ["Alice uses 72 from the market: every train loses its car at position 4 unless it is protected"],
        ["Bob uses 1 from the market: moves car 73 from position 2 to 4"],
        ["Alice draws a card"],
        ["Alice places 32 at position 2, 36 goes to the market"],
        [
            "Bob uses 36 from the market: swaps the cars at positions 1 and 2 (78 and 61)",
            "Game over: nobody won",
        ],
    ]


def test_the_last_step_tells_every_train_as_it_ends() -> None:
    last = story(MOVES)[-1]
    assert [fact.kind for fact in last] == ["use", "trains", "end"]
    assert last[1].args["trains"] == [
        ["28", "32", "27", "17", "20", "14", "40"],
        ["61", "78", "57", "73", "43", "9", "33"],
    ]


def test_a_drawn_card_is_named_to_its_drawer_alone() -> None:
    draw = story(MOVES[:3])[-1]
    assert draw == [Fact("draw", 0, {}, secret={"card": "28"}, move=True)]
    assert lines(draw, 0) == ["Alice draws 28 (only you see it)"]
    assert lines(draw, 1) == lines(draw, None) == ["Alice draws a card"]
    assert lines(draw, 0, you=0) == ["You draw 28 (only you see it)"]
    assert lines(draw, 1, you=1) == ["Alice draws a card"]


def test_a_player_is_told_their_own_moves_as_you() -> None:
    steps = story(MOVES[:5])
    assert lines(steps[0], 0, you=0) == ["You place 40 at position 7, 10 goes to the market"]
    assert lines(steps[4], 1, you=1) == ["You use 10 from the market: protects car 57 at position 4"]
    assert lines(steps[4], 0, you=0) == ["Bob uses 10 from the market: protects car 57 at position 4"]


def test_any_action_id_can_be_described_and_told() -> None:
    state = cardtable.make("game-of-trains", players=2, first_player=0).new_game(seed=1)
    for move in MOVES[:5]:
        state.apply_action(state.string_to_action(move))
    for action in range(state.game.num_actions):
        fact = state.describe(action)
        assert fact.move and fact.seat == 0
        assert lines([fact], None)[0].startswith("Alice ")
    assert lines([state.describe(state.string_to_action("use 1"))], None) == [
        "Alice uses 1 from the market: move_r2"  # the form MOVE_R2 never takes (it needs a position)
    ]
