"""The Mü heuristic bids like a sensible beginner (rules/mue.md §4.1, §4.2): by the length of its
best colour, never drawing level with the leader, holding when a later bidder draws level with it,
and going above the top for the éclat only against a seat that has drawn level in this auction."""

from __future__ import annotations

import pytest

import cardtable
from cardtable import bots

from ..games.test_mue import bid, stacked

BALANCED = ["R2", "R3", "R4", "B2", "B3", "B4", "G2", "G3", "Y2", "Y3", "P2", "P3"]
"""A 5-player hand whose longest colour is one card over a fair share (12 / 5): it supports a bid of 1."""
FOUR_RED = ["R9", "R8", "R7", "R6", "B2", "B3", "B4", "G2", "G3", "Y2", "Y3", "P2"]
"""Four reds: it supports a bid of 2."""
SIX_RED = ["R9", "R8", "R6", "R5", "R4", "R3", "B2", "B3", "G2", "Y2", "P2", "P3"]
"""Six reds: it supports a bid of 4."""
TWO_BIDS = {0: ["B0"], 1: ["G0", "G1"]}
"""Seat 0 (the dealer, first to bid) opens with B0, seat 1 goes above it with two cards."""


def turn(state: cardtable.State) -> list[str]:
    """The heuristic's moves for the seat to act, until its bidding turn ends."""
    bot = bots.make("heuristic", seed=0)
    moves: list[str] = []
    while not moves or moves[-1] not in ("pass", "done"):
        moves.append(state.action_to_string(bot.choose(state)))
        state.apply_action(state.string_to_action(moves[-1]))
    return moves


def test_opens_with_the_highest_card_of_its_longest_colour() -> None:
    """§4.1: an opening bid is one card; the colour it shows becomes its trump choice (§4.4)."""
    assert turn(stacked(5, {0: SIX_RED})) == ["show R9", "done"]


def test_goes_above_the_leader_while_its_hand_supports_the_bid() -> None:
    state = stacked(5, {**TWO_BIDS, 2: SIX_RED}, moves=[*bid("B0"), *bid("G0", "G1")])
    assert turn(state) == ["show R9", "show R8", "show R6", "done"]


def test_stays_a_card_below_the_leader_rather_than_draw_level() -> None:
    """§4.2: drawing level would make it the latecomer of an éclat, who pays 10 a card."""
    state = stacked(5, {**TWO_BIDS, 2: FOUR_RED}, moves=[*bid("B0"), *bid("G0", "G1")])
    assert turn(state) == ["show R9", "done"]


def test_stays_within_its_hand_when_nobody_drew_level() -> None:
    hands = {**TWO_BIDS, 2: ["Y0", "Y1", "Y4"], 3: BALANCED}
    state = stacked(5, hands, moves=[*bid("B0"), *bid("G0", "G1"), *bid("Y0", "Y1", "Y4")])
    assert turn(state) == ["show R4", "done"]


def test_goes_above_the_top_when_a_seat_has_drawn_level() -> None:
    """§4.2: seat 1 drew level with seat 0; if it draws level again, the earlier bidder gains."""
    state = stacked(5, {0: ["B0"], 1: ["G0"], 2: BALANCED}, moves=[*bid("B0"), *bid("G0")])
    assert turn(state) == ["show R4", "show R3", "done"]


def test_holds_when_a_later_bidder_draws_level_with_it() -> None:
    """§4.2: if the auction ends in this tie, seat 1 pays 10 a card and seat 0 gains 5."""
    state = stacked(5, {0: BALANCED, 1: ["G0"]}, moves=[*bid("R4"), *bid("G0"), "pass", "pass", "pass"])
    assert turn(state) == ["pass"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_table_of_heuristics_never_ends_an_auction_in_an_eclat(players: int) -> None:
    """§4.2: nobody draws level, so no auction ends tied and nobody bids for an éclat."""
    state = cardtable.make("mue", players=players).new_game(seed=players)
    seats = [bots.make("heuristic", seed=seat) for seat in range(players)]
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        state.apply_action(seats[seat].choose(state))
    assert all(line["outcome"] != "eclat" for line in state.observation(None)["sheet"])
