"""The PettingZoo adapter: PettingZoo's own api_test and seed_test for every game and player count, and
the behaviour they do not check (masks, refusals, rewards, seeds)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

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
    """A whole match by masked random agents; the rewards each agent received, summed."""
    rng = random.Random(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        final[agent] = final.get(agent, 0.0) + reward
        if terminated or truncated:
            assert truncated == env.unwrapped.match.is_truncated() and terminated != truncated
            env.step(None)
            continue
        mask = observation["action_mask"]
        state = env.unwrapped.match
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
    match = env.unwrapped.match
    returns = [0.0] * len(final) if match.is_truncated() else match.returns()  # a stopped match pays nothing
    assert final == {f"player_{seat}": value for seat, value in enumerate(returns)}


def test_reset_with_a_seed_plays_that_seeds_match() -> None:
    env = ct_pettingzoo.env("slobberhannes", players=4)
    env.reset(seed=11)
    assert (
        env.unwrapped.match.record() == cardtable.make("slobberhannes", players=4).new_game(seed=11).record()
    )
    env.reset()
    first = env.unwrapped.match.record()["seed"]
    env.reset(seed=11)
    env.reset()
    assert env.unwrapped.match.record()["seed"] == first


def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing() -> None:
    env = ct_pettingzoo.env("slobberhannes", players=4, start_points=6)
    env.reset(seed=2)
    state = env.unwrapped.match
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


def test_render_test_passes() -> None:
    render_test(lambda render_mode=None: ct_pettingzoo.env("troeven", render_mode=render_mode))


@pytest.mark.parametrize("name", cardtable.games())
def test_state_is_every_seats_view_in_the_state_space(name: str) -> None:
    """env.state() for centralised critics: seat 0's vector, then the other seats' private fields."""
    env = ct_pettingzoo.env(name, **SHORT.get(name, {}))
    env.reset(seed=2)
    raw = env.unwrapped
    rng = random.Random(2)
    for step, _ in enumerate(env.agent_iter(60)):
        observation, _, terminated, truncated, _ = env.last()
        state = env.state()
        assert raw.state_space.contains(state) and state.shape == raw.state_space.shape
        encoder, match = raw.encoder, raw.match
        assert np.array_equal(state[: encoder.size], encoder.encode(match.observation(0)))
        seat = match.current_player()
        if seat is not None and seat > 0 and step % 5 == 0:
            hand = encoder.layout[encoder.private_fields[0]]
            start = encoder.size + (seat - 1) * sum(encoder.layout[f].size for f in encoder.private_fields)
            mine = observation["observation"][hand.offset : hand.stop]
            assert np.array_equal(state[start : start + hand.size], mine)
        env.step(
            None if terminated or truncated else rng.choice(list(np.flatnonzero(observation["action_mask"])))
        )


def test_reward_modes_pay_as_they_say() -> None:
    """zero_sum: winners share +1, the others -1; score: each hand's points as it is scored, so an
    agent's rewards add up to its score's change (Troeven's fall, as its scores count down)."""
    zero = ct_pettingzoo.env("slobberhannes", players=3, start_points=6, reward="zero_sum")
    zero.reset(seed=5)
    totals = play(zero, 5)
    winners = zero.unwrapped.match.result()["winners"]
    assert totals == {
        f"player_{s}": (1 / len(winners) if s in winners else -1 / (3 - len(winners))) for s in range(3)
    }
    for name, sense in [("slobberhannes", 1), ("troeven", -1), ("mue", 1)]:
        env = ct_pettingzoo.env(name, reward="score", **SHORT[name])
        env.reset(seed=3)
        totals = play(env, 3)
        match = env.unwrapped.match
        final = match.result()["scores"]
        first = next(e["score"] for e in match.record()["events"] if "score" in e)
        begin = [score - delta for score, delta in zip(first["scores"], first["deltas"], strict=True)]
        assert totals == {f"player_{s}": sense * (final[s] - begin[s]) for s in range(len(final))}
    with pytest.raises(ValueError, match="game-of-trains keeps no score"):
        ct_pettingzoo.env("game-of-trains", reward="score")
    with pytest.raises(ValueError, match="reward must be one of win, zero_sum, score"):
        ct_pettingzoo.env("troeven", reward="points")


def test_a_match_the_turn_limit_stops_is_truncated_for_every_agent() -> None:
    env = ct_pettingzoo.env("game-of-trains", turn_limit=3)
    env.reset(seed=1)
    endings = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            endings.append((agent, terminated, truncated, reward))
            env.step(None)
        else:
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert sorted(endings) == [("player_0", False, True, 0.0), ("player_1", False, True, 0.0)]
