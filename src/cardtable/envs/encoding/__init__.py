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
- The information-state tensor (OpenSpiel's, ``encode_info``) is the observation's vector now and as it
  was at the hand's deal (which keeps what the deal showed, even what an earlier hand left on view),
  followed by the history of the current hand as tokens: every move's action id, and after a move the
  game's ``news`` for the seat (what chance showed it: its cards at a deal, a card drawn or uncovered),
  ids from ``num_actions`` on. Moves are public in every game and their seats follow from the rules, so
  the current view and these tokens tell apart every history of the hand that the seat can tell apart. A
  game lays the tokens out one-hot (one row per token) where that stays small, else as one value per
  token, ``(token + 1) / vocabulary``: exact, and a thousandth of the size.

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

from ...core.game import Game, JsonDict, State
from ...core.registry import piece
from .layout import Field, Layout

__all__ = ["Encoder", "Field", "Layout", "encoder_for"]


class Encoder(ABC):
    """Observation dicts of one game (options fixed) to float32 vectors of one shape."""

    private_fields: ClassVar[tuple[str, ...]] = ("hand",)
    """Fields holding what only the observer sees (all zeros in the public view)."""
    score_sense: ClassVar[int] = 0
    """How a seat's score moves as it does well: +1 up, -1 down (Troeven), 0 for a game that keeps
    no score (its ``reward="score"`` is refused)."""
    hand_key: ClassVar[str | None] = None
    """The observation's key that changes when a new hand is dealt (None: the match is one deal)."""
    news_vocabulary = 0
    """How many kinds of news token the game has (``news``)."""
    history_one_hot: ClassVar[bool] = False
    """True to lay the history out one-hot (see the module docstring)."""

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

    # -- the global state (every hand, for centralised critics) ---------------------------------------

    @property
    def state_size(self) -> int:
        """The length of ``encode_state``'s vector."""
        return self.size + (self.players - 1) * sum(self.layout[name].size for name in self.private_fields)

    def encode_state(self, state: State) -> np.ndarray:
        """What all seats see together: seat 0's observation vector, then each other seat's private
        fields in seat order (their hands). Cards nobody sees (a stock, a depot) stay out."""
        parts = [self.encode(state.observation(0))]
        for seat in range(1, self.players):
            vector = self.encode(state.observation(seat))
            parts += [
                vector[self.layout[name].offset : self.layout[name].stop] for name in self.private_fields
            ]
        return np.concatenate(parts)

    def seat_gather(self, seat: int) -> np.ndarray:
        """The indices that read ``seat``'s observation vector out of the global state's:
        ``encode_state(state)[seat_gather(s)] == encode(state.observation(s))``. The global state is
        laid out from seat 0's place, so a per-seat field moves by ``seat`` places, and a private field
        is read from the seat's own part."""
        n, index = self.players, np.arange(self.size)
        private = [self.layout[name] for name in self.private_fields]
        block = sum(field.size for field in private)
        within = 0
        for field in self.layout.fields:
            part = index[field.offset : field.stop]
            if field.name in self.private_fields:
                if seat:
                    part[:] = self.size + (seat - 1) * block + within + np.arange(field.size)
                within += field.size
            elif field.per_seat:
                width = n * field.per_seat
                relative = np.arange(field.size)
                group, rest = divmod(relative, width)
                place, inner = divmod(rest, field.per_seat)
                part[:] = field.offset + group * width + (place + seat) % n * field.per_seat + inner
        return index

    # -- the information state (perfect recall within a hand) ---------------------------------------

    @property
    def vocabulary(self) -> int:
        """Token ids: the action ids, then the news."""
        return self.game.num_actions + self.news_vocabulary

    @property
    def info_size(self) -> int:
        """The length of ``encode_info``'s vector."""
        rows = self.history_length()
        return 2 * self.size + rows * (self.vocabulary if self.history_one_hot else 1)

    def encode_info(self, view: JsonDict, dealt: JsonDict, tokens: list[int]) -> np.ndarray:
        """The seat's information-state vector: ``view`` encoded, then its view ``dealt`` at the hand's
        deal, then this hand's ``tokens``. Raises ValueError when a hand holds more tokens than
        ``history_length`` allows."""
        out = np.zeros(self.info_size, np.float32)
        self._write(out, view)
        self._write(out[self.size : 2 * self.size], dealt)
        if len(tokens) > self.history_length():
            raise ValueError(f"{len(tokens)} history tokens exceed the bound of {self.history_length()}")
        history = out[2 * self.size :]
        if self.history_one_hot:
            history[np.arange(len(tokens)) * self.vocabulary + np.asarray(tokens, np.int64)] = 1.0
        else:
            history[: len(tokens)] = (np.asarray(tokens, np.float32) + 1.0) / self.vocabulary
        return out

    def news(
        self, before: JsonDict | None, view: JsonDict, seat: int | None, action: int | None
    ) -> list[int]:
        """The news tokens (``0 .. news_vocabulary - 1``) of one step for the seat whose ``view`` it is:
        what it learnt besides the move (``seat`` played ``action``; both None at the start), from its
        view ``before`` the step (None at the start of a hand) and after. None by default."""
        return []

    @property
    def one_hand(self) -> bool:
        """True when a match is one hand (one deal, or a trick game's ``single_hand``): the hand's
        history is then the match's, and ``encode_info`` is perfect recall over the match."""
        return self.hand_key is None or bool(self.game.options.get("single_hand"))

    @abstractmethod
    def history_length(self) -> int:
        """The most tokens one hand can hold (the game's bound on a hand's moves, plus its news)."""

    def score_range(self) -> tuple[float, float]:
        """The least and most ``reward="score"`` gives one seat over a match; raises ValueError in a game
        that keeps no score (``Rewards`` refuses ``score`` there first)."""
        raise ValueError(f"{self.game.name} keeps no score: reward must be 'win' or 'zero_sum'")

    # -- what each game provides --------------------------------------------------------------------

    @abstractmethod
    def _declare(self) -> None:
        """Add the fields to ``self.layout`` (and keep their offsets) for this game and its options."""

    @abstractmethod
    def _write(self, out: np.ndarray, view: JsonDict) -> None:
        """Write ``view`` into ``out``, which is all zeros."""

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
