"""What ``core/game.class_tables`` checks of a state class at its first match, as an ``ABC`` and the old
``__init_subclass__`` did at its definition: a game's author learns of an undefined abstract method or a
malformed list of verbs with a ``TypeError`` that names it, before any move is made."""

from __future__ import annotations

import random

import pytest

from cardtable.core.game import Game, JsonDict, State, Verb
from cardtable.core.options import Option


class Counting(State):
    """Two verbs: ``step`` (ids 0, 1) and ``stop`` (id 2), which ends the match."""

    _verbs = (Verb("step", 0, 2), Verb("stop", 2, 1))

    def _setup(self) -> None:
        self._to_act = 0

    def _legal_actions(self) -> tuple[int, ...]:
        return (0, 1, 2)

    def _step(self, seat: int, arg: int) -> None:
        pass

    def _why_not_step(self, seat: int, arg: int) -> None:
        return None

    def _stop(self, seat: int, arg: int) -> None:
        self._finish([seat])

    def _why_not_stop(self, seat: int, arg: int) -> None:
        return None

    def _observation(self, seat: int | None) -> JsonDict:
        return {"to_act": self._to_act}

    def resample(self, seat: int | None, rng: random.Random) -> State:
        return self.clone()


def game_of(state_class: type[State]) -> Game:
    class OneSeat(Game):
        name = "one-seat"
        option_specs = (Option(name="players", default=1, choices=(1,), help="one seat"),)
        num_actions = 3

        def max_game_length(self) -> int:
            return 10

        def _action_to_string(self, action: int) -> str:
            return str(action)

        def string_to_action(self, text: str) -> int:
            return int(text)

    OneSeat.state_class = state_class
    return OneSeat()


def test_a_well_formed_class_plays_and_clones() -> None:
    state = game_of(Counting).new_game(seed=0)
    copy = state.clone()
    state.apply_action(2)
    assert state.is_terminal() and not copy.is_terminal() and copy.legal_actions() == [0, 1, 2]


def test_an_undefined_abstract_method_is_refused_by_name() -> None:
    class NoView(Counting):
        _observation = State._observation  # the contract's abstract one

    with pytest.raises(TypeError, match="NoView without _observation"):
        game_of(NoView).new_game(seed=0)


def test_a_verb_without_its_reason_is_refused() -> None:
    class NoReason(Counting):
        _verbs = (*Counting._verbs, Verb("skip", 3, 1))

    with pytest.raises(TypeError, match="lists the verb 'skip' but lacks _skip or _why_not_skip"):
        game_of(NoReason).new_game(seed=0)


def test_verbs_that_leave_a_gap_are_refused() -> None:
    class Gap(Counting):
        _verbs = (Verb("step", 0, 1), Verb("stop", 2, 1))

    with pytest.raises(TypeError, match=r"no verb covers the action ids \[1\]"):
        game_of(Gap).new_game(seed=0)
