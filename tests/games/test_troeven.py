"""2-player Troeven: the worked examples of rules/troeven.md §8, and properties over random matches of
both versions."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence

import pytest

import cardtable
from cardtable import IllegalAction, InvalidNotation, RecordError
from cardtable.core.cards import PIQUET_CODES
from cardtable.games.troeven import CARD_POINTS, card_points, match_winners, round_deltas

from .. import test_contract as contract
from ..helpers import play_to_end, random_playout

CARD = re.compile(r"^[789TJQKA][SHDC]$")
VERSIONS = (1, 2)


# -- stacked deals, built through records ------------------------------------------------------------


def filled(*parts: Sequence[str | None]) -> list[str]:
    """A whole deck from its parts in canonical order; None marks a place for any unused card."""
    given = [code for part in parts for code in part if code is not None]
    assert len(given) == len(set(given)), f"a card is given twice: {given}"
    spare = [code for code in PIQUET_CODES if code not in given]
    deck = [code if code is not None else spare.pop(0) for part in parts for code in part]
    assert len(deck) == 32, len(deck)
    return deck


def padded(cards: Sequence[str], size: int) -> list[str | None]:
    return [*cards, *[None] * (size - len(cards))]


def v1_deck(
    n_down: Sequence[str], d_down: Sequence[str], n_up: Sequence[str], d_up: Sequence[str]
) -> list[str]:
    """§3 V1: N's face-down piles 0..7, D's face-down, N's face-up 0..7, D's face-up (short lists are
    filled with unused cards)."""
    return filled(padded(n_down, 8), padded(d_down, 8), padded(n_up, 8), padded(d_up, 8))


def v2_deck(n_hand: Sequence[str], d_hand: Sequence[str], stock: Sequence[str] = ()) -> list[str]:
    """§3 V2: N's hand (first 4 dealt before the call), D's hand, then the stock from its top."""
    return filled(padded(n_hand, 8), padded(d_hand, 8), padded(stock, 16))


def stacked(version: int, deck: list[str], moves: Sequence[str] = (), dealer: int = 0) -> cardtable.State:
    """A match whose first round is dealt ``deck``, then ``moves`` played in turn."""
    state = cardtable.replay(
        {
            "format": "cardtable-record/1",
            "game": "troeven",
            "options": {
                "players": 2,
                "version": version,
                "start_points": 7,
                "first_dealer": dealer,
                "round_limit": 200,
            },
            "seed": None,
            "events": [{"deal": {"dealer": dealer, "deck": deck}}],
            "result": None,
        }
    )
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def play(state: cardtable.State, *moves: str) -> cardtable.State:
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def legal(state: cardtable.State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def after_lead(state: cardtable.State, lead: str) -> set[str]:
    """The follower's legal cards if the seat to act leads ``lead`` (on a copy)."""
    return legal(play(state.clone(), lead))


D, N = 0, 1  # §8: D = P0, N = P1 unless stated

# §8.2 / §8.3: a V1 round (trumps H) in which D empties piles 4..7 in the first 8 tricks, N wins the
# 8th, and D's available cards are then exactly {9S, KH, AD, 7C}.
LAYOUT_A = v1_deck(
    n_down=["QS", "8D", "7H", "JH", "AS", "AH", "QH", "TH"],
    d_down=["9H", "7D", "KD", "QD", "AC", "QC", "TC", "8C"],
    n_up=["7S", "JS", "8S", "KS", "JD", "TD", "9D", "8H"],
    d_up=["9S", "KH", "AD", "7C", "TS", "KC", "JC", "9C"],
)
LAYOUT_A_MOVES = ["trump H", "7S", "TS", "AC", "JS", "KC", "8S", "QC", "KS"]
LAYOUT_A_MOVES += ["JC", "JD", "TC", "TD", "9C", "9D", "8C", "8H"]

# §8.3: a V1 round (trumps H) in which D empties piles 2..7 in 12 tricks, N wins the 12th, and D's
# available cards are then exactly {KH, AD}.
LAYOUT_B = v1_deck(
    n_down=["9C", "TC", "7H", "8H", "JH", "TH", "7D", "QS"],
    d_down=["JD", "TD", "KS", "TS", "KC", "JC", "QH", "QD"],
    n_up=["9S", "8S", "7S", "9D", "7C", "8C", "8D", "9H"],
    d_up=["KH", "AD", "AS", "JS", "AC", "QC", "AH", "KD"],
)
LAYOUT_B_MOVES = ["trump H", "9S", "AS", "KS", "8S", "JS", "7S", "TS", "9D", "AC", "7C", "KC", "8C"]
LAYOUT_B_MOVES += ["QC", "9C", "JC", "TC", "AH", "7H", "QH", "8H", "KD", "8D", "QD", "9H"]


