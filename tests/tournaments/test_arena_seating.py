"""Arena seating: whoever waits longest sits first, with those closest in points, not with its last
table's players where others wait; too few to fill a table wait on."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardtable.tournaments import arena_round, seat_waiting


@given(st.integers(2, 5), st.lists(st.integers(0, 10), max_size=14, unique=False))
def test_full_tables_from_those_waiting_and_the_rest_wait_on(size: int, scores: list[int]) -> None:
    waiting = [f"e{i}" for i in range(len(scores))]
    points = dict(zip(waiting, map(float, scores), strict=True))
    tables, left = seat_waiting(waiting, points=points, size=size, last_table={})
    assert all(len(t) == size for t in tables)
    assert sorted([e for t in tables for e in t] + left) == sorted(waiting)
    assert len(left) == len(waiting) % size
    assert [t[0] for t in tables] == [e for e in waiting if e in {t[0] for t in tables}]


def test_closest_points_first_and_no_rematch_while_others_wait() -> None:
    points = {"a": 4.0, "b": 4.0, "c": 0.0, "d": 3.0, "e": 9.0}
    tables, left = seat_waiting(
        ["a", "b", "c", "d", "e"], points=points, size=2, last_table={"a": ("b", "a")}
    )
    assert tables == [("a", "d"), ("b", "c")]
    assert left == ["e"]
    alone, _ = seat_waiting(["a", "b"], points=points, size=2, last_table={"a": ("a", "b")})
    assert alone == [("a", "b")]


def test_arena_tables_are_grouped_by_how_many_can_play_at_once() -> None:
    assert [arena_round(n, 9, 2) for n in range(9)] == [0, 0, 0, 0, 1, 1, 1, 1, 2]
    assert [arena_round(n, 3, 4) for n in range(3)] == [0, 1, 2]
