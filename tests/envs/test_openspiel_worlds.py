"""A world that ``resample_from_infostate`` drew for one seat shows no other seat's real cards: its
information state is the sampling seat's alone, while every seat's observation is the world's own."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardtable

pyspiel = pytest.importorskip("pyspiel")
from cardtable.envs import openspiel as ct_openspiel  # noqa: E402 - needs pyspiel


def _playing(seed: int) -> pyspiel.State:
    game = ct_openspiel.load(cardtable.make("troeven", version=2, single_hand=True))
    state = game.new_initial_state()
    for byte in seed.to_bytes(ct_openspiel.SEED_BYTES, "big"):
        state.apply_action(byte)
    rng = random.Random(seed)
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _hand_bits(game: pyspiel.Game, tensor: list[float]) -> list[int]:
    field = game.encoder.layout["hand"]
    return np.flatnonzero(np.asarray(tensor)[field.offset : field.stop]).tolist()


@pytest.mark.parametrize("asked_before", [True, False], ids=["recall-followed", "recall-not-yet"])
def test_a_world_gives_no_information_state_of_another_seat(asked_before: bool) -> None:
    state = _playing(9)
    game, seat = state.get_game(), state.current_player()
    other = 1 - seat
    if asked_before:
        state.information_state_string(seat)
    world = state.resample_from_infostate(seat, random.Random(0).random)
    real_hand = state.cardtable_state().observation(other)["hand"]
    assert world.cardtable_state().observation(other)["hand"] != real_hand  # the deal redrawn
    for ask in (world.information_state_string, world.information_state_tensor):
        with pytest.raises(ValueError, match=f"resampled for player {seat}"):
            ask(other)
    world.apply_action(world.legal_actions()[0])  # nor later in the world, nor in its copies
    with pytest.raises(ValueError, match="no information state"):
        world.clone().information_state_tensor(other)
    # what the world does give of the other seat is its own deal
    mine = _hand_bits(game, world.observation_tensor(other))
    assert mine != _hand_bits(game, state.observation_tensor(other))


def test_the_sampling_seat_keeps_its_information_state_and_a_world_of_a_world_has_none() -> None:
    state = _playing(4)
    seat = state.current_player()
    world = state.resample_from_infostate(seat, random.Random(1).random)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
    again = world.resample_from_infostate(seat, random.Random(2).random)
    assert again.information_state_string(seat) == state.information_state_string(seat)
    other_world = world.resample_from_infostate(1 - seat, random.Random(3).random)
    for player in (0, 1):
        with pytest.raises(ValueError, match="no information state"):
            other_world.information_state_string(player)
