"""MaskablePPO (sb3-contrib) trains on ``VectorEnv.as_sb3()``, opponents included. These tests need the
``learn`` extra (``pip install 'cardtable[learn]'``, as ``make bench`` does: torch is too large for
``make test``), and say so in pytest's skip summary where it is missing."""

from __future__ import annotations

import numpy as np
import pytest

from cardtable.envs.vector import VectorEnv

pytest.importorskip("sb3_contrib", reason="needs the learn extra: pip install 'cardtable[learn]'")
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3.common.vec_env import VecEnv


def test_maskable_ppo_trains_on_the_matches_with_their_masks() -> None:
    matches = VectorEnv("troeven", 4, opponents={1: "random"}, single_hand=True)
    envs = matches.as_sb3()
    assert isinstance(envs, VecEnv) and is_masking_supported(envs)
    envs.seed(4)
    obs = envs.reset()
    assert [matches.state(slot).record()["seed"] for slot in range(4)] == [4, 5, 6, 7]
    assert envs.observation_space.contains({key: value[0] for key, value in obs.items()})
    masks = get_action_masks(envs)
    assert masks.dtype == np.int8 and np.array_equal(masks, obs["action_mask"])
    model = MaskablePPO("MultiInputPolicy", envs, n_steps=16, batch_size=32, n_epochs=1, seed=0, device="cpu")
    model.learn(128)
    assert model.num_timesteps >= 128


def test_a_stopped_match_is_reported_as_sb3_expects() -> None:
    """The finished match's last observation in ``terminal_observation``, and a safeguard limit's
    stop as ``TimeLimit.truncated`` (SB3 then bootstraps from it, and the reward pays nothing)."""
    envs = VectorEnv("game-of-trains", 2, seed=1, opponents={1: "random"}, turn_limit=3).as_sb3()
    envs.reset()
    rng = np.random.default_rng(0)
    for _ in range(20):
        envs.step_async(np.array([rng.choice(np.flatnonzero(mask)) for mask in envs.action_masks()]))
        _, rewards, dones, infos = envs.step_wait()
        assert rewards.shape == (2,) and dones.dtype == bool
        for slot in np.flatnonzero(dones):
            assert infos[slot]["TimeLimit.truncated"] and rewards[slot] == 0.0
            assert envs.observation_space.contains(infos[slot]["terminal_observation"])
            return
    raise AssertionError("the turn limit never stopped a match")
