"""What ISMCTS knows of Mü (bots/games/mue.py, ``Evaluation``): how its rollouts play (they bid, name
trumps and the partner as the policy does, never chase an éclat, and play cards at random) and how it
scores the end of a hand (rules/mue.md §4, §6)."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.bots import SeatView
from cardtable.bots.games.mue import REWARD_SPAN, hand_rewards, play, rollout

from ..games.test_mue import bid, passes, stacked
from .test_mue_policy import BALANCED, SIX_RED

FOUR_RED = ["R9", "R8", "R7", "R6", "B2", "B3", "B4", "G2", "G3", "Y2", "Y3", "P2"]


def chief_to_name_trump() -> cardtable.State:
    """Seat 0 bid R9 alone (§4.1): it is Chief with no Vice and names its trump (§4.4)."""
    return stacked(5, {0: FOUR_RED}, moves=[*bid("R9"), *passes(5)])


def rollout_moves(state: cardtable.State, seeds: range) -> set[str]:
    return {state.action_to_string(rollout(SeatView(state), random.Random(seed))) for seed in seeds}


def test_rollouts_answer_a_bid_as_the_policy_does() -> None:
    """§4.1: seat 0 opened with B0; seat 1's six reds support a bid of 4, so it goes above the leader
    with its best red (rollouts once stopped bidding, and nobody answered a bid)."""
    state = stacked(5, {0: ["B0"], 1: SIX_RED}, moves=bid("B0"))
    assert rollout_moves(state, range(10)) == {"show R9"}
    assert state.action_to_string(play(SeatView(state), random.Random(0))) == "show R9"


def test_rollouts_never_bid_for_an_eclat() -> None:
    """§4.2: seat 1 drew level with seat 0. The policy goes above the top for the éclat (its answer to
    random bidders); rollouts stay within the hand's strength, so a seat that draws level with careful
    bidders is left to pay as the latecomer."""
    state = stacked(5, {0: ["B0"], 1: ["G0"], 2: BALANCED}, moves=[*bid("B0"), *bid("G0")])
    assert state.action_to_string(play(SeatView(state), random.Random(0))) == "show R4"
    assert rollout_moves(state, range(10)) == {"pass"}


def test_rollouts_name_the_trump_as_the_policy_does() -> None:
    """§4.4: the Chief may name R, 9 or none; the policy names the colour of its four reds."""
    state = chief_to_name_trump()
    assert rollout_moves(state, range(10)) == {"trump R"}
    assert state.action_to_string(play(SeatView(state), random.Random(0))) == "trump R"


def test_rollouts_choose_the_partner_as_the_policy_does() -> None:
    """§4.5: nobody else has a card face up, so the policy takes the first seat it may choose."""
    state = chief_to_name_trump()
    state.apply_action(state.string_to_action("trump R"))
    assert rollout_moves(state, range(10)) == {"partner 1"}


def test_rollouts_play_cards_at_random() -> None:
    """§4.6: the Chief leads any of its 12 cards; the policy would always lead the same one."""
    state = chief_to_name_trump()
    for move in ("trump R", "partner 1"):
        state.apply_action(state.string_to_action(move))
    assert len(rollout_moves(state, range(20))) > 3


def test_a_rollout_that_remembers_its_world_bids_names_trumps_and_the_partner_as_the_observation_says() -> (
    None
):
    """A search's rollout keeps one memory for its moves (``SeatView.memory``): a bid, a trump or the
    partner named from it (each seat's hand as first read or as its ``show`` moves tell it, the counts,
    the face-up cards, the goal of the turn, the trumps named) is the move the policy makes from the
    observation, whatever the auction was before the rollout (bids at random, a turn under way), with
    3 to 6 players, the dealer of six sitting out or not."""
    checked = 0
    for seed in range(100):
        options = {"players": 6, "dealer_sits_out": True} if seed % 5 == 4 else {"players": 3 + seed % 4}
        state = cardtable.make("mue", **options).new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(12)):
            if state.observation(None)["phase"] == "auction":
                state.apply_action(rng.choice(state.legal_actions()))
        world, memory = state.resample(state.current_player(), rng), {}
        hand = world.observation(None)["hand_number"]
        while world.observation(None)["phase"] != "tricks" and world.observation(None)["hand_number"] == hand:
            legal = world.legal_actions()
            move = legal[0]
            if len(legal) > 1:
                move = rollout(SeatView(world, memory), rng)
                assert move == rollout(SeatView(world), rng), (seed, world.action_to_string(move))
                checked += 1
            world.apply_action(move)
    assert checked > 1000


def test_a_hand_scores_each_seat_against_the_mean_of_the_hand() -> None:
    """§6: Chief (seat 0) and partner (seat 1) made a 3-card contract in a colour: 30 each on top of
    their 18 and 14 card points; the others took 8, 10 and 10. The mean is 24."""
    root = {"active": [0, 1, 2, 3, 4], "scores": [100, 20, 30, 40, 50]}
    leaf = {"scores": [148, 64, 38, 50, 60]}
    expected = [
        0.5 + 24 / REWARD_SPAN,
        0.5 + 20 / REWARD_SPAN,
        0.5 - 16 / REWARD_SPAN,
        0.5 - 14 / REWARD_SPAN,
        0.5 - 14 / REWARD_SPAN,
    ]
    assert hand_rewards(root, leaf) == pytest.approx(expected)


def test_hand_rewards_are_linear_up_to_half_the_span_from_the_mean() -> None:
    """A seat ``REWARD_SPAN / 2`` points above the mean scores 1, and no more further up."""
    root = {"active": [0, 1, 2], "scores": [0, 0, 0]}
    half = REWARD_SPAN // 2
    assert hand_rewards(root, {"scores": [half, 0, -half]}) == pytest.approx([1.0, 0.5, 0.0])
    assert hand_rewards(root, {"scores": [4 * half, 0, -4 * half]}) == pytest.approx([1.0, 0.5, 0.0])
    assert hand_rewards(root, {"scores": [7, 7, 7]}) == [0.5, 0.5, 0.5]


def test_a_seat_out_of_the_hand_gets_an_even_reward() -> None:
    """§3: with the dealer sitting out, seat 0 takes no part in the hand."""
    root = {"active": [1, 2, 3, 4, 5], "scores": [0] * 6}
    leaf = {"scores": [0, 40, 10, 10, 10, -20]}
    assert hand_rewards(root, leaf) == pytest.approx([0.5, 1.0, 0.5, 0.5, 0.5, 0.0])
