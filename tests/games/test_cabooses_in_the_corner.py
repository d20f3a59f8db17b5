"""Cabooses in the Corner: the worked examples of rules/cabooses-in-the-corner.md §10, and properties over
random games for every player count (conservation, pile shapes, legal moves and ``can_play`` against a
plain reading of the spec, hidden cards, replays)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise

import pytest

import cardtable
from cardtable import IllegalAction, InvalidNotation, RecordError
from cardtable.games.cabooses_in_the_corner.board import CARD_IDS, CODES, PILE_ID
from cardtable.games.cabooses_in_the_corner.rules import can_play, ranking, result_of_stalemate

from ..helpers import random_playout

GAME = "cabooses-in-the-corner"
PLAYER_COUNTS = (2, 3, 4, 5, 6)
RAILWAYS = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")
ADJACENT = {"N": ("NE", "NW"), "E": ("NE", "SE"), "S": ("SE", "SW"), "W": ("SW", "NW")}
CABOOSES = ("P8", "OB")


# -- stacked deals, built through records ----------------------------------------------------------


def pack(broken_cabooses: bool = True) -> list[str]:
    trains = [f"{colour}{number}" for colour in "BRW" for number in range(1, 8) for _ in range(3)]
    return trains + ["P8"] * 7 + (["OB"] * 2 if broken_cabooses else [])


def stacked(
    hands: dict[int, str],
    flips: str,
    depot: str = "",
    *,
    players: int = 2,
    dealer: int | None = None,
    moves: str = "",
) -> cardtable.State:
    """A game whose deal gives each listed seat those cards (the rest of its 7 filled from unused cards),
    turns ``flips`` onto N E S W and puts ``depot`` on top of the depot; then ``moves`` (separated by
    ';') are played by whoever is to act. Built through a record like any replay. The dealer defaults to
    the last seat, so seat 0 plays first."""
    dealer = players - 1 if dealer is None else dealer
    given = [code for text in (*hands.values(), flips, depot) for code in text.split()]
    spare = Counter(pack())
    spare.subtract(given)
    assert min(spare.values()) >= 0, f"more copies than the pack holds: {-spare}"
    unused = list(spare.elements())
    cards = {seat: hands.get(seat, "").split() for seat in range(players)}
    for seat in range(players):
        cards[seat] += [unused.pop(0) for _ in range(7 - len(cards[seat]))]
    deck = [cards[(dealer + 1 + i) % players][i // players] for i in range(7 * players)]
    deck += flips.split() + depot.split() + unused
    record = {
        "format": "cardtable-record/1",
        "game": GAME,
        "options": {"players": players, "broken_cabooses": True, "first_dealer": dealer},
        "seed": None,
        "events": [{"deal": {"dealer": dealer, "deck": deck}}],
        "result": None,
    }
    state = cardtable.replay(record)
    play(state, moves)
    return state


def play(state: cardtable.State, moves: str) -> None:
    """Apply moves (notation separated by ';') for whoever is to act; each must be legal."""
    for move in filter(None, (m.strip() for m in moves.split(";"))):
        state.apply_action(state.string_to_action(move))


def legal(state: cardtable.State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def piles(state: cardtable.State) -> dict[str, list[str]]:
    return state.observation(None)["piles"]


def hand(state: cardtable.State, seat: int) -> list[str]:
    return state.observation(seat)["hand"]


def refused(state: cardtable.State, move: str, reason: str) -> None:
    """``move`` is illegal now, with a reason naming the seat, the move and ``reason``; nothing changes."""
    before = state.clone()
    seat = state.current_player()
    with pytest.raises(IllegalAction, match=f"seat {seat} cannot {move}: .*{reason}"):
        state.apply_action(state.string_to_action(move))
    assert state == before


# -- §10 worked examples ---------------------------------------------------------------------------


def test_train_cards_build_down_by_one_in_one_colour() -> None:
    """§10 ex. 1 (§5): on N=[R6,R5] R4 fits, B4 does not, R3 only once R4 is down."""
    state = stacked({0: "R5 R4 B4 R3", 1: "B6"}, "R6 B7 W4 W3", moves="play R5 N; end; play B6 E; end")
    assert piles(state)["N"] == ["R6", "R5"] and state.current_player() == 0
    refused(state, "play B4 N", "B4 does not fit on R5")
    refused(state, "play R3 N", "R3 does not fit on R5")
    play(state, "play R4 N")
    assert piles(state)["N"] == ["R6", "R5", "R4"]
    assert "play R3 N" in legal(state)


def test_nothing_goes_on_an_engine_and_an_empty_railway_takes_any_train_card() -> None:
    """§10 ex. 2 (§5, §9.3): E=[W2,W1] takes nothing; an empty railway takes W1 but no caboose."""
    state = stacked(
        {0: "W1 W1 P8 OB", 1: "B6"},
        "R4 W2 R3 B7",
        moves="play W1 E; end; move S 1 N; play B6 W; end",
    )
    assert piles(state)["E"] == ["W2", "W1"] and piles(state)["S"] == []
    assert not {move for move in legal(state) if move.startswith("play") and move.endswith(" E")}
    refused(state, "play W1 E", "nothing goes on W1")
    refused(state, "play P8 S", "a caboose goes only into an empty corner")
    refused(state, "play OB S", "a caboose goes only into an empty corner")
    assert "play W1 S" in legal(state)


def test_only_a_caboose_starts_a_corner_and_a_purple_caboose_takes_any_seven() -> None:
    """§10 ex. 3 (§6.2 A2, §9.2): R7 cannot start NE; P8 can; B7 goes on it and fixes the colour."""
    state = stacked({0: "R5 P8 B7 R6 B6 R7", 1: "B4"}, "R6 B5 W4 W3", moves="play R5 N; end; play B4 E; end")
    refused(state, "play R7 NE", "only a caboose .* starts a corner")
    play(state, "play P8 NE; play B7 NE")
    refused(state, "play R6 NE", "R6 does not fit on B7")
    play(state, "play B6 NE")
    assert piles(state)["NE"] == ["P8", "B7", "B6"]


def test_a_broken_caboose_blocks_its_corner_for_good() -> None:
    """§10 ex. 4 (§9.7): nothing is played or moved onto SW=[OB], and it never empties; another OB
    goes into an empty corner and sheds the card."""
    state = stacked({0: "OB OB W7 W2", 1: "B4"}, "R6 B5 W4 W3", moves="play OB SW; end; play B4 E; end")
    assert piles(state)["SW"] == ["OB"]
    assert not [move for move in legal(state) if move.endswith(" SW")]
    refused(state, "play W7 SW", "nothing goes on OB")
    size = len(hand(state, 0))
    play(state, "play OB SE")
    assert piles(state)["SE"] == ["OB"] and len(hand(state, 0)) == size - 1
    for _ in random_playout(state, seed=4):
        assert piles(state)["SW"] == ["OB"]
    assert piles(state)["SW"] == ["OB"]


def test_a_run_moves_onto_a_pile_it_fits_and_frees_its_railway() -> None:
    """§10 ex. 5 (§6.2 A3): MOVE(E,2,N) joins R4 R3 under R5 and empties E; MOVE(E,1,N) does not fit."""
    state = stacked({0: "R5 W7", 1: "R3"}, "R6 R4 W4 W3", moves="play R5 N; end; play R3 E; end")
    assert piles(state)["N"] == ["R6", "R5"] and piles(state)["E"] == ["R4", "R3"]
    refused(state, "move E 1 N", "R3 does not fit on R5")
    play(state, "move E 2 N")
    assert piles(state)["N"] == ["R6", "R5", "R4", "R3"] and piles(state)["E"] == []
    play(state, "play W7 E")
    assert piles(state)["E"] == ["W7"]


def test_a_move_must_make_a_longer_train() -> None:
    """§10 ex. 6 (§9.6 growth rule): MOVE(N,2,E) passes (3+2>3); moving back (1+2<=5) does not."""
    state = stacked(
        {0: "W4 W3 W5", 1: "W6 B2"},
        "W5 W7 B4 B3",
        moves="play W4 N; end; play W6 E; end; play W3 N; play W5 E; end",
    )
    assert piles(state)["N"] == ["W5", "W4", "W3"] and piles(state)["E"] == ["W7", "W6", "W5"]
    play(state, "move N 2 E")
    assert piles(state)["E"] == ["W7", "W6", "W5", "W4", "W3"] and piles(state)["N"] == ["W5"]
    refused(state, "move E 2 N", "a move must make a longer train")


def test_a_sideways_move_of_equal_length_is_refused() -> None:
    """§10 ex. 6, second part: N=[W6,W5,W4], S=[W6,W5]: MOVE(N,1,S) fits but 2+1 <= 3."""
    state = stacked(
        {0: "W5 W4", 1: "W5 B2"}, "W6 B4 W6 B3", moves="play W5 N; end; play W5 S; end; play W4 N; end"
    )
    assert piles(state)["N"] == ["W6", "W5", "W4"] and piles(state)["S"] == ["W6", "W5"]
    refused(state, "move N 1 S", r"S would hold 3 cards, not more than the 3 of N")


def test_nothing_moves_into_an_empty_place_or_out_of_a_corner() -> None:
    """§10 ex. 7 (§6.2 A3): MOVE(N,1,E) onto an empty E is refused; a corner is never a move source."""
    state = stacked({0: "P8", 1: "B1"}, "R3 B2 R4 B3", moves="move E 1 W; play P8 NE; end")
    assert piles(state)["N"] == ["R3"] and piles(state)["E"] == []
    refused(state, "move N 1 E", "E is empty")
    with pytest.raises(InvalidNotation, match="never a corner"):
        state.string_to_action("move NE 1 N")
    assert all(move.split()[1] in RAILWAYS for move in legal(state) if move.startswith("move"))


def test_a_run_from_a_seven_moves_onto_a_purple_caboose() -> None:
    """§10 ex. 8: MOVE(W,3,NW) puts W7 W6 W5 on NW=[P8]; MOVE(W,2,NW) would put W6 on P8."""
    state = stacked(
        {0: "P8 W5", 1: "W6 B3"}, "B4 B5 B6 W7", moves="play P8 NW; end; play W6 W; end; play W5 W; end"
    )
    assert piles(state)["W"] == ["W7", "W6", "W5"] and piles(state)["NW"] == ["P8"]
    refused(state, "move W 2 NW", "W6 does not fit on P8")
    play(state, "move W 3 NW")
    assert piles(state)["NW"] == ["P8", "W7", "W6", "W5"] and piles(state)["W"] == []


def test_a_setup_caboose_relocates_with_its_cards_to_an_adjacent_empty_corner() -> None:
    """§10 ex. 9 (§6.2 A4, §9.8): flip N=[P8] takes B7, then moves to NE; not to SE, nor to an occupied
    NW; a railway with no caboose base never relocates."""
    state = stacked({0: "P8", 1: "B7"}, "P8 R4 B6 W6", moves="play P8 NW; end")
    assert "play B7 N" in legal(state)
    play(state, "play B7 N")
    refused(state, "relocate N SE", "SE is not next to N")
    refused(state, "relocate N NW", "NW is not empty")
    refused(state, "relocate E NE", "E does not start with a caboose")
    play(state, "relocate N NE")
    assert piles(state)["NE"] == ["P8", "B7"] and piles(state)["N"] == []


def test_a_setup_broken_caboose_blocks_its_railway_until_relocated() -> None:
    """§10 ex. 10 (§9.7): W=[OB] takes nothing; RELOCATE(W,SW) frees W for B2; NE is not adjacent.
    The relocation is reachable, so seat 0 holds a play and draws only the turn-start card (§6.3)."""
    state = stacked({0: "R7 B2 R2 R2 W1 W1 W2"}, "R6 B5 W4 OB", "W2")
    assert state.observation(None)["drawn"] == 1 and state.current_player() == 0
    refused(state, "play R7 W", "nothing goes on OB")
    refused(state, "relocate W NE", "NE is not next to W")
    play(state, "relocate W SW")
    assert piles(state)["SW"] == ["OB"] and piles(state)["W"] == []
    play(state, "play B2 W")
    assert piles(state)["W"] == ["B2"]


def test_a_complete_corner_train_departs_at_once() -> None:
    """§10 ex. 11 (§6.4): R1 completes SE, which departs; the play counts and SE is free for a P8."""
    state = stacked(
        {0: "P8 R6 R5 R4 R3 R2", 1: "R7 R1 P8"},
        "B6 B5 W4 W3",
        moves="play P8 SE; end; play R7 SE; end;"
        "play R6 SE; play R5 SE; play R4 SE; play R3 SE; play R2 SE; end",
    )
    assert piles(state)["SE"] == ["P8", "R7", "R6", "R5", "R4", "R3", "R2"]
    play(state, "play R1 SE")
    obs = state.observation(None)
    assert obs["piles"]["SE"] == [] and obs["played"] == 1
    assert obs["departed"] == [["P8", "R7", "R6", "R5", "R4", "R3", "R2", "R1"]]
    assert "play P8 SE" in legal(state)


def test_a_move_that_completes_a_corner_train_departs_it() -> None:
    """§10 ex. 12: MOVE(S,5,SE) (3+5>5) completes SE=[P8,W7,W6] with W5..W1; both places empty."""
    state = stacked(
        {0: "P8 W7 W6 W3 W2 W1", 1: "W4 B2"},
        "B6 B5 W5 B3",
        moves="play P8 SE; end; play W4 S; end; play W7 SE; play W6 SE; play W3 S; play W2 S; play W1 S; end",
    )
    assert piles(state)["S"] == ["W5", "W4", "W3", "W2", "W1"] and piles(state)["SE"] == ["P8", "W7", "W6"]
    play(state, "move S 5 SE")
    obs = state.observation(None)
    assert obs["piles"]["SE"] == [] and obs["piles"]["S"] == []
    assert obs["departed"] == [["P8", "W7", "W6", "W5", "W4", "W3", "W2", "W1"]]


def test_a_complete_train_on_a_railway_waits_until_relocated() -> None:
    """§10 ex. 13 (§9.9): a whole train on N stays; relocated to NW it departs at once."""
    state = stacked(
        {0: "B7 B5 B4 B3 B2 B1", 1: "B6"},
        "P8 R5 W5 R3",
        moves="play B7 N; end; play B6 N; end; play B5 N; play B4 N; play B3 N; play B2 N; play B1 N; end",
    )
    obs = state.observation(None)
    assert obs["piles"]["N"] == ["P8", "B7", "B6", "B5", "B4", "B3", "B2", "B1"] and obs["departed"] == []
    play(state, "relocate N NW")
    obs = state.observation(None)
    assert obs["piles"]["NW"] == [] and obs["piles"]["N"] == [] and len(obs["departed"]) == 1


def test_a_first_turn_allows_one_play_but_any_moves() -> None:
    """§10 ex. 14 (§9.12): after one play on a first turn a second is refused; moves and END remain."""
    state = stacked({0: "R4 W2"}, "R5 W3 B2 B3")
    play(state, "play R4 N")
    refused(state, "play W2 E", "on a player's first turn only one card may be played")
    assert {"move S 1 W", "end"} <= legal(state)


def test_later_turns_allow_many_plays() -> None:
    """§10 ex. 14, last sentence: on a later turn R4 N and W2 E are both played."""
    state = stacked({0: "R4 W2 P8", 1: "B1"}, "R5 W3 B2 B3", moves="play P8 NE; end; play B1 S; end")
    play(state, "play R4 N")
    assert "play W2 E" in legal(state)
    play(state, "play W2 E")
    assert piles(state)["E"] == ["W3", "W2"]


def test_a_turn_cannot_end_before_a_play() -> None:
    """§10 ex. 15 (§6.2 A5): END with nothing played is refused and changes nothing."""
    state = stacked({0: "R4"}, "R5 W3 B2 B3")
    before = state.clone()
    with pytest.raises(IllegalAction, match="seat 0 cannot end the turn: they must play at least one card"):
        state.apply_action(state.string_to_action("end"))
    assert state == before


def test_an_action_by_a_seat_not_to_act_is_refused() -> None:
    """§10 ex. 15 (§9.14): a record where seat 1 acts on seat 0's turn is refused at that event."""
    record = stacked({0: "R4"}, "R5 W3 B2 B3").record()
    record["events"].append({"seat": 1, "move": "play R4 N"})
    with pytest.raises(RecordError, match="event 1: seat 1 moved, but it is seat 0's turn"):
        cardtable.replay(record)


