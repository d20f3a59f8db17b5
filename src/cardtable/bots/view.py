"""What a bot may know when it decides: the seat to act's own view of the game, never the state.

Bots receive a ``SeatView`` instead of the state, so hidden information cannot reach them by any path
but the two the contract allows: ``observation(seat)`` and worlds from ``resample(seat, rng)`` (random
redeals of everything the seat cannot see, for search). Legal actions and notation depend only on what
the seat to act sees, so they pass through.

>>> import cardtable
>>> state = cardtable.make("slobberhannes").new_game(seed=3)
>>> view = SeatView(state)
>>> view.observation() == state.observation(state.current_player())
True
"""

from __future__ import annotations

import random
from typing import Any

from ..core.game import Game, JsonDict, State

RANDOM_REST = "random rest"
"""The key of ``SeatView.memory`` a rollout policy sets (``random_from_here``) once it will pick every
move of the rest of the rollout uniformly at random, a forced move without a draw: search then plays
them in one loop (``State.play_randomly``) with the same draws, and asks the policy no more."""


class SeatView:
    """The seat to act's information set over a live state (read it, never keep it past the move)."""

    __slots__ = ("_observation", "_state", "game", "memory", "seat")

    def __init__(self, state: State, memory: dict[str, Any] | None = None) -> None:
        """Raises ValueError for a finished game: nobody is to act."""
        seat = state.current_player()
        if seat is None:
            raise ValueError("the game is over: no seat is to act")
        self._state = state
        self._observation: JsonDict | None = None
        self.game: Game = state.game
        self.seat: int = seat
        self.memory = memory
        """In a search's rollout, one dict for all its moves (None elsewhere): what the rollout policy
        read earlier in the same sampled world, so that it need not read it again (an observation
        costs more than most moves). Every seat's moves share it: a policy reads back only what its
        own seat read or what all saw."""

    def random_from_here(self) -> None:
        """Tell a search's rollout (``memory``) that the policy picks every move from now on uniformly
        at random (``rng.choice`` of the legal moves), a forced one without a draw (``RANDOM_REST``)."""
        if self.memory is not None:
            self.memory[RANDOM_REST] = True

    def legal_actions(self) -> list[int]:
        """The seat's legal action ids, sorted."""
        return self._state.legal_actions()

    def observation(self) -> JsonDict:
        """Everything the seat may know (the same dict on every call: do not change it)."""
        if self._observation is None:
            self._observation = self._state.observation(self.seat)
        return self._observation

    def action_to_string(self, action: int) -> str:
        """The notation of an action id."""
        return self.game.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """The action id of a move's notation; raises InvalidNotation."""
        return self.game.string_to_action(text)

    def sample_world(self, rng: random.Random) -> State:
        """A full state consistent with the seat's observation, hidden cards redrawn (for search)."""
        return self._state.resample(self.seat, rng)

    def event_count(self) -> int:
        """How many events the public record holds (moves, deals, scores): public knowledge."""
        return self._state.event_count()

    def __repr__(self) -> str:
        return f"<view of seat {self.seat} in {self.game.name}>"
