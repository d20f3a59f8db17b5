"""Rewards of the research adapters: one option, ``reward``, meaning the same in every adapter.

- ``win`` (the default): when the match ends, 1.0 to each winner and 0.0 to the others
  (``state.returns()``); nothing before.
- ``zero_sum``: when the match ends, the winners share +1 and the others share −1 (k winners of n
  seats get ``1/k`` each, the others ``−1/(n − k)``), so rewards sum to 0; a match that every seat or
  no seat wins gives 0 to all. OpenSpiel sees such a game as ``ZERO_SUM``.
- ``score``: the game's own points as each hand is scored (its ``score`` events), turned so that
  more is better: Troeven's scores count down to a win, so there a seat's reward is its score's fall.
  The games without hand scores (Game of Trains, Cabooses in the Corner) refuse it.

A match that a safeguard limit stopped (``state.is_truncated()``) has no result to pay: ``win`` and
``zero_sum`` give 0 to every seat (a learner that bootstraps from a truncated end would otherwise count
a made-up result on top of its estimate), while the points ``score`` paid as hands were scored stay.
The adapters report such a match as truncated rather than terminated (OpenSpiel, which has no
truncation, as terminal with these rewards).

>>> import cardtable
>>> rewards = Rewards(cardtable.make("troeven"), "zero_sum")
>>> rewards.payoff([0.0, 1.0])
[-1.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.game import Game, JsonDict, State
from .encoding import encoder_for

MODES = ("win", "zero_sum", "score")


class Rewards:
    """The ``reward`` option of one game: checked once, then read after every step."""

    def __init__(self, game: Game, mode: str = "win") -> None:
        """Raises ValueError for an unknown mode, or ``score`` in a game that keeps no score."""
        if mode not in MODES:
            raise ValueError(f"reward must be one of {', '.join(MODES)} (got {mode!r})")
        self.sense = encoder_for(game).score_sense
        if mode == "score" and not self.sense:
            raise ValueError(f"{game.name} keeps no score: reward must be 'win' or 'zero_sum'")
        self.game, self.mode = game, mode
        self.players = game.players

    @property
    def dense(self) -> bool:
        """True when rewards come during the match (``score``), not only at its end."""
        return self.mode == "score"

    def after(self, state: State, events: Iterable[JsonDict]) -> list[float]:
        """Each seat's reward for one step: ``events`` are the record's events that step wrote (the
        move, then any ``score`` and ``deal``), and ``state`` is the state after it."""
        if self.mode == "score":
            gained = [0.0] * self.players
            for event in events:
                score = event.get("score")
                if score is not None:
                    for seat, delta in enumerate(score["deltas"]):
                        gained[seat] += self.sense * delta
            return gained
        if state.is_terminal() and not state.is_truncated():
            return self.payoff(state.returns())
        return [0.0] * self.players

    def payoff(self, returns: Sequence[float]) -> list[float]:
        """The end-of-match rewards of ``win`` or ``zero_sum`` from ``returns()`` (1.0 per winner)."""
        if self.mode != "zero_sum":
            return [float(value) for value in returns]
        winners = sum(1 for value in returns if value > 0)
        if winners in (0, self.players):
            return [0.0] * self.players
        share, loss = 1.0 / winners, -1.0 / (self.players - winners)
        return [share if value > 0 else loss for value in returns]

    def bounds(self) -> tuple[float, float]:
        """The least and the most one seat can receive over a match (for OpenSpiel's utilities)."""
        if self.mode == "win":
            return 0.0, 1.0
        if self.mode == "zero_sum":
            return -1.0, 1.0
        return encoder_for(self.game).score_range()
