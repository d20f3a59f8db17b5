"""What every research adapter does alike: a match a safeguard limit stopped pays no end-of-match
reward (points already scored stay), and every action mask has one dtype, int8."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import cardtable
from cardtable.envs import openspiel as ct_openspiel
from cardtable.envs import pettingzoo as ct_pettingzoo
from cardtable.envs.encoding import encoder_for
from cardtable.envs.gymnasium import CardtableEnv
from cardtable.envs.vector import VectorEnv

STOPPED: list[tuple[str, dict[str, Any]]] = [
    ("mue", {"players": 4, "hand_limit": 1}),
    ("troeven", {"round_limit": 1}),
]
"""Options under which random play always meets the safeguard limit (Mü's ``returns()`` then hand 1
to some seat, which a truncated match must not pay)."""


def pettingzoo(name: str, options: dict[str, Any], reward: str) -> tuple[list[float], cardtable.State]:
    env = ct_pettingzoo.raw_env(name, reward=reward, **options)
    env.reset(seed=1)
    totals, rng = [0.0] * len(env.possible_agents), random.Random(1)
    while not all(env.truncations.values()) and not all(env.terminations.values()):
        env.step(rng.choice(env.match.legal_actions()))
        totals = [
            total + env.rewards[agent] for total, agent in zip(totals, env.possible_agents, strict=True)
        ]
    assert all(env.truncations.values())
    return totals, env.match


def gymnasium(name: str, options: dict[str, Any], reward: str) -> tuple[list[float], cardtable.State]:
    env = CardtableEnv(name, seat=0, opponents="random", reward=reward, **options)
    observation, _ = env.reset(seed=1)
    total, done, rng = 0.0, False, np.random.default_rng(1)
    while not done:
        observation, value, terminated, truncated, _ = env.step(
            rng.choice(np.flatnonzero(observation["action_mask"]))
        )
        total, done = total + value, terminated or truncated
    assert truncated and env.state is not None
    return [total], env.state


def vector(name: str, options: dict[str, Any], reward: str) -> tuple[list[float], cardtable.State]:
    envs = VectorEnv(name, 1, seed=1, reward=reward, **options)
    obs, _ = envs.reset()
    rng = np.random.default_rng(1)
    while True:
        state = envs.state(0)
        obs, _, _, truncated, info = envs.step([rng.choice(np.flatnonzero(obs["action_mask"][0]))])
        if "final" in info:
            assert truncated[0]
            return list(info["final_returns"][0]), state


def openspiel(name: str, options: dict[str, Any], reward: str) -> tuple[list[float], cardtable.State]:
    game = ct_openspiel.load(cardtable.make(name, **options), reward)
    state, rng = game.new_initial_state(), random.Random(1)
    while not state.is_terminal():
        state.apply_action(
            rng.choice(
                [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            )
        )
    return state.returns(), state.cardtable_state()


ADAPTERS: dict[str, Callable[[str, dict[str, Any], str], tuple[list[float], cardtable.State]]] = {
    "pettingzoo": pettingzoo,
    "gymnasium": gymnasium,
    "vector": vector,
    "openspiel": openspiel,
}


@pytest.mark.parametrize("adapter", ADAPTERS)
@pytest.mark.parametrize("case", STOPPED, ids=lambda case: case[0])
def test_a_stopped_match_pays_no_result_but_keeps_its_scored_points(
    adapter: str, case: tuple[str, dict[str, Any]]
) -> None:
    name, options = case
    for reward in ("win", "zero_sum"):
        totals, state = ADAPTERS[adapter](name, options, reward)
        assert state.is_truncated()
        assert totals == [0.0] * len(totals), f"{reward} paid a truncated match"
    totals, state = ADAPTERS[adapter](name, options, "score")
    start = state.game.new_game(seed=0).observation(None)["scores"]
    scored = encoder_for(state.game).score_sense * (np.array(state.result()["scores"]) - start)
    assert np.allclose(totals, scored[: len(totals)])


def test_every_mask_is_int8() -> None:
    """PettingZoo, Gymnasium (observation, space, action_masks()), the vector env and both of its
    wrappers (observation, space, final_obs) give one mask dtype: Gymnasium's Discrete.sample takes int8."""
    masks: list[Any] = []
    env = ct_pettingzoo.env("troeven")
    env.reset(seed=0)
    masks += [env.last()[0]["action_mask"], env.observation_space("player_0")["action_mask"]]
    single = CardtableEnv("troeven", opponents="random")
    observation, _ = single.reset(seed=0)
    masks += [observation["action_mask"], single.observation_space["action_mask"], single.action_masks()]
    matches = VectorEnv("troeven", 3, seed=0, opponents={1: "random"}, single_hand=True)
    masks += [matches.reset()[0]["action_mask"], matches.action_masks()]
    envs = matches.as_gymnasium()
    obs, _ = envs.reset(seed=0)
    masks += [
        obs["action_mask"],
        envs.single_observation_space["action_mask"],
        envs.observation_space["action_mask"],
    ]
    rng = np.random.default_rng(0)
    while True:
        obs, _, terminated, _, info = envs.step(
            np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        )
        if terminated.any():
            masks.append(info["final_obs"][np.flatnonzero(terminated)[0]]["action_mask"])
            break
    assert [mask.dtype for mask in masks] == [np.dtype(np.int8)] * len(masks)
    envs.action_space.sample(mask=tuple(obs["action_mask"]))  # Gymnasium's own sampler takes them