def test_forced_draws_stop_at_the_first_playable_card() -> None:
    """§10 ex. 16 (§6.3): with no play reachable, seat 0 draws W3 at turn start, then R7, then R4, which
    fits on R5: a hand of 5 and a depot 3 cards smaller. (Two corner trains are built and depart first,
    so that seat 0 holds just R2 and W7 and the railways hold only their flips.)"""
    state = stacked(
        {0: "P8 W6 W5 W4 W3 W2 R7", 1: "W7 W1 R6 R5 R4", 2: "P8 R3 R2 R1"},
        "R5 B2 W1 B6",
        "R2 B3 B3 W7 B4 B4 W3 R7 R4",
        players=3,
        moves="play P8 NE; end; play W7 NE; end; play P8 NW; end;"
        "play W6 NE; play W5 NE; play W4 NE; play W3 NE; play W2 NE; play R7 NW; end;"
        "play W1 NE; play R6 NW; play R5 NW; play R4 NW; end;"
        "play R3 NW; play R2 NW; play R1 NW",
    )
    obs = state.observation(0)
    assert obs["hand"] == ["R2", "W7"] and obs["to_act"] == 2 and len(obs["departed"]) == 2
    assert obs["piles"] == {
        **{"N": ["R5"], "E": ["B2"], "S": ["W1"], "W": ["B6"]},
        **{corner: [] for corner in CORNERS},
    }
    depot = obs["depot"]
    play(state, "end")
    obs = state.observation(0)
    assert obs["to_act"] == 0 and sorted(obs["hand"]) == ["R2", "R4", "R7", "W3", "W7"]
    assert obs["depot"] == depot - 3 and obs["drawn"] == 3
    assert legal(state) == {"play R4 N"}


