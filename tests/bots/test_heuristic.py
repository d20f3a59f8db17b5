"""The heuristic policies: every game has one, it plays whole matches legally, fast, and better than
random."""

from __future__ import annotations

import time

import pytest

import cardtable
from cardtable import bots

from ..helpers import player_counts

CASES = [(game, n) for game in cardtable.games() for n in player_counts(game)]
BUDGET = 0.001
"""Seconds a move, on average, that the issue allows (``well under 1 ms``)."""


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_heuristic_plays_whole_matches_legally_and_well_under_a_millisecond_a_move(
    game: str, players: int
) -> None:
    state = cardtable.make(game, players=players).new_game(seed=players)
    seats = [bots.make("heuristic", seed=seat) for seat in range(players)]
    spent, moves = 0.0, 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        start = time.perf_counter()
        action = seats[seat].choose(state)
        spent += time.perf_counter() - start
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert spent / moves < BUDGET, f"{1000 * spent / moves:.3f} ms a move"


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_heuristic_beats_random(game: str, players: int) -> None:
    from cardtable.arena import ArenaConfig, run

    config = ArenaConfig(
        game=game, bots=("heuristic", "random"), games=40, seed=11, options={"players": players}
    )
    rate = run(config, workers=1).standings[0].stats.win_rate
    assert rate.clear_above(0.5), rate
