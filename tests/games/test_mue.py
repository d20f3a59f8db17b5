"""Mü: the worked examples E1–E15 of rules/mue.md §8, the auction's rules, and properties over random
matches for every player count (six with and without the dealer sitting out)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

import cardtable
from cardtable import IllegalAction
from cardtable.core.game import State
from cardtable.games.mue import (
    bonus,
    eclat_deltas,
    elect_vice,
    played_hand_deltas,
    shortfall,
    target,
    trump_id,
    trump_order,
)

CARD = re.compile(r"^[RBGYP][0-9]$")
NUMBERS = (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)
TRIANGLES = {0: 1, 1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 1, 9: 0}
CONFIGS = [
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {"players": 6, "dealer_sits_out": True},
]


def config_id(options: dict[str, Any]) -> str:
    return f"{options['players']}p" + ("-sitout" if options.get("dealer_sits_out") else "")


def pack(players: int) -> list[str]:
    """Every card of the pack with its copies (§2, §3)."""
    return [colour + str(n) for colour in ("RBG" if players == 3 else "RBGYP") for n in NUMBERS]


def stacked(
    players: int,
    hands: dict[int, list[str]],
    moves: Sequence[str] = (),
    *,
    dealer: int = 0,
    fill: dict[int, Callable[[str], bool]] | None = None,
    **options: Any,
) -> State:
    """A match whose first deal gives each listed seat those cards, the rest of each hand filled from
    the unused cards in pack order (``fill`` limits what a seat may be given), then ``moves`` played
    in turn; built through the record like any replay (§3 canonical order)."""
    sits_out = options.get("dealer_sits_out", False)
    active = [(dealer + k) % players for k in range(1, players + 1)]
    if sits_out:
        active.remove(dealer)
    deck = pack(players)
    size = len(deck) // len(active)
    spare = list(deck)
    for cards in hands.values():
        for card in cards:
            spare.remove(card)
    dealt = {seat: list(hands.get(seat, [])) for seat in active}
    limits = fill or {}
    for seat in sorted(active, key=lambda s: s not in limits):  # the choosy seats first
        allowed = limits.get(seat, lambda card: True)
        while len(dealt[seat]) < size:
            card = next(c for c in spare if allowed(c))
            spare.remove(card)
            dealt[seat].append(card)
    record = {
        "format": "cardtable-record/1",
        "game": "mue",
        "options": {"players": players, "first_dealer": dealer, **options},
        "seed": None,
        "events": [{"deal": {"dealer": dealer, "deck": [c for seat in active for c in dealt[seat]]}}],
        "result": None,
    }
    state = cardtable.replay(record)
    play(state, moves)
    return state


def play(state: State, moves: Sequence[str]) -> None:
    for move in moves:
        state.apply_action(state.string_to_action(move))


def bid(*cards: str) -> list[str]:
    """One bidding turn in atomic moves: a ``show`` per card, then ``done`` (records.md)."""
    return [f"show {card}" for card in cards] + ["done"]


def hidden_cards(state: State, seat: int) -> list[str]:
    """The seat's hand without its face-up cards."""
    hand = state.observation(seat)["hand"]
    for card in state.observation(seat)["face_up"][seat]:
        hand.remove(card)
    return hand


def passes(count: int) -> list[str]:
    return ["pass"] * count