def available(state: cardtable.State, seat: int) -> set[str]:
    """V1: the top cards of a seat's piles, as the public layout shows them."""
    return {pile["top"] for pile in state.observation(None)["layouts"][seat] if pile["top"] is not None}


# -- §8 worked examples ------------------------------------------------------------------------------


def test_card_points_are_4_3_2_1_and_40_in_the_pack() -> None:
    """§8.1: {AS, TS} = 4, {KH, JH} = 4, {9C, 8D} = 0; all 32 cards = 40."""
    ids = {code: card for card, code in enumerate(PIQUET_CODES)}
    assert card_points([ids["AS"], ids["TS"]]) == 4
    assert card_points([ids["KH"], ids["JH"]]) == 4
    assert card_points([ids["9C"], ids["8D"]]) == 0
    assert card_points(range(32)) == sum(CARD_POINTS) == 40


def test_v1_holding_the_led_suit_follow_it_or_trump() -> None:
    """§8.2: trumps H, D's available cards {9S, KH, AD, 7C}: QS led → {9S, KH}; 8D → {AD, KH};
    7H → {KH}."""
    state = stacked(1, LAYOUT_A, LAYOUT_A_MOVES)
    assert state.current_player() == N and available(state, D) == {"9S", "KH", "AD", "7C"}
    assert after_lead(state, "QS") == {"9S", "KH"}
    assert after_lead(state, "8D") == {"AD", "KH"}
    assert after_lead(state, "7H") == {"KH"}


def test_v1_void_in_the_led_suit_may_play_anything() -> None:
    """§8.3: trumps H, D's available cards {KH, AD}: QS led → {KH, AD} (trumping optional); available
    {9S, AD, 7C}, JH led → {9S, AD, 7C}."""
    state = stacked(1, LAYOUT_B, LAYOUT_B_MOVES)
    assert state.current_player() == N and available(state, D) == {"KH", "AD"}
    assert after_lead(state, "QS") == {"KH", "AD"}

    state = stacked(1, LAYOUT_A, [*LAYOUT_A_MOVES, "7H", "KH", "7D", "8D"])
    assert state.current_player() == N and available(state, D) == {"9S", "AD", "7C"}
    assert after_lead(state, "JH") == {"9S", "AD", "7C"}


def test_v1_face_down_cards_do_not_count_for_following() -> None:
    """§7.6: D holds spades only face down, so a spade lead leaves it free to play any face-up card."""
    d_up = ["7H", "8H", "9H", "7D", "8D", "9D", "7C", "8C"]
    state = stacked(1, v1_deck(n_down=[], d_down=["AS", "KS", "QS", "JS"], n_up=["TS"], d_up=d_up))
    play(state, "trump H", "TS")
    assert legal(state) == set(d_up)


def test_v1_uncovered_card_turns_up_at_once() -> None:
    """§8.4: D's pile 5 = [8C face down, QD face up]; D plays QD → 8C is face up and available before
    N answers, pile 5 = [8C]; after D plays 8C, pile 5 is empty."""
    deck = v1_deck(
        n_down=[],
        d_down=[None] * 5 + ["8C"],
        n_up=["7H", "7D", "7C"],
        d_up=["AH", "9C", "9H", "TC", "JC", "QD", "KC", "AC"],
    )
    state = stacked(1, deck, ["trump S", "7H", "AH", "QD"])
    pile_5 = state.observation(N)["layouts"][D][5]
    assert state.current_player() == N and pile_5 == {"top": "8C", "face_down": 0}
    assert "8C" in state.observation(D)["hand"] and "8C" in available(state, D)
    play(state, "7D", "8C")
    assert state.observation(None)["layouts"][D][5] == {"top": None, "face_down": 0}
    assert set(state.observation(D)["hand"]) == available(state, D) and len(available(state, D)) == 7


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [("AS", "7H", "7H"), ("AS", "KS", "AS"), ("TD", "AC", "TD"), ("7H", "AH", "AH"), ("9C", "8H", "8H")],
)
def test_trump_beats_plain_cards_and_off_suit_never_wins(lead: str, follow: str, winner: str) -> None:
    """§8.5 (trumps H): AS/7H → 7H, AS/KS → AS, TD/AC → TD, 7H/AH → AH, 9C/8H → 8H (played as trick 1
    of a version 2 round, where play is free)."""
    state = stacked(2, v2_deck([lead], [follow]), ["trump H", lead, follow])
    last = state.observation(None)["last_trick"]
    expected = N if winner == lead else D
    assert last["winner"] == expected and state.current_player() == expected


