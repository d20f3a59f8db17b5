"""The shared shuffle: a permutation fixed by the seed, and keys a game may draw and adjust first."""

import random

import pytest

from cardtable.core.tricks import random_keys, shuffled

PACK = tuple(range(36))


def test_a_shuffle_is_a_permutation_fixed_by_the_seed() -> None:
    decks = [shuffled(random.Random(seed), PACK) for seed in range(50)]
    assert all(sorted(deck) == list(PACK) for deck in decks)
    assert decks[0] == shuffled(random.Random(0), PACK)
    assert len({tuple(deck) for deck in decks}) == 50


def test_keys_drawn_first_give_the_same_deck() -> None:
    """``random_keys`` draws what ``shuffled`` would, so a game may adjust them (Mü's copies)."""
    for seed in range(20):
        keys = random_keys(random.Random(seed), len(PACK))
        assert shuffled(random.Random(seed), PACK, keys) == shuffled(random.Random(seed), PACK)


def test_the_lowest_key_deals_first() -> None:
    assert shuffled(random.Random(0), "abc", [0.5, 0.1, 0.9]) == ["b", "a", "c"]


def test_keys_must_match_the_cards() -> None:
    with pytest.raises(ValueError, match="3 cards need 3 keys, got 2"):
        shuffled(random.Random(0), "abc", [0.5, 0.1])
