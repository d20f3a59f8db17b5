"""Replays made once and kept: a record's steps, and a copy of its state every ``CHECKPOINT_EVERY``
steps, so that any frame, however late, is at most that many moves away from a copy.

Decisions:
- A replay is made in one pass over the record (``cardtable.replay_steps``), which also checks it: the
  steps, and a clone of the state at steps 0, K, 2K... (K = ``CHECKPOINT_EVERY``). A frame clones the
  copy at or before it and makes the moves in between (at most K - 1): a few milliseconds for any step of
  any game, where replaying from the start took up to a second for a long record.
- Copies cost memory (each holds the event log so far), so the cache is bounded by the steps it holds
  (``steps``), not by the number of replays: the least recently used replays go first. A replay larger
  than the whole budget is still kept, alone.
- That bound is ``Kept``'s, a least-recently-used cache weighed by what its values hold, which also keeps
  what watching a finished table needs (``live.LiveTables``, ``logs``): a finished record never changes,
  so what is made from it is made once. It counts its hits and misses, so tests can see a value was
  kept rather than made again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, TypeVar

import cardtable
from cardtable import State

from ..schemas import ReplayStep

CHECKPOINT_EVERY = 200
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Replay:
    """A record replayed: its steps, and the copies of its state that frames start from."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        """Replay ``record`` once; raises what ``cardtable.replay_steps`` raises for a bad record."""
        self.record = dict(record)
        self.steps: list[ReplayStep] = []
        self._copies: list[State] = []
        for index, (state, seat, move) in enumerate(cardtable.replay_steps(self.record)):
            self.steps.append(ReplayStep(step=index, seat=seat, move=move, version=state.event_count()))
            if index % CHECKPOINT_EVERY == 0:
                self._copies.append(state.clone())

    @property
    def players(self) -> int:
        return self._copies[0].game.players

    def state_at(self, step: int) -> State:
        """The state after ``step`` moves (0 <= step < len(steps)): a copy, replayed from the nearest one."""
        state = self._copies[step // CHECKPOINT_EVERY].clone()
        for later in self.steps[step - step % CHECKPOINT_EVERY + 1 : step + 1]:
            assert later.move is not None  # every step after the set-up is a move
            state.apply_action(state.string_to_action(later.move))
        return state


class Kept(Generic[K, V]):
    """Values by key, the most recently used kept, up to ``budget`` in all as ``weight`` weighs them (a
    value heavier than the whole budget is still kept, alone). Thread-safe; ``hits`` and ``misses``
    count the lookups."""

    def __init__(self, *, budget: int, weight: Callable[[V], int]) -> None:
        self.budget = budget
        self.weight = weight
        self.hits = 0
        self.misses = 0
        self._values: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value of ``key``, made by ``make`` (outside the lock) unless it is kept."""
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
                self.hits += 1
                return found[0]
            self.misses += 1
        value = make()
        self.put(key, value)
        return value

    def put(self, key: K, value: V) -> None:
        weight = self.weight(value)
        with self._lock:
            old = self._values.pop(key, None)
            self._held -= old[1] if old else 0
            self._values[key] = (value, weight)
            self._held += weight
            while self._held > self.budget and len(self._values) > 1:
                _, (_, dropped) = self._values.popitem(last=False)
                self._held -= dropped


class ReplayCache(Kept[str, Replay]):
    """Replays by source (``table/7``, ``upload/3``), most recently used kept, up to ``steps`` steps in all.
    Thread-safe."""

    def __init__(self, *, steps: int) -> None:
        super().__init__(budget=steps, weight=lambda replay: len(replay.steps))