def test_v2_trick_winner_draws_first_then_the_loser() -> None:
    """§8.6: stock top → [KD, 7S, …] before trick 3's draws; D wins trick 3 → D draws KD, N draws 7S,
    D leads trick 4; the stock goes from 12 to 10 cards."""
    deck = v2_deck(["AS", "KS", "QS"], ["8S", "9S", "AH"], [None] * 4 + ["KD", "7S"])
    state = stacked(2, deck, ["trump H", "AS", "8S", "KS", "9S", "QS"])
    assert state.observation(None)["stock"] == 12
    play(state, "AH")
    assert state.observation(None)["stock"] == 10 and state.current_player() == D
    assert "KD" in state.observation(D)["hand"] and "7S" in state.observation(N)["hand"]


def test_v2_free_play_while_the_stock_lasts() -> None:
    """§8.7: trumps C, stock not empty, N leads 9H: every card of D's hand {8H, AC, KD, 7S, …} is legal."""
    state = stacked(2, v2_deck(["9H"], ["8H", "AC", "KD", "7S"]), ["trump C", "9H"])
    hand = set(state.observation(D)["hand"])
    assert {"8H", "AC", "KD", "7S"} <= hand and len(hand) == 8
    assert legal(state) == hand


def strict_phase(
    trump: str, tricks: list[tuple[str, str]], n_keep: list[str], d_keep: list[str]
) -> cardtable.State:
    """A version 2 round in which N leads and wins every trick of ``tricks`` (N's card, D's card):
    tricks 1–8 come from the first hands, later cards and the kept ones from the draws."""
    later = len(tricks) - 8
    n_draws = [n for n, _ in tricks[8:]] + n_keep
    d_draws = [d for _, d in tricks[8:]] + d_keep
    assert later > 0 and len(n_draws) == len(d_draws) == 8
    stock = [card for pair in zip(n_draws, d_draws, strict=True) for card in pair]
    deck = v2_deck([n for n, _ in tricks[:8]], [d for _, d in tricks[:8]], stock)
    state = stacked(2, deck, [f"trump {trump}"])
    for number, (n_card, d_card) in enumerate(tricks, start=1):
        play(state, n_card, d_card)
        assert state.current_player() == N, f"N should win trick {number}"
    assert state.observation(None)["stock"] == 0
    assert set(state.observation(D)["hand"]) == set(d_keep)
    return state


SPADE_TRICKS = [("AS", "7S"), ("KS", "8S"), ("QS", "9S"), ("JS", "TS")]


@pytest.mark.parametrize(
    ("tricks", "n_keep", "d_hand", "lead", "expected"),
    [
        pytest.param(
            [
                *SPADE_TRICKS,
                ("AD", "7D"),
                ("QD", "8D"),
                ("JD", "9D"),
                ("AH", "7H"),
                *[("KH", "TH"), ("QH", "JH"), ("KC", "7C"), ("QC", "8C"), ("JC", "9C")],
            ],
            ["9H", "TD", "TC"],
            ["8H", "AC", "KD"],
            "9H",
            {"8H", "AC"},
            id="holding-led-suit-and-trump",
        ),
        pytest.param(
            [
                *SPADE_TRICKS,
                ("AD", "7D"),
                ("QD", "8D"),
                ("JD", "9D"),
                ("TD", "JH"),
                *[("KC", "7C"), ("QC", "8C"), ("JC", "9C"), ("AH", "7H"), ("KH", "8H"), ("QH", "TH")],
            ],
            ["9H", "TC"],
            ["AC", "KD"],
            "9H",
            {"AC"},
            id="void-in-led-suit-must-trump",
        ),
        pytest.param(
            [
                ("AS", "7S"),
                ("KS", "8S"),
                ("QS", "TS"),
                ("AD", "7D"),
                ("QD", "8D"),
                ("JD", "9D"),
                *[("JC", "TD"), ("TC", "JS"), ("AC", "7C"), ("KC", "8C"), ("QC", "9C")],
                *[("AH", "7H"), ("KH", "8H"), ("QH", "TH")],
            ],
            ["9H", "JH"],
            ["KD", "9S"],
            "9H",
            {"KD", "9S"},
            id="void-in-led-suit-and-trumps-any-card",
        ),
        pytest.param(
            [
                *SPADE_TRICKS,
                ("AD", "7D"),
                ("KD", "8D"),
                ("QD", "9D"),
                ("JD", "TD"),
                *[("KC", "8C"), ("QC", "9C"), ("AH", "7H"), ("KH", "9H"), ("QH", "TH")],
            ],
            ["7C", "TC", "JH"],
            ["8H", "AC", "JC"],
            "7C",
            {"AC", "JC"},
            id="trump-led-play-a-trump",
        ),
    ],
)
def test_v2_once_the_stock_is_empty_follow_suit_or_trump(
    tricks: list[tuple[str, str]], n_keep: list[str], d_hand: list[str], lead: str, expected: set[str]
) -> None:
    """§8.8 (trumps C, stock empty): 9H led with D holding {8H, AC, KD} → {8H, AC}; {AC, KD} → {AC};
    {KD, 9S} → {KD, 9S}; 7C led with {8H, AC, JC} → {AC, JC}."""
    state = strict_phase("C", tricks, n_keep, d_hand)
    assert after_lead(state, lead) == expected


