"""The Slobberhannes heuristic plays like a sensible beginner (rules/slobberhannes.md §4–§6): it
ducks, slips the queen of clubs under a higher club, sheds it when void, and leads safe low cards."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable import bots
from cardtable.bots.games.slobberhannes import hand_rewards, play
from cardtable.bots.ismcts import policy_move

from ..games.test_slobberhannes import stacked

OTHER = ["8S", "9S", "TS", "JS"]


def choice(state: cardtable.State) -> str:
    return state.action_to_string(bots.make("heuristic", seed=0).choose(state))


def test_ducks_under_the_trick_with_its_highest_losing_card() -> None:
    """§5: a lower card of the led suit cannot win; keep the low ones for later."""
    state = stacked(4, {0: ["KH"], 1: ["AH", "JH", "9H", "7H", *OTHER]}, leader=0, moves=["KH"])
    assert choice(state) == "JH"


def test_slips_the_queen_of_clubs_under_a_higher_club() -> None:
    """§6: QC under AC costs the trick's winner, not us."""
    state = stacked(4, {0: ["AC"], 1: ["KC", "QC", "8C", *OTHER, "7H"]}, leader=0, moves=["AC"])
    assert choice(state) == "QC"


def test_sheds_the_queen_of_clubs_when_void() -> None:
    """§5: a card off the led suit never wins, so a void is the safe moment for QC."""
    state = stacked(
        4, {0: ["7H"], 1: ["QC", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]}, leader=0, moves=["7H"]
    )
    assert choice(state) == "QC"


def test_sheds_the_clubs_that_could_catch_the_queen_when_void() -> None:
    state = stacked(
        4, {0: ["7H"], 1: ["KC", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]}, leader=0, moves=["7H"]
    )
    assert choice(state) == "KC"


def test_sheds_its_highest_card_from_its_shortest_suit_when_void() -> None:
    hand = ["AD", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]
    state = stacked(4, {0: ["7H"], 1: hand}, leader=0, moves=["7H"])
    assert choice(state) == "AD"


def test_last_to_play_takes_an_unavoidable_trick_with_its_highest_card() -> None:
    state = stacked(4, {0: ["7H"], 1: ["8H"], 2: ["9H"], 3: ["TH", "AH", *OTHER, "7D", "8D"]}, leader=0)
    for move in ["7H", "8H", "9H"]:
        state.apply_action(state.string_to_action(move))
    assert choice(state) == "AH"


def test_not_last_it_plays_low_when_every_card_would_win() -> None:
    """A later player may still go over it."""
    state = stacked(4, {0: ["7H"], 1: ["TH", "AH", *OTHER, "7D", "8D"]}, leader=0, moves=["7H"])
    assert choice(state) == "TH"


def test_leads_a_safe_low_card_and_keeps_its_clubs_while_holding_the_queen() -> None:
    """8H can only be beaten (7H is the one heart below it); 7C would draw clubs towards QC."""
    state = stacked(4, {0: ["QC", "7C", "9H", "TD", "JD", "KS", "AS", "8H"]}, leader=0)
    assert choice(state) == "8H"


def test_hand_rewards_are_one_minus_a_quarter_per_point_lost() -> None:
    """§6: −1 per penalty, −4 at most; on the [0, 1] scale of returns()."""
    assert hand_rewards({"scores": [10, 10, 10, 10]}, {"scores": [10, 6, 9, 10]}) == [1.0, 0.0, 0.75, 1.0]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_heuristic_beats_random_clearly(players: int) -> None:
    from cardtable.arena import ArenaConfig, run

    config = ArenaConfig(
        game="slobberhannes", bots=("heuristic", "random"), games=24, seed=5, options={"players": players}
    )
    heuristic = run(config, workers=1).standings[0].stats.win_rate
    assert heuristic.clear_above(0.5), heuristic


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_rollouts_memory_changes_no_choice(players: int) -> None:
    """In search's rollouts the policy keeps the table it read from one of its moves to the next (a
    forced move or a hand's end has it read again): every card it picks there is the one it picks
    reading the observation afresh, over whole matches of many hands."""
    game = cardtable.make("slobberhannes", players=players, start_points=6)
    rng = random.Random(players)
    for seed in range(4):
        state, memory = game.new_game(seed=seed), {}
        while not state.is_terminal():
            move = policy_move(play, state, rng, memory)
            assert move == policy_move(play, state, rng)
            state.apply_action(move)
        assert state.observation(None)["hand_number"] > 1
