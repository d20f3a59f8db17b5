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
from cardtable import bots
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
    reward, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        state = env.state
        assert state is not None and state.current_player() == info["seat"]
        legal = list(np.flatnonzero(observation["action_mask"]))
        assert legal == state.legal_actions() == info["legal_actions"]
        assert np.array_equal(env.action_masks(), observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(rng.choice(legal))
        assert terminated or truncated or reward == 0.0
    assert env.state is not None and truncated == env.state.is_truncated() and terminated != truncated
    # A match a limit stopped has no result to pay (cardtable.envs.rewards).
    assert reward == (0.0 if truncated else env.state.returns()[info["seat"]])
    # The match is over: the mask lets a vector env's policy pick an action its autoreset ignores.
    assert observation["action_mask"].all() and info["legal_actions"] == []
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
    with pytest.raises(ValueError, match="one opponent per other seat"):
        CardtableEnv("slobberhannes", opponents=["random", "random"])
    with pytest.raises(ValueError, match="no option 'colour'"):
        CardtableEnv("slobberhannes", colour=1)
    env = CardtableEnv("slobberhannes")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="integer action id"):
        env.step("QC")


def test_opponents_may_be_bots_or_callables_such_as_the_policy_in_training() -> None:
    """Self-play: the agent's own policy (a callable) plays the other seat from that seat's observation
    dict, as the agent gets its own, never the engine state; a bot object may play too, and both are
    asked exactly at their seats' turns."""
    asked: list[int] = []

    def policy(observation: dict[str, np.ndarray]) -> int:
        assert sorted(observation) == ["action_mask", "observation"]
        state = env.state
        assert state is not None and state.current_player() == 1
        assert np.array_equal(observation["observation"], env.encoder.encode(state.observation(1)))
        assert observation["action_mask"].dtype == np.int8
        assert list(np.flatnonzero(observation["action_mask"])) == state.legal_actions()
        asked.append(1)
        return int(np.flatnonzero(observation["action_mask"])[-1])

    env = CardtableEnv("troeven", opponents=policy, start_points=1)
    observation, _ = env.reset(seed=4)
    terminated = truncated = False
    while not (terminated or truncated):
        observation, _, terminated, truncated, _ = env.step(
            int(np.flatnonzero(observation["action_mask"])[0])
        )
    assert asked and set(asked) == {1}
    moves = [e for e in env.state.record()["events"] if "move" in e and e["seat"] == 1]
    assert len(moves) == len(asked)
    mixed = CardtableEnv("slobberhannes", opponents=[bots.make("random", seed=1), policy, "easy"])
    mixed.reset(seed=2)
    with pytest.raises(ValueError, match="an opponent is a bot spec, a bot or a callable taking"):
        CardtableEnv("troeven", opponents=[3])


def test_make_vec_autoreset_never_hands_the_policy_an_all_zero_mask() -> None:
    """gymnasium.make_vec steps every sub-environment; after a match ends its next action is ignored
    and it resets. A masked policy must always find an action to pick."""
    envs = gymnasium.make_vec("cardtable/troeven-v0", num_envs=3, vectorization_mode="sync", start_points=1)
    observations, _ = envs.reset(seed=7)
    rng = np.random.default_rng(7)
    endings = 0
    for _ in range(120):
        masks = observations["action_mask"].astype(bool)
        assert masks.any(axis=1).all()
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in masks]
        observations, _, terminated, truncated, _ = envs.step(np.array(actions))
        endings += int(np.sum(terminated | truncated))
    assert endings > 0
    envs.close()


def test_a_match_the_limit_stops_is_truncated_not_terminated() -> None:
    env = CardtableEnv("game-of-trains", opponents="random", turn_limit=2)
    observation, _ = env.reset(seed=3)
    terminated = truncated = False
    while not (terminated or truncated):
        observation, reward, terminated, truncated, _ = env.step(
            int(np.flatnonzero(observation["action_mask"])[0])
        )
    assert env.state is not None and env.state.is_truncated()
    assert (terminated, truncated, reward) == (False, True, 0.0)


def test_zero_sum_and_score_rewards_reach_the_agent() -> None:
    """zero_sum: +1 to the winner, -1 to the loser of 2-player Troeven; score: the rounds' points
    (Troeven's fall) as they are scored, also in the bots' moves, adding up to the match's."""
    for reward in ("zero_sum", "score"):
        env = CardtableEnv("troeven", opponents="random", reward=reward, start_points=2)
        observation, info = env.reset(seed=5)
        total, terminated, truncated = 0.0, False, False
        while not (terminated or truncated):
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, value, terminated, truncated, info = env.step(action)
            total += value
        assert env.state is not None
        result, me = env.state.result(), info["seat"]
        if reward == "zero_sum":
            assert total == (1.0 if me in result["winners"] else -1.0)
        else:
            assert total == 2 - result["scores"][me]