def legal(state: State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def no(*colours: str, numbers: Sequence[int] = ()) -> Callable[[str], bool]:
    """A ``fill`` rule: no card of these colours or numbers."""
    return lambda card: card[0] not in colours and int(card[1]) not in numbers


def scores_of(state: State) -> list[dict[str, Any]]:
    return [e["score"] for e in state.record()["events"] if "score" in e]


# -- §8 worked examples -----------------------------------------------------------------------------


def e1_auction() -> State:
    """E1 up to the end of the auction (5p, P0 deals)."""
    state = stacked(5, {0: ["R5", "R8", "Y2"], 1: ["B9", "B3"], 3: ["G7"]})
    play(state, [*bid("R5"), *bid("B9", "B3"), "pass", *bid("G7"), "pass", "show R8", "show Y2"])
    return state


def test_e1_a_bid_may_reach_one_more_than_the_highest_count_at_the_start_of_the_turn() -> None:
    """§8 E1, §4.1: with M = 2, P0 (1 card up) may add two cards but not a third."""
    state = e1_auction()
    assert legal(state) == {"done"}
    with pytest.raises(IllegalAction, match=r"seat 0 cannot show \w\d: at most 3 face up this turn"):
        state.apply_action(state.string_to_action("show " + hidden_cards(state, 0)[0]))


def test_e1_auction_ends_after_five_passes_chief_vice_and_their_options() -> None:
    """§8 E1, §4.2–§4.5: Chief P0 with b = 3, Vice P1; the Vice picks from {B,9,3}; after trump 3 the
    Chief picks from {R,Y,5,8,2,none}; the partner is one of P2, P3, P4."""
    state = e1_auction()
    play(state, ["done", *passes(4)])
    assert state.observation(None)["phase"] == "auction"
    play(state, ["pass"])
    obs = state.observation(None)
    assert (obs["phase"], obs["chief"], obs["bid"], obs["vice"]) == ("vice_trump", 0, 3, 1)
    assert obs["auction"]["counts"] == [3, 2, 0, 1, 0]
    assert state.current_player() == 1 and legal(state) == {"trump B", "trump 9", "trump 3"}
    play(state, ["trump 3"])
    assert state.current_player() == 0
    assert legal(state) == {"trump R", "trump Y", "trump 5", "trump 8", "trump 2", "trump none"}
    play(state, ["trump none"])
    assert legal(state) == {"partner 2", "partner 3", "partner 4"}
    with pytest.raises(IllegalAction, match="seat 0 cannot name partner 1: seat 1 is the Vice"):
        state.apply_action(state.string_to_action("partner 1"))


def e2_counts() -> State:
    """Counts P0 = 3, P1 = 2 (5p): P0 1, P1 2, three passes, P0 two more."""
    hands = {0: ["R0", "R2", "R3", "R4"], 1: ["B0", "B2", "B3", "B4"], 2: ["G0", "G2", "G3", "G4", "G5"]}
    return stacked(5, hands, [*bid("R0"), *bid("B0", "B2"), *passes(3), *bid("R2", "R3")])


def test_e2_raise_limits_with_counts_three_and_two() -> None:
    """§8 E2: P1 may add at most 2 cards, P0 (the leader) 1, a player with 0 cards up 4."""
    state = e2_counts()
    assert state.current_player() == 1
    play(state, ["show B3", "show B4"])
    assert legal(state) == {"done"}

    state = e2_counts()
    play(state, ["pass"])  # P2 with nothing up
    play(state, ["show G0", "show G2", "show G3", "show G4"])
    assert legal(state) == {"done"}

    state = e2_counts()
    play(state, passes(4))
    assert state.current_player() == 0
    play(state, ["show R4"])
    assert legal(state) == {"done"}


def test_e3_eclat_latecomer_pays_ten_per_card_the_other_tied_player_gains_five() -> None:
    """§8 E3, §4.2.2 (4p): P1 and P2 tie at 2 and P2 drew level last: P2 −20, P1 +10; no tricks."""
    state = stacked(4, {0: ["R0"], 1: ["B0", "B2"], 2: ["G0", "G2"]})
    play(state, [*bid("R0"), *bid("B0", "B2"), *bid("G0", "G2"), *passes(4)])
    assert scores_of(state) == [{"deltas": [0, 10, -20, 0], "scores": [0, 10, -20, 0]}]
    sheet = state.observation(None)["sheet"]
    assert sheet[0]["outcome"] == "eclat" and sheet[0]["latecomer"] == 2 and sheet[0]["tied"] == [1, 2]
    assert state.record()["events"][-1]["deal"]["dealer"] == 1  # straight to the next hand
    assert eclat_deltas(4, tied=[1, 2], latecomer=2, highest=2) == [0, 10, -20, 0]


def test_e4_all_pass_is_a_void_hand_and_the_next_seat_deals() -> None:
    """§8 E4, §4.2.1: four passes, no points, P1 deals the next hand (and, as dealer, bids first)."""
    state = stacked(4, {}, passes(4))
    assert scores_of(state) == [{"deltas": [0, 0, 0, 0], "scores": [0, 0, 0, 0]}]
    obs = state.observation(None)
    assert obs["sheet"][0]["outcome"] == "void"
    assert (obs["hand_number"], obs["dealer"], state.current_player()) == (2, 1, 1)


def e5_auction(p3: list[str]) -> State:
    """Chief P0 with 4 cards up; P1 [B9,R2], P2 [G8,Y8], P3 ``p3``, P4 none (5p)."""
    hands = {0: ["P0", "P2", "P3", "P4"], 1: ["B9", "R2"], 2: ["G8", "Y8"], 3: p3}
    moves = [*bid("P0"), *bid("B9", "R2"), *bid("G8", "Y8"), *bid(*p3), "pass", *bid("P2", "P3")]
    moves += [*passes(4), *bid("P4"), *passes(5)]
    return stacked(5, hands, moves)


def test_e5_vice_tie_break_compares_numbers_high_to_low() -> None:
    """§8 E5, §4.2.4: (9,2) > (9,1) > (8,8), so P1 is Vice."""
    obs = e5_auction(["R9", "G1"]).observation(None)
    assert (obs["chief"], obs["bid"], obs["vice"], obs["phase"]) == (0, 4, 1, "vice_trump")
    assert elect_vice([4, 2, 2, 2, 0], [[], [9, 2], [8, 8], [9, 1], []], chief=0) == 1


def test_e5_a_shared_best_list_means_no_vice() -> None:
    """§8 E5, §7.15: with P3 on [Y9,G2] the best list (9,2) is shared: no Vice, the Chief names trump."""
    state = e5_auction(["Y9", "G2"])
    obs = state.observation(None)
    assert (obs["vice"], obs["phase"], state.current_player()) == (None, "chief_trump", 0)
    assert elect_vice([4, 2, 2, 2, 0], [[], [9, 2], [8, 8], [9, 2], []], chief=0) is None


@pytest.mark.parametrize(
    ("chief", "vice", "order"),
    [
        ("7", "R", "R7 > B7=G7=Y7=P7 > R9 > R8 > R6 > R5 > R4 > R3 > R2 > R1 > R0"),
        ("Y", "3", "Y3 > Y9 > Y8 > Y7 > Y6 > Y5 > Y4 > Y2 > Y1 > Y0 > R3=B3=G3=P3"),
        (
            "B",
            "G",
            "B9 > B8 > B7 > B6 > B5 > B4 > B3 > B2 > B1 > B0 > "
            "G9 > G8 > G7 > G6 > G5 > G4 > G3 > G2 > G1 > G0",
        ),
        ("1", "5", "R1=B1=G1=Y1=P1 > R5=B5=G5=Y5=P5"),
        ("none", "G", "G9 > G8 > G7 > G6 > G5 > G4 > G3 > G2 > G1 > G0"),
        ("none", None, ""),
    ],
    ids=["a-vice-R-chief-7", "b-chief-Y-vice-3", "c-colours", "d-numbers", "e-vice-only", "no-trumps"],
)
def test_e6_trump_orders(chief: str, vice: str | None, order: str) -> None:
    """§8 E6, §5: doubles on top, then the Chief's trumps, then the Vice's; number trumps are equal."""
    groups = trump_order(trump_id(chief), None if vice is None else trump_id(vice))
    assert " > ".join("=".join(group) for group in groups) == order


def e7_trick(
    leader: int, hands: dict[int, list[str]], auction: list[str], trumps: list[str], fill: dict[int, Any]
) -> State:
    state = stacked(5, hands, [*auction, *trumps], fill=fill)
    assert state.observation(None)["phase"] == "tricks" and state.current_player() == leader
    return state


def test_e7_first_of_equal_chief_trumps_wins_over_vice_trump() -> None:
    """§8 E7 (E6a trumps: Vice R, Chief 7): B5 led; G7 and Y7 are equal chief trumps, G7 came first."""
    hands = {0: ["B5", "P7", "B0", "B1", "B1", "B2"], 1: ["R5", "B9", "B3", "B4", "B6", "B7", "B7", "B8"]}
    hands |= {2: ["G7"], 3: ["R2"], 4: ["Y7"]}
    auction = [*bid("P7"), *bid("R5"), *passes(3), *bid("B0"), *passes(5)]
    state = e7_trick(0, hands, auction, ["trump R", "trump 7", "partner 2"], {s: no("B") for s in (2, 3, 4)})
    play(state, ["B5", "B9", "G7", "R2", "Y7"])
    assert state.observation(None)["last_trick"]["winner"] == 2 and state.current_player() == 2


def test_e7_a_double_trump_beats_every_other_trump() -> None:
    """§8 E7: P1 leads Y7 (a trump); R0, B7, R7 (double), and G9 from a P0 without trumps: P4 wins."""
    hands = {1: ["Y7", "Y0"], 2: ["R0"], 3: ["B7"], 4: ["R7"], 0: ["G9"]}
    auction = ["pass", *bid("Y7"), *bid("R0"), *passes(3), *bid("Y0"), *passes(5)]
    fill = {0: no("R", numbers=[7])}
    state = e7_trick(1, hands, auction, ["trump R", "trump 7", "partner 3"], fill)
    play(state, ["Y7", "R0", "B7", "R7"])
    assert legal(state) == set(state.observation(0)["hand"])  # no trump: anything goes
    play(state, ["G9"])
    assert state.observation(None)["last_trick"]["winner"] == 4


def test_e7_without_trumps_the_first_of_two_equal_cards_wins_and_off_colours_never_do() -> None:
    """§8 E7: no Vice and Chief ``none``: G1, G1, G0, B9, Y9 → P0 (the first G1)."""
    hands = {0: ["G1", "R0"], 1: ["G1"], 2: ["G0"], 3: ["B9"], 4: ["Y9"]}
    state = e7_trick(
        0, hands, [*bid("R0"), *passes(5)], ["trump none", "partner 1"], {3: no("G"), 4: no("G")}
    )
    assert state.observation(None)["trump_order"] == []
    play(state, ["G1", "G1", "G0", "B9", "Y9"])
    assert state.observation(None)["last_trick"]["winner"] == 0


def test_e7_a_chief_trump_beats_a_vice_trump() -> None:
    """§8 E7 with E6c trumps (Chief B, Vice G): R3 led; R8, G0, B0, R9 → P3."""
    hands = {0: ["R3", "B5", "B6"], 1: ["R8"], 2: ["G0"], 3: ["B0"], 4: ["R9"]}
    auction = [*bid("B5"), "pass", *bid("G0"), *passes(2), *bid("B6"), *passes(5)]
    state = e7_trick(0, hands, auction, ["trump G", "trump B", "partner 1"], {2: no("R"), 3: no("R")})
    play(state, ["R3", "R8", "G0", "B0", "R9"])
    assert state.observation(None)["last_trick"]["winner"] == 3


def e8_follower(lead: str, follower: list[str], fill: Callable[[str], bool]) -> State:
    """Chief P0 (trump R) leads ``lead``; Vice P2 named 7; P1 holds ``follower`` and ``fill`` cards."""
    hands = {0: ["R9", "B3", "P9"], 1: follower, 2: ["P7"]}
    auction = [*bid("R9"), "pass", *bid("P7"), *passes(2), *bid("P9"), *passes(5)]
    state = stacked(5, hands, [*auction, "trump 7", "trump R", "partner 3", lead], fill={1: fill})
    assert state.current_player() == 1
    return state


def test_e8_a_trump_of_the_led_colour_does_not_follow_it() -> None:
    """§8 E8, §7.17 (Chief R, Vice 7): B3 led; {B7,Y2,R4}: all legal, B7 is a trump and not blue;
    {B5,B7,R4}: only B5."""
    state = e8_follower("B3", ["B7", "Y2", "R4"], no("B"))
    assert {"B7", "Y2", "R4"} <= legal(state) == set(state.observation(1)["hand"])
    state = e8_follower("B3", ["B5", "B7", "R4"], no("B"))
    assert legal(state) == {"B5"}
    with pytest.raises(IllegalAction, match=r"seat 1 cannot play B7: B3 was led, .*B7 is a trump, not blue"):
        state.apply_action(state.string_to_action("B7"))


def test_e8_a_trump_lead_must_be_followed_by_a_trump() -> None:
    """§8 E8: R9 led (a trump): {G7,Y2} must play G7; {Y2,B0} holds no trump and may play either."""
    state = e8_follower("R9", ["G7", "Y2"], no("R", numbers=[7]))
    assert legal(state) == {"G7"}
    with pytest.raises(IllegalAction, match="seat 1 cannot play Y2: R9 was led, a trump, so a trump must"):
        state.apply_action(state.string_to_action("Y2"))
    state = e8_follower("R9", ["Y2", "B0"], no("R", numbers=[7]))
    assert {"Y2", "B0"} <= legal(state) == set(state.observation(1)["hand"])


def test_e9_made_contract_5p() -> None:
    """§8 E9: b=4, trump Y, target 33; 20 + 14 = 34 → bonus 40 each: 60, 54, 10, 9, 7."""
    assert target(5, 4) == 33 and bonus(4, trump_id("Y")) == 40
    deltas = played_hand_deltas(
        range(5), [20, 14, 10, 9, 7], chief=0, partner=1, bid=4, chief_trump=trump_id("Y")
    )
    assert deltas == [60, 54, 10, 9, 7]


def test_e10_failed_contract_pays_for_the_cards_overbid() -> None:
    """§8 E10: b=5, trump 7, target 36; 31 makes b=3 only → s=2: −2, 13, 22, 20, 17."""
    assert target(5, 5) == 36 and shortfall(5, 5, 31) == 2
    deltas = played_hand_deltas(
        range(5), [18, 13, 12, 10, 7], chief=0, partner=1, bid=5, chief_trump=trump_id("7")
    )
    assert deltas == [-2, 13, 22, 20, 17]


def test_e11_failing_below_level_one_counts_the_whole_bid() -> None:
    """§8 E11 (6p): b=2, T=18 < 20 = target(6,1) → s=2: Chief −20, partner 0, four opponents +10."""
    assert shortfall(6, 2, 18) == 2
    deltas = played_hand_deltas(range(6), [10, 8, 12, 10, 10, 10], chief=0, partner=1, bid=2, chief_trump=0)
    assert deltas == [10 - 20, 8, 22, 20, 20, 20]


def test_e12_the_bonus_is_capped_at_100() -> None:
    """§8 E12 (4p): b=8, ``none``, target 44, T=45 → bonus min(110, 100) = 100."""
    assert target(4, 8) == 44 and bonus(8, trump_id("none")) == 100
    deltas = played_hand_deltas(
        range(4), [25, 20, 10, 5], chief=0, partner=1, bid=8, chief_trump=trump_id("none")
    )
    assert deltas == [125, 120, 10, 5]


def test_e13_three_players_chief_alone() -> None:
    """§8 E13 (3p): b=3, trump 5, target 16, Chief takes 17 → bonus 50, hand score 67; opponents 19."""
    assert target(3, 3) == 16 and bonus(3, trump_id("5")) == 50
    deltas = played_hand_deltas(
        range(3), [17, 10, 9], chief=0, partner=None, bid=3, chief_trump=trump_id("5")
    )
    assert deltas == [67, 10, 9]


def test_e13_three_players_have_no_vice_and_no_partner() -> None:
    """§8 E13, §4.2.4, §4.5, §7.8: a second seat with cards up is no Vice; after the Chief's trump
    the Chief leads at once."""
    state = stacked(3, {0: ["R5", "R6"], 1: ["B1"]}, [*bid("R5"), *bid("B1"), "pass", *bid("R6"), *passes(3)])
    obs = state.observation(None)
    assert (obs["chief"], obs["vice"], obs["phase"], obs["target"]) == (0, None, "chief_trump", 14)
    play(state, ["trump 5"])
    obs = state.observation(None)
    assert (obs["phase"], obs["partner"], state.current_player()) == ("tricks", None, 0)


def test_e14_dealer_sits_out_and_scores_nothing() -> None:
    """§8 E14, §3: P0 deals and gets no cards; P1 bids first (one card at most); b=2 needs 27 (the
    5-player row). The Chief's side holds only low cards and takes nothing: only the three active
    opponents get +5·s, P0 stays at 0."""
    low = [c + n for c in "RBGYP" for n in "0112"] + ["R3", "B3", "G3", "Y3"]
    hands = {1: low[:12], 2: low[12:]}
    state = stacked(6, hands, dealer=0, dealer_sits_out=True)
    assert state.observation(None)["hand_sizes"] == [0, 12, 12, 12, 12, 12]
    assert state.current_player() == 1
    play(state, ["show R0"])
    assert legal(state) == {"done"}
    play(state, ["done", *passes(4), *bid("R1"), *passes(5)])
    obs = state.observation(None)
    assert (obs["chief"], obs["bid"], obs["vice"], obs["target"]) == (1, 2, None, 27)
    play(state, ["trump none"])
    assert legal(state) == {"partner 2", "partner 3", "partner 4", "partner 5"}
    play(state, ["partner 2"])
    while state.observation(None)["hand_number"] == 1:
        state.apply_action(state.legal_actions()[0])
    (score,) = scores_of(state)
    line = state.observation(None)["sheet"][0]
    points = line["points"]
    assert line["outcome"] == "failed" and points[1] == points[2] == points[0] == 0 and sum(points) == 60
    named = ("bid", "chief", "vice", "partner", "chief_trump", "vice_trump", "target")
    assert {key: line[key] for key in named} == {
        "bid": 2,
        "chief": 1,
        "vice": None,
        "partner": 2,
        "chief_trump": "none",
        "vice_trump": None,
        "target": 27,
    }
    assert score["deltas"] == [0, -20, 0, points[3] + 10, points[4] + 10, points[5] + 10]


def test_e15_bonus_lookups() -> None:
    """§8 E15: b=1: colour 10, 1/7 20, other number 30, none 40; b=10 colour 100; b=9 none 100."""
    assert [bonus(1, trump_id(t)) for t in ("P", "1", "7", "0", "9", "none")] == [10, 20, 20, 30, 30, 40]
    assert bonus(10, trump_id("R")) == 100 and bonus(9, trump_id("none")) == 100
    assert [bonus(b, trump_id("2")) for b in (7, 8, 9)] == [90, 100, 100]


# -- the auction's rules (§4.1) ---------------------------------------------------------------------


def test_pass_opens_a_turn_only_and_done_only_closes_shows() -> None:
    """records.md ``mue`` moves: ``pass`` is the first action of a turn, ``done`` follows a ``show``."""
    state = stacked(4, {0: ["R0", "R2"]})
    assert "done" not in legal(state) and "pass" in legal(state)
    with pytest.raises(IllegalAction, match="seat 0 cannot say done: no card shown this turn"):
        state.apply_action(state.string_to_action("done"))
    play(state, ["show R0"])
    assert legal(state) == {"done"}
    with pytest.raises(IllegalAction, match="seat 0 cannot pass: they have shown cards this turn"):
        state.apply_action(state.string_to_action("pass"))


def test_done_after_the_auction_is_refused_in_words() -> None:
    """The refusal names the move as a player says it ("cannot say done"), not "cannot done"."""
    state = stacked(4, {1: ["B0"]}, ["pass", *bid("B0"), *passes(4)])
    assert state.observation(None)["phase"] != "auction"
    seat = state.current_player()
    with pytest.raises(IllegalAction, match=f"^seat {seat} cannot say done: the auction is over"):
        state.apply_action(state.string_to_action("done"))


def test_passing_never_excludes_and_the_last_bidder_passes_too() -> None:
    """§4.1, §7.12: a seat that passed may bid later; a bid resets the pass count, so the auction ends
    only after N passes in a row."""
    state = stacked(4, {1: ["B0", "B2"], 2: ["G0"]}, ["pass", "pass", *bid("G0"), *passes(2)])
    assert state.current_player() == 1 and "show B0" in legal(state)
    play(state, [*bid("B0", "B2"), *passes(3)])
    assert state.observation(None)["phase"] == "auction" and state.current_player() == 1
    play(state, ["pass"])
    assert state.observation(None)["chief"] == 1


def test_face_up_cards_are_public_and_cannot_be_shown_twice() -> None:
    """§4 visibility: bid cards are face up for everyone; a seat with no hidden card can only pass."""
    state = stacked(3, {0: ["R0"], 1: ["B0", "B2"]}, [*bid("R0"), *bid("B0", "B2")])
    for seat in (None, 0, 1, 2):
        assert state.observation(seat)["face_up"] == [["R0"], ["B0", "B2"], []]
    assert {"B0", "B2"} <= set(state.observation(1)["hand"]) and hidden_cards(state, 1)[0] == "R1"
    play(state, ["pass", "pass"])
    with pytest.raises(IllegalAction, match="seat 1 cannot show B0: it is already face up"):
        state.apply_action(state.string_to_action("show B0"))


def test_a_seat_with_every_card_face_up_can_only_pass() -> None:
    """§4.1: no hidden card left, only ``pass``."""
    hand = ["R0", "R1", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R7", "R8", "R9"]
    moves: list[str] = []
    for count in range(1, 13):  # seat 0 raises by one each round; the others pass
        moves += [*bid(hand[count - 1]), *passes(2)]
    state = stacked(3, {0: hand}, moves)
    assert state.current_player() == 0 and legal(state) == {"pass"}


def test_a_face_up_card_is_played_from_the_face_up_pile() -> None:
    """Face-up cards stay in the hand (§4.6); playing one removes it from everyone's view of the pile."""
    state = stacked(3, {0: ["R5", "R6"]}, [*bid("R5"), *passes(3), "trump R", "R5"])
    assert state.observation(None)["face_up"][0] == []
    assert state.observation(2)["played"] == ["R5"]


def test_of_two_equal_cards_the_face_up_one_is_played_first() -> None:
    """Module decision (copies are identical, §1): playing R7 while one R7 is face up and one hidden
    plays the face-up one, so the hidden one stays hidden."""
    state = stacked(3, {0: ["R7", "R7", "R5"]}, [*bid("R7"), *passes(3), "trump R"])
    assert state.observation(None)["face_up"][0] == ["R7"]
    play(state, ["R7"])
    assert state.observation(None)["face_up"][0] == [] and state.observation(0)["hand"].count("R7") == 1


def test_the_chief_cannot_name_the_vice_trump_and_the_vice_cannot_name_none() -> None:
    """§4.3, §4.4, §7.5, §7.6."""
    hands = {0: ["R5", "B5"], 1: ["G5"]}
    state = stacked(4, hands, [*bid("R5"), *bid("G5"), *passes(2), *bid("B5"), *passes(4)])
    assert legal(state) == {"trump G", "trump 5"}
    with pytest.raises(IllegalAction, match="only the Chief may name no trump"):
        state.apply_action(state.string_to_action("trump none"))
    play(state, ["trump 5"])
    assert legal(state) == {"trump R", "trump B", "trump none"}
    with pytest.raises(IllegalAction, match="seat 0 cannot name trump 5: the Vice already named it"):
        state.apply_action(state.string_to_action("trump 5"))


def test_target_and_the_partner_appear_in_observations() -> None:
    """§4.5, §6: the partner and the team's target are public once named."""
    state = e1_auction()
    play(state, ["done", *passes(5), "trump 3", "trump R", "partner 4"])
    obs = state.observation(2)
    assert (obs["partner"], obs["target"], obs["chief_trump"], obs["vice_trump"]) == (4, 30, "R", "3")
    assert obs["trump_order"][0] == ["R3"] and obs["trump_order"][-1] == ["B3", "G3", "Y3", "P3"]


def test_an_observation_is_the_callers_to_change() -> None:
    """Observations are built from kept tables (card names, the trump order): changing one, as a
    client may, changes neither the game nor the next observation."""
    state = e1_auction()
    play(state, ["done", *passes(5), "trump 3", "trump R", "partner 4"])
    before = json.dumps(state.observation(2))
    obs = state.observation(2)
    obs["hand"].append("R9")
    obs["face_up"][1].clear()
    obs["trump_order"][0].append("P9")
    obs["trump_order"].clear()
    assert json.dumps(state.observation(2)) == before


def test_a_hand_lists_both_copies_of_a_card_side_by_side() -> None:
    """§2: the 1s and 7s come twice; a hand lists its cards by colour, then number, copies together."""
    state = stacked(4, {0: ["R7", "B1", "R1", "B1", "R7", "R0"]})
    assert state.observation(0)["hand"][:6] == ["R0", "R1", "R7", "R7", "B1", "B1"]


# -- game end (§6) ------------------------------------------------------------------------------------


def test_an_eclat_can_end_the_game() -> None:
    """§6 Game end, records.md: the end check runs after every score event, éclats included."""
    state = stacked(4, {0: ["R0"], 1: ["B0", "B2"], 2: ["G0", "G2"]}, target=10)
    play(state, [*bid("R0"), *bid("B0", "B2"), *bid("G0", "G2"), *passes(4)])
    assert state.is_terminal() and state.record()["result"] == {"scores": [0, 10, -20, 0], "winners": [1]}
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]


def test_end_by_deals_lets_every_seat_deal_that_often() -> None:
    """§6 Game end, option ``deals``: 4 players × 2 deals = 8 hands, dealers in turn."""
    state = play_out(cardtable.make("mue", players=4, end="deals", deals=2, first_dealer=3), 1)
    dealers = [e["deal"]["dealer"] for e in state.record()["events"] if "deal" in e]
    assert dealers == [3, 0, 1, 2, 3, 0, 1, 2] and len(scores_of(state)) == 8


def test_hand_limit_ends_the_game_as_if_the_target_were_reached() -> None:
    """§6 safeguard: ``hand_limit`` scored hands, then the highest total wins."""
    state = play_out(cardtable.make("mue", players=5, target=100_000, hand_limit=3), 2)
    sheet = scores_of(state)
    assert len(sheet) == 3 and state.is_truncated()
    final = sheet[-1]["scores"]
    assert state.record()["result"]["winners"] == [s for s, v in enumerate(final) if v == max(final)]


def test_a_game_ended_by_its_rules_is_not_truncated() -> None:
    """The target or the deals end a game by the rules, even when ``hand_limit`` falls on that hand."""
    by_deals = play_out(cardtable.make("mue", players=4, end="deals", deals=1, hand_limit=4), 3)
    assert len(scores_of(by_deals)) == 4 and not by_deals.is_truncated()
    by_score = play_out(cardtable.make("mue", players=4, target=1), 3)
    assert max(scores_of(by_score)[-1]["scores"]) >= 1 and not by_score.is_truncated()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_single_hand_is_one_deal_scored_as_that_hand(players: int) -> None:
    """Research option ``single_hand``: one hand, the top total after it wins; no target, no limit."""
    game = cardtable.make("mue", players=players, single_hand=True, target=1_000)
    assert game.max_game_length() is not None
    for seed in range(4):
        state = play_out(game, seed)
        sheet = scores_of(state)
        final = sheet[0]["scores"]
        assert len(sheet) == 1 and not state.is_truncated()
        assert state.record()["result"]["winners"] == [s for s, v in enumerate(final) if v == max(final)]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5, "dealer_sits_out": True}, "'dealer_sits_out' may be true only with 6 players"),
        ({"end": "rounds"}, "option 'end' must be one of 'score', 'deals'"),
        ({"target": 0}, "option 'target' must be an integer >= 1"),
        ({"deals": 0}, "option 'deals' must be an integer >= 1"),
        ({"players": 4, "first_dealer": 4}, "option 'first_dealer' must be null or a seat"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, Any], message: str) -> None:
    """§6: ``target`` and ``deals`` ≥ 1; ``dealer_sits_out`` only with 6 players."""
    with pytest.raises(ValueError, match=message):
        cardtable.make("mue", **options)