def test_round_scores_from_seven_each() -> None:
    """§8.9 (D = P0): N takes 23, D 17 → P0 7, P1 6; D takes 24, N 16 → P0 6, P1 8; 20–20 → 7/7."""

    def after(points: list[int]) -> list[int]:
        return [7 + d for d in round_deltas(dealer=D, points=points)]

    assert after([17, 23]) == [7, 6]
    assert after([24, 16]) == [6, 8]
    assert after([20, 20]) == [7, 7]


def test_match_ends_when_a_score_reaches_zero() -> None:
    """§8.10: P0 3, P1 1; P1 as N wins 21–19 → P1 0 and wins; P1 as D wins → P1 0 (wins), P0 (the
    caller) 3 → 4."""
    as_caller = [s + d for s, d in zip([3, 1], round_deltas(dealer=0, points=[19, 21]), strict=True)]
    assert as_caller == [3, 0] and match_winners(as_caller, at_limit=False) == [1]
    as_dealer = [s + d for s, d in zip([3, 1], round_deltas(dealer=1, points=[19, 21]), strict=True)]
    assert as_dealer == [4, 0] and match_winners(as_dealer, at_limit=False) == [1]
    assert match_winners([3, 1], at_limit=False) is None


def test_dealer_alternates_and_the_caller_leads_trick_one() -> None:
    """§8.11: round 1 D = P0 and N = P1 calls trumps and leads trick 1; round 2 D = P1, N = P0."""
    for version in VERSIONS:
        state = cardtable.make("troeven", version=version, first_dealer=0).new_game(seed=3)
        for _ in random_playout(state, 3):
            if state.observation(None)["round"] == 3:
                break
        events = state.record()["events"]
        deals = [i for i, e in enumerate(events) if "deal" in e]
        for number, index in enumerate(deals[:2]):
            dealer = number % 2
            assert events[index]["deal"]["dealer"] == dealer
            call, lead = events[index + 1], events[index + 2]
            assert call["seat"] == lead["seat"] == 1 - dealer and call["move"].startswith("trump ")


@pytest.mark.parametrize("version", VERSIONS)
def test_each_player_plays_sixteen_cards_a_round(version: int) -> None:
    """§8.12: 16 tricks, 16 cards from each player, one trump call, per round; V1 never runs out of
    moves (random play never finds an empty legal list, checked by the playout itself)."""
    for seed in range(6):
        record = play_to_end(cardtable.make("troeven", version=version), seed).record()
        for moves in rounds_of(record["events"]):
            assert [m["move"].startswith("trump ") for m in moves].count(True) == 1
            cards = [m for m in moves if not m["move"].startswith("trump ")]
            assert len(cards) == 32 and len({m["move"] for m in cards}) == 32
            assert [m["seat"] for m in cards].count(0) == [m["seat"] for m in cards].count(1) == 16


def rounds_of(events: list[dict]) -> Iterator[list[dict]]:
    """The moves of each round of a finished record."""
    moves: list[dict] = []
    for event in events:
        if "deal" in event:
            moves = []
        elif "move" in event:
            moves.append(event)
        elif "score" in event:
            yield moves


CONTRACT_CHECKS = [
    contract.test_unknown_option_is_refused_by_name,
    contract.test_options_are_complete_and_json_safe,
    contract.test_same_seed_same_game,
    contract.test_legal_actions_sorted_nonempty_and_agree_with_reasons,
    contract.test_illegal_action_raises_with_reason_and_changes_nothing,
    contract.test_notation_round_trips,
    contract.test_gibberish_is_invalid_notation,
    contract.test_observations_are_json_safe,
    contract.test_clone_is_independent,
    contract.test_replay_of_record_reaches_an_equal_state,
    contract.test_replayed_unfinished_game_continues_like_the_original,
    contract.test_returns_mark_the_winners,
    contract.test_tampered_record_is_refused_with_the_event_index,
    contract.test_resample_keeps_the_seats_observation_and_stays_playable,
]


@pytest.mark.parametrize("check", CONTRACT_CHECKS, ids=lambda check: check.__name__.removeprefix("test_"))
def test_version_2_meets_the_engine_contract(check: object) -> None:
    """tests/test_contract.py runs each game with its default options (version 1); version 2 too."""
    check(cardtable.make("troeven", version=2))  # type: ignore[operator]


# -- the trump call ----------------------------------------------------------------------------------


