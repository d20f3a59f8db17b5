"""A ``VectorEnv``'s matches as a Stable-Baselines3 ``VecEnv`` (``VectorEnv.as_sb3()``; needs
stable-baselines3, which the ``learn`` extra brings with sb3-contrib and torch).

It plugs the vector environment, opponents included, straight into SB3's learners, without a wrapper
of one's own::

    from sb3_contrib import MaskablePPO
    from cardtable.envs.vector import VectorEnv

    envs = VectorEnv("troeven", 16, seed=0, opponents={1: "heuristic"}, single_hand=True).as_sb3()
    model = MaskablePPO("MultiInputPolicy", envs).learn(20_000)

Observations are the vector environment's dict (``observation`` float32, ``action_mask`` int8);
``action_masks()`` (int8 ``[N, A]``) is what sb3-contrib's maskable learners ask for, directly or
through ``env_method("action_masks")``. A step's reward is the mover's (as in ``GymnasiumVectorEnv``:
play one seat, with opponents at the others, for one point of view). A finished match is replaced in
the same step, as SB3 expects: ``infos[i]["terminal_observation"]`` holds its last observation, and
``infos[i]["TimeLimit.truncated"]`` says a safeguard limit stopped it (SB3 then bootstraps from that
observation; the reward pays no result, ``cardtable.envs.rewards``). Wrap it in SB3's ``VecMonitor``
to log episode returns. ``seed(s)`` seeds the next reset as ``reset(seed=s)`` does
(``cardtable.envs.vector``: slot ``i`` plays ``new_game(seed=s + i)``, SB3's own convention).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

if TYPE_CHECKING:
    from .vector import VectorEnv


class SB3VecEnv(VecEnv):
    """SB3's ``VecEnv`` over a ``VectorEnv`` (see the module docstring)."""

    render_mode = None  # nothing to render (SB3 asks at construction)

    def __init__(self, matches: VectorEnv) -> None:
        self.matches = matches
        super().__init__(
            matches.num_envs, matches.match_observation_space(), spaces.Discrete(matches.num_actions)
        )
        self._everyone = np.arange(matches.num_envs)
        self._actions: np.ndarray | None = None

    def reset(self) -> dict[str, np.ndarray]:
        obs, info = self.matches.reset(seed=self._seeds[0])
        self._reset_seeds()
        self.reset_infos = [{"seat": int(seat)} for seat in info["seat"]]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(self) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict[str, Any]]]:
        columns = self.matches.column[self.matches.seats()]
        obs, rewards, terminated, truncated, info = self.matches.step(self._actions)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        no_moves = np.zeros(self.matches.num_actions, np.int8)
        for at, slot in enumerate(info.get("final", ())):
            last = info["final_observation"][at, columns[slot]]
            infos[slot]["terminal_observation"] = {"observation": last, "action_mask": no_moves}
            infos[slot]["TimeLimit.truncated"] = bool(truncated[slot])
        return obs, rewards[self._everyone, columns], terminated | truncated, infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of the seat to act in each match (int8 ``[N, A]``)."""
        return self.matches.action_masks()

    def close(self) -> None:
        """Nothing to release: the engine holds no files, windows or processes."""

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """The attribute, shared by every match (AttributeError when there is none, as SB3 expects)."""
        return [getattr(self, attr_name)] * len(self._slots(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
    ) -> list[Any]:
        """``action_masks`` per match (the one method SB3's learners call on the matches)."""
        if method_name != "action_masks":
            raise AttributeError(f"the matches have no method {method_name!r} to call one by one")
        masks = self.matches.action_masks()
        return [masks[slot] for slot in self._slots(indices)]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * len(self._slots(indices))

    def _slots(self, indices: int | Iterable[int] | None) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)