def test_no_forced_draw_when_a_move_makes_a_play_reachable() -> None:
    """§10 ex. 17 (§9.10): hand {W7,B1} has no direct play, but MOVE(E,1,N) empties E: no forced draw,
    and the legal line is the move, then W7 on E."""
    state = stacked(
        {0: "P8 W6 W5 W4 W3 W2 R7", 1: "W7 W1 R5 R4 R3", 2: "P8 R2 R1"},
        "R5 R4 W1 B6",
        "R6 B3 B3 W7 B4 B4 B1",
        players=3,
        moves="play P8 NE; end; play W7 NE; end; play P8 NW; end;"
        "play W6 NE; play W5 NE; play W4 NE; play W3 NE; play W2 NE; play R7 NW; play R6 NW; end;"
        "play W1 NE; play R5 NW; play R4 NW; play R3 NW; end;"
        "play R2 NW; play R1 NW; end",
    )
    obs = state.observation(0)
    assert obs["to_act"] == 0 and sorted(obs["hand"]) == ["B1", "W7"] and obs["drawn"] == 1
    assert [obs["piles"][r] for r in RAILWAYS] == [["R5"], ["R4"], ["W1"], ["B6"]]
    assert all(obs["piles"][c] == [] for c in CORNERS)
    assert legal(state) == {"move E 1 N"}
    play(state, "move E 1 N")
    assert state.observation(0)["drawn"] == 1
    assert {"play W7 E", "play B1 E"} <= legal(state)
    play(state, "play W7 E")
    assert piles(state)["E"] == ["W7"]


