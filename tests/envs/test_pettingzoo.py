"""The PettingZoo adapter: PettingZoo's own api_test and seed_test for every game and player count, and
the behaviour they do not check (masks, refusals, rewards, seeds)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import cardtable
from cardtable import IllegalAction
from cardtable.envs import pettingzoo as ct_pettingzoo

from .cases import SHORT, case_id, cases

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test_passes(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    with warnings.catch_warnings():
        # Dict observations with action masks are PettingZoo's own convention for card and board
        # games; api_test warns about them for any environment not on its list of classics.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        api_test(ct_pettingzoo.env(name, **options), num_cycles=1000)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_seed_test_passes(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    seed_test(lambda: ct_pettingzoo.env(name, **options), num_cycles=500)


def play(env: Any, seed: int) -> dict[str, float]:
    """A whole match by masked random agents; the reward each agent saw when it was done."""
    rng = random.Random(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        assert not truncated
        if terminated:
            final[agent] = reward
            env.step(None)
            continue
        mask = observation["action_mask"]
        state = env.unwrapped.state
        assert list(np.flatnonzero(mask)) == state.legal_actions()
        assert agent == f"player_{state.current_player()}"
        env.step(rng.choice(list(np.flatnonzero(mask))))
    return final


@pytest.mark.parametrize("name", cardtable.games())
def test_masks_are_the_legal_actions_and_rewards_the_returns(name: str) -> None:
    env = ct_pettingzoo.env(name, **SHORT.get(name, {}))
    env.reset(seed=4)
    others = [a for a in env.possible_agents if a != env.agent_selection]
    for agent in others:
        assert not env.observe(agent)["action_mask"].any()
    final = play(env, 4)
    returns = env.unwrapped.state.returns()
    assert final == {f"player_{seat}": value for seat, value in enumerate(returns)}


def test_reset_with_a_seed_plays_that_seeds_match() -> None:
    env = ct_pettingzoo.env("slobberhannes", players=4)
    env.reset(seed=11)
    assert (
        env.unwrapped.state.record() == cardtable.make("slobberhannes", players=4).new_game(seed=11).record()
    )
    env.reset()
    first = env.unwrapped.state.record()["seed"]
    env.reset(seed=11)
    env.reset()
    assert env.unwrapped.state.record()["seed"] == first


def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing() -> None:
    env = ct_pettingzoo.env("slobberhannes", players=4, start_points=6)
    env.reset(seed=2)
    state = env.unwrapped.state
    illegal = next(a for a in range(32) if a not in state.legal_actions())
    before, selection = state.record(), env.agent_selection
    with pytest.raises(IllegalAction, match="cannot play"):
        env.step(illegal)
    assert state.record() == before and env.agent_selection == selection
    with pytest.raises(ValueError, match="integer action id"):
        env.unwrapped.step("QC")
    assert state.record() == before


def test_unknown_game_option_or_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        ct_pettingzoo.env("poker")
    with pytest.raises(ValueError, match="no option 'colour'"):
        ct_pettingzoo.env("slobberhannes", colour=3)
    with pytest.raises(ValueError, match="render_mode"):
        ct_pettingzoo.env("slobberhannes", render_mode="rgb_array")


def test_render_shows_the_public_view_only() -> None:
    env = ct_pettingzoo.raw_env("slobberhannes", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "hand: None" in text and "scores: [10, 10, 10, 10]" in text
