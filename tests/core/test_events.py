"""The record form of log entries and the check of a recorded deal (core/events.py)."""

from __future__ import annotations

import pytest

from cardtable.core.events import check_deal, record_form

CARDS = ["A", "B", "B", "C"]


def deal_check(deal: object, fixed: int | None = None) -> None:
    check_deal(deal, role="leader", seats=3, fixed=fixed, duty="lead this hand", cards=CARDS)


def test_a_move_is_written_with_its_notation_and_other_events_are_copied() -> None:
    assert record_form((1, 7), str) == {"seat": 1, "move": "7"}
    score = {"score": {"deltas": (1, -1), "scores": [3, 4]}}
    written = record_form(score, str)
    assert written == {"score": {"deltas": [1, -1], "scores": [3, 4]}}
    written["score"]["scores"].append(5)
    assert score["score"]["scores"] == [3, 4]


def test_a_deal_in_any_order_with_each_copy_passes() -> None:
    deal_check({"leader": 2, "deck": ["C", "B", "A", "B"]})
    deal_check({"leader": 1, "deck": ["B", "A", "C", "B"]}, fixed=1)


@pytest.mark.parametrize(
    ("deal", "fixed", "reason"),
    [
        ([2, ["A"]], None, "a deal holds 'leader' and 'deck'"),
        ({"dealer": 0, "deck": CARDS}, None, "a deal holds 'leader' and 'deck'"),
        ({"leader": 3, "deck": CARDS}, None, r"leader must be a seat 0..2 \(got 3\)"),
        ({"leader": 1.0, "deck": CARDS}, None, r"leader must be a seat 0..2 \(got 1.0\)"),
        ({"leader": False, "deck": CARDS}, None, r"leader must be a seat 0..2 \(got False\)"),
        ({"leader": 2, "deck": CARDS}, 0, "seat 0 must lead this hand, not seat 2"),
        ({"leader": 0, "deck": "ABBC"}, None, "deck must be a list of card codes"),
        ({"leader": 0, "deck": ["A", "B", "B"]}, None, r"deck must hold the 4 cards .* \(missing \['C'\]\)"),
        ({"leader": 0, "deck": ["A", "B", "C"]}, None, r"deck must hold the 4 cards .* \(wrong copies\)"),
        ({"leader": 0, "deck": [*CARDS, "E"]}, None, r"deck must hold the 4 cards .* \(unexpected \['E'\]\)"),
    ],
)
def test_a_bad_deal_is_refused_saying_what_is_wrong(deal: object, fixed: int | None, reason: str) -> None:
    with pytest.raises(ValueError, match=f"^{reason}"):
        deal_check(deal, fixed)