def test_stalemate_loser_is_the_largest_hand() -> None:
    """§10 ex. 18 (§7): sizes 4/2/6 → seat 2 loses, ranking s1, s0, s2."""
    assert result_of_stalemate([4, 2, 6]) == ("stalemate", [2])
    assert ranking([4, 2, 6]) == [2, 1, 3]


def test_stalemate_ties_for_most_cards_all_lose() -> None:
    """§10 ex. 18: sizes 6/2/6 → seats 0 and 2 lose."""
    assert result_of_stalemate([6, 2, 6]) == ("stalemate", [0, 2])
    assert ranking([6, 2, 6]) == [2, 1, 2]


def test_stalemate_with_equal_hands_is_a_draw() -> None:
    """§10 ex. 18: sizes 3/3/3 → a draw with no loser; standard competition ranking (§7)."""
    assert result_of_stalemate([3, 3, 3]) == ("draw", [])
    assert ranking([3, 3, 3]) == [1, 1, 1] and ranking([1, 2, 2, 4]) == [1, 2, 2, 4]


def test_emptying_the_hand_wins_at_once() -> None:
    """§10 ex. 19 (§7 WIN): the last card R4 onto N=[R6,R5] wins without an END."""
    state = stacked(
        {0: "R5 B6 B5 W6 W5 W4 B3", 1: "P8"},
        "R6 B7 W7 B4",
        "W3 B1 R4",
        moves="play R5 N; end; play P8 NE; end;"
        "play B6 E; play B5 E; play W6 S; play W5 S; play W4 S; play W3 S; play B3 W",
    )
    assert hand(state, 0) == ["R4"] and piles(state)["N"] == ["R6", "R5"]
    play(state, "play R4 N")
    record = state.record()
    assert state.is_terminal() and record["events"][-1] == {"seat": 0, "move": "play R4 N"}
    assert record["result"] == {"outcome": "win", "winners": [0], "losers": [], "hand_sizes": [0, 7]}
    assert state.returns() == [1.0, 0.0] and state.observation(None)["ranking"] == [1, 2]


