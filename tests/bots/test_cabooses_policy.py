"""Cabooses in the Corner for bots: the race rewards that score search's rollouts after one round of
the policy, and the policy's memory of the turn in a rollout (bots/games/cabooses_in_the_corner.py)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import cardtable
from cardtable.bots import ISMCTSBot, evaluation_for
from cardtable.bots.games import cabooses_in_the_corner
from cardtable.bots.games.cabooses_in_the_corner import ROLLOUT_MOVES, play, race_rewards
from cardtable.bots.view import SeatView
from cardtable.core.game import JsonDict
from cardtable.games.cabooses_in_the_corner import CaboosesState

from ..games.test_cabooses_in_the_corner import before_a_relocation_that_forces_draws

GAME = "cabooses-in-the-corner"


def public_view(hand_sizes: list[int], to_act: int) -> JsonDict:
    """A real public view of a fresh game, with the hand sizes and the seat to act set."""
    view = cardtable.make(GAME, players=len(hand_sizes)).new_game(seed=1).observation(None)
    return view | {"hand_sizes": hand_sizes, "to_act": to_act}


ROOT = public_view([7, 7, 7, 7], 0)


def test_a_near_won_position_is_worth_more_than_a_lost_one() -> None:
    """Seat 0 one card from winning leads; the same seat far behind the others trails."""
    near = race_rewards(ROOT, public_view([1, 6, 7, 8], 1))
    lost = race_rewards(ROOT, public_view([9, 2, 3, 4], 1))
    assert near[0] == max(near) and lost[0] == min(lost)
    assert near[0] > 1 / 4 > lost[0]


def test_each_card_more_in_hand_lowers_a_seats_chance() -> None:
    chances = [race_rewards(ROOT, public_view([size, 5, 5, 5], 2))[0] for size in range(1, 12)]
    assert chances == sorted(chances, reverse=True) and len(set(chances)) == len(chances)


def test_at_equal_hands_the_seat_to_act_leads_and_the_longest_wait_trails() -> None:
    """Seat 2 is to act, then 3, 0 and 1 (§4.6: clockwise)."""
    chances = race_rewards(ROOT, public_view([5, 5, 5, 5], 2))
    assert chances[2] > chances[3] > chances[0] > chances[1]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_chances_lie_in_0_1_and_add_up_to_one(players: int) -> None:
    rng = random.Random(players)
    for _ in range(50):
        sizes = [rng.randrange(0, 30) for _ in range(players)]
        chances = race_rewards(ROOT, public_view(sizes, rng.randrange(players)))
        assert all(0 <= chance <= 1 for chance in chances)
        assert sum(chances) == pytest.approx(1)


def test_search_scores_its_rollouts_after_one_round_of_the_policy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rollout that ends the game within the round scores ``returns()``; every other one stops
    after ``ROLLOUT_MOVES`` moves, before the end, and ``race_rewards`` scores it."""
    own = evaluation_for(GAME)
    assert own.max_moves == ROLLOUT_MOVES and own.rollout is play and own.rewards is race_rewards
    leaves: list[JsonDict] = []

    def spy(root: JsonDict, leaf: JsonDict) -> list[float]:
        leaves.append(leaf)
        return race_rewards(root, leaf)

    monkeypatch.setattr(cabooses_in_the_corner, "EVALUATION", replace(own, rewards=spy))
    state = cardtable.make(GAME).new_game(seed=3)
    ISMCTSBot(seed=1, iterations=40).choose(state)
    assert 0 < len(leaves) <= 40 and not any(leaf["over"] for leaf in leaves)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_in_a_rollout_the_policy_remembers_its_turn_and_plays_as_if_it_read_each_view(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a rollout's memory the policy reads fewer observations, what it remembers of the turn is
    what the next view shows whenever it would use it, and it makes the moves it makes reading every
    view; though some moves are not its own (forced, or the tree's: the memory must notice) and some
    draw cards it cannot see."""
    reads = 0
    observation = CaboosesState.observation

    class Counted(CaboosesState):  # a subclass: the compiled build's state type takes no new attribute
        def observation(self, seat: int | None) -> JsonDict:
            nonlocal reads
            reads += 1
            return observation(self, seat)

    game = cardtable.make(GAME, players=players)
    monkeypatch.setattr(game, "state_class", Counted)
    decisions = remembered = kept = 0
    for seed in range(10):
        state, rng, memory = game.new_game(seed=seed), random.Random(seed), {}
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) == 1 or rng.random() < 0.05:
                state.apply_action(rng.choice(legal))
                continue
            plain = play(SeatView(state), rng)
            before = reads
            choice = play(SeatView(state, memory), rng)
            assert choice == plain
            decisions += 1
            remembered += reads == before
            state.apply_action(choice)
            turn = memory["turn"]
            if turn.seat == state.current_player() and turn.events == state.event_count():
                view = observation(state, turn.seat)
                assert turn.hand == view["hand"]
                assert turn.lengths == {railway: len(view["piles"][railway]) for railway in "NESW"}
                kept += 1
    assert remembered > decisions / 3 and kept >= remembered


def test_after_a_relocation_that_forces_draws_the_policy_reads_its_hand_again() -> None:
    """§6.3, as in the game's tests: seat 0 relocates a caboose into the last empty corner (the
    policy's own choice), holds cabooses only and draws until R2 fits: a card its memory cannot know."""
    state = before_a_relocation_that_forces_draws()
    memory: dict[str, Any] = {}
    rng = random.Random(0)
    relocation = play(SeatView(state, memory), rng)
    assert state.game.action_to_string(relocation) == "relocate N NW"
    state.apply_action(relocation)
    choice = play(SeatView(state, memory), rng)
    assert choice == play(SeatView(state), rng)
    assert state.game.action_to_string(choice) == "play R2 W"
    state.apply_action(choice)
    assert memory["turn"].hand == state.observation(0)["hand"]
