"""The follow rule of core/tricks.py: the reference, the copy inlined for speed held equal to it, and
the voids that resampling infers from it."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.core.cards import PIQUET_SUIT_MASKS, PIQUET_SUIT_OF, mask_of, piquet_card
from cardtable.core.tricks import FollowRule, TrickTakingState, follow_options

from ..helpers import random_playout


def hand(*codes: str) -> int:
    return mask_of([piquet_card(code) for code in codes])


SPADES, HEARTS = PIQUET_SUIT_MASKS[0], PIQUET_SUIT_MASKS[1]


@pytest.mark.parametrize(
    ("rule", "held", "allowed"),
    [
        (FollowRule.FREE, ("7S", "8H", "9D"), ("7S", "8H", "9D")),
        (FollowRule.SUIT, ("7S", "8H", "9D"), ("7S",)),
        (FollowRule.SUIT, ("8H", "9D"), ("8H", "9D")),
        (FollowRule.SUIT_THEN_TRUMP_ALLOWED, ("7S", "8H", "9D"), ("7S", "8H")),
        (FollowRule.SUIT_THEN_TRUMP_ALLOWED, ("8H", "9D"), ("8H", "9D")),
        (FollowRule.SUIT_OR_TRUMP, ("8H", "9D"), ("8H",)),
        (FollowRule.SUIT_OR_TRUMP, ("9D", "TC"), ("9D", "TC")),
    ],
)
def test_follow_options_after_a_spade_lead_with_hearts_trumps(
    rule: FollowRule, held: tuple[str, ...], allowed: tuple[str, ...]
) -> None:
    assert follow_options(hand(*held), SPADES, HEARTS, rule) == hand(*allowed)


@pytest.mark.parametrize("rule", list(FollowRule))
def test_the_inlined_follow_rule_equals_the_reference(rule: FollowRule) -> None:
    """``TrickTakingState._playable`` (hot path) against ``follow_options`` (reference), for every
    led card, trump suit or none, and random hands, leading included."""
    rng = random.Random(rule.value)
    state = cardtable.make("slobberhannes").new_game(seed=0)  # its fields are set below
    assert isinstance(state, TrickTakingState)
    for trump_suit in (None, 0, 1, 2, 3):
        trumps = 0 if trump_suit is None else PIQUET_SUIT_MASKS[trump_suit]
        for led_card in [None, *range(32)]:
            for _ in range(40):
                cards = rng.getrandbits(32)
                state._hands = [cards]
                state._trick = [] if led_card is None else [led_card]
                state._suit_of, state._suit_masks = PIQUET_SUIT_OF, PIQUET_SUIT_MASKS
                state._trump_mask, state._follow = trumps, rule
                expected = (
                    cards
                    if led_card is None
                    else follow_options(cards, PIQUET_SUIT_MASKS[PIQUET_SUIT_OF[led_card]], trumps, rule)
                )
                assert state._playable(0) == expected


TRICK_GAMES = [
    ("slobberhannes", {"players": 4}),
    ("troeven", {"version": 2}),
    ("mue", {"players": 4}),
    ("mue", {"players": 3}),
]


@pytest.mark.parametrize(("name", "options"), TRICK_GAMES, ids=lambda x: str(x))
def test_the_voids_inferred_from_play_are_never_held(name: str, options: dict[str, object]) -> None:
    """What resampling keeps out of a hand (``_excluded``) is never in it: the voids a play shows
    follow from the same rule that made the play legal. (Not Troeven's version 1, whose resampling
    redraws face-down cards instead: a card uncovered later may be of a suit its player showed void.)"""
    shown = 0
    for seed in range(8):
        state = cardtable.make(name, **options).new_game(seed=seed)
        for step, now in enumerate(random_playout(state, seed)):
            if step % 3:
                continue
            assert isinstance(now, TrickTakingState)
            excluded = now._excluded()
            for seat, mask in enumerate(excluded):
                assert not mask & now._hands[seat], (name, seat, step)
            shown += any(excluded)
    assert shown, f"{name}: random play should show some voids"
