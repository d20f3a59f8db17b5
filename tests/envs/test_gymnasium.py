"""The Gymnasium adapter: Gymnasium's own check_env for every game and player count, one seat against
our bots, and what the checker does not see (rewards, refusals, bad arguments)."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardtable
from cardtable.envs.gymnasium import CardtableEnv

from .cases import SHORT, case_id, cases


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_gymnasium_check_env_passes(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    check_env(CardtableEnv(name, **options), skip_render_check=True)


@pytest.mark.parametrize("name", cardtable.games())
def test_registered_env_passes_check_env_with_render_modes(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    env = gymnasium.make(f"cardtable/{name}-v0", opponents="random", **SHORT.get(name, {}))
    check_env(env.unwrapped)
    assert "seat: 0" in capsys.readouterr().out  # the 'human' render mode printed the agent's view


@pytest.mark.parametrize("name", cardtable.games())
def test_an_episode_ends_with_the_seats_return(name: str) -> None:
    env = CardtableEnv(name, seat=None, opponents="random", **SHORT.get(name, {}))
    observation, info = env.reset(seed=3)
    rng = random.Random(3)
    reward, terminated, steps = 0.0, False, 0
    while not terminated:
        state = env.state
        assert state is not None and state.current_player() == info["seat"]
        legal = list(np.flatnonzero(observation["action_mask"]))
        assert legal == state.legal_actions() == info["legal_actions"]
        assert np.array_equal(env.action_masks(), observation["action_mask"].astype(bool))
        observation, reward, terminated, truncated, info = env.step(rng.choice(legal))
        assert not truncated and (terminated or reward == 0.0)
        steps += 1
    assert env.state is not None and reward == env.state.returns()[info["seat"]]
    assert not observation["action_mask"].any() and info["legal_actions"] == []
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_an_illegal_action_ends_the_episode_with_the_penalty_and_the_reason() -> None:
    env = CardtableEnv("slobberhannes", opponents="easy", illegal_reward=-2.5)
    env.reset(seed=1)
    assert env.state is not None
    before = env.state.record()
    illegal = next(a for a in range(32) if a not in env.state.legal_actions())
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-2.5, True, False)
    assert "cannot play" in info["illegal_action"] and env.state.record() == before
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(env.state.legal_actions()[0])


def test_the_same_seed_gives_the_same_episode() -> None:
    def episode(seed: int) -> list[Any]:
        env = CardtableEnv("troeven", opponents="random", seat=None)
        observation, info = env.reset(seed=seed)
        trace = [info["seat"]]
        terminated = False
        while not terminated:
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, reward, terminated, _, info = env.step(action)
            trace.append((action, reward))
        assert env.state is not None
        return [*trace, env.state.record()]

    assert episode(9) == episode(9)


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="seat must be None or a seat from 0 to 3"):
        CardtableEnv("slobberhannes", seat=4)
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        CardtableEnv("slobberhannes", opponents="genius")
    with pytest.raises(ValueError, match="one bot spec per other seat"):
        CardtableEnv("slobberhannes", opponents=["random", "random"])
    with pytest.raises(ValueError, match="no option 'colour'"):
        CardtableEnv("slobberhannes", colour=1)
    env = CardtableEnv("slobberhannes")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="integer action id"):
        env.step("QC")
