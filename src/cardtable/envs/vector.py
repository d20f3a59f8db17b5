"""Many matches of one game stepped together, every seat acting through the caller (self-play), with
numpy batches (extra ``cardtable[gymnasium]``).

>>> import numpy as np
>>> from cardtable.envs.vector import VectorEnv
>>> envs = VectorEnv("slobberhannes", 8, seed=1, players=4)
>>> obs, info = envs.reset()
>>> obs["observation"].shape, obs["action_mask"].shape, info["seat"].shape
((8, 357), (8, 32), (8,))
>>> actions = np.array([np.flatnonzero(mask)[0] for mask in obs["action_mask"]])
>>> obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, terminated.dtype.name
((8, 4), 'bool')

- ``reset(seed=None)`` → ``(obs, info)``: ``obs["observation"]`` float32 ``[N, D]``, the game's
  encoder vector for the seat to act in each match (the PettingZoo and Gymnasium adapters' vector),
  ``obs["action_mask"]`` bool ``[N, A]``, its legal actions; ``info["seat"]`` the seat to act.
- ``step(actions)`` (one action id per match) → ``(obs, rewards, terminated, truncated, info)``:
  ``rewards`` float32 ``[N, players]`` (option ``reward``: ``cardtable.envs.rewards``), and for a
  match that ended (``terminated``, or ``truncated`` by a safeguard limit) the next one starts in its
  place. ``info["final"]`` lists the matches that ended, and for them ``info["final_observation"]``
  (float32 ``[k, players, D]``: each seat's last view) and ``info["final_returns"]`` (float32
  ``[k, players]``: each seat's rewards summed over the match).
- ``as_gymnasium()``: the same matches as a ``gymnasium.vector.VectorEnv`` (``GymnasiumVectorEnv``);
  ``global_states()``: every match's global state (every hand) for centralised critics; ``state(i)``:
  the engine state of match ``i`` (its ``record()`` replays it).

Decisions:
- Seeds as in the PettingZoo adapter: ``reset(seed=s)`` plays ``new_game(seed=s + i)`` in match slot
  ``i``, and each later match of slot ``i`` takes its seed from ``random.Random(s + i)``; so a slot
  plays the matches of a PettingZoo environment reset with ``seed=s + i`` and then without a seed.
- Observations are not rebuilt from views. Each slot keeps its match's global state vector
  (``Encoder.encode_state``), which the game's tracker (``encoding/tracker``) updates from each
  move and the events it wrote; a seat's vector is read out of it (``Encoder.seat_gather``) for the
  whole batch at once. Every game has a tracker (Slobberhannes, Troeven, Mü, Game of Trains and
  Cabooses); a game added without one encodes the seat's view each step, as the single environments do.
- Every seat's reward is reported every step (rewards ``[N, players]``), so a learner playing all
  seats credits each of them; the Gymnasium wrapper, limited to one reward per match, gives the
  mover's and keeps the rest in ``info``.
- An action the rules refuse in any match raises ``cardtable.IllegalAction`` naming the match and the
  reason, before any match moves (no silent penalty, nothing changes).
"""

from __future__ import annotations

import random
from itertools import chain
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

import cardtable
from cardtable.core.errors import IllegalAction
from cardtable.core.game import State

from .encoding import encoder_for
from .encoding.tracker import Tracker, row_of, tracker_for
from .rewards import Rewards


