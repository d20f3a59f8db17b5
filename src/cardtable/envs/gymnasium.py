"""A single-agent Gymnasium environment: the agent plays one seat, our bots play the others
(extra ``cardtable[gymnasium]``).

>>> import gymnasium
>>> import cardtable.envs.gymnasium  # registers cardtable/<game>-v0 for every game
>>> env = gymnasium.make("cardtable/slobberhannes-v0", players=3, opponents="random")
>>> observation, info = env.reset(seed=1)
>>> observation["observation"].shape, info["legal_actions"] == list(observation["action_mask"].nonzero()[0])
((284,), True)

Observations are the PettingZoo adapter's dict (``observation``: the game's encoder vector,
``action_mask``: int8 over ``num_actions``, as every adapter's mask); ``action_masks()`` gives the
mask too (int8), as maskable learners expect. Rewards follow the option ``reward``
(``cardtable.envs.rewards``: ``win``, ``zero_sum`` or ``score``), counted for the agent's seat over its
move and the opponents' moves after it. A match that a safeguard limit stopped ends with
``truncated=True`` and ``terminated=False``, and pays no end-of-match reward.

Decisions:
- Opponents are, for every other seat or as a list in seat order, bot specs (``cardtable.bots.make``;
  a difficulty level such as ``easy`` is one), bot objects (``cardtable.bots.Bot``), or any callable
  taking the seat's observation dict and returning an action id (``cardtable.envs.opponents``): a
  policy being trained can so be its own opponent, seeing only what its seat sees. Specs are made
  afresh at every reset with seeds from the environment's ``np_random``, so ``reset(seed=s)`` fixes
  the whole episode when every opponent is a spec.
- Once the episode is over the observation's mask allows every action: under Gymnasium's vector
  autoreset (``gymnasium.make_vec``) the policy still picks an action for the final observation,
  which the reset that follows ignores, and an all-zero mask would leave it nothing to pick.
  ``info["legal_actions"]`` is empty then.
- An illegal action ends the episode with ``illegal_reward`` (default -1) and
  ``info["illegal_action"]`` holding the engine's reason; the match itself is left as it was.
  Gymnasium's own checker steps with unmasked random actions, and learners without masks need a
  signal rather than an exception. Stepping after the end raises RuntimeError.
- ``seat`` fixes the agent's seat; ``seat=None`` draws it at every reset.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

import cardtable
from cardtable.bots import Bot
from cardtable.core.game import State

from .encoding import encoder_for
from .opponents import Opponent, Policy, check_opponent, make_opponent
from .rewards import Rewards


class CardtableEnv(gymnasium.Env):
    """One seat of a cardtable game against bots (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        *,
        seat: int | None = 0,
        opponents: Opponent | Sequence[Opponent] = "easy",
        reward: str = "win",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """Raises ValueError for an unknown game, option, seat, opponent, reward or render mode."""
        self.game = cardtable.make(game, **options)
        self.rewarder = Rewards(self.game, reward)
        players = self.game.players
        if seat is not None and (isinstance(seat, bool) or seat not in range(players)):
            raise ValueError(f"seat must be None or a seat from 0 to {players - 1} (got {seat!r})")
        single = isinstance(opponents, str | Bot) or callable(opponents)
        specs: list[Opponent] = [opponents] * (players - 1) if single else list(opponents)  # type: ignore[arg-type, list-item]
        if len(specs) != players - 1:
            raise ValueError(f"opponents needs one opponent per other seat ({players - 1}), got {len(specs)}")
        for spec in specs:
            check_opponent(spec)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi' (got {render_mode!r})")
        self.seat, self.opponent_specs = seat, specs
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.encoder = encoder_for(self.game)
        layout = self.encoder.layout
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(layout.low(), layout.high(), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.game.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.state: State | None = None
        self._me = 0
        self._bots: dict[int, Bot | Policy] = {}
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new match, played by the bots up to the agent's first turn. ``options`` is unused."""
        super().reset(seed=seed)
        rng = self.np_random
        self._me = int(rng.integers(self.game.players)) if self.seat is None else self.seat
        others = [s for s in range(self.game.players) if s != self._me]
        self._bots = {
            seat: make_opponent(spec, seed=int(rng.integers(2**63)))
            for seat, spec in zip(others, self.opponent_specs, strict=True)
        }
        self.state = self.game.new_game(seed=int(rng.integers(2**63)))
        self._done = False
        self._bots_play()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the bots until the agent's next turn or the end."""
        state = self.state
        if state is None or self._done:
            raise RuntimeError("the episode is over: call reset() to start another")
        try:
            action_id = operator.index(action)
        except TypeError:
            raise ValueError(f"the action must be an integer action id, not {action!r}") from None
        reason = state.why_illegal(action_id)
        if reason is not None:
            self._done = True
            return self._observe(), self.illegal_reward, True, False, self._info(illegal_action=reason)
        since = state.event_count()
        state.apply_action(action_id)
        self._bots_play()
        self._done = state.is_terminal()
        events = state.events(since) if self.rewarder.dense else ()
        reward = self.rewarder.after(state, events)[self._me]
        truncated = self._done and state.is_truncated()
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._done and not truncated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent now: the observation's int8 mask over ``num_actions``."""
        return self._mask(self._me)

    def render(self) -> str | None:
        """The agent's view as text ('ansi' returns it, 'human' prints it)."""
        if self.render_mode is None or self.state is None:
            return None
        view = self.state.observation(self._me)
        text = "\n".join(f"{key}: {value}" for key, value in view.items())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _bots_play(self) -> None:
        """The opponents move until the agent's turn or the end: a bot from the state, a policy from
        its seat's observation."""
        state = self.state
        assert state is not None
        while not state.is_terminal() and state.current_player() != self._me:
            seat = state.current_player()
            assert seat is not None
            player = self._bots[seat]
            action = player.choose(state) if isinstance(player, Bot) else player(self._observe(seat))
            state.apply_action(operator.index(action))

    def _mask(self, seat: int) -> np.ndarray:
        state = self.state
        if state is None or self._done:
            return np.ones(self.game.num_actions, np.int8)  # see the module docstring: any action
        mask = np.zeros(self.game.num_actions, np.int8)
        if state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return mask

    def _observe(self, seat: int | None = None) -> dict[str, np.ndarray]:
        """The observation dict of ``seat`` (the agent's by default)."""
        assert self.state is not None
        seat = self._me if seat is None else seat
        vector = self.encoder.encode(self.state.observation(seat))
        return {"observation": vector, "action_mask": self._mask(seat)}

    def _info(self, **extra: Any) -> dict[str, Any]:
        assert self.state is not None
        legal = [] if self._done else self.state.legal_actions()
        return {"seat": self._me, "legal_actions": legal, **extra}


def register() -> None:
    """Make ``gymnasium.make("cardtable/<game>-v0", **options)`` work for every game."""
    for name in cardtable.games():
        env_id = f"cardtable/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=CardtableEnv, kwargs={"game": name})


register()
