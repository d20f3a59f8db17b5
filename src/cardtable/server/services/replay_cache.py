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
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import cardtable
from cardtable import State

from ..schemas import ReplayStep

CHECKPOINT_EVERY = 200


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


class ReplayCache:
    """Replays by source (``table/7``, ``upload/3``), most recently used kept, up to ``steps`` steps in all.
    Thread-safe."""

    def __init__(self, *, steps: int) -> None:
        self.budget = steps
        self._replays: OrderedDict[str, Replay] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def get(self, source: str, make: Callable[[], Replay]) -> Replay:
        """The replay of ``source``, made by ``make`` unless it is kept."""
        with self._lock:
            found = self._replays.get(source)
            if found is not None:
                self._replays.move_to_end(source)
                return found
        replay = make()
        self.put(source, replay)
        return replay

    def put(self, source: str, replay: Replay) -> None:
        with self._lock:
            old = self._replays.pop(source, None)
            self._held -= len(old.steps) if old else 0
            self._replays[source] = replay
            self._held += len(replay.steps)
            while self._held > self.budget and len(self._replays) > 1:
                _, dropped = self._replays.popitem(last=False)
                self._held -= len(dropped.steps)