@pytest.mark.parametrize(("broken", "depot"), [(True, 47), (False, 45)])
def test_setup_deals_one_at_a_time_from_the_dealers_left(broken: bool, depot: int) -> None:
    """§10 ex. 20 (§4): 3 players, dealer 2: seats 0,1,2 take turns for 7 rounds, four flips, seat 0
    plays first, and the depot held 47 (45 without OB) before the turn-start draw."""
    state = cardtable.make(GAME, players=3, first_dealer=2, broken_cabooses=broken).new_game(seed=9)
    deal = state.record()["events"][0]["deal"]
    deck = deal["deck"]
    obs = state.observation(None)
    assert deal["dealer"] == 2 and state.current_player() == 0 and len(deck) == (72 if broken else 70)
    assert obs["depot"] + obs["drawn"] == depot
    assert Counter(hand(state, 0)) == Counter(deck[0:21:3] + deck[25 : 25 + obs["drawn"]])
    assert Counter(hand(state, 1)) == Counter(deck[1:21:3])
    assert Counter(hand(state, 2)) == Counter(deck[2:21:3])
    assert obs["flips"] == deck[21:25] and [obs["piles"][r] for r in RAILWAYS] == [[c] for c in deck[21:25]]
    assert ("OB" in deck) == broken


@pytest.mark.parametrize("players", [1, 7])
def test_player_counts_outside_two_to_six_are_refused(players: int) -> None:
    """§10 ex. 20 (§4.1)."""
    with pytest.raises(ValueError, match=rf"option 'players' must be one of 2, 3, 4, 5, 6 \(got {players}\)"):
        cardtable.make(GAME, players=players)


