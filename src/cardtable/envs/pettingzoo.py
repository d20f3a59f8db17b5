"""PettingZoo AEC environments for every cardtable game (extra ``cardtable[pettingzoo]``).

>>> from cardtable.envs import pettingzoo as ct_pettingzoo
>>> env = ct_pettingzoo.env("slobberhannes", players=3)
>>> env.reset(seed=7)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((284,), True)

Agents are ``player_0`` … ``player_{n-1}``, seat for seat. An observation is a dict: ``observation``, the
float32 vector of the game's encoder (layout in ``cardtable.envs.encoding.<game>``), and
``action_mask``, int8 over the game's ``num_actions`` ids, 1 for each legal action of the agent to
act (all zeros for the others). Actions are the game's action ids.

``env.state()`` is the global state for centralised critics (every hand: ``Encoder.encode_state``),
in ``env.state_space``; the engine's state of the match is ``env.unwrapped.match``.

Decisions:
- ``reset(seed=s)`` plays the match ``new_game(seed=s)``, so an episode can be replayed and exported
  with ``env.unwrapped.match.record()``; ``reset()`` without a seed draws the next match's seed from
  a generator seeded by the last seed given (or by the system when none was).
- An illegal action is bad input: ``step`` raises ``cardtable.IllegalAction`` with the engine's reason
  and nothing changes (no silent penalty). Learners use the mask.
- Rewards follow the option ``reward`` (``cardtable.envs.rewards``): ``win`` (the default) and
  ``zero_sum`` come when the match ends, ``score`` as each hand is scored. A match that a safeguard
  limit stopped (``state.is_truncated()``) ends every agent with ``truncated`` rather than
  ``terminated``.
- ``reset(options=...)`` is accepted as the API requires and ignored: game options are fixed when the
  environment is made, and checked there.
- ``render()`` writes the public view (``observation(None)``): it shows what a spectator sees.
"""

from __future__ import annotations

import operator
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import cardtable
from cardtable.core.game import State

from .encoding import encoder_for
from .rewards import Rewards


def env(game: str, render_mode: str | None = None, reward: str = "win", **options: Any) -> AECEnv:
    """The AEC environment of ``game`` with ``options`` (e.g. ``players=5``), order-checked as
    PettingZoo's own environments are. Raises ValueError for an unknown game, option or reward."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, reward=reward, **options))


class raw_env(AECEnv):  # PettingZoo names the unwrapped environment so
    """One cardtable game as an AEC environment (see the module docstring)."""

    def __init__(
        self, game: str, render_mode: str | None = None, reward: str = "win", **options: Any
    ) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi' (got {render_mode!r})")
        self.game = cardtable.make(game, **options)
        self.encoder = encoder_for(self.game)
        self.rewarder = Rewards(self.game, reward)
        self.render_mode = render_mode
        self.metadata = {
            "name": f"cardtable_{game.replace('-', '_')}_v0",
            "render_modes": ["human", "ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = self.encoder.layout.low(), self.encoder.layout.high()
        actions = self.game.num_actions
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        size, players = self.encoder.state_size, self.game.players
        low, high = self.encoder.layout.low(), self.encoder.layout.high()
        private = [self.encoder.layout[name] for name in self.encoder.private_fields]
        extra = [(f.low, f.high, f.size) for f in private] * (players - 1)
        state_low = np.concatenate([low, *(np.full(n, lo, np.float32) for lo, _, n in extra)])
        state_high = np.concatenate([high, *(np.full(n, hi, np.float32) for _, hi, n in extra)])
        assert state_low.shape == (size,)
        self.state_space = spaces.Box(state_low, state_high, dtype=np.float32)
        self._seeds = random.Random()
        self.match: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        match_seed = seed if seed is not None else self._seeds.getrandbits(63)
        self.match = self.game.new_game(seed=match_seed)
        self.agents = self.possible_agents.copy()
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self._agent_to_act()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._running()
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_actions, np.int8)
        if state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return {"observation": self.encoder.encode(state.observation(seat)), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Take ``action`` for ``agent_selection``; raises IllegalAction (nothing changes) if illegal,
        and ValueError for an action that is not an integer id."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._running()
        try:
            action_id = operator.index(action)
        except TypeError:
            raise ValueError(f"{agent} must act with an integer action id, not {action!r}") from None
        since = state.event_count()
        state.apply_action(action_id)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        rewards = self.rewarder.after(state, state.events(since + 1) if self.rewarder.dense else ())
        for other, value in zip(self.possible_agents, rewards, strict=True):
            self.rewards[other] = value
        if state.is_terminal():
            ended = self.truncations if state.is_truncated() else self.terminations
            for other in self.possible_agents:
                ended[other] = True
        self.agent_selection = self._agent_to_act(after=agent)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def state(self) -> np.ndarray:
        """The global state: every seat's view in one vector (``Encoder.encode_state``)."""
        return self.encoder.encode_state(self._running())

    def render(self) -> str | None:
        """The public view as text ('ansi' returns it, 'human' prints it)."""
        if self.render_mode is None:
            return None
        view = self._running().observation(None)
        text = "\n".join(f"{key}: {value}" for key, value in view.items())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the engine holds no files, windows or processes."""

    def _running(self) -> State:
        if self.match is None:
            raise RuntimeError("call reset() before using the environment")
        return self.match

    def _agent_to_act(self, after: str | None = None) -> str:
        """The agent whose turn it is; once the match is over, the agent after ``after``."""
        seat = self._running().current_player()
        if seat is not None:
            return self.possible_agents[seat]
        start = 0 if after is None else self._seat[after] + 1
        return self.possible_agents[start % len(self.possible_agents)]
