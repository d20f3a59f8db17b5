"""Slobberhannes: the worked examples of rules/slobberhannes.md §8, and properties over random matches."""

from __future__ import annotations

import re

import pytest

import cardtable
from cardtable import IllegalAction
from cardtable.core.cards import PIQUET_CODES
from cardtable.games.slobberhannes import hand_deltas, match_winners

from ..helpers import play_to_end, random_playout

CARD = re.compile(r"^[789TJQKA][SHDC]$")


def stacked(players: int, hands: dict[int, list[str]], leader: int, moves: list[str] = ()) -> cardtable.State:
    """A match whose first deal gives each listed seat those cards (the rest filled in order), then
    the given moves played in turn, built through the record like any replay."""
    deck_codes = [c for c in PIQUET_CODES if players == 4 or c not in ("7S", "7C")]
    size = len(deck_codes) // players
    given = {card for cards in hands.values() for card in cards}
    spare = [c for c in deck_codes if c not in given]
    deck = []
    for seat in range(players):
        cards = list(hands.get(seat, []))
        while len(cards) < size:
            cards.append(spare.pop(0))
        deck += cards
    events = [{"deal": {"leader": leader, "deck": deck}}]
    state = cardtable.replay(
        {
            "format": "cardtable-record/1",
            "game": "slobberhannes",
            "options": {"players": players, "start_points": 10, "first_leader": leader},
            "seed": None,
            "events": events,
            "result": None,
        }
    )
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def legal(state: cardtable.State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


@pytest.mark.parametrize(("players", "deck_size", "hand"), [(3, 30, 10), (4, 32, 8), (5, 30, 6), (6, 30, 5)])
def test_setup_sizes_per_player_count(players: int, deck_size: int, hand: int) -> None:
    """§8.1 / §2: deck and hand sizes; the black sevens leave unless four play."""
    state = cardtable.make("slobberhannes", players=players).new_game(seed=1)
    deal = state.record()["events"][0]["deal"]
    assert len(deal["deck"]) == deck_size
    assert state.observation(None)["hand_sizes"] == [hand] * players
    assert ("7S" in deal["deck"]) == (players == 4) and ("7C" in deal["deck"]) == (players == 4)


def test_must_follow_suit_when_able() -> None:
    """§8.2: holding hearts, a follower of 7H must play a heart."""
    state = stacked(
        4, {0: ["7H"], 1: ["AH", "9H", "KC", "8S", "7S", "9S", "TS", "JS"]}, leader=0, moves=["7H"]
    )
    assert legal(state) == {"AH", "9H"}
    with pytest.raises(IllegalAction, match="seat 1 cannot play KC"):
        state.apply_action(state.string_to_action("KC"))


def test_void_in_led_suit_may_play_anything() -> None:
    """§8.3: void in hearts, every card is legal; a leader may lead anything."""
    hand = ["KC", "8S", "TD", "9C", "JC", "7D", "8D", "9D", "QD", "JD"]
    state = stacked(3, {1: hand}, leader=0, moves=[])
    state.apply_action(state.string_to_action(next(c for c in state.observation(0)["hand"] if c[1] == "H")))
    assert legal(state) == set(hand)
    leading = stacked(3, {0: hand}, leader=0)
    assert legal(leading) == set(hand)


def test_off_suit_never_wins() -> None:
    """§8.4: 9D led, AC discarded, TD wins; its player leads next."""
    state = stacked(4, {2: ["9D"], 3: ["AC"], 0: ["TD"], 1: ["7D"]}, leader=2, moves=["9D", "AC", "TD", "7D"])
    obs = state.observation(None)
    assert obs["last_trick"]["winner"] == 0 and state.current_player() == 0
    assert obs["first_taker"] == 0


def test_queen_of_clubs_goes_to_the_trick_winner() -> None:
    """§8.5: QC discarded into a spade trick makes the trick's winner the queen taker."""
    state = stacked(
        4,
        {1: ["8S"], 2: ["QC", "7H", "8H", "9H", "TH", "JH", "QH", "KH"], 3: ["JS"], 0: ["7S"]},
        leader=1,
        moves=["8S", "QC", "JS", "7S"],
    )
    obs = state.observation(None)
    assert obs["last_trick"]["winner"] == 3 and obs["queen_taker"] == 3


def test_hand_score_first_queen_last() -> None:
    """§8.6: first 1, queen 2, last 1 → [0, −2, −1, 0]."""
    assert hand_deltas(4, first_taker=1, queen_taker=2, last_taker=1) == [0, -2, -1, 0]
    assert [10 + d for d in hand_deltas(4, 1, 2, 1)] == [10, 8, 9, 10]


def test_taking_all_three_costs_four() -> None:
    """§8.7: one player with first, queen and last trick loses 4."""
    assert hand_deltas(4, 3, 3, 3) == [0, 0, 0, -4]


def test_queen_in_first_trick() -> None:
    """§8.8: QC in trick 1 won by seat 0, last by seat 2 → −2 and −1; seat 0 also last → −4."""
    assert hand_deltas(4, first_taker=0, queen_taker=0, last_taker=2) == [-2, 0, -1, 0]
    assert hand_deltas(4, first_taker=0, queen_taker=0, last_taker=0) == [-4, 0, 0, 0]


def test_match_ends_when_a_score_reaches_zero() -> None:
    """§8.9: [2,5,1,7] with first 0, queen 2, last 2 → [1,5,−1,7]; seat 3 wins."""
    scores = [s + d for s, d in zip([2, 5, 1, 7], hand_deltas(4, 0, 2, 2), strict=True)]
    assert scores == [1, 5, -1, 7] and match_winners(scores) == [3]


def test_shared_win_three_players() -> None:
    """§8.10: [4,4,1], seat 2 takes everything → [4,4,−3]; seats 0 and 1 share the win."""
    scores = [s + d for s, d in zip([4, 4, 1], hand_deltas(3, 2, 2, 2), strict=True)]
    assert scores == [4, 4, -3] and match_winners(scores) == [0, 1]


def test_two_players_reach_zero_together() -> None:
    """§8.11: [1,1,6,6] with first 0, last 1, queen 2 → [0,0,5,6]; seat 3 wins alone."""
    scores = [s + d for s, d in zip([1, 1, 6, 6], hand_deltas(4, 0, 2, 1), strict=True)]
    assert scores == [0, 0, 5, 6] and match_winners(scores) == [3]


def test_not_over_while_every_score_is_positive() -> None:
    """§8.12: [1,3,3,3] with first 1, last 2, queen 3 → [1,2,2,2]; play goes on."""
    scores = [s + d for s, d in zip([1, 3, 3, 3], hand_deltas(4, 1, 3, 2), strict=True)]
    assert scores == [1, 2, 2, 2] and match_winners(scores) is None


def test_last_trick_winner_leads_the_next_hand() -> None:
    """§4 DEAL / §7.4: hands 2+ are led by the previous hand's last taker, and the engine's score
    event agrees with the takers seen during the hand."""
    state = cardtable.make("slobberhannes").new_game(seed=21)
    previous = state.observation(None)
    for _ in random_playout(state, 21):
        obs = state.observation(None)
        if obs["hand_number"] == 2:
            last = obs["last_trick"]["winner"]
            queen = previous["queen_taker"] if previous["queen_taker"] is not None else last
            events = state.record()["events"]
            assert events[-1]["deal"]["leader"] == last == state.current_player()
            assert events[-2]["score"]["deltas"] == hand_deltas(4, previous["first_taker"], queen, last)
            return
        previous = obs
    raise AssertionError("the match ended in one hand")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("start_points", [6, 10, 16])
def test_every_hand_removes_three_or_four_points(players: int, start_points: int) -> None:
    for seed in range(10):
        game = cardtable.make("slobberhannes", players=players, start_points=start_points)
        record = play_to_end(game, seed).record()
        scores = [e["score"] for e in record["events"] if "score" in e]
        assert scores
        assert all(sum(s["deltas"]) in (-3, -4) for s in scores)
        assert min(scores[-1]["scores"]) <= 0 and all(min(s["scores"]) > 0 for s in scores[:-1])
        assert record["result"]["scores"] == scores[-1]["scores"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cards_are_conserved(players: int) -> None:
    """Every card of the pack is in exactly one hand or already played, at every step."""
    game = cardtable.make("slobberhannes", players=players)
    for seed in range(5):
        state = game.new_game(seed=seed)
        for _ in random_playout(state, seed):
            obs = state.observation(None)
            hands = [state.observation(s)["hand"] for s in range(players)]
            held = [c for hand in hands for c in hand]
            assert len(held) + len(obs["played"]) == (32 if players == 4 else 30)
            assert len(set(held) | set(obs["played"])) == len(held) + len(obs["played"])


def card_codes(value: object) -> set[str]:
    """Every card code anywhere inside an observation."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*map(card_codes, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(card_codes, value)) if value else set()
    return set()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_observation_holds_only_cards_the_seat_may_know(players: int) -> None:
    game = cardtable.make("slobberhannes", players=players)
    for seed in range(5):
        state = game.new_game(seed=seed)
        seen_played: set[str] = set()
        for _ in random_playout(state, seed):
            public = state.observation(None)
            seen_played |= set(public["played"])
            if public["last_trick"]:
                seen_played |= {p["card"] for p in public["last_trick"]["cards"]}
            assert card_codes(public) <= seen_played
            for seat in range(players):
                obs = state.observation(seat)
                assert card_codes(obs) <= set(obs["hand"]) | seen_played


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_single_hand_is_one_deal_scored_as_that_hand(players: int) -> None:
    """Research option ``single_hand``: the match is one hand; the seats that lost the fewest points
    in it (the top score) win, as the end of a match would say."""
    game = cardtable.make("slobberhannes", players=players, single_hand=True)
    assert game.max_game_length() == (32 if players == 4 else 30)
    for seed in range(5):
        state = play_to_end(game, seed)
        scores = [e["score"] for e in state.record()["events"] if "score" in e]
        final = scores[0]["scores"]
        assert len(scores) == 1 and not state.is_truncated()
        assert state.record()["result"] == {
            "scores": final,
            "winners": [s for s, v in enumerate(final) if v == max(final)],
        }
    assert match_winners([10, 9, 10], last_hand=True) == [0, 2]
