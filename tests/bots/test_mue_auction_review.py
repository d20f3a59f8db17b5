"""Mü's auction judged fairly (issue 36): a pass where showing a card changes nothing is no mistake.

The positions are passes from the first auctions of seeded ``easy`` matches, found by
``benchmarks/mue_auction_passes.py``: in every redeal consistent with the passing seat's view, every seat
then playing the heuristic, the best show gives the seat exactly the hand score that pass gives. The
review used to call such passes mistakes: its rollouts stopped bidding, and its search tree chose the
trumps and the partner for the hand that pass ended at once, while the longer auction after a show left
them to the rollouts (``benchmarks/mue_auction_passes.py`` prints the counts before and after).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

import cardtable
from cardtable.bots.review import judge


def moves_of(text: str) -> list[str]:
    """Moves in the notation, written one after the other with commas."""
    return text.split(", ")


SEED_1 = moves_of(
    "show Y8, done, show B7, show B6, done, show R8, done, show Y3, done, show R7, done, "
    "show Y7, show Y6, done, pass, show R7, done, show B9, show B3, done, show R3, show G7, "
    "show R1, done, show Y1, show Y0, done, pass, show G5, show R5, show R4, show G9, done, "
    "show G6, done, show B8, show P7, show P6, done, show G8, show P0, show G7, done, show B5, "
    "show B4, show B1, show R6, show Y4, done, pass, pass, show Y5, show B2, done, show P4, "
    "show P2, done, show R2, show P1, show R1, show Y1, done, show Y9, show P3, show Y7, "
    "show P8, show P7, show P5, done, pass, show B0, done, pass, pass, pass, pass"
)
POSITIONS = [
    (
        0,
        moves_of(
            "show G5, done, show R1, show Y9, done, show R6, done, show P8, done, show B8, done, "
            "show Y7, done, pass, show R5, show R3, done, show P7, show P4, show R8, done, show R0, "
            "show B7, show G7, show B4, done, pass"
        ),
    ),
    (1, SEED_1[:70]),
    (1, SEED_1),
    (
        7,
        moves_of(
            "show Y6, done, show B8, show B6, done, show Y9, show Y7, show R1, done, show Y8, done, "
            "show G8, show G7, show B1, done, show P9, show Y2, show P7, done, show B4, show B0, "
            "show R7, done, show Y5, show B7, show Y4, done, show Y1, show R7, show P6, show Y0, "
            "show R9, show P0, done, pass, show P5, show G7, show R5, show Y1, done, show Y7, show P7, "
            "done, show Y3, show R8, show R6, done, show B9, show G9, show B7, done, pass"
        ),
    ),
]
"""(match seed, the moves of its first auction up to the pass judged) in 5-player Mü."""
REDEALS = 30
BUDGET = 200
"""Iterations a decision (a review does not grow the budget of a decision in Mü's auction: a pass it
cannot tell from the best is shown equal to it)."""


def finder() -> ModuleType:
    """The benchmark that found the positions: its redeals are the test's premise."""
    path = Path(__file__).parents[2] / "benchmarks" / "mue_auction_passes.py"
    spec = importlib.util.spec_from_file_location("mue_auction_passes", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("seed", "moves"), POSITIONS, ids=[f"{s}-{len(m)}" for s, m in POSITIONS])
def test_a_pass_where_showing_changes_nothing_is_no_mistake(seed: int, moves: list[str]) -> None:
    state = cardtable.make("mue", players=5).new_game(seed=seed)
    for move in moves[:-1]:
        state.apply_action(state.string_to_action(move))
    assert moves[-1] == "pass" and len(state.legal_actions()) > 1
    helpers = finder()
    assert helpers.pass_is_as_good(helpers.hand_results(state, REDEALS, seed=0))
    state.apply_action(state.string_to_action("pass"))
    record = state.record()
    decision = judge(record, len(record["events"]) - 1, iterations=BUDGET, seed=0)
    assert decision["played"] == "pass"
    assert decision["verdict"] not in ("mistake", "blunder"), decision
