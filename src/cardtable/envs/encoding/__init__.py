"""Tensor encoders: one per game, each turning ``state.observation(seat)`` into a fixed-shape vector.

An encoder reads only the observation (the one view of ``docs/design.md`` §6: what the seat may know)
and static facts of the game with its options, so no hidden card can reach a tensor by another path.
Its vector has the same shape for every state of a game with given options; its layout is declared
once with ``Layout`` and printed in the game module's docstring.

Decisions:
- Seats are relative: index 0 of every per-seat field is the observing seat, then the seats after it
  in turn order. A policy then plays any seat alike. The public view (``observation(None)``) is
  written from seat 0's place, with no hand.
- Counts are scaled into [0, 1] by a static maximum (hand size, tricks per hand); scores by the
  game's own scale, so bounds are exact and a ``Box`` space holds every observation.
- A game without an encoder module is refused by ``encoder_for`` with the file to add: the adapters
  are generic, a new game needs only ``cardtable/envs/encoding/<game>.py`` with its ``encoder_class``.

>>> import cardtable
>>> encoder = encoder_for(cardtable.make("slobberhannes", players=4))
>>> vector = encoder.encode(cardtable.make("slobberhannes").new_game(seed=1).observation(0))
>>> vector.shape == (encoder.size,) and vector.dtype.name
'float32'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import numpy as np

from ...core.game import Game, JsonDict
from ...core.registry import piece
from .layout import Field, Layout

__all__ = ["Encoder", "Field", "Layout", "encoder_for"]


class Encoder(ABC):
    """Observation dicts of one game (options fixed) to float32 vectors of one shape."""

    private_fields: ClassVar[tuple[str, ...]] = ("hand",)
    """Fields holding what only the observer sees (all zeros in the public view)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.layout = Layout()
        self._declare()

    @property
    def size(self) -> int:
        return self.layout.size

    def encode(self, view: JsonDict) -> np.ndarray:
        """A new vector for ``view`` (an ``observation(seat)`` or the public ``observation(None)``)."""
        out = np.zeros(self.layout.size, np.float32)
        self._write(out, view)
        return out

    def encode_into(self, out: np.ndarray, view: JsonDict) -> None:
        """Overwrite ``out`` (shape ``(size,)``) with the encoding of ``view``."""
        out[:] = 0.0
        self._write(out, view)

    # -- what each game provides --------------------------------------------------------------------

    @abstractmethod
    def _declare(self) -> None:
        """Add the fields to ``self.layout`` (and keep their offsets) for this game and its options."""

    @abstractmethod
    def _write(self, out: np.ndarray, view: JsonDict) -> None:
        """Write ``view`` into ``out``, which is all zeros."""

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the decisions in one match with these options (OpenSpiel needs one)."""

    # -- helpers for encoders --------------------------------------------------------------------

    def me(self, view: JsonDict) -> int:
        """The seat the view is written for (seat 0's place for the public view)."""
        seat = view.get("seat")
        return 0 if seat is None else int(seat)

    def relative(self, seat: int, me: int) -> int:
        """Index of ``seat`` counted from ``me`` in turn order."""
        return (seat - me) % self.players

    def seat_one_hot(self, out: np.ndarray, field: Field, seat: Any, me: int) -> None:
        """Mark ``seat`` (relative to ``me``) in a field of ``players`` values; None marks nothing."""
        if seat is not None:
            out[field.offset + self.relative(int(seat), me)] = 1.0

    def per_seat(self, out: np.ndarray, field: Field, values: list[Any], me: int, scale: float) -> None:
        """Write ``values[seat] / scale`` at each seat's relative place."""
        for seat, value in enumerate(values):
            out[field.offset + self.relative(seat, me)] = value / scale


def encoder_for(game: Game) -> Encoder:
    """The encoder of ``game`` (options included); raises ValueError naming the file to add when the
    game has none yet."""
    encoder_class: type[Encoder] = piece(game.name, __name__, "encoder_class", "tensor encoder")
    return encoder_class(game)