def test_notation_reads_keywords_and_cards_in_any_case() -> None:
    """records.md ``mue`` moves; cards of a colour the 3-player pack lacks are still moves (illegal)."""
    state = cardtable.make("mue", players=3).new_game(seed=1)
    texts = ["PASS", "Show r5", "trump NONE", "trump y", "partner 5", "p9"]
    assert [state.action_to_string(state.string_to_action(t)) for t in texts] == [
        "pass",
        "show R5",
        "trump none",
        "trump Y",
        "partner 5",
        "P9",
    ]
    for text in ["show", "show X5", "trump Q", "partner 9", "R10", "play R5"]:
        with pytest.raises(cardtable.InvalidNotation):
            state.string_to_action(text)


# -- properties over random matches -------------------------------------------------------------------


def shy_playout(state: State, seed: int) -> Iterator[State]:
    """Random legal play that passes or stops showing half the time, so that hands get played out
    as well as ending in éclats (uniform play shows nearly every card)."""
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        actions = state.legal_actions()
        quiet = [a for a in actions if state.action_to_string(a) in ("pass", "done")]
        state.apply_action(quiet[0] if quiet and rng.random() < 0.5 else rng.choice(actions))


def play_out(game: cardtable.Game, seed: int) -> State:
    state = game.new_game(seed=seed)
    for _ in shy_playout(state, seed):
        pass
    return state


