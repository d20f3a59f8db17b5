"""The heuristic policies: every game has one, it plays whole matches legally and better than random.
(Its time a move is a figure, printed by ``benchmarks/bench_bots.py``, not asserted here.)"""

from __future__ import annotations

import pytest

import cardtable
from cardtable import bots

CASES = [(game, n) for game in cardtable.games() for n in cardtable.make(game).player_counts()]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_heuristic_plays_whole_matches_legally(game: str, players: int) -> None:
    state = cardtable.make(game, players=players).new_game(seed=players)
    seats = [bots.make("heuristic", seed=seat) for seat in range(players)]
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = seats[seat].choose(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_heuristic_beats_random(game: str, players: int) -> None:
    from cardtable.arena import ArenaConfig, run

    config = ArenaConfig(
        game=game, bots=("heuristic", "random"), games=40, seed=11, options={"players": players}
    )
    rate = run(config, workers=1).standings[0].stats.win_rate
    assert rate.clear_above(0.5), rate