# -- the rules read plainly from the spec, to check the engine against ------------------------------


def accepts(top: str, card: str) -> bool:
    """§5, as written."""
    if card in CABOOSES:
        return False
    if top == "P8":
        return card[1] == "7"
    return top != "OB" and top[0] == card[0] and int(top[1]) == int(card[1]) + 1


def spec_moves(board: dict[str, list[str]]) -> set[str]:
    """§6.2 A3 and A4 by their definitions."""
    found = set()
    for x in RAILWAYS:
        pile = board[x]
        for k in range(1, len(pile) + 1):
            bottom = pile[len(pile) - k]
            for y, target in board.items():
                if (
                    y != x
                    and bottom not in CABOOSES
                    and target
                    and accepts(target[-1], bottom)
                    and len(target) + k > len(pile)
                ):
                    found.add(f"move {x} {k} {y}")
        if pile and pile[0] in CABOOSES:
            found |= {f"relocate {x} {c}" for c in ADJACENT[x] if not board[c]}
    return found


def spec_plays(board: dict[str, list[str]], cards: list[str]) -> set[str]:
    """§6.2 A1 and A2 by their definitions."""
    found = set()
    for card in set(cards):
        for place, pile in board.items():
            if pile:
                ok = accepts(pile[-1], card)
            elif place in RAILWAYS:
                ok = card not in CABOOSES
            else:
                ok = card in CABOOSES
            if ok:
                found.add(f"play {card} {place}")
    return found


def spec_after(board: dict[str, list[str]], move: str) -> dict[str, list[str]]:
    """The board after a move or relocation, departures applied (§6.4)."""
    words = move.split()
    after = {place: list(pile) for place, pile in board.items()}
    if words[0] == "move":
        x, k, y = words[1], int(words[2]), words[3]
        after[y] += after[x][-k:]
        del after[x][-k:]
    else:
        x, y = words[1], words[2]
        after[y], after[x] = after[x], []
    if y in CORNERS and len(after[y]) == 8:
        after[y] = []
    return after


def spec_can_play(board: dict[str, list[str]], cards: list[str]) -> bool:
    """§6.3 by its definition: search the move sequences until some play is legal."""
    frontier = [board]
    seen = {json.dumps(board, sort_keys=True)}
    while frontier:
        current = frontier.pop()
        if spec_plays(current, cards):
            return True
        for move in spec_moves(current):
            after = spec_after(current, move)
            key = json.dumps(after, sort_keys=True)
            if key not in seen:
                seen.add(key)
                frontier.append(after)
    return False


# -- properties over random games ------------------------------------------------------------------


