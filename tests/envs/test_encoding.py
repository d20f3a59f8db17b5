"""Tensor encoders: one fixed shape per game and options, inside the declared bounds, written from the
seat's own observation only, and documented field by field."""

from __future__ import annotations

import random
from importlib import import_module
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import cardtable
from cardtable.envs.encoding import Encoder, Layout, encoder_for

from ..helpers import random_playout
from .cases import case_id, cases


@pytest.fixture(params=cases(), ids=case_id)
def game(request: pytest.FixtureRequest) -> cardtable.Game:
    name, options = request.param
    return cardtable.make(name, **options)


def check_vector(encoder: Encoder, vector: np.ndarray) -> None:
    layout = encoder.layout
    assert vector.shape == (encoder.size,) and vector.dtype == np.float32
    assert np.isfinite(vector).all()
    assert (vector >= layout.low()).all() and (vector <= layout.high()).all()


def test_every_game_has_an_encoder() -> None:
    for name in cardtable.games():
        encoder = encoder_for(cardtable.make(name))
        assert encoder.size == encoder.layout.size > 0


def test_vectors_keep_their_shape_and_bounds_through_a_match(game: cardtable.Game) -> None:
    encoder = encoder_for(game)
    state = game.new_game(seed=1)
    for step, _ in enumerate(random_playout(state, 1)):
        if step % 3 == 0:
            for seat in [None, *range(game.players)]:
                check_vector(encoder, encoder.encode(state.observation(seat)))
    for seat in [None, *range(game.players)]:
        check_vector(encoder, encoder.encode(state.observation(seat)))


def test_hidden_cards_never_reach_a_seats_vector(game: cardtable.Game) -> None:
    """Other seats' hidden cards redrawn (``resample``): the seat's vector is unchanged, and the
    vector depends on the view alone (encoding the same dict twice gives the same vector)."""
    encoder, rng = encoder_for(game), random.Random(3)
    state = game.new_game(seed=2)
    for step, _ in enumerate(random_playout(state, 2)):
        if step % 9:
            continue
        seat = state.current_player()
        world = state.resample(seat, rng)
        mine = encoder.encode(state.observation(seat))
        assert np.array_equal(mine, encoder.encode(world.observation(seat)))
        assert np.array_equal(
            encoder.encode(state.observation(None)), encoder.encode(world.observation(None))
        )


def test_seats_are_relative_to_the_observer(game: cardtable.Game) -> None:
    """Index 0 of a per-seat field is the observer: 'to_act' marks index 0 for the seat to act."""
    encoder = encoder_for(game)
    state = game.new_game(seed=5)
    seat = state.current_player()
    field = encoder.layout["to_act"]
    vector = encoder.encode(state.observation(seat))
    assert vector[field.offset] == 1.0 and vector[field.offset : field.stop].sum() == 1.0


def test_public_view_shows_no_private_field(game: cardtable.Game) -> None:
    encoder = encoder_for(game)
    state = game.new_game(seed=6)
    for step, _ in enumerate(random_playout(state, 6)):
        if step % 5 == 0:
            vector = encoder.encode(state.observation(None))
            for name in encoder.private_fields:
                field = encoder.layout[name]
                assert not vector[field.offset : field.stop].any(), name


@pytest.mark.parametrize("name", cardtable.games())
def test_each_encoder_documents_every_field(name: str) -> None:
    encoder = encoder_for(cardtable.make(name))
    module = import_module(type(encoder).__module__)
    for field in encoder.layout.fields:
        assert f"{field.name}:" in (module.__doc__ or ""), f"{name}: field {field.name} is not documented"


def test_a_game_without_an_encoder_is_refused_with_the_file_to_add() -> None:
    missing: Any = SimpleNamespace(name="no-such-game")
    with pytest.raises(ValueError, match=r"no-such-game has no tensor encoder yet: add .*no_such_game\.py"):
        encoder_for(missing)


def test_a_layout_refuses_a_repeated_or_empty_field() -> None:
    layout = Layout()
    layout.add("hand", 32, "cards held")
    with pytest.raises(ValueError, match="'hand' must be new"):
        layout.add("hand", 4, "again")
    with pytest.raises(ValueError, match="'empty' must be new and hold at least one value"):
        layout.add("empty", 0, "nothing")
    assert layout.size == 32


def test_each_seats_vector_is_read_out_of_the_global_state(game: cardtable.Game) -> None:
    """encode_state lays every seat's view out once (from seat 0's place); seat_gather reads any seat's
    observation vector back out of it, per-seat fields turned and the seat's own private part."""
    encoder = encoder_for(game)
    gathers = [encoder.seat_gather(seat) for seat in range(game.players)]
    state = game.new_game(seed=4)
    for step, _ in enumerate(random_playout(state, 4)):
        if step % 4 == 0:
            whole = encoder.encode_state(state)
            assert whole.shape == (encoder.state_size,)
            for seat, gather in enumerate(gathers):
                assert np.array_equal(whole[gather], encoder.encode(state.observation(seat)))


def test_troevens_vector_says_who_led_the_last_trick() -> None:
    """The last trick's two cards, seat by seat, do not say which came first; the leader decides
    what the follower had to do, so the vector carries it, relative to each observer."""
    game = cardtable.make("troeven", start_points=2)
    encoder = encoder_for(game)
    field = encoder.layout["last_trick_leader"]
    state, leaders = game.new_game(seed=3), set()
    for step, _ in enumerate(random_playout(state, 3)):
        last = state.observation(None)["last_trick"]
        if last is None or step % 3:
            continue
        leader = last["cards"][0]["seat"]
        leaders.add(leader)
        for seat in (0, 1):
            values = encoder.encode(state.observation(seat))[field.offset : field.stop]
            assert list(values) == [1.0 if (leader - seat) % 2 == place else 0.0 for place in (0, 1)]
    assert leaders == {0, 1}