def hands_of(record: dict[str, Any]) -> Iterator[list[dict[str, Any]]]:
    """The record's events hand by hand, from a deal to its score event."""
    hand: list[dict[str, Any]] = []
    for event in record["events"]:
        hand.append(event)
        if "score" in event:
            yield hand
            hand = []


def expected_auction_deltas(players: int, hand: list[dict[str, Any]]) -> list[int] | None:
    """§4.2 recomputed from the record alone: deltas of a void or éclat hand, None for a Chief."""
    counts, last_bid = [0] * players, [-1] * players
    for index, event in enumerate(hand):
        if event.get("move", "").startswith("show"):
            counts[event["seat"]] += 1
        elif event.get("move") == "done":
            last_bid[event["seat"]] = index
    top = max(counts)
    tied = [s for s in range(players) if counts[s] == top]
    if top == 0:
        return [0] * players
    if len(tied) == 1:
        return None
    latecomer = max(tied, key=lambda s: last_bid[s])
    return [-10 * top if s == latecomer else 5 * top if s in tied else 0 for s in range(players)]


@pytest.mark.parametrize("options", CONFIGS, ids=config_id)
def test_random_matches_score_by_the_rules_and_replay(options: dict[str, Any]) -> None:
    """Properties: every played hand's card points sum to the pack's total (60, or 36 with three),
    and match the tricks as seen on the table; void and éclat hands score exactly as §4.2 says;
    played hands score as §6 says; every match ends as §6 says and replays from its record."""
    game = cardtable.make("mue", **options)
    players = options["players"]
    total = 36 if players == 3 else 60
    played = eclats = 0
    for seed in range(12):
        state = game.new_game(seed=seed)
        taken: dict[int, list[int]] = {}  # hand number -> triangles of the tricks each seat won
        before = state.observation(None)
        for _ in shy_playout(state, seed):
            after = state.observation(None)
            trick = after["last_trick"]
            if trick is not None and trick != before["last_trick"]:
                points = taken.setdefault(before["hand_number"], [0] * players)
                points[trick["winner"]] += sum(TRIANGLES[int(p["card"][1])] for p in trick["cards"])
            before = after
        record = state.record()
        sheet = state.observation(None)["sheet"]
        for hand, line in zip(hands_of(record), sheet, strict=True):
            deltas = hand[-1]["score"]["deltas"]
            auction = expected_auction_deltas(players, hand)
            if auction is not None:
                assert deltas == auction and line["outcome"] in ("void", "eclat")
                eclats += line["outcome"] == "eclat"
                continue
            played += 1
            assert sum(line["points"]) == total
            if line is not sheet[-1]:  # the last trick of the match is never seen before another move
                assert line["points"] == taken[line["hand"]]
            sitting_out = line["dealer"] if options.get("dealer_sits_out") else None
            active = [s for s in range(players) if s != sitting_out]
            expected = played_hand_deltas(
                active,
                line["points"],
                chief=line["chief"],
                partner=line["partner"],
                bid=line["bid"],
                chief_trump=trump_id(line["chief_trump"]),
            )
            assert deltas == expected
        final = sheet[-1]["scores"]
        assert max(final) >= 200 or len(sheet) == 200
        assert all(max(line["scores"]) < 200 for line in sheet[:-1])
        winners = [s for s in range(players) if final[s] == max(final)]
        assert record["result"] == {"scores": final, "winners": winners}
        assert cardtable.replay(json.loads(json.dumps(record))) == state
    assert played >= 5 and eclats >= 5