def games(players: int, seeds: range, broken: bool = True) -> Iterator[cardtable.State]:
    """Random games, yielding the state before every decision and once more at the end."""
    game = cardtable.make(GAME, players=players, broken_cabooses=broken)
    for seed in seeds:
        state = game.new_game(seed=seed)
        yield from random_playout(state, seed)
        yield state


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("broken", [True, False])
def test_cards_are_conserved_and_every_pile_is_a_caboose_then_one_colour_down_by_one(
    players: int, broken: bool
) -> None:
    """§7 conservation (72 or 70) and the §5 invariant, at every step of random games."""
    total = 72 if broken else 70
    for state in games(players, range(20), broken):
        obs = state.observation(None)
        on_board = sum(len(pile) for pile in obs["piles"].values())
        departed = sum(len(train) for train in obs["departed"])
        assert sum(obs["hand_sizes"]) + obs["depot"] + on_board + departed == total
        assert all(len(train) == 8 and train[0] == "P8" for train in obs["departed"])
        for place, pile in obs["piles"].items():
            base = 1 if pile and pile[0] in CABOOSES else 0
            if place in CORNERS and pile:
                assert base and len(pile) < 8, (place, pile)
            run = pile[base:]
            assert all(card not in CABOOSES for card in run), (place, pile)
            assert len({card[0] for card in run}) <= 1, (place, pile)
            assert all(int(a[1]) == int(b[1]) + 1 for a, b in pairwise(run)), (place, pile)
            assert not (pile and pile[0] == "OB" and len(pile) > 1), (place, pile)
            assert not (base and run and run[0][1] != "7"), (place, pile)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_legal_actions_are_exactly_the_moves_the_spec_allows(players: int) -> None:
    """Every ``play``, ``move X K Y`` and ``relocate X C`` the rules allow, each once, and ``end`` when
    a card was played; and a seat with nothing played always has a play reachable (§6.3)."""
    for state in games(players, range(30)):
        if state.is_terminal():
            continue
        seat = state.current_player()
        obs = state.observation(seat)
        actions = state.legal_actions()
        assert len(actions) == len(set(actions))
        limited = obs["first_turn"][seat] and obs["played"]
        expected = spec_moves(obs["piles"]) | (set() if limited else spec_plays(obs["piles"], obs["hand"]))
        expected |= {"end"} if obs["played"] else set()
        assert legal(state) == expected
        if not obs["played"]:
            assert spec_can_play(obs["piles"], obs["hand"])


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_can_play_agrees_with_a_plain_search(players: int) -> None:
    """``can_play`` against the definition of §6.3 on boards from random games, with the hand to act and
    with small random hands (so that the answer is often no)."""
    rng = random.Random(players)
    codes = list(CODES)
    answers = Counter()
    for step, state in enumerate(games(players, range(10))):
        if step % 2:
            continue
        board = state.observation(None)["piles"]
        pile_ids = [PILE_ID[tuple(CARD_IDS[c] for c in board[place])] for place in (*RAILWAYS, *CORNERS)]
        for cards in [rng.sample(codes, rng.randint(1, 3)) for _ in range(3)]:
            mask = sum(1 << CARD_IDS[card] for card in set(cards))
            expected = spec_can_play(board, cards)
            assert can_play(pile_ids, mask) == expected, (board, cards)
            answers[expected] += 1
    assert answers[True] and answers[False]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_game_ends_with_a_result_as_records_md_writes_it(players: int) -> None:
    """§7: a win empties a hand; a stalemate comes with an empty depot and no play reachable for the seat
    that had played nothing, and the largest hands lose (all equal: a draw). Records replay."""
    outcomes = Counter()
    game = cardtable.make(GAME, players=players)
    for seed in range(30):
        state = game.new_game(seed=seed)
        for _ in random_playout(state, seed):
            pass
        record = json.loads(json.dumps(state.record()))
        result = record["result"]
        assert set(result) == {"outcome", "winners", "losers", "hand_sizes"}
        sizes = result["hand_sizes"]
        obs = state.observation(None)
        outcomes[result["outcome"]] += 1
        if result["outcome"] == "win":
            assert len(result["winners"]) == 1 and sizes[result["winners"][0]] == 0 and result["losers"] == []
        else:
            assert obs["depot"] == 0 and result["winners"] == [] and min(sizes) > 0
            assert (result["outcome"], result["losers"]) == result_of_stalemate(sizes)
            last = record["events"][-1]
            if "deal" in last:  # stuck before the first move
                stuck = (last["deal"]["dealer"] + 1) % players
            else:
                stuck = last["seat"] if last["move"] != "end" else (last["seat"] + 1) % players
            assert not spec_can_play(obs["piles"], state.observation(stuck)["hand"])
        assert obs["ranking"] == ranking(sizes)
        assert cardtable.replay(record).record() == record
    assert outcomes["win"]


def card_list(value: object) -> list[str]:
    """Every card code anywhere inside an observation, with repeats."""
    if isinstance(value, str):
        return [value] if value in CARD_IDS else []
    if isinstance(value, dict):
        return [card for item in value.values() for card in card_list(item)]
    if isinstance(value, list):
        return [card for item in value for card in card_list(item)]
    return []


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_observations_hold_no_hidden_card(players: int) -> None:
    """§8: a seat sees its own hand, the piles, the flips and the departed trains, and nothing of the
    depot or of other hands (counted with repeats, as copies share codes)."""
    for state in games(players, range(6)):
        public = state.observation(None)
        known = Counter(public["flips"]) + Counter(card_list(public["piles"]))
        known += Counter(card_list(public["departed"]))
        assert Counter(card_list(public)) == known
        for seat in range(players):
            obs = state.observation(seat)
            assert Counter(card_list(obs)) == known + Counter(obs["hand"])


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_hand_shows_every_copy_in_code_order_and_as_many_cards_as_its_public_size(players: int) -> None:
    """Copies share a code: a hand lists each copy, the codes in the pack's order, and holds as many
    cards as ``hand_sizes`` says (kept up to date as cards are drawn and played)."""
    copies = 0
    for state in games(players, range(8)):
        sizes = state.observation(None)["hand_sizes"]
        for seat in range(players):
            hand = state.observation(seat)["hand"]
            assert len(hand) == sizes[seat]
            assert hand == sorted(hand, key=CODES.index)
            copies += len(set(hand)) < len(hand)
    assert copies


