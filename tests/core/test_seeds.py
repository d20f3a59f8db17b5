"""``new_game`` takes the seeds a record keeps: an integer (of any integer type) or None."""

from __future__ import annotations

import json
import random

import pytest

import cardtable

np = pytest.importorskip("numpy")


def _played(state: cardtable.State) -> cardtable.State:
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", ["7", 7.0, 1.5, True, b"7", [7]])
def test_a_seed_no_record_can_keep_is_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed must be an integer or None"):
        cardtable.make("slobberhannes", single_hand=True).new_game(seed=seed)  # type: ignore[arg-type]


def test_a_numpy_integer_seed_is_the_int_it_equals_and_its_record_replays() -> None:
    game = cardtable.make("slobberhannes", single_hand=True)
    record = _played(game.new_game(seed=np.int64(7))).record()
    assert type(record["seed"]) is int and record == _played(game.new_game(seed=7)).record()
    assert cardtable.replay(json.loads(json.dumps(record))).record() == record