def card_codes(value: object) -> set[str]:
    """Every card code anywhere inside an observation."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*map(card_codes, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(card_codes, value)) if value else set()
    return set()


@pytest.mark.parametrize("options", CONFIGS, ids=config_id)
def test_observation_holds_only_cards_the_seat_may_know(options: dict[str, Any]) -> None:
    """§4 visibility: a seat sees its own hand, every face-up card and the cards played; nothing of
    the other hidden hands. The trump order lists the pack's trumps, which everyone knows."""
    game = cardtable.make("mue", **options)
    for seed in range(3):
        state = game.new_game(seed=seed)
        seen: set[str] = set()
        for _ in shy_playout(state, seed):
            public = state.observation(None)
            seen |= {card for pile in public["face_up"] for card in pile} | set(public["played"])
            if public["last_trick"]:
                seen |= {p["card"] for p in public["last_trick"]["cards"]}
            public.pop("trump_order")
            assert card_codes(public) <= seen
            for seat in range(options["players"]):
                obs = state.observation(seat)
                assert obs["hand_sizes"] == public["hand_sizes"] and obs["face_up"] == public["face_up"]
                obs.pop("trump_order")
                assert card_codes(obs) <= set(obs["hand"]) | seen


@pytest.mark.parametrize("options", CONFIGS, ids=config_id)
def test_resample_keeps_face_up_cards_and_redeals_only_hidden_ones(options: dict[str, Any]) -> None:
    """``resample``: the seat's observation is unchanged, face-up cards stay with their owners, hand
    sizes stay, and the hidden cards of the others move among them."""
    game = cardtable.make("mue", **options)
    rng = random.Random(4)
    moved = 0
    for seed in range(3):
        state = game.new_game(seed=seed)
        for step, _ in enumerate(shy_playout(state, seed)):
            if step % 9:
                continue
            seat = state.current_player()
            world = state.resample(seat, rng)
            assert world.observation(seat) == state.observation(seat)
            for other in range(options["players"]):
                mine, theirs = state.observation(other), world.observation(other)
                assert sorted(theirs["face_up"][other]) == sorted(mine["face_up"][other])
                assert all(card in theirs["hand"] for card in mine["face_up"][other])
                moved += other != seat and theirs["hand"] != mine["hand"]
    assert moved > 0