@pytest.mark.parametrize("players", [2, 4, 6])
def test_resample_redeals_only_the_depot_and_the_other_hands(players: int) -> None:
    """A resampled world keeps the seat's view and the hand sizes, deals the others only cards the seat
    cannot see, does move hidden cards around, and depends on nothing the seat cannot see."""
    rng = random.Random(3)
    changed = 0
    for step, state in enumerate(games(players, range(3))):
        if step % 9 or state.is_terminal():
            continue
        seat = state.current_player()
        world = state.resample(seat, rng)
        assert world.observation(seat) == state.observation(seat)
        assert world.legal_actions() == state.legal_actions()
        public = state.observation(None)
        seen = Counter(card_list(state.observation(seat))) - Counter(public["flips"])  # flips are on piles
        unseen = Counter(pack()) - seen
        others = [other for other in range(players) if other != seat]
        world_hands = Counter(card for other in others for card in world.observation(other)["hand"])
        assert not world_hands - unseen
        changed += any(world.observation(o)["hand"] != state.observation(o)["hand"] for o in others)
        # A world depends only on what the seat saw: from the real state or from another world, the
        # same random source draws the same world (so search bots cannot read hidden cards).
        again, other = state.resample(seat, random.Random(step)), world.resample(seat, random.Random(step))
        assert all(again.observation(o) == other.observation(o) for o in range(players))
    assert changed


def test_notation_reads_any_case_and_refuses_what_is_no_move() -> None:
    """records.md notation: ids are stable and context-free; bad text says what is wrong."""
    state = cardtable.make(GAME).new_game(seed=1)
    assert state.action_to_string(state.string_to_action("PLAY r4 n")) == "play R4 N"
    assert state.action_to_string(state.string_to_action("relocate N SE")) == "relocate N SE"
    for text, reason in [
        ("play R9 N", "not a card"),
        ("play R4 X", "not a place"),
        ("move N 9 E", "1 to 8"),
        ("move N 1 N", "onto itself"),
        ("relocate NE N", "a railway then a corner"),
        ("end now", "not a move"),
    ]:
        with pytest.raises(InvalidNotation, match=reason):
            state.string_to_action(text)


# -- undo within a turn (State.turn_start) ---------------------------------------------------------


def test_a_turn_may_be_taken_back_to_its_first_move_until_it_ends() -> None:
    """§6.2: a turn's moves run until ``end``; the draw that starts it (§6.1) comes before its first move,
    so ``turn_start`` is that move's index for every step of the turn, and the next turn starts anew."""
    state = stacked({0: "R4 W2 P8", 1: "B1"}, "R5 W3 B2 B3", moves="play P8 NE; end; play B1 S; end")
    start = state.event_count()
    assert state.turn_start() == start  # nothing to take back yet, though the turn drew a card
    play(state, "play R4 N; play W2 E")
    assert state.turn_start() == start and state.event_count() == start + 2
    play(state, "end")
    assert state.turn_start() == state.event_count() == start + 3


def before_a_relocation_that_forces_draws() -> cardtable.State:
    """Seat 0 to act, holding cabooses and P8s, where relocating N NW fills the last empty corner: it
    then holds cabooses only, which it cannot play, and draws until R2 fits on the emptied railway."""
    return stacked(
        {0: "P8 P8 P8 P8 P8 P8 OB", 1: "R4 R3 R1 R1 R1 B1 W1"},
        "P8 B5 W5 R5",
        "B4 B2 W4 W2 OB R2",
        moves="play P8 NE; end; play R4 W; end; play B4 E; play W4 S; play P8 SE; play P8 SW; end;"
        "play R3 W; end",
    )


def test_forced_draws_after_a_move_make_the_moves_before_them_final() -> None:
    """§6.3: a relocation into the last empty corner leaves seat 0 holding cabooses only, which it cannot
    play, so it draws until R2 fits on the emptied railway: it has seen a new card, and only what
    follows may be taken back."""
    state = before_a_relocation_that_forces_draws()
    assert state.current_player() == 0 and sorted(hand(state, 0)) == ["OB", "OB", "P8", "P8", "P8"]
    start = state.event_count()
    play(state, "relocate N NW")
    assert sorted(hand(state, 0)) == ["OB", "OB", "P8", "P8", "P8", "R2"]
    after_draws = state.event_count()
    assert state.turn_start() == after_draws == start + 1
    play(state, "play R2 N")
    assert state.turn_start() == after_draws == state.event_count() - 1


@pytest.mark.parametrize("players", (2, 4))
def test_what_may_be_taken_back_is_always_the_seat_to_acts_moves_of_this_turn(players: int) -> None:
    """In whole random games: from ``turn_start`` on the record holds only moves of the seat to act, and
    no ``end``; once the game is over nothing may be taken back."""
    state = cardtable.make(GAME, players=players).new_game(seed=players)
    for now in random_playout(state, seed=players):
        seat = now.current_player()
        assert all(
            event == {"seat": seat, "move": event["move"]} and event["move"] != "end"
            for event in now.events(now.turn_start())
        )
    assert state.is_terminal() and state.turn_start() == state.event_count()