@pytest.mark.parametrize("version", VERSIONS)
def test_caller_has_seen_exactly_four_cards_and_may_call_any_suit(version: int) -> None:
    """§4 CHOOSE_TRUMP: N calls any of the four suits (no pass), having seen 4 cards; D has seen none of
    its own."""
    state = cardtable.make("troeven", version=version, first_dealer=0).new_game(seed=9)
    assert state.current_player() == N
    assert legal(state) == {"trump S", "trump H", "trump D", "trump C"}
    assert len(state.observation(N)["hand"]) == 4 and state.observation(D)["hand"] == []
    deal = state.record()["events"][0]["deal"]["deck"]
    seen = deal[16:20] if version == 1 else deal[:4]
    assert sorted(state.observation(N)["hand"]) == sorted(seen)
    if version == 1:
        tops = [p["top"] for p in state.observation(D)["layouts"][N]]
        assert tops[:4] == seen and tops[4:] == [None] * 4
        assert all(p["top"] is None for p in state.observation(D)["layouts"][D])
    else:
        assert card_codes(state.observation(D)) == set()


def test_playing_before_the_call_or_calling_twice_is_refused() -> None:
    """§4: trumps first, once per round."""
    state = stacked(1, LAYOUT_A)
    with pytest.raises(IllegalAction, match=r"^seat 1 cannot play 7S: trumps must be called first"):
        state.apply_action(state.string_to_action("7S"))
    play(state, "trump H")
    with pytest.raises(IllegalAction, match=r"^seat 1 cannot call trumps: hearts are trumps this round$"):
        state.apply_action(state.string_to_action("trump S"))


def test_illegal_follow_names_seat_card_and_rule() -> None:
    """An illegal move's reason names who, what and why, and the cards that are allowed."""
    state = stacked(1, LAYOUT_A, [*LAYOUT_A_MOVES, "QS"])
    with pytest.raises(IllegalAction) as caught:
        state.apply_action(state.string_to_action("7C"))
    assert str(caught.value) == "seat 0 cannot play 7C: must follow spades or play a trump (holds 9S)"
    with pytest.raises(IllegalAction, match=r"seat 0 cannot play AS: it is not face up on top of one"):
        state.apply_action(state.string_to_action("AS"))


def test_notation_of_trump_calls_and_cards() -> None:
    """records.md: `trump S` … `trump C` and card codes; anything else is InvalidNotation."""
    state = stacked(2, v2_deck([], []))
    assert [state.action_to_string(a) for a in range(32, 36)] == ["trump S", "trump H", "trump D", "trump C"]
    assert state.string_to_action("trump h") == state.string_to_action("TRUMP H") == 33
    assert state.string_to_action("10h") == state.string_to_action("TH")
    for text in ["trump", "trump X", "trump hearts", "pass", "1H"]:
        with pytest.raises(InvalidNotation):
            state.string_to_action(text)


