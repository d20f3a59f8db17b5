"""Trackers: every seat's observation vector of one match, kept up to date from its moves and events.

Encoding a view (``Encoder.encode``) builds the observation dict and walks every field: most of a
step's cost in an adapter. A tracker instead holds the match's global state vector
(``Encoder.encode_state``: every seat's view, laid out once from seat 0's place) and changes only
the values a move changes; a seat's vector is then read out of it with ``Encoder.seat_gather``. The
vector environment (``cardtable.envs.vector``) keeps one tracker per game in play.

A tracker writes through a ``Row``: a float32 memoryview of the match's slice of the batch. Setting one
item of a memoryview costs about 40% less than setting one of a numpy array, and item writes are most
of a tracker's work; a run of values is set with ``fill``.

A tracker may leave a rare move whose outcome only the engine's rules settle (the end of an auction,
a hand's score) to ``start``, which rewrites the row from the views: exact, and cheap when it is one
move in many (Mü's does so once or twice a hand).

A game's tracker is ``tracker_class`` in its encoding module (optional: ``tracker_for`` gives None
for a game without one). It starts from the reference encoding and must keep equal to it after every
move: ``tests/envs/test_vector.py`` compares the two at every step.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Protocol, cast

import numpy as np

from ...core.cards import PIQUET_IDS
from ...core.game import JsonDict, State
from ...core.registry import find_piece
from . import Encoder


class Row(Protocol):
    """One match's global state vector: a writable float32 memoryview (see the module docstring)."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


def row_of(vector: np.ndarray) -> Row:
    """The ``Row`` through which a tracker writes ``vector`` (float32, one dimension)."""
    return cast(Row, memoryview(vector))


class Tracker(ABC):
    """The global state vector of one match in play (see the module docstring)."""

    __slots__ = ("at", "encoder", "private")

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.at = SimpleNamespace(**{field.name: field.offset for field in encoder.layout.fields})
        """Each field's offset, by name (read on the hot path)."""
        self.private = [self.private_offset(seat) for seat in range(encoder.players)]
        """Where each seat's first private field starts."""

    def start(self, row: Row, state: State) -> None:
        """Write ``state``'s global state into ``row`` (from the views: once a match) and remember
        what the moves to come need."""
        np.asarray(row)[:] = self.encoder.encode_state(state)
        self._remember(state)

    @abstractmethod
    def _remember(self, state: State) -> None:
        """Take from ``state`` (through its views) what later moves need to know."""

    @abstractmethod
    def moved(self, row: Row, state: State, seat: int, action: int, events: list[JsonDict]) -> None:
        """Bring ``row`` up to date after ``seat`` played ``action``; ``state`` is the state after it
        (the match goes on) and ``events`` the record's events the move wrote after itself (a hand's
        ``score`` and the next ``deal``; usually none)."""

    @staticmethod
    def fill(row: Row, start: int, stop: int, value: float) -> None:
        """Set ``row[start:stop]`` to ``value`` (a memoryview takes no scalar for a slice)."""
        np.asarray(row)[start:stop] = value

    def private_offset(self, seat: int) -> int:
        """Where ``seat``'s first private field starts in the global state vector."""
        encoder = self.encoder
        if seat == 0:
            return encoder.layout[encoder.private_fields[0]].offset
        block = sum(encoder.layout[name].size for name in encoder.private_fields)
        return encoder.size + (seat - 1) * block


Plays = list[tuple[int, int]]
"""A trick's cards as (seat, card id) in play order."""


def view_tricks(
    view: JsonDict, ids: Mapping[str, int] = PIQUET_IDS
) -> tuple[Plays, tuple[Plays, int] | None]:
    """A trick game's view's current trick, and its last trick with who took it (None before the
    first), cards by their ``ids`` (piquet ids by default): what its tracker starts from."""
    trick = [(play["seat"], ids[play["card"]]) for play in view["trick"]]
    last = view["last_trick"]
    if last is None:
        return trick, None
    return trick, ([(play["seat"], ids[play["card"]]) for play in last["cards"]], last["winner"])


def tracker_for(encoder: Encoder) -> type[Tracker] | None:
    """The tracker class of the encoder's game, or None when the game has none yet."""
    found: type[Tracker] | None = find_piece(encoder.game.name, __package__ or "", "tracker_class")
    return found
