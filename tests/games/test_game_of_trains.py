"""Game of Trains: the worked examples of rules/game-of-trains.md, and properties over random games.

The worked examples start from positions that take several turns to reach (a train far from the
descending order it is dealt in, a given market, given cards on top of the draw pile). Each is reached
through a record, like any replay: a stacked deal, the draws in order, and the moves of every turn;
the test first checks that the position is the example's, then plays the example's move.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from itertools import pairwise

import pytest

import cardtable
from cardtable import IllegalAction, InvalidNotation
from cardtable.games.game_of_trains import (
    ABILITY_OF,
    DRAW,
    NUM_ACTIONS,
    PLACE_BASE,
    RAILCARS,
    USE_AT_BASE,
    USE_BASE,
    Ability,
    ability_table,
    moved_positions,
    rearranged,
)

from ..helpers import random_playout

CARD = re.compile(r"^[1-9][0-9]?$")


def stacked(
    players: int,
    first: int,
    dealt: dict[int, list[int]],
    draws: list[int],
    moves: list[str] = (),  # type: ignore[assignment]
    turn_limit: int = 1000,
) -> cardtable.State:
    """A game whose deal gives each seat ``dealt[seat]`` and puts ``draws`` on top of the draw pile in
    that order (setup draws first: the k-th seat from ``first`` takes the next k), the other cards
    after them in ascending order; then ``moves`` in turn. Built through the record like any replay."""
    deck = [card for seat in range(players) for card in dealt[seat]] + list(draws)
    deck += [card for card in range(1, 85) if card not in deck]
    assert sorted(deck) == list(range(1, 85))
    state = cardtable.replay(
        {
            "format": "cardtable-record/1",
            "game": "game-of-trains",
            "options": {"players": players, "first_player": first, "turn_limit": turn_limit},
            "seed": None,
            "events": [{"deal": {"first": first, "deck": [str(card) for card in deck]}}],
            "result": None,
        }
    )
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def train(state: cardtable.State, seat: int) -> list[int]:
    return [int(car["card"]) for car in state.observation(None)["trains"][seat]]


def is_ascending(cars: list[int]) -> bool:
    """The win condition, checked independently of the engine: each car greater than the one before."""
    return all(left < right for left, right in pairwise(cars))


def protected(state: cardtable.State, seat: int) -> dict[int, int]:
    """Position (1–7) → the protect card under that car."""
    cars = state.observation(None)["trains"][seat]
    return {p: int(car["protect"]) for p, car in enumerate(cars, start=1) if car["protect"] is not None}


def market(state: cardtable.State) -> set[int]:
    return {int(card["card"]) for card in state.observation(None)["market"]}


def piles(state: cardtable.State) -> tuple[int, int]:
    obs = state.observation(None)
    return obs["draw_pile"], obs["discard_pile"]


def script(text: str) -> list[str]:
    """Moves written one after another, separated by commas."""
    return [move.strip() for move in text.split(",")]


def legal(state: cardtable.State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def play(state: cardtable.State, *moves: str) -> None:
    for move in moves:
        state.apply_action(state.string_to_action(move))


# -- Table A and the ability table ----------------------------------------------------------------


def test_table_a_gives_every_card_one_ability_with_the_specs_counts() -> None:
    """Components, Table A: 84 cards; 4 abilities × 11 and 4 × 10; the cycle of 8 up to 48."""
    counts = Counter(ABILITY_OF[card] for card in range(1, 85))
    assert sum(counts.values()) == 84 and sorted(counts.values()) == [10] * 4 + [11] * 4
    cycle = [Ability.MOVE_R2, Ability.PROTECT, Ability.MOVE_L2, Ability.SWAP_ADJ]
    cycle += [Ability.REMOVE_MIDDLE, Ability.REMOVE_LAST, Ability.REMOVE_FIRST, Ability.SWAP_GAP1]
    assert all(ABILITY_OF[n] is cycle[(n - 1) % 8] for n in range(1, 49))


def test_a_table_that_misses_or_repeats_a_card_is_refused() -> None:
    """The table is data that can be replaced, so a broken replacement must fail loudly."""
    broken = dict(RAILCARS)
    broken[Ability.PROTECT] = (*broken[Ability.PROTECT], 1)
    with pytest.raises(ValueError, match="exactly one ability"):
        ability_table(broken)


def test_action_ids_are_stable_with_named_offsets() -> None:
    game = cardtable.make("game-of-trains")
    assert (PLACE_BASE, DRAW, USE_BASE, USE_AT_BASE, NUM_ACTIONS) == (0, 588, 589, 673, 1261)
    assert game.num_actions == NUM_ACTIONS
    assert game.string_to_action("place 1 1") == PLACE_BASE
    assert game.string_to_action("place 84 7") == DRAW - 1
    assert game.string_to_action("use 1") == USE_BASE
    assert game.string_to_action("use 84 7") == NUM_ACTIONS - 1
    assert game.string_to_action("  USE   12  3 ") == game.string_to_action("use 12 3")


@pytest.mark.parametrize(
    "text", ["place 85 1", "place 45 8", "place 45", "use", "draw 3", "use 0", "put 4 1"]
)
def test_malformed_moves_are_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotation):
        cardtable.make("game-of-trains").string_to_action(text)


# -- Setup ------------------------------------------------------------------------------------------


def test_setup_sorts_the_dealt_cards_descending() -> None:
    """Worked example 1: dealt {12, 77, 3, 45, 60, 8, 31} → [77 60 45 31 12 8 3]."""
    state = stacked(2, 0, {0: [12, 77, 3, 45, 60, 8, 31], 1: [84, 83, 82, 81, 80, 79, 78]}, [])
    assert train(state, 0) == [77, 60, 45, 31, 12, 8, 3]


@pytest.mark.parametrize(("players", "draw_pile", "discards"), [(2, 67, 1), (3, 57, 3), (4, 46, 6)])
def test_setup_counts(players: int, draw_pile: int, discards: int) -> None:
    """Setup step 6 and worked example 14: the k-th player draws k; after setup the draw pile holds
    67 / 57 / 46 and the discard pile 1 / 3 / 6 plus any cancelled pairs; the market ≤ N cards."""
    for seed in range(20):
        state = cardtable.make("game-of-trains", players=players).new_game(seed=seed)
        first = state.current_player()
        sizes = state.observation(None)["setup_hand_sizes"]
        assert [sizes[(first + k) % players] for k in range(players)] == list(range(1, players + 1))
        assert piles(state) == (84 - 7 * players - sum(sizes), 0)
        rng = random.Random(seed)
        for _ in range(players):
            assert state.observation(None)["phase"] == "setup"
            state.apply_action(rng.choice(state.legal_actions()))
        cards_in_market = len(market(state))
        pairs = (players - cards_in_market) // 2
        assert cards_in_market <= players and cards_in_market + 2 * pairs == players
        assert piles(state) == (draw_pile, discards + 2 * pairs)
        assert state.observation(None)["phase"] == "turn" and state.current_player() == first


def test_setup_keeps_one_drawn_card_and_discards_the_rest() -> None:
    """Setup steps 4–5: seat 1 (second) draws 62 and 5, keeps 5 at position 7; 62 goes face down to
    the discard pile; no other card is legal to place. The replaced cars go to the market, where the
    duplicate rule applies already: 10 and 78 are both PROTECT, so both are discarded."""
    state = stacked(2, 0, {0: [70, 60, 50, 40, 30, 20, 10], 1: [84, 83, 82, 81, 80, 79, 78]}, [9, 62, 5])
    assert legal(state) == {f"place 9 {p}" for p in range(1, 8)}
    play(state, "place 9 7")
    assert legal(state) == {f"place {c} {p}" for c in (5, 62) for p in range(1, 8)}
    with pytest.raises(IllegalAction, match="seat 1 cannot place 12 3: in setup they place one of the cards"):
        state.apply_action(state.string_to_action("place 12 3"))
    with pytest.raises(IllegalAction, match="seat 1 cannot draw"):
        state.apply_action(state.string_to_action("draw"))
    play(state, "place 5 7")
    assert train(state, 1) == [84, 83, 82, 81, 80, 79, 5]
    assert market(state) == set() and piles(state)[1] == 3
    assert state.observation(1)["setup_discards"] == [{"card": "62", "ability": "SWAP_ADJ"}]
    assert state.observation(0)["setup_discards"] == []


def test_setup_draws_are_private() -> None:
    """Information: in setup each player sees only their own drawn cards."""
    dealt = {0: [70, 60, 50, 40, 30, 20, 10], 1: [84, 83, 82, 81, 80, 79, 78], 2: [1, 2, 3, 4, 6, 7, 8]}
    state = stacked(3, 1, dealt, [9, 62, 5])
    hands = {seat: state.observation(seat)["setup_hand"] for seat in range(3)}
    assert [c["card"] for c in hands[1]] == ["9"] and [c["card"] for c in hands[2]] == ["5", "62"]
    assert len(hands[0]) == 3 and state.observation(None)["setup_hand"] is None
    assert state.observation(None)["setup_hand_sizes"] == [3, 1, 2]


# -- Normal turns: draw and place ------------------------------------------------------------------


def test_drawn_card_replaces_a_car_which_goes_to_the_market() -> None:
    """Worked example 2: [77 60 45 31 12 8 3], market {5}; draw 20, place at 1 →
    [20 60 45 31 12 8 3], market {5, 77}."""
    state = stacked(
        2,
        1,
        {0: [77, 60, 45, 31, 12, 8, 5], 1: [84, 83, 82, 81, 80, 79, 78]},
        [70, 3, 66, 20],
        ["place 70 5", "place 3 7", "use 80 1"],
    )
    assert (
        state.current_player() == 0 and train(state, 0) == [77, 60, 45, 31, 12, 8, 3] and market(state) == {5}
    )
    play(state, "draw")
    assert state.observation(0)["drawn"] == {"card": "20", "ability": "SWAP_ADJ"}
    assert state.observation(1)["drawn"] is None and state.observation(None)["drawn"] is None
    assert legal(state) == {f"place 20 {p}" for p in range(1, 8)}
    play(state, "place 20 1")
    assert train(state, 0) == [20, 60, 45, 31, 12, 8, 3] and market(state) == {5, 77}
    assert state.current_player() == 1


def test_a_card_entering_beside_one_of_its_ability_discards_both() -> None:
    """Worked example 3: market {9, 4}; draw 50 and replace 17 (MOVE_R2): 17 and 9 are discarded →
    market {4}, discard pile +2."""
    state = stacked(
        2,
        0,
        {0: [40, 30, 17, 15, 11, 10, 9], 1: [84, 83, 82, 81, 80, 79, 4]},
        [2, 65, 64, 50],
        ["place 2 7", "place 65 7"],
    )
    assert market(state) == {9, 4} and 17 in train(state, 0)
    discards = piles(state)[1]
    play(state, "draw", "place 50 3")
    assert market(state) == {4} and piles(state)[1] == discards + 2
    assert train(state, 0) == [40, 30, 50, 15, 11, 10, 2]


def test_placing_another_card_than_the_one_drawn_is_illegal() -> None:
    """Action A: the card placed is the card just drawn; a turn is draw then place."""
    state = stacked(
        2, 0, {0: [40, 30, 17, 15, 11, 10, 9], 1: [84, 83, 82, 81, 80, 79, 4]}, [2, 65, 64, 50], ["place 2 7"]
    )
    play(state, "place 65 7")
    with pytest.raises(IllegalAction, match="seat 0 cannot place 50 1: a turn is either draw"):
        state.apply_action(state.string_to_action("place 50 1"))
    play(state, "draw")
    with pytest.raises(IllegalAction, match="seat 0 cannot place 49 1: 49 is not the card they drew"):
        state.apply_action(state.string_to_action("place 49 1"))
    with pytest.raises(IllegalAction, match="seat 0 cannot use 9 2: they must first place"):
        state.apply_action(state.string_to_action("use 9 2"))


# -- Abilities ----------------------------------------------------------------------------------------


def with_market_card(card: int) -> cardtable.State:
    """Seat 0 to act with [45 30 22 17 9 5 2] and ``card`` in the market (beside 46, a PROTECT)."""
    return stacked(
        2,
        0,
        {0: [46, 30, 22, 17, 9, 5, 2], 1: [84, 83, 82, 81, 80, 79, card]},
        [45, 44, 43],
        ["place 45 1", "place 44 7"],
    )


def test_swap_gap1_swaps_two_cars_around_the_one_between() -> None:
    """Worked example 4: SWAP_GAP1, p=2: [45 30 22 17 9 5 2] → [45 17 22 30 9 5 2]."""
    assert rearranged([45, 30, 22, 17, 9, 5, 2], Ability.SWAP_GAP1, 2) == [45, 17, 22, 30, 9, 5, 2]
    state = with_market_card(8)
    assert train(state, 0) == [45, 30, 22, 17, 9, 5, 2] and market(state) == {46, 8}
    assert {f"use 8 {p}" for p in range(1, 6)} <= legal(state) and "use 8 6" not in legal(state)
    play(state, "use 8 2")
    assert train(state, 0) == [45, 17, 22, 30, 9, 5, 2] and market(state) == {46}


def test_move_r2_moves_a_car_two_places_right() -> None:
    """Worked example 5: MOVE_R2, p=2: [45 30 22 17 9 5 2] → [45 22 17 30 9 5 2]; p=6 is illegal."""
    assert rearranged([45, 30, 22, 17, 9, 5, 2], Ability.MOVE_R2, 2) == [45, 22, 17, 30, 9, 5, 2]
    with pytest.raises(ValueError, match="MOVE_R2 cannot be used at position 6"):
        rearranged([45, 30, 22, 17, 9, 5, 2], Ability.MOVE_R2, 6)
    state = with_market_card(33)
    with pytest.raises(IllegalAction, match="seat 0 cannot use 33 6: MOVE_R2 acts on positions 1 to 5 only"):
        state.apply_action(state.string_to_action("use 33 6"))
    play(state, "use 33 2")
    assert train(state, 0) == [45, 22, 17, 30, 9, 5, 2]


def test_move_l2_moves_a_car_two_places_left() -> None:
    """Worked example 6: MOVE_L2, p=7: [45 30 22 17 9 5 2] → [45 30 22 17 2 9 5]; p=2 is illegal.
    P is the car that moves (records.md)."""
    assert rearranged([45, 30, 22, 17, 9, 5, 2], Ability.MOVE_L2, 7) == [45, 30, 22, 17, 2, 9, 5]
    state = with_market_card(3)
    with pytest.raises(IllegalAction, match="seat 0 cannot use 3 2: MOVE_L2 acts on positions 3 to 7 only"):
        state.apply_action(state.string_to_action("use 3 2"))
    play(state, "use 3 7")
    assert train(state, 0) == [45, 30, 22, 17, 2, 9, 5]


def test_swap_adj_and_the_cars_each_ability_moves() -> None:
    """Abilities table: SWAP_ADJ swaps p and p+1; the positions each swap or move changes."""
    assert rearranged([1, 2, 3, 4, 5, 6, 7], Ability.SWAP_ADJ, 6) == [1, 2, 3, 4, 5, 7, 6]
    assert moved_positions(Ability.SWAP_ADJ, 3) == (3, 4)
    assert moved_positions(Ability.SWAP_GAP1, 2) == (2, 4)
    assert moved_positions(Ability.MOVE_R2, 2) == (2, 3, 4)
    assert moved_positions(Ability.MOVE_L2, 7) == (5, 6, 7)


def test_swap_adj_that_makes_the_train_ascending_wins() -> None:
    """Worked example 7: A uses 4 (SWAP_ADJ) at 3: [10 20 40 30 50 60 70] → ascending; A wins."""
    state = stacked(
        2,
        1,
        {0: [84, 82, 40, 30, 17, 13, 4], 1: [81, 69, 29, 24, 18, 6, 1]},
        [77, 10, 44, 64, 20, 55, 50, 46, 60, 37, 70, 28],
        script(
            "place 77 2, place 10 1, draw, place 64 3, draw, place 20 2, draw, place 55 4, draw, "
            "place 50 5, draw, place 46 5, draw, place 60 6, draw, place 37 6, draw, place 70 7, draw, "
            "place 28 7"
        ),
    )
    assert state.current_player() == 0 and train(state, 0) == [10, 20, 40, 30, 50, 60, 70]
    assert market(state) == {4}
    play(state, "use 4 3")
    assert train(state, 0) == [10, 20, 30, 40, 50, 60, 70]
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert state.record()["result"] == {"winners": [0]}


def test_removal_skips_protected_cars_and_refills_in_turn_order() -> None:
    """Worked example 8: A uses 13 (REMOVE_MIDDLE); A's 61 enters, B's protected 42 stays, C's 35
    cancels with 61; A then C draw 48 and 19; discard pile +13, 61, 35; nobody is ascending."""
    state = stacked(
        3,
        2,
        {0: [82, 75, 73, 61, 44, 13, 4], 1: [77, 66, 51, 42, 36, 31, 7], 2: [71, 65, 60, 56, 49, 28, 17]},
        [64, 5, 78, 80, 69, 15, 50, 18, 35, 27, 33, 23, 52, 21, 11, 70, 9, 6, 48, 19],
        script(
            "place 64 2, place 5 1, place 80 1, draw, place 50 3, draw, place 18 2, use 60 4, draw, "
            "place 35 4, draw, place 27 3, draw, place 33 5, draw, place 23 5, draw, place 52 6, draw, "
            "place 21 6, draw, place 11 6, draw, place 70 7, draw, place 9 7, draw, place 6 7"
        ),
    )
    assert state.current_player() == 0
    assert [train(state, s) for s in range(3)] == [
        [5, 18, 27, 61, 44, 52, 70],
        [80, 66, 51, 42, 33, 21, 9],
        [71, 64, 50, 35, 23, 11, 6],
    ]
    assert protected(state, 1) == {4: 60} and protected(state, 0) == protected(state, 2) == {}
    assert market(state) == {13, 4}
    draw_pile, discards = piles(state)
    play(state, "use 13")
    assert [train(state, s) for s in range(3)] == [
        [5, 18, 27, 48, 44, 52, 70],
        [80, 66, 51, 42, 33, 21, 9],
        [71, 64, 50, 19, 23, 11, 6],
    ]
    assert market(state) == {4} and piles(state) == (draw_pile - 2, discards + 3)
    assert protected(state, 1) == {4: 60} and not state.is_terminal() and state.current_player() == 1


def test_an_opponent_can_win_on_the_active_players_turn() -> None:
    """Worked example 9: A uses 15 (REMOVE_FIRST); 41 and 66 enter the market; A gets 81, B gets 2 and
    is ascending, so B wins."""
    state = stacked(
        2,
        1,
        {0: [41, 33, 32, 30, 29, 20, 15], 1: [66, 12, 11, 8, 6, 4, 3]},
        [36, 58, 42, 48, 61, 60, 75, 24, 80, 72, 81, 2],
        script(
            "place 36 4, place 58 3, draw, place 48 5, draw, place 61 4, draw, place 60 6, draw, "
            "place 75 6, draw, place 24 3, draw, place 80 7, draw, place 72 7"
        ),
    )
    assert state.current_player() == 0
    assert train(state, 0) == [41, 33, 58, 61, 29, 75, 80] and train(state, 1) == [66, 12, 24, 36, 48, 60, 72]
    assert market(state) == {15}
    play(state, "use 15")
    assert market(state) == {41, 66}
    assert train(state, 0) == [81, 33, 58, 61, 29, 75, 80] and train(state, 1) == [2, 12, 24, 36, 48, 60, 72]
    assert state.is_terminal() and state.record()["result"] == {"winners": [1]}


EXAMPLE_10_TRAINS = [[10, 20, 30, 40, 50, 60, 5], [11, 21, 31, 41, 51, 61, 1], [70, 65, 44, 36, 22, 18, 9]]


def test_active_player_wins_a_tie() -> None:
    """Worked example 10: A uses 6 (REMOVE_LAST); 5 and 1 enter the market (C's 9 is protected);
    A gets 84 and B 83; both are ascending, and A wins because the active player checks first."""
    state = stacked(
        3,
        0,
        {0: [82, 80, 78, 74, 62, 60, 5], 1: [69, 67, 66, 64, 63, 61, 1], 2: [70, 65, 44, 42, 32, 7, 6]},
        [10, 11, 47, 36, 56, 71, 20, 21, 22, 30, 31, 18, 40, 41, 9, 50, 51, 84, 83],
        script(
            "place 10 1, place 11 1, place 36 4, draw, place 20 2, draw, place 21 2, draw, place 22 5, "
            "draw, place 30 3, draw, place 31 3, draw, place 18 6, draw, place 40 4, draw, place 41 4, "
            "draw, place 9 7, draw, place 50 5, draw, place 51 5, use 78 7"
        ),
    )
    assert state.current_player() == 0 and [train(state, s) for s in range(3)] == EXAMPLE_10_TRAINS
    assert protected(state, 2) == {7: 78} and protected(state, 0) == {} and market(state) == {6}
    play(state, "use 6")
    assert market(state) == {5, 1}
    assert train(state, 0)[6] == 84 and train(state, 1)[6] == 83
    assert is_ascending(train(state, 0)) and is_ascending(train(state, 1))
    assert state.is_terminal() and state.record()["result"] == {"winners": [0]}


def test_when_the_active_players_car_is_protected_the_next_ascending_player_wins() -> None:
    """Worked example 10, variant: A's last car (5) is protected, so A keeps it; B gets 84 and wins."""
    state = stacked(
        3,
        2,
        {0: [79, 74, 72, 66, 63, 60, 5], 1: [59, 49, 39, 34, 27, 2, 1], 2: [70, 58, 52, 45, 19, 13, 6]},
        [65, 10, 48, 11, 4, 62, 44, 20, 21, 36, 30, 31, 22, 40, 41, 18, 50, 51, 9, 61, 84, 83],
        script(
            "place 65 2, place 10 1, place 11 1, draw, place 44 3, draw, place 20 2, draw, place 21 2, "
            "draw, place 36 4, draw, place 30 3, draw, place 31 3, draw, place 22 5, draw, place 40 4, "
            "draw, place 41 4, draw, place 18 6, draw, place 50 5, draw, place 51 5, draw, place 9 7, "
            "use 34 7, draw, place 61 6, use 2 7"
        ),
    )
    assert state.current_player() == 0 and [train(state, s) for s in range(3)] == EXAMPLE_10_TRAINS
    assert protected(state, 0) == {7: 34} and protected(state, 2) == {7: 2} and market(state) == {6}
    play(state, "use 6")
    assert train(state, 0) == EXAMPLE_10_TRAINS[0] and train(state, 1)[6] == 84
    assert state.is_terminal() and state.record()["result"] == {"winners": [1]}


def protected_example() -> cardtable.State:
    """Seat 0 to act with [45 30 22 17 9 5 2] and card 10 (PROTECT) in the market beside 47."""
    return stacked(
        2,
        0,
        {0: [47, 30, 22, 17, 9, 5, 2], 1: [84, 83, 82, 81, 80, 79, 10]},
        [45, 44, 43, 76, 70],
        ["place 45 1", "place 44 7"],
    )


def test_protection_ends_when_the_car_moves() -> None:
    """Worked example 11: A protects car 2 with card 10; later SWAP_ADJ at 6 → [45 30 22 17 9 2 5];
    car 2 moved, so card 10 goes to the discard pile."""
    state = protected_example()
    assert market(state) == {47, 10}
    play(state, "use 10 7")
    assert protected(state, 0) == {7: 10} and market(state) == {47}
    with pytest.raises(IllegalAction, match="seat 1 cannot use 47 3: REMOVE_FIRST takes no position"):
        state.apply_action(state.string_to_action("use 47 3"))
    play(state, "draw", "place 76 5")  # B's 80 (SWAP_ADJ) enters the market
    discards = piles(state)[1]
    play(state, "use 80 6")
    assert train(state, 0) == [45, 30, 22, 17, 9, 2, 5] and protected(state, 0) == {}
    assert piles(state)[1] == discards + 2  # the used 80 and the protect card 10


def test_replacing_a_protected_car_discards_its_protect_card() -> None:
    """Worked example 12: car 2 protected by 10, market empty; A draws 70 and places it at 7 →
    [45 30 22 17 9 5 70]; car 2 goes to the market, card 10 to the discard pile."""
    state = protected_example()
    play(state, "use 10 7", "draw", "place 76 2")  # B's 83 cancels A's 47
    assert market(state) == set() and protected(state, 0) == {7: 10}
    assert state.legal_actions() == [DRAW]  # Ambiguity 11: with an empty market one must draw
    discards = piles(state)[1]
    play(state, "draw", "place 70 7")
    assert train(state, 0) == [45, 30, 22, 17, 9, 5, 70] and market(state) == {2}
    assert protected(state, 0) == {} and piles(state)[1] == discards + 1


def test_a_protected_car_cannot_be_protected_twice() -> None:
    """PROTECT: legal on a car not already protected."""
    for seed in range(200):
        state = cardtable.make("game-of-trains", players=2).new_game(seed=seed)
        for _ in random_playout(state, seed):
            seat = state.current_player()
            cards = [int(c["card"]) for c in state.observation(None)["market"] if c["ability"] == "PROTECT"]
            mine = protected(state, seat)
            if state.observation(None)["phase"] == "turn" and cards and mine:
                position = next(iter(mine))
                move = f"use {cards[0]} {position}"
                assert move not in legal(state)
                assert all(f"use {cards[0]} {p}" in legal(state) for p in range(1, 8) if p not in mine)
                with pytest.raises(IllegalAction, match="is already protected"):
                    state.apply_action(state.string_to_action(move))
                return
    raise AssertionError("no game reached a protected car with a PROTECT card in the market")


# -- Reshuffling --------------------------------------------------------------------------------------


def find(players: int, seeds: range, wanted: object) -> tuple[cardtable.State, int]:
    """The first state of a seeded random game (and its seed) where ``wanted(state)`` holds."""
    for seed in seeds:
        state = cardtable.make("game-of-trains", players=players).new_game(seed=seed)
        for _ in random_playout(state, seed):
            if wanted(state):  # type: ignore[operator]
                return state, seed
    raise AssertionError("no such state in these games")


def test_an_empty_draw_pile_is_reshuffled_only_when_a_card_is_drawn() -> None:
    """Worked example 13 and records.md: the discard pile becomes the draw pile when a draw needs it,
    the shuffle event standing right after the draw move; an empty pile alone triggers nothing."""
    state, _ = find(2, range(50), lambda s: piles(s)[0] == 0 and s.observation(None)["phase"] == "turn")
    events = state.record()["events"]
    assert "shuffle" not in events[-1]
    discards = piles(state)[1]
    seat = state.current_player()
    play(state, "draw")
    events = state.record()["events"]
    assert events[-2] == {"seat": seat, "move": "draw"} and len(events[-1]["shuffle"]) == discards
    assert piles(state) == (discards - 1, 0)
    assert state.observation(seat)["drawn"]["card"] == events[-1]["shuffle"][0]


REMOVED_INDEX = {"REMOVE_FIRST": 0, "REMOVE_MIDDLE": 3, "REMOVE_LAST": 6}


def removal_in_market(state: cardtable.State) -> int | None:
    obs = state.observation(None)
    cards = [int(c["card"]) for c in obs["market"] if c["ability"] in REMOVED_INDEX]
    return cards[0] if obs["phase"] == "turn" and cards else None


def cars_removed(state: cardtable.State, card: int) -> list[tuple[int, str]]:
    """(seat, ability of its car) for each seat that loses a car to ``card``, in resolution order."""
    index = REMOVED_INDEX[ABILITY_OF[card].name]
    seat, trains = state.current_player(), state.observation(None)["trains"]
    order = [(seat + k) % len(trains) for k in range(len(trains))]
    return [(s, trains[s][index]["ability"]) for s in order if trains[s][index]["protect"] is None]


def late_cancellation_with_one_card_left(state: cardtable.State) -> bool:
    """A removal in the market, one card in the draw pile, and a removed car after the second one that
    cancels in the market, so its pair must be in the reshuffled pile."""
    card = removal_in_market(state)
    if card is None or piles(state)[0] != 1:
        return False
    present = {c["ability"] for c in state.observation(None)["market"]} - {ABILITY_OF[card].name}
    for k, (_, ability) in enumerate(cars_removed(state, card)):
        if ability in present and k >= 2:
            return True
        present ^= {ability}
    return False


def test_a_removal_reshuffles_between_two_replacement_draws() -> None:
    """Removals and records.md: every removed car enters the market before any replacement is drawn;
    when the pile runs out between two replacement draws, the discard pile (with the used card and
    every pair the removals cancelled) becomes the new pile, its shuffle event right after the use
    move, and the later seats get its top cards."""
    state, _ = find(4, range(300), late_cancellation_with_one_card_left)
    card = removal_in_market(state)
    assert card is not None
    index = REMOVED_INDEX[ABILITY_OF[card].name]
    seat, removed = state.current_player(), [s for s, _ in cars_removed(state, card)]
    market_before, discards = len(market(state)), piles(state)[1]
    play(state, f"use {card}")
    events = state.record()["events"]
    assert events[-2] == {"seat": seat, "move": f"use {card}"}
    new_pile = events[-1]["shuffle"]
    cancelled = market_before - 1 + len(removed) - len(market(state))
    assert cancelled >= 2 and len(new_pile) == discards + 1 + cancelled
    got = [train(state, s)[index] for s in removed[1:]]
    assert [str(c) for c in got] == new_pile[: len(got)]


# -- Properties over random games -------------------------------------------------------------------


def all_zones(state: cardtable.State) -> list[int]:
    """Every card, wherever it is (white box: the piles' contents are hidden from observations)."""
    zones = [*state._draw_pile, *state._discard]  # type: ignore[attr-defined]
    zones += [c for t in state._trains for c in t]  # type: ignore[attr-defined]
    zones += [c for p in state._protect for c in p if c is not None]  # type: ignore[attr-defined]
    zones += [c for c in state._market if c is not None]  # type: ignore[attr-defined]
    zones += [c for h in state._setup_hands for c in h]  # type: ignore[attr-defined]
    if state._drawn is not None:  # type: ignore[attr-defined]
        zones.append(state._drawn)  # type: ignore[attr-defined]
    return zones


def visible_cards(obs: dict[str, object]) -> list[str]:
    cars = [car for t in obs["trains"] for car in t]  # type: ignore[attr-defined]
    return (
        [car["card"] for car in cars]
        + [car["protect"] for car in cars if car["protect"]]
        + [
            c["card"]
            for c in obs["market"]  # type: ignore[attr-defined]
        ]
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cards_are_conserved_and_trains_keep_seven_cars(players: int) -> None:
    """Properties: 84 cards across draw pile, discard, market, trains, protect cards (and the private
    cards in hand); every train always has 7 cars."""
    game = cardtable.make("game-of-trains", players=players, turn_limit=300)
    for seed in range(6):
        state = game.new_game(seed=seed)
        for step, _ in enumerate(random_playout(state, seed)):
            assert sorted(all_zones(state)) == list(range(1, 85))
            if step % 5:
                continue
            obs = state.observation(None)
            assert all(len(t) == 7 for t in obs["trains"])
            shown = visible_cards(obs)
            private = sum(obs["setup_hand_sizes"]) + (obs["phase"] == "place")
            assert len(set(shown)) == len(shown)
            assert len(shown) + obs["draw_pile"] + obs["discard_pile"] + private == 84
            assert len(obs["market"]) == len({c["ability"] for c in obs["market"]}) <= 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_ends_with_one_winner_or_at_the_turn_limit(players: int) -> None:
    """Win check: the winner is the first ascending train from the seat that acted, clockwise; else
    the game ends with no winner exactly when the turn limit's turn is over, cut short (truncated)."""
    game = cardtable.make("game-of-trains", players=players)
    endings: Counter[str] = Counter()
    for seed in range(40):
        state = game.new_game(seed=seed)
        for _ in random_playout(state, seed):
            actor = state.current_player()
        obs = state.observation(None)
        winners = state.record()["result"]["winners"]
        ascending = [s for s in range(players) if is_ascending(train(state, s))]
        if winners:
            order = [(actor + k) % players for k in range(players)]
            assert len(winners) == 1 and winners == [next(s for s in order if s in ascending)]
            assert obs["turn"] < 1000 and not state.is_truncated()
            endings["win"] += 1
        else:
            assert ascending == [] and obs["turn"] == 1000 and state.is_truncated()
            endings["limit"] += 1
        assert state.returns() == [1.0 if s in winners else 0.0 for s in range(players)]
    assert endings["win"] and endings["limit"]


def test_no_turn_limit_when_it_is_zero() -> None:
    """turn_limit 0 means none: the game goes past any count without ending for it."""
    state = cardtable.make("game-of-trains", players=2, turn_limit=0).new_game(seed=4)
    rng = random.Random(4)
    while state.observation(None)["turn"] < 1200 and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.observation(None)["turn"] == 1200 or state.record()["result"]["winners"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_records_replay_to_the_same_game(players: int) -> None:
    game = cardtable.make("game-of-trains", players=players, turn_limit=200)
    for seed in range(5):
        state = game.new_game(seed=seed)
        for _ in random_playout(state, seed):
            pass
        record = json.loads(json.dumps(state.record()))
        assert cardtable.replay(record) == state


def test_a_tampered_shuffle_is_refused() -> None:
    state, _ = find(2, range(50), lambda s: any("shuffle" in e for e in s.record()["events"]))
    record = state.record()
    index = next(i for i, e in enumerate(record["events"]) if "shuffle" in e)
    record["events"][index]["shuffle"][0] = "85"
    with pytest.raises(cardtable.RecordError, match=f"event {index}: bad 'shuffle' event"):
        cardtable.replay(record)


def known_to(state: cardtable.State, seat: int | None) -> set[str]:
    """The cards ``seat`` may see: the public table, plus its own setup draws, setup discards (while in
    the discard pile) and drawn card."""
    cards = set(visible_cards(state.observation(None)))
    if seat is not None:
        cards |= {str(c) for c in state._setup_hands[seat]}  # type: ignore[attr-defined]
        cards |= {str(c) for c in state._setup_discards[seat]}  # type: ignore[attr-defined]
        if state.current_player() == seat and state._drawn is not None:  # type: ignore[attr-defined]
            cards.add(str(state._drawn))  # type: ignore[attr-defined]
    return cards


def card_codes(value: object) -> set[str]:
    """Every card code anywhere inside an observation."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*map(card_codes, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(card_codes, value)) if value else set()
    return set()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_holds_only_cards_the_seat_may_know(players: int) -> None:
    """Information: the drawn card, setup draws and discards are private; the piles are hidden."""
    game = cardtable.make("game-of-trains", players=players, turn_limit=200)
    for seed in range(4):
        state = game.new_game(seed=seed)
        for _ in random_playout(state, seed):
            for seat in [None, *range(players)]:
                assert card_codes(state.observation(seat)) <= known_to(state, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resample_redraws_only_what_the_seat_cannot_know(players: int) -> None:
    """resample: the seat's view, its own private cards and every count stay; hidden cards move; and
    the world drawn depends only on what the seat knows (resampling a resampled state gives the same
    world as resampling the real one)."""
    game = cardtable.make("game-of-trains", players=players, turn_limit=200)
    rng = random.Random(3)
    for seed in range(3):
        state = game.new_game(seed=seed)
        moved = 0
        for step, _ in enumerate(random_playout(state, seed)):
            if step % 9:
                continue
            for seat in [None, *range(players)]:
                world = state.resample(seat, rng)
                assert sorted(all_zones(world)) == list(range(1, 85))
                assert world.observation(seat) == state.observation(seat)
                assert world.observation(None) == state.observation(None)
                if seat is not None:
                    mine = state._setup_discards[seat]  # type: ignore[attr-defined]
                    assert set(mine) <= set(world._discard)  # type: ignore[attr-defined]
                moved += world._draw_pile != state._draw_pile  # type: ignore[attr-defined]
                scrambled = state.resample(seat, random.Random(step))
                assert world.resample(seat, random.Random(0)) == scrambled.resample(seat, random.Random(0))
        assert moved


def test_turn_limit_counts_whole_turns_after_setup() -> None:
    """turn_limit: draw + place is one turn, a use is one; the game ends after the limit-th turn."""
    state = stacked(
        2, 0, {0: [40, 30, 17, 15, 11, 10, 9], 1: [84, 83, 82, 81, 80, 79, 4]}, [2, 65, 64, 50], turn_limit=2
    )
    play(state, "place 2 7", "place 65 7")  # setup
    assert state.observation(None)["turn"] == 0
    play(state, "draw")
    assert state.observation(None)["turn"] == 0
    play(state, "place 50 3")
    assert state.observation(None)["turn"] == 1 and market(state) == {4}
    play(state, "use 4 1")
    assert state.is_terminal() and state.record()["result"] == {"winners": []}
    assert state.observation(None)["turn"] == 2


def test_nothing_may_be_taken_back_within_a_turn() -> None:
    """A turn of two steps begins with ``draw``, which shows a hidden card: ``turn_start`` stays at the
    record's end, in setup, after a draw and after a use."""
    state = cardtable.make("game-of-trains", players=2, first_player=0).new_game(seed=1)
    rng = random.Random(1)
    for _ in range(40):
        assert state.turn_start() == state.event_count()
        state.apply_action(rng.choice(state.legal_actions()))