# -- options and records -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, r"option 'players' must be one of 2 \(got 3\)"),
        ({"version": 3}, r"option 'version' must be one of 1, 2 \(got 3\)"),
        ({"start_points": 0}, r"option 'start_points' must be an integer >= 1 \(got 0\)"),
        ({"round_limit": -1}, r"option 'round_limit' must be an integer >= 0 \(got -1\)"),
        ({"first_dealer": 2}, r"option 'first_dealer' must be null or a seat"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cardtable.make("troeven", **options)


def test_record_refuses_a_deal_by_the_wrong_dealer() -> None:
    """records.md: the dealer alternates; a round 2 deal by the round 1 dealer is refused."""
    state = cardtable.make("troeven", first_dealer=0).new_game(seed=4)
    for _ in random_playout(state, 4):
        if state.observation(None)["round"] == 2:
            break
    record = state.record()
    index = max(i for i, e in enumerate(record["events"]) if "deal" in e)
    record["events"][index]["deal"]["dealer"] = 0
    with pytest.raises(RecordError, match=f"^event {index}: bad 'deal' event: seat 1 must deal this round"):
        cardtable.replay(record)


# -- properties over random matches ------------------------------------------------------------------


def is_call(event: dict) -> bool:
    return event["move"].startswith("trump ")


def last_trick_winner(trump: str, lead: dict, follow: dict) -> int:
    """§5, written out independently of the engine: a trump beats plain cards, the higher trump or
    card of the led suit wins, and a plain card off the led suit never wins."""
    order = "789TJQKA"

    def key(card: str) -> int:
        if card[1] == trump:
            return 20 + order.index(card[0])
        return 1 + order.index(card[0]) if card[1] == lead["move"][1] else 0

    return lead["seat"] if key(lead["move"]) > key(follow["move"]) else follow["seat"]


def round_points(moves: list[dict]) -> list[int]:
    """Each seat's card points in a finished round: a trick's winner leads the next trick (§5), and the
    last trick is judged by ``last_trick_winner``."""
    trump = next(m["move"][-1] for m in moves if is_call(m))
    cards = [m for m in moves if not is_call(m)]
    winners = [cards[i]["seat"] for i in range(2, len(cards), 2)]
    winners.append(last_trick_winner(trump, cards[-2], cards[-1]))
    points = [0, 0]
    ids = {code: card for card, code in enumerate(PIQUET_CODES)}
    for number, winner in enumerate(winners):
        points[winner] += (
            CARD_POINTS[ids[cards[2 * number]["move"]]] + CARD_POINTS[ids[cards[2 * number + 1]["move"]]]
        )
    return points


@pytest.mark.parametrize("version", VERSIONS)
def test_every_round_shares_40_points_and_scores_by_the_rules(version: int) -> None:
    """§6 over random matches: the round's points sum to 40, the score event applies §6 to them, the
    match ends when a score reaches 0, and the record replays (through JSON) to an equal state."""
    for seed in range(15):
        state = play_to_end(cardtable.make("troeven", version=version, round_limit=0), seed)
        record = state.record()
        replayed = cardtable.replay(json.loads(json.dumps(record)))
        assert replayed == state and replayed.record() == record
        dealers = [e["deal"]["dealer"] for e in record["events"] if "deal" in e]
        score_events = [e["score"] for e in record["events"] if "score" in e]
        scores = [7, 7]
        for dealer, moves, score in zip(dealers, rounds_of(record["events"]), score_events, strict=True):
            points = round_points(moves)
            assert sum(points) == 40
            assert score["deltas"] == round_deltas(dealer, points)
            scores = [s + d for s, d in zip(scores, score["deltas"], strict=True)]
            assert score["scores"] == scores
        assert state.observation(None)["previous_round"]["points"] == points
        assert dealers == [dealers[0], 1 - dealers[0]] * (len(dealers) // 2) + [dealers[0]] * (
            len(dealers) % 2
        )
        assert 0 in scores and record["result"] == {"scores": scores, "winners": [scores.index(0)]}


@pytest.mark.parametrize("version", VERSIONS)
def test_round_limit_ends_the_match_with_the_lower_score(version: int) -> None:
    """§3: at the round limit the lower score wins; equal scores: nobody."""
    outcomes = set()
    for seed in range(12):
        state = play_to_end(cardtable.make("troeven", version=version, start_points=30, round_limit=2), seed)
        record = state.record()
        scores = [e["score"]["scores"] for e in record["events"] if "score" in e]
        assert len(scores) == 2
        final = scores[-1]
        assert record["result"] == {"scores": final, "winners": match_winners(final, at_limit=True)}
        outcomes.add(len(record["result"]["winners"]))
    assert outcomes == {0, 1}


def card_codes(value: object) -> set[str]:
    """Every card code anywhere inside an observation."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*map(card_codes, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(card_codes, value)) if value else set()
    return set()


def current_cards(obs: dict) -> set[str]:
    """The card codes of an observation, leaving out a last trick that belongs to the previous round
    (those cards were seen then; this round's deal may have put them face down)."""
    stale = obs["last_trick"] is not None and sum(obs["tricks_won"]) == 0
    return card_codes({k: v for k, v in obs.items() if not (stale and k == "last_trick")})


def hidden_by_the_deal(obs: dict, deck: list[str]) -> set[str]:
    """From the round's deal and the public view, the cards nobody may see yet: V1 the face-down cards
    still covered (and before the call the face-up cards not yet dealt); V2 the stock (and before the
    call everything not yet dealt)."""
    tricks = sum(obs["tricks_won"])
    if obs["version"] == 1:
        covered = {deck[i] for i in range(16) if deck[i + 16] not in obs["played"]}
        return covered | (set(deck[20:]) if obs["phase"] == "trump" else set())
    if obs["phase"] == "trump":
        return set(deck[4:])
    return set(deck[16 + 2 * min(tricks, 8) :])


@pytest.mark.parametrize("version", VERSIONS)
def test_no_observation_holds_a_card_its_seat_may_not_know(version: int) -> None:
    """§4 Visibility: V1 face-down cards are in no observation before they are uncovered, not even
    their owner's; V2 the stock is in none, and a hand only in its holder's."""
    game = cardtable.make("troeven", version=version)
    for seed in range(8):
        state = game.new_game(seed=seed)
        deck: list[str] = []
        for _ in random_playout(state, seed):
            public = state.observation(None)
            if public["phase"] == "trump":
                deck = next(e["deal"]["deck"] for e in reversed(state.record()["events"]) if "deal" in e)
            hidden = hidden_by_the_deal(public, deck)
            hands = [set(state.observation(seat)["hand"]) for seat in (0, 1)]
            private = set() if version == 1 else hands[0] | hands[1]
            assert not current_cards(public) & (hidden | private)
            for seat in (0, 1):
                other = set() if version == 1 else hands[1 - seat]
                assert not current_cards(state.observation(seat)) & (hidden | other)


@pytest.mark.parametrize("version", VERSIONS)
def test_cards_are_conserved_and_the_views_agree(version: int) -> None:
    """Every card is in exactly one place: played this round, or with a player (V1: on top of a pile
    or face down under one, the hand being the tops; V2: in a hand or the stock)."""
    game = cardtable.make("troeven", version=version)
    for seed in range(5):
        state = game.new_game(seed=seed)
        for _ in random_playout(state, seed):
            public = state.observation(None)
            if public["phase"] == "trump":
                continue
            hands = [state.observation(s)["hand"] for s in (0, 1)]
            held = len(hands[0]) + len(hands[1])
            if version == 1:
                for seat in (0, 1):
                    tops = [p["top"] for p in public["layouts"][seat] if p["top"] is not None]
                    assert sorted(hands[seat]) == sorted(tops)
                down = sum(p["face_down"] for layout in public["layouts"] for p in layout)
                assert held + down + len(public["played"]) == 32
            else:
                assert public["hand_sizes"] == [len(h) for h in hands]
                assert held + public["stock"] + len(public["played"]) == 32
            assert len(set(hands[0]) | set(hands[1]) | set(public["played"])) == held + len(public["played"])


@pytest.mark.parametrize("version", VERSIONS)
def test_resampled_worlds_look_the_same_and_give_the_same_reasons(version: int) -> None:
    """ISMCTS worlds: a world resampled for a seat shows that seat and the public the same table (V1:
    the other seat too, face-down cards being unknown to both), refuses every move with the same
    reason (so no reason tells where a hidden card is), and does redraw the hidden cards."""
    rng = random.Random(3)
    for seed in range(4):
        state = cardtable.make("troeven", version=version).new_game(seed=seed)
        redrawn = 0
        for step, _ in enumerate(random_playout(state, seed)):
            if step % 9:
                continue
            seat = state.current_player()
            world = state.resample(seat, rng)
            for view in [None, seat, 1 - seat] if version == 1 else [None, seat]:
                assert world.observation(view) == state.observation(view)
            assert [world.why_illegal(a) for a in range(36)] == [state.why_illegal(a) for a in range(36)]
            if version == 1:
                redrawn += world._deck != state._deck
            else:
                redrawn += world.observation(1 - seat)["hand"] != state.observation(1 - seat)["hand"]
        assert redrawn > 0


def test_v2_resampled_hands_keep_the_voids_shown_in_the_strict_phase() -> None:
    """A follower who played neither the led suit nor a trump once the stock was empty (§4.1) holds
    neither in any world resampled for a spectator (for a player, the other hand is then fully known
    and only the stock, empty, is redrawn)."""
    rng = random.Random(8)
    checked = 0
    for seed in range(30):
        state = cardtable.make("troeven", version=2).new_game(seed=seed)
        voids: dict[int, set[str]] = {0: set(), 1: set()}
        for _ in random_playout(state, seed):
            public = state.observation(None)
            if public["round"] > 1:
                break
            if public["phase"] == "trump":
                continue
            if public["stock"] == 0 and len(public["trick"]) == 0 and public["trick_number"] > 9:
                last = public["last_trick"]["cards"]
                led, follow = last[0]["card"], last[1]
                if follow["card"][1] not in (led[1], public["trump"]):
                    voids[follow["seat"]] |= {led[1], public["trump"]}
            if voids[0] or voids[1]:
                world = state.resample(None, rng)
                assert world.observation(None) == public
                for seat in (0, 1):
                    assert not {card[1] for card in world.observation(seat)["hand"]} & voids[seat]
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("version", VERSIONS)
def test_resample_depends_only_on_what_the_seat_knows(version: int) -> None:
    """Two states a seat cannot tell apart (one a resampled copy of the other) resample, with the same
    random source, to equal worlds: a search bot's choice cannot depend on hidden cards."""
    scramble = random.Random(5)
    for seed in range(3):
        state = cardtable.make("troeven", version=version).new_game(seed=seed)
        for step, _ in enumerate(random_playout(state, seed)):
            if step % 7:
                continue
            seat = state.current_player()
            other = state.resample(seat, scramble)
            for key in range(2):
                assert state.resample(seat, random.Random(key)) == other.resample(seat, random.Random(key))
            public = state.resample(None, scramble)
            assert state.resample(None, random.Random(9)) == public.resample(None, random.Random(9))


@pytest.mark.parametrize("version", VERSIONS)
def test_single_hand_is_one_round_won_by_the_seat_whose_score_falls(version: int) -> None:
    """Research option ``single_hand``: one round; the seat with more card points wins, 20–20 nobody."""
    game = cardtable.make("troeven", version=version, single_hand=True)
    assert game.max_game_length() == 33
    for seed in range(8):
        state = play_to_end(game, seed)
        (score,) = [e["score"] for e in state.record()["events"] if "score" in e]
        fell = [seat for seat, delta in enumerate(score["deltas"]) if delta < 0]
        assert state.record()["result"]["winners"] == fell and not state.is_truncated()


def test_round_limit_truncates_a_match_no_score_ended() -> None:
    """§3 safeguard: after ``round_limit`` rounds the lower score wins, and the match is marked as cut
    short (truncated) unless a score reached 0 in that round."""
    endings = set()
    for seed in range(30):
        state = play_to_end(cardtable.make("troeven", start_points=2, round_limit=2), seed)
        scores = state.record()["result"]["scores"]
        assert state.is_truncated() == (min(scores) > 0)
        endings.add(state.is_truncated())
    assert endings == {True, False}
    assert cardtable.make("troeven", round_limit=0).max_game_length() is None


def mini(deck: list[str], *moves: str) -> cardtable.State:
    """A ``mini`` match (dealer seat 0) dealt ``deck`` (N's two cards, D's two, four set aside)."""
    game = cardtable.make("troeven", version=2, mini=True, first_dealer=0)
    return play(game.dealt_game([{"deal": {"dealer": 0, "deck": deck}}]), *moves)


def test_mini_is_two_tricks_with_the_aces_and_kings_and_n_sees_both_cards_before_the_call() -> None:
    """Research option ``mini`` (§3): N (seat 1) holds AS KH at the call, D (seat 0) gets AD KS after
    it, AH KD AC KC are set aside unseen; the strict follow rule holds from the first trick."""
    state = mini(["AS", "KH", "AD", "KS", "AH", "KD", "AC", "KC"])
    assert state.current_player() == 1 and legal(state) == {"trump S", "trump H", "trump D", "trump C"}
    assert state.observation(1)["hand"] == ["AS", "KH"] and state.observation(0)["hand"] == []
    play(state, "trump D")
    assert state.observation(0)["hand"] == ["KS", "AD"] and state.observation(1)["stock"] == 0
    assert after_lead(state, "KH") == {"AD"}, "no hearts, but a trump: D must trump"
    assert after_lead(state, "AS") == {"KS", "AD"}, "holding spades and a trump, D plays either"
    play(state, "AS", "AD", "KS", "KH")
    assert state.observation(0)["points"] == [14, 0] and state.observation(0)["tricks_per_round"] == 2
    assert state.is_terminal() and state.result() == {"scores": [6, 8], "winners": [0]}


def test_mini_lists_every_deal_once_equally_likely_and_needs_version_2() -> None:
    game = cardtable.make("troeven", version=2, mini=True)
    deals = game.all_deals()
    assert deals is not None and len(deals) == 840 and sum(p for _, p in deals) == pytest.approx(1.0)
    dealt = [events[0]["deal"] for events, _ in deals]
    assert len({(d["dealer"], frozenset(d["deck"][:2]), frozenset(d["deck"][2:4])) for d in dealt}) == 840
    assert len(cardtable.make("troeven", version=2, mini=True, first_dealer=1).all_deals() or ()) == 420
    assert cardtable.make("troeven", version=2).all_deals() is None
    assert game.max_game_length() == 5
    with pytest.raises(ValueError, match="option 'mini' plays from hands, as version 2 does"):
        cardtable.make("troeven", mini=True)
    played = play_to_end(game, 3)
    record = played.record()
    assert len(record["events"]) == 7 and cardtable.replay(record).result() == played.result()


# -- search's worlds ----------------------------------------------------------------------------------


def test_v1_resampled_worlds_uncover_by_their_own_layout() -> None:
    """A version-1 world redraws its covered cards and what playing a face-up card turns up with
    them (``_play_masks`` follows the world's deck, not the real one), so random play of the world
    turns up exactly its own face-down cards."""
    from cardtable.games.troeven import LayoutTroeven

    rng = random.Random(4)
    for seed in range(4):
        state = cardtable.make("troeven", version=1).new_game(seed=seed)
        for step, _ in enumerate(random_playout(state, seed)):
            if step % 5:
                continue
            world = state.resample(state.current_player(), rng)
            assert isinstance(world, LayoutTroeven)
            if world._trump_suit is not None:
                assert world._play_masks == LayoutTroeven._uncover_table(world._deck)
            for move in random_playout(world, seed):
                if move.observation(None)["round"] != state.observation(None)["round"]:
                    break
                if move._trump_suit is not None:  # made at the call: nothing is played before it
                    assert move._play_masks == LayoutTroeven._uncover_table(move._deck)