class VectorEnv:
    """``num_envs`` matches of ``game`` (see the module docstring)."""

    def __init__(
        self, game: str, num_envs: int, *, seed: int | None = None, reward: str = "win", **options: Any
    ) -> None:
        """Raises ValueError for an unknown game, option or reward, or fewer than one match."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer (got {num_envs!r})")
        self.game = cardtable.make(game, **options)
        self.encoder = encoder_for(self.game)
        self.rewarder = Rewards(self.game, reward)
        self.num_envs, self.players = num_envs, self.game.players
        self.num_actions = self.game.num_actions
        self._seed = seed
        self._global = np.zeros((num_envs, self.encoder.state_size), np.float32)
        self._rows = [row_of(row) for row in self._global]  # made once
        self._gather = np.stack([self.encoder.seat_gather(seat) for seat in range(self.players)])
        tracker = tracker_for(self.encoder)
        self._trackers: list[Tracker] | None = (
            None if tracker is None else [tracker(self.encoder) for _ in range(num_envs)]
        )
        self._views = np.zeros((num_envs, self.encoder.size), np.float32)
        self._mask = np.zeros((num_envs, self.num_actions), bool)
        self._seats: list[int] = [0] * num_envs
        self._event_counts = [0] * num_envs
        """How many events each match's record holds (kept, so a step asks once)."""
        self._states: list[State] = []
        self._seeders: list[random.Random] = []
        self._returns = np.zeros((num_envs, self.players), np.float32)
        self._slots = np.arange(num_envs)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """New matches in every slot (``seed``: see the module docstring; ``options`` is unused:
        game options are fixed when the environment is made)."""
        if seed is None:
            seed = self._seed
        self._seed = None  # a later reset() without a seed goes on with fresh seeds
        self._seeders = [
            random.Random(None if seed is None else seed + slot) for slot in range(self.num_envs)
        ]
        self._states = []
        for slot, seeder in enumerate(self._seeders):
            match_seed = seed + slot if seed is not None else seeder.getrandbits(63)
            self._states.append(self.game.new_game(seed=match_seed))
            self._start(slot)
        self._returns[:] = 0.0
        return self._observe(), {"seat": np.array(self._seats)}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One move in every match; raises IllegalAction (nothing moves) when one is not legal,
        ValueError for actions that are not one integer id per match, RuntimeError before reset()."""
        if not self._states:
            raise RuntimeError("call reset() before step()")
        chosen = self._checked(actions)
        n, dense = self.num_envs, self.rewarder.dense
        rewards = np.zeros((n, self.players), np.float32)
        terminated, truncated = np.zeros(n, bool), np.zeros(n, bool)
        trackers, rows, seats = self._trackers, self._rows, self._seats
        final: list[int] = []
        final_views: list[np.ndarray] = []
        final_returns: list[np.ndarray] = []
        after, encode = self.rewarder.after, self.encoder.encode
        counts = self._event_counts
        for slot, (state, action) in enumerate(zip(self._states, chosen, strict=True)):
            seat, since = seats[slot], counts[slot] + 1  # since: the first event after the move's own
            state.apply_action(action)
            counts[slot] = count = state.event_count()
            events = state.events(since) if count > since else []
            next_seat = state.current_player()  # None once the match is over
            if dense or next_seat is None:
                rewards[slot] = after(state, events)
                self._returns[slot] += rewards[slot]
            if next_seat is None:
                truncated[slot] = cut = state.is_truncated()
                terminated[slot] = not cut
                final.append(slot)
                final_views.append(np.stack([encode(state.observation(s)) for s in range(self.players)]))
                final_returns.append(self._returns[slot].copy())
                self._returns[slot] = 0.0
                self._states[slot] = self.game.new_game(seed=self._seeders[slot].getrandbits(63))
                self._start(slot)
                continue
            seats[slot] = next_seat
            if trackers is not None:
                trackers[slot].moved(rows[slot], state, seat, action, events)
            else:
                self._views[slot] = encode(state.observation(next_seat))
        info: dict[str, Any] = {"seat": np.array(seats)}
        if final:
            info["final"] = np.array(final)
            info["final_observation"] = np.stack(final_views)
            info["final_returns"] = np.stack(final_returns)
        return self._observe(), rewards, terminated, truncated, info

    def as_gymnasium(self) -> GymnasiumVectorEnv:
        """These matches as a ``gymnasium.vector.VectorEnv`` (see ``GymnasiumVectorEnv``)."""
        return GymnasiumVectorEnv(self)

    def seats(self) -> list[int]:
        """The seat to act in each match."""
        return list(self._seats)

    def state(self, slot: int) -> State:
        """The engine state of the match in ``slot`` (for records and cardtable tools)."""
        return self._states[slot]

    def global_states(self) -> np.ndarray:
        """Every match's global state (float32 ``[N, state_size]``: every hand, as PettingZoo's
        ``env.state()``), for centralised critics."""
        if self._trackers is not None:
            return self._global.copy()
        return np.stack([self.encoder.encode_state(state) for state in self._states])

    # -- helpers ----------------------------------------------------------------------------------------

    def _start(self, slot: int) -> None:
        """Take the new match in ``slot``: its seat to act and its vectors."""
        state = self._states[slot]
        seat: int = state.current_player()  # type: ignore[assignment]  # a new match has a seat to act
        self._seats[slot] = seat
        self._event_counts[slot] = state.event_count()
        if self._trackers is not None:
            self._trackers[slot].start(self._rows[slot], state)
        else:
            self._views[slot] = self.encoder.encode(state.observation(seat))

    def _checked(self, actions: Any) -> list[int]:
        """The actions as ints, once every one is legal in its match (else IllegalAction, or ValueError)."""
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(
                f"actions must hold one integer action id per match ({self.num_envs}), got {actions!r}"
            )
        inside = (chosen >= 0) & (chosen < self.num_actions)
        legal = inside.copy()
        legal[inside] = self._mask[np.flatnonzero(inside), chosen[inside]]
        if not legal.all():
            slot = int(np.flatnonzero(~legal)[0])
            action = int(chosen[slot])
            reason = self._states[slot].why_illegal(action)
            raise IllegalAction(f"match {slot}: {reason or f'action {action} is not legal now'}")
        return chosen.tolist()  # type: ignore[no-any-return]

    def _observe(self) -> dict[str, np.ndarray]:
        legal = [state.legal_actions() for state in self._states]
        actions = np.fromiter(chain.from_iterable(legal), np.intp)  # flattened in C, not per match
        mask = np.zeros((self.num_envs, self.num_actions), bool)
        mask[np.repeat(self._slots, list(map(len, legal))), actions] = True
        self._mask = mask
        if self._trackers is None:
            return {"observation": self._views.copy(), "action_mask": mask.copy()}
        views = np.empty((self.num_envs, self.encoder.size), np.float32)
        seats = np.array(self._seats)
        for seat, gather in enumerate(self._gather):  # one column gather per seat to act
            slots = np.flatnonzero(seats == seat)
            views[slots] = np.take(self._global[slots], gather, axis=1)
        return {"observation": views, "action_mask": mask.copy()}


class GymnasiumVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc]
    """A ``VectorEnv``'s matches as a ``gymnasium.vector.VectorEnv`` with same-step autoreset.

    Gymnasium's vector API has one reward per match, so ``rewards[i]`` is the reward of the seat that
    just acted in match ``i``; ``info["rewards"]`` holds every seat's (``[N, players]``) and
    ``info["seat"]`` the seat to act next. A finished match's last observation, from the view of
    the seat that made the last move, is in ``info["final_obs"]`` where ``info["_final_obs"]`` is
    True (Gymnasium's ``AutoresetMode.SAME_STEP``), its mask all zeros as nothing is left to play;
    ``info["final_info"]`` holds the match's ``returns`` per seat.
    """

    metadata: ClassVar[dict[str, Any]] = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, matches: VectorEnv) -> None:
        self.matches = matches
        self.num_envs = matches.num_envs
        layout = matches.encoder.layout
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(layout.low(), layout.high(), dtype=np.float32),
                "action_mask": spaces.MultiBinary(matches.num_actions),
            }
        )
        self.single_action_space = spaces.Discrete(matches.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._everyone = np.arange(self.num_envs)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        return self.matches.reset(seed=seed, options=options)

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        movers = np.array(self.matches.seats())
        obs, rewards, terminated, truncated, info = self.matches.step(actions)
        info["rewards"] = rewards
        final = info.pop("final", None)
        if final is not None:
            last_views = info.pop("final_observation")
            returns = info.pop("final_returns")
            ended = np.zeros(self.num_envs, bool)
            ended[final] = True
            final_obs = np.full(self.num_envs, None, object)
            final_info = np.full(self.num_envs, None, object)
            no_moves = np.zeros(self.matches.num_actions, np.int8)
            for at, slot in enumerate(final):
                view = last_views[at, movers[slot]]
                final_obs[slot] = {"observation": view, "action_mask": no_moves}
                final_info[slot] = {"returns": returns[at]}
            info.update(final_obs=final_obs, _final_obs=ended, final_info=final_info, _final_info=ended)
        return obs, rewards[self._everyone, movers], terminated, truncated, info
