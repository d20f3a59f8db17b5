"""Cabooses in the Corner's tracker on the moves random matches seldom make: forced draws after a
relocation, and a complete train relocated into a corner, which departs. After every move its global
state vector must equal the reference encoding (``test_vector.py`` follows whole random matches)."""

from __future__ import annotations

import random

import numpy as np

import cardtable
from cardtable.envs.encoding import encoder_for
from cardtable.envs.encoding.cabooses_in_the_corner import CaboosesTracker
from cardtable.envs.encoding.tracker import row_of
from cardtable.games.cabooses_in_the_corner.board import END_ACTION, RELOCATE_BASE

from ..games.test_cabooses_in_the_corner import stacked


class Followed:
    """A state and its tracker's row, compared with the reference encoding after every move."""

    def __init__(self, state: cardtable.State) -> None:
        self.state = state
        self.encoder = encoder_for(state.game)
        self.vector = np.zeros(self.encoder.state_size, np.float32)
        self.row = row_of(self.vector)
        self.tracker = CaboosesTracker(self.encoder)
        self.tracker.start(self.row, state)
        self.check()

    def check(self) -> None:
        assert np.array_equal(self.vector, self.encoder.encode_state(self.state))

    def apply(self, action: int) -> None:
        state = self.state
        seat: int = state.current_player()  # type: ignore[assignment]
        since = state.event_count() + 1
        state.apply_action(action)
        if state.is_terminal():  # the vector environment starts the next match instead
            return
        self.tracker.moved(self.row, state, seat, action, state.events(since))
        self.check()


def test_forced_draws_after_a_relocation_are_laid_out() -> None:
    """Seat 0 holds only cabooses and NW is the one empty corner: relocating N's OB there leaves no
    play reachable, so seat 0 draws W5 (which fits the emptied N) before it plays anything."""
    followed = Followed(stacked({0: "P8 P8 P8 P8 B6 B5 B4", 1: "P8 P8"}, "OB B7 R2 W2", "B3 R5 P8 R5 OB W5"))
    moves = (
        "play P8 NE; end; play P8 SE; end; play B6 E; play B5 E; play B4 E; play B3 E; end; play P8 SW; end;"
        "relocate N NW; play W5 N; end"
    )
    state = followed.state
    for move in moves.split(";"):
        followed.apply(state.string_to_action(move.strip()))
        if move.strip() == "relocate N NW":
            assert state.observation(0)["drawn"] == 2  # the turn's draw and one forced draw
            assert state.observation(0)["hand"] == ["W5", "P8", "P8", "P8", "P8", "OB"]


def test_a_complete_train_relocated_into_a_corner_departs() -> None:
    """Random play from seed 45 (4 players) relocates a complete train (P8, then 7..1) into a corner."""
    state = cardtable.make("cabooses-in-the-corner", players=4).new_game(seed=45)
    followed = Followed(state)
    rng = random.Random(45)
    departures = 0
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        before = len(state.observation(None)["departed"])
        followed.apply(action)
        if RELOCATE_BASE <= action < END_ACTION and len(state.observation(None)["departed"]) > before:
            departures += 1
    assert departures == 1
