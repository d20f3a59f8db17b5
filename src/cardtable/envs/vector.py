"""Many matches of one game stepped together, with numpy batches (extra ``cardtable[gymnasium]``): the
caller acts for its seats in every match, and ``opponents`` play the others inside ``step``.

>>> import numpy as np
>>> from cardtable.envs.vector import VectorEnv
>>> envs = VectorEnv("slobberhannes", 8, seed=1, players=4)
>>> obs, info = envs.reset()
>>> obs["observation"].shape, obs["action_mask"].shape, obs["action_mask"].dtype.name, info["seat"].shape
((8, 357), (8, 32), 'int8', (8,))
>>> actions = np.array([np.flatnonzero(mask)[0] for mask in obs["action_mask"]])
>>> obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, terminated.dtype.name
((8, 4), 'bool')
>>> duel = VectorEnv("troeven", 8, seed=1, opponents={1: "heuristic"})  # the caller plays seat 0
>>> obs, info = duel.reset()
>>> duel.own_seats, set(info["seat"].tolist())
([0], {0})

- ``VectorEnv(game, n, seed=…, reward=…, opponents={seat: opponent}, **options)``: an opponent is a
  bot spec, a bot, or a policy called with the seat's observations (``cardtable.envs.opponents``). The
  other seats, ``own_seats``, are the caller's: every observation, mask and reward it gets is theirs.
- ``reset(seed=None)`` → ``(obs, info)``: ``obs["observation"]`` float32 ``[N, D]``, the game's
  encoder vector for the caller's seat to act in each match (the PettingZoo and Gymnasium adapters'
  vector), ``obs["action_mask"]`` int8 ``[N, A]`` (1 for each legal action: the one mask dtype of every
  adapter); ``info["seat"]`` the seat to act.
- ``step(actions)`` (one action id per match) → ``(obs, rewards, terminated, truncated, info)``: the
  caller's move, then the opponents' until one of the caller's seats is to act again. ``rewards``
  float32 ``[N, len(own_seats)]``, a column per own seat in ``own_seats`` order (option ``reward``:
  ``cardtable.envs.rewards``), summed over those moves; for a match that ended (``terminated``, or
  ``truncated`` by a safeguard limit) the next one starts in its place. ``info["final"]`` lists the
  matches that ended, and for them ``info["final_observation"]`` (float32 ``[k, len(own_seats), D]``:
  each own seat's last view) and ``info["final_returns"]`` (float32 ``[k, len(own_seats)]``: each own
  seat's rewards summed over the match).
- ``as_gymnasium()``: the same matches as a ``gymnasium.vector.VectorEnv`` (``GymnasiumVectorEnv``);
  ``as_sb3()``: as a Stable-Baselines3 ``VecEnv`` with ``action_masks()`` for sb3-contrib's
  MaskablePPO (``cardtable.envs.sb3``); ``global_states()``: every match's global state (every hand)
  for centralised critics; ``state(i)``: the engine state of match ``i`` (its ``record()`` replays it).

Decisions:
- Seeds as in the PettingZoo adapter: ``reset(seed=s)`` plays ``new_game(seed=s + i)`` in match slot
  ``i``, and each later match of slot ``i`` takes its seed from ``random.Random(s + i)``, ``reset()``
  without a seed included; so a slot plays the matches of a PettingZoo environment reset with
  ``seed=s + i`` and then without a seed. The constructor's ``seed`` is the first reset's. Opponent
  bots made from specs are seeded from ``s`` too, at every seeded reset.
- The caller's rewards count from its first decision in a match: a new match's opponent moves before
  it (and a match that ends before it, which is replaced) pay it nothing.
- Opponent policies are batched: one call per opponent seat for every match where that seat is to
  act. Bots choose match by match, from the engine state, as at the table.
- Observations are not rebuilt from views. Each slot keeps its match's global state vector
  (``Encoder.encode_state``), which the game's tracker (``encoding/tracker``) updates from each
  move and the events it wrote; a seat's vector is read out of it (``Encoder.seat_gather``) for the
  whole batch at once. Every game has a tracker (Slobberhannes, Troeven, Mü, Game of Trains and
  Cabooses); a game added without one encodes the seat's view each step, as the single environments do.
- Every own seat's reward is reported every step, so a learner playing several seats credits each of
  them; the Gymnasium and SB3 wrappers, limited to one reward per match, give the mover's and keep
  the rest in ``info``. A learner with one point of view plays one seat, with opponents at the others.
- An action the rules refuse in any match raises ``cardtable.IllegalAction`` naming the match and the
  reason, before any match moves (no silent penalty, nothing changes); an opponent policy's illegal
  action raises it too, naming the seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

import cardtable
from cardtable.bots import Bot
from cardtable.core.errors import IllegalAction
from cardtable.core.game import JsonDict, State

from .encoding import encoder_for
from .encoding.tracker import Tracker, row_of, tracker_for
from .opponents import Opponent, Policy, check_opponent, make_opponent
from .rewards import Rewards

if TYPE_CHECKING:
    from .sb3 import SB3VecEnv


@dataclass
class _Step:
    """What one ``step`` gathers for the caller, match by match."""

    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    final: list[int] = field(default_factory=list)
    ended: set[int] = field(default_factory=set)
    """The slots of ``final``: later moves there belong to the next match."""
    final_views: list[np.ndarray] = field(default_factory=list)
    final_returns: list[np.ndarray] = field(default_factory=list)


class VectorEnv:
    """``num_envs`` matches of ``game`` (see the module docstring)."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        *,
        seed: int | None = None,
        reward: str = "win",
        opponents: Mapping[int, Opponent] | None = None,
        **options: Any,
    ) -> None:
        """Raises ValueError for an unknown game, option, reward or opponent, fewer than one match, or
        opponents at every seat."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer (got {num_envs!r})")
        self.game = cardtable.make(game, **options)
        self.encoder = encoder_for(self.game)
        self.rewarder = Rewards(self.game, reward)
        self._dense = self.rewarder.dense
        self.num_envs, self.players = num_envs, self.game.players
        self.num_actions = self.game.num_actions
        self.opponent_specs = dict(opponents or {})
        for seat, opponent in self.opponent_specs.items():
            if isinstance(seat, bool) or seat not in range(self.players):
                raise ValueError(f"an opponent's seat is a seat from 0 to {self.players - 1} (got {seat!r})")
            check_opponent(opponent)
        self.own_seats = [seat for seat in range(self.players) if seat not in self.opponent_specs]
        """The caller's seats, in the order of the reward columns."""
        if not self.own_seats:
            raise ValueError("opponents at every seat leave the caller nothing to play")
        self._own = np.array(self.own_seats)
        self.column = np.full(self.players, -1)
        """The reward column of each own seat (-1 for an opponent's)."""
        self.column[self._own] = np.arange(len(self.own_seats))
        self._opponents: dict[int, list[Bot | Policy]] = {}
        """Per opponent seat, its player in each slot (bots made from specs are one per slot)."""
        self._seed = seed
        self._global = np.zeros((num_envs, self.encoder.state_size), np.float32)
        self._rows = [row_of(row) for row in self._global]  # made once
        self._gather = np.stack([self.encoder.seat_gather(seat) for seat in range(self.players)])
        tracker = tracker_for(self.encoder)
        self._trackers: list[Tracker] | None = (
            None if tracker is None else [tracker(self.encoder) for _ in range(num_envs)]
        )
        self._views = np.zeros((num_envs, self.encoder.size), np.float32)
        self._mask = np.zeros((num_envs, self.num_actions), np.int8)
        self._seats: list[int] = [0] * num_envs
        self._event_counts = [0] * num_envs
        """How many events each match's record holds (kept, so a step asks once)."""
        self._states: list[State] = []
        self._seeders: list[random.Random] = []
        self._returns = np.zeros((num_envs, len(self.own_seats)), np.float32)
        self._slots = np.arange(num_envs)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """New matches in every slot, played up to the caller's first turn (``seed``: see the module
        docstring; ``options`` is unused: game options are fixed when the environment is made)."""
        if seed is None:
            seed = self._seed
        self._seed = None  # the constructor's seed serves the first reset only
        if seed is not None or not self._seeders:
            self._seeders = [
                random.Random(None if seed is None else seed + slot) for slot in range(self.num_envs)
            ]
            bot_seeds = random.Random(None if seed is None else f"opponents {seed}")
            self._opponents = {
                seat: [make_opponent(spec, seed=bot_seeds.getrandbits(63)) for _ in range(self.num_envs)]
                for seat, spec in self.opponent_specs.items()
            }
        self._states = []
        for slot, seeder in enumerate(self._seeders):
            match_seed = seed + slot if seed is not None else seeder.getrandbits(63)
            self._states.append(self.game.new_game(seed=match_seed))
            self._start(slot)
        self._returns[:] = 0.0
        self._play_opponents(None)
        return self._observe(), {"seat": np.array(self._seats)}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """The caller's move in every match, then the opponents' up to its next turn; raises
        IllegalAction (nothing moves) when one is not legal, ValueError for actions that are not one
        integer id per match, RuntimeError before reset()."""
        if not self._states:
            raise RuntimeError("call reset() before step()")
        chosen = self._checked(actions)
        n = self.num_envs
        step = _Step(np.zeros((n, len(self.own_seats)), np.float32), np.zeros(n, bool), np.zeros(n, bool))
        for slot, action in enumerate(chosen):
            self._move(slot, action, step)
        self._play_opponents(step)
        info: dict[str, Any] = {"seat": np.array(self._seats)}
        if step.final:
            info["final"] = np.array(step.final)
            info["final_observation"] = np.stack(step.final_views)
            info["final_returns"] = np.stack(step.final_returns)
        return self._observe(), step.rewards, step.terminated, step.truncated, info

    def match_observation_space(self) -> spaces.Dict:
        """One match's observation space: the encoder's vector and the int8 mask, as every adapter's."""
        layout = self.encoder.layout
        return spaces.Dict(
            {
                "observation": spaces.Box(layout.low(), layout.high(), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
            }
        )

    def as_gymnasium(self) -> GymnasiumVectorEnv:
        """These matches as a ``gymnasium.vector.VectorEnv`` (see ``GymnasiumVectorEnv``)."""
        return GymnasiumVectorEnv(self)

    def as_sb3(self) -> SB3VecEnv:
        """These matches as a Stable-Baselines3 ``VecEnv`` (``cardtable.envs.sb3``; needs
        stable-baselines3, which the ``learn`` extra brings)."""
        try:
            from .sb3 import SB3VecEnv
        except ModuleNotFoundError as missing:
            raise ModuleNotFoundError(
                f"as_sb3() needs stable-baselines3: pip install 'cardtable[learn]' ({missing})"
            ) from missing
        return SB3VecEnv(self)

    def seats(self) -> list[int]:
        """The seat to act in each match."""
        return list(self._seats)

    def action_masks(self) -> np.ndarray:
        """The current observation's masks (int8 ``[N, A]``), as maskable learners ask for them."""
        return self._mask.copy()

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

    def _move(self, slot: int, action: int, step: _Step | None) -> None:
        """Play a legal ``action`` in ``slot``; rewards and the match's end go to ``step`` (None while
        resetting) unless the slot's match already ended in it (see the module docstring)."""
        state, seat = self._states[slot], self._seats[slot]
        since = self._event_counts[slot] + 1  # the first event after the move's own
        state.apply_action(action)
        self._event_counts[slot] = count = state.event_count()
        events = state.events(since) if count > since else []
        next_seat = state.current_player()  # None once the match is over
        if next_seat is not None and not self._dense:  # most moves: nothing to pay, the match goes on
            self._advance(slot, state, seat, action, events, next_seat)
            return
        counted = step is not None and slot not in step.ended
        if counted:
            assert step is not None
            got = np.asarray(self.rewarder.after(state, events), np.float32)[self._own]
            step.rewards[slot] += got
            self._returns[slot] += got
        if next_seat is not None:
            self._advance(slot, state, seat, action, events, next_seat)
            return
        if counted:
            assert step is not None
            step.ended.add(slot)
            step.truncated[slot] = cut = state.is_truncated()
            step.terminated[slot] = not cut
            step.final.append(slot)
            encode = self.encoder.encode
            step.final_views.append(np.stack([encode(state.observation(s)) for s in self.own_seats]))
            step.final_returns.append(self._returns[slot].copy())
        self._returns[slot] = 0.0
        self._states[slot] = self.game.new_game(seed=self._seeders[slot].getrandbits(63))
        self._start(slot)

    def _advance(
        self, slot: int, state: State, seat: int, action: int, events: list[JsonDict], next_seat: int
    ) -> None:
        """The match in ``slot`` goes on after ``seat`` played ``action``: its seat to act and vectors."""
        self._seats[slot] = next_seat
        if self._trackers is not None:
            self._trackers[slot].moved(self._rows[slot], state, seat, action, events)
        else:
            self._views[slot] = self.encoder.encode(state.observation(next_seat))

    def _play_opponents(self, step: _Step | None) -> None:
        """The opponents move, a round at a time over every match waiting for one, until the caller's
        seat is to act everywhere."""
        while self._opponents:
            seats = np.array(self._seats)
            waiting = False
            for seat, players in self._opponents.items():
                slots = np.flatnonzero(seats == seat)
                if not slots.size:
                    continue
                waiting = True
                for slot, action in zip(
                    slots.tolist(), self._opponent_actions(seat, players, slots), strict=True
                ):
                    self._move(slot, action, step)
            if not waiting:
                return

    def _opponent_actions(self, seat: int, players: list[Bot | Policy], slots: np.ndarray) -> list[int]:
        """The actions of the opponent at ``seat`` in ``slots``: a bot's match by match, a policy's in
        one call (checked: IllegalAction names the seat and match)."""
        first = players[slots[0]]
        if isinstance(first, Bot):
            return [players[slot].choose(self._states[slot]) for slot in slots.tolist()]
        mask = self._masks(slots)
        chosen = np.asarray(first({"observation": self._seat_views(slots), "action_mask": mask}))
        if chosen.size == len(slots):
            chosen = chosen.reshape(len(slots))  # a policy may answer [k, 1]
        return self._legal(chosen, mask, slots, f"seat {seat} ")

    def _checked(self, actions: Any) -> list[int]:
        """The caller's actions as ints, once every one is legal in its match (else IllegalAction, or
        ValueError)."""
        return self._legal(np.asarray(actions), self._mask, self._slots, "")

    def _legal(self, chosen: np.ndarray, mask: np.ndarray, slots: np.ndarray, who: str) -> list[int]:
        """``chosen`` (one action id per slot of ``slots``) as ints, once each is legal by ``mask``."""
        if chosen.shape != (len(slots),) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(
                f"{who}actions must hold one integer action id per match ({len(slots)}), got {chosen!r}"
            )
        inside = (chosen >= 0) & (chosen < self.num_actions)
        legal = inside.copy()
        legal[inside] = mask[np.flatnonzero(inside), chosen[inside]] != 0
        if not legal.all():
            at = int(np.flatnonzero(~legal)[0])
            slot, action = int(slots[at]), int(chosen[at])
            reason = self._states[slot].why_illegal(action)
            raise IllegalAction(f"{who}match {slot}: {reason or f'action {action} is not legal now'}")
        return chosen.tolist()  # type: ignore[no-any-return]

    def _masks(self, slots: np.ndarray) -> np.ndarray:
        """The int8 masks of the seat to act in ``slots``."""
        legal = [self._states[slot].legal_actions() for slot in slots.tolist()]
        actions = np.fromiter(chain.from_iterable(legal), np.intp)  # flattened in C, not per match
        mask = np.zeros((len(slots), self.num_actions), np.int8)
        mask[np.repeat(np.arange(len(slots)), list(map(len, legal))), actions] = 1
        return mask

    def _seat_views(self, slots: np.ndarray) -> np.ndarray:
        """The observation vectors of the seat to act in ``slots``."""
        if self._trackers is None:
            kept: np.ndarray = self._views[slots]
            return kept
        views = np.empty((len(slots), self.encoder.size), np.float32)
        seats = np.array(self._seats)[slots]
        for seat, gather in enumerate(self._gather):  # one column gather per seat to act
            at = np.flatnonzero(seats == seat)
            if at.size:
                views[at] = np.take(self._global[slots[at]], gather, axis=1)
        return views

    def _observe(self) -> dict[str, np.ndarray]:
        self._mask = self._masks(self._slots)
        return {"observation": self._seat_views(self._slots), "action_mask": self._mask.copy()}


class GymnasiumVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc]
    """A ``VectorEnv``'s matches as a ``gymnasium.vector.VectorEnv`` with same-step autoreset.

    Gymnasium's vector API has one reward per match, so ``rewards[i]`` is the reward of the seat that
    just acted in match ``i`` (always the same seat when the caller plays one, with opponents at the
    others); ``info["rewards"]`` holds every own seat's (``[N, len(own_seats)]``) and ``info["seat"]``
    the seat to act next. A finished match's last observation, from the view of the seat that made
    the caller's last move, is in ``info["final_obs"]`` where ``info["_final_obs"]`` is True
    (Gymnasium's ``AutoresetMode.SAME_STEP``), its mask all zeros (int8, as every mask) as nothing is
    left to play; ``info["final_info"]`` holds the match's ``returns`` per own seat.
    """

    metadata: ClassVar[dict[str, Any]] = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, matches: VectorEnv) -> None:
        self.matches = matches
        self.num_envs = matches.num_envs
        self.single_observation_space = matches.match_observation_space()
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
        columns = self.matches.column[self.matches.seats()]
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
                final_obs[slot] = {"observation": last_views[at, columns[slot]], "action_mask": no_moves}
                final_info[slot] = {"returns": returns[at]}
            info.update(final_obs=final_obs, _final_obs=ended, final_info=final_info, _final_info=ended)
        return obs, rewards[self._everyone, columns], terminated, truncated, info
