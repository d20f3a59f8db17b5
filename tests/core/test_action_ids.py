"""What ``apply_action`` and ``why_illegal`` take as an action id: an integer of any type (numpy's, from a
mask or a policy's argmax), and nothing else, refused with IllegalAction and the state left as it was."""

from __future__ import annotations

import enum
import json
import random

import pytest

import cardtable
from cardtable import IllegalAction

np = pytest.importorskip("numpy")

GAMES = cardtable.games()


def _midgame(name: str) -> cardtable.State:
    state = cardtable.make(name).new_game(seed=3)
    rng = random.Random(3)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_a_numpy_integer_is_the_action_id_it_equals(name: str) -> None:
    state, twin = _midgame(name), _midgame(name)
    legal = state.legal_actions()
    illegal = next(a for a in range(state.game.num_actions) if a not in legal)
    assert state.why_illegal(np.int64(legal[0])) is None
    assert state.why_illegal(np.int32(illegal)) == state.why_illegal(illegal)
    state.apply_action(np.int64(legal[0]))
    twin.apply_action(legal[0])
    assert state.record() == twin.record() and json.loads(json.dumps(state.record())) == twin.record()
    assert cardtable.replay(state.record()).record() == twin.record()


@pytest.mark.parametrize("name", GAMES)
def test_a_float_or_bool_equal_to_a_legal_id_is_refused_and_changes_nothing(name: str) -> None:
    state = _midgame(name)
    legal = state.legal_actions()
    before = state.record()
    for action in [float(legal[0]), np.float64(legal[-1]), True, False]:
        with pytest.raises(IllegalAction, match="is not an action id"):
            state.apply_action(action)
        assert state.record() == before and state.legal_actions() == legal


def test_an_int_enum_member_is_an_action_id() -> None:
    state = _midgame("troeven")
    Move = enum.IntEnum("Move", {"first": state.legal_actions()[0]})
    state.apply_action(Move.first)
    assert cardtable.replay(state.record()).event_count() == state.event_count()
