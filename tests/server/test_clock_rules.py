"""The clock rules as pure functions of a table and a moment (``services.clocks``): what a person's move
costs them, when their time runs out, and what the clocks show. Through a real server: test_clocks."""

from __future__ import annotations

import cardtable
from cardtable.server.schemas import SeatPublic
from cardtable.server.services import clocks
from cardtable.server.services.live import Live

SINCE = 1000.0


def table(*, move_seconds: int | None, game_seconds: int | None, used: float = 0.0) -> Live:
    """Slobberhannes with a person in seat 0, to act since ``SINCE``, and three bots."""
    state = cardtable.make("slobberhannes", players=4, first_leader=0).new_game(seed=3)
    assert state.current_player() == 0
    seats = [SeatPublic(seat=0, kind="player", name="ana", user_id=7, guest=False)]
    seats += [SeatPublic(seat=n, kind="bot", name="easy", user_id=None, guest=False) for n in (1, 2, 3)]
    return Live(
        id=1,
        game="slobberhannes",
        options={},
        seed=3,
        status="playing",
        seats=seats,
        bots={1: "easy", 2: "easy", 3: "easy"},
        state=state,
        move_seconds=move_seconds,
        game_seconds=game_seconds,
        turn_since=SINCE,
        time_used=[used, 0.0, 0.0, 0.0],
    )


def test_the_deadline_is_the_nearer_of_the_move_and_the_game_time_left() -> None:
    assert clocks.deadline(table(move_seconds=30, game_seconds=600, used=590.0)) == SINCE + 10
    assert clocks.deadline(table(move_seconds=30, game_seconds=600, used=100.0)) == SINCE + 30
    assert clocks.deadline(table(move_seconds=None, game_seconds=None)) is None


def test_a_move_is_charged_up_to_the_deadline_only() -> None:
    live = table(move_seconds=30, game_seconds=600, used=100.0)
    assert clocks.charge(live, 0, SINCE + 12.5) == 112.5
    assert clocks.charge(live, 0, SINCE + 45) == 130.0, "past the deadline the stand-in was thinking"
    assert clocks.charge(table(move_seconds=30, game_seconds=None), 0, SINCE + 12.5) is None


def test_a_seat_played_by_the_stand_in_is_not_timed() -> None:
    live = table(move_seconds=30, game_seconds=600)
    live.away[0] = "away"
    assert clocks.deadline(live) is None and clocks.charge(live, 0, SINCE + 5) is None


def test_the_game_clock_runs_out_at_its_deadline_despite_rounding() -> None:
    live = table(move_seconds=None, game_seconds=60, used=59.9)
    ends = clocks.deadline(live)
    assert ends is not None and clocks.out_of_game_time(live, 0, ends)
    assert not clocks.out_of_game_time(table(move_seconds=30, game_seconds=600), 0, SINCE + 30)


def test_the_clocks_show_the_time_left_as_of_the_moment_asked() -> None:
    shown = clocks.clock_state(table(move_seconds=30, game_seconds=600, used=100.0), SINCE + 10)
    assert shown is not None
    assert shown.left == [490.0, None, None, None] and shown.turn_left == 20.0
    assert clocks.clock_state(table(move_seconds=None, game_seconds=None), SINCE) is None
