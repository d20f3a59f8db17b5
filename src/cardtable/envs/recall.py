"""What each seat has seen of a match, step by step: its perfect-recall information state.

A seat's information is the sequence of its observations (``observation(seat)``, the one view of
``docs/design.md`` §6) and of the moves, all of which are public. ``MatchRecall`` follows a match and
keeps, per seat:

- ``string(seat)``: the whole match as lines: the first view as canonical JSON, then for each move
  ``seat:move`` and what changed in the seat's view (a JSON object of the changed keys; a list that
  only grew is written as its new tail under ``key+``, and a changed object as the diff of its keys).
  From the previous view each line gives back the next, so two histories share a string exactly when
  the seat saw the same moves and the same views.
- ``tokens(seat)`` and ``dealt(seat)``: the current hand as the encoder's tokens, and the seat's view
  at its deal (``Encoder.encode_info``).

Following costs an observation per seat and move, so an adapter starts a recall only when asked for an
information state, by replaying the match's record once (``of``).

>>> import cardtable
>>> state = cardtable.make("troeven", version=2, first_dealer=0).new_game(seed=5)
>>> recall = MatchRecall.of(state)
>>> state.apply_action(32)
>>> recall.step(state, 1, 32)
>>> recall.string(1).splitlines()[1]
'1:trump S'
"""

from __future__ import annotations

import json
from typing import Any

from ..core.game import JsonDict, State
from ..core.records import replay_steps
from .encoding import Encoder, encoder_for


class MatchRecall:
    """Every seat's memory of one match (see the module docstring)."""

    def __init__(self, state: State, encoder: Encoder | None = None) -> None:
        """Start at ``state`` as if the match began there (``of`` replays a match from its start)."""
        self.encoder = encoder or encoder_for(state.game)
        self.players = state.game.players
        self.views: list[JsonDict] = [state.observation(seat) for seat in range(self.players)]
        self.lines: list[list[str]] = [[_canonical(view)] for view in self.views]
        self.hand_tokens: list[list[int]] = [self._news(None, view, None, None) for view in self.views]
        self.dealt_views: list[JsonDict] = list(self.views)

    @classmethod
    def of(cls, state: State) -> MatchRecall:
        """The recall of ``state``'s match so far, by replaying its record from the start."""
        steps = replay_steps(state.record())
        first = next(steps)
        recall = cls(first.state)
        for step in steps:
            assert step.seat is not None and step.move is not None
            recall.step(step.state, step.seat, step.state.string_to_action(step.move))
        return recall

    def step(self, state: State, seat: int, action: int) -> None:
        """Take in one move (``seat`` played ``action``; ``state`` is the state after it)."""
        move = f"{seat}:{state.action_to_string(action)}"
        key = self.encoder.hand_key
        for observer in range(self.players):
            before, view = self.views[observer], state.observation(observer)
            lines = self.lines[observer]
            lines.append(move)
            changed = _diff(before, view)
            if changed:
                lines.append(_canonical(changed))
            tokens = self.hand_tokens[observer]
            tokens.append(action)
            if key is not None and view[key] != before[key]:
                tokens = self.hand_tokens[observer] = []
                self.dealt_views[observer] = view
                before = None
            tokens += self._news(before, view, seat, action)
            self.views[observer] = view

    def string(self, seat: int) -> str:
        return "\n".join(self.lines[seat])

    def tokens(self, seat: int) -> list[int]:
        return self.hand_tokens[seat]

    def view(self, seat: int) -> JsonDict:
        """The seat's latest view."""
        return self.views[seat]

    def dealt(self, seat: int) -> JsonDict:
        """The seat's view at the current hand's deal."""
        return self.dealt_views[seat]

    def copy(self) -> MatchRecall:
        """An independent copy (the lines and views themselves are never changed, only replaced)."""
        new = object.__new__(MatchRecall)
        new.encoder, new.players = self.encoder, self.players
        new.views = list(self.views)
        new.dealt_views = list(self.dealt_views)
        new.lines = [list(lines) for lines in self.lines]
        new.hand_tokens = [list(tokens) for tokens in self.hand_tokens]
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> MatchRecall:
        return self.copy()

    def _news(
        self, before: JsonDict | None, view: JsonDict, seat: int | None, action: int | None
    ) -> list[int]:
        base = self.encoder.game.num_actions
        return [base + token for token in self.encoder.news(before, view, seat, action)]


def _diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed from ``before`` to ``after`` (two dicts with the same keys), as the module says."""
    changed: dict[str, Any] = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value:
            continue
        if isinstance(old, dict) and isinstance(value, dict):
            changed[key] = _diff(old, value)
        elif isinstance(old, list) and isinstance(value, list) and value[: len(old)] == old:
            changed[key + "+"] = value[len(old) :]
        else:
            changed[key] = value
    return changed


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
