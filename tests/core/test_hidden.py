"""``deal_hidden``: the redeal search draws its worlds from (``State.resample``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from cardtable.core.hidden import deal_hidden, shuffle


def test_unconstrained_deal_fills_every_share_with_the_cards_given() -> None:
    cards = [3, 3, 5, 8, 8, 8, 9, 11]
    shares = deal_hidden(random.Random(4), cards, [3, 0, 1, 4])
    assert [len(share) for share in shares] == [3, 0, 1, 4]
    assert sorted(card for share in shares for card in share) == cards


def test_unconstrained_deal_is_uniform_over_the_splits() -> None:
    """Search weighs its worlds equally, so each way of sharing the cards must be equally likely: of
    the six splits of four cards into two pairs each should come about 1000 times in 6000 deals."""
    rng = random.Random(11)
    seen = Counter(tuple(sorted(deal_hidden(rng, [0, 1, 2, 3], [2, 2])[0])) for _ in range(6000))
    assert len(seen) == 6
    assert all(850 <= count <= 1150 for count in seen.values()), seen


def test_a_deal_that_cannot_fill_the_shares_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot fill"):
        deal_hidden(random.Random(0), [1, 2, 3], [2, 2])


def test_shuffle_draws_as_random_shuffle_does() -> None:
    """The same order from the same random numbers as ``Random.shuffle``, the generator left in the
    same state: search's worlds stay those of its seed."""
    for size in range(70):
        for seed in range(4):
            mine, theirs = list(range(size)), list(range(size))
            rng, reference = random.Random(seed), random.Random(seed)
            shuffle(rng, mine)
            reference.shuffle(theirs)
            assert mine == theirs and rng.getstate() == reference.getstate()


def no_holder_of(voids: list[int]) -> Callable[[int, int], bool]:
    return lambda holder, card: not voids[holder] >> card & 1


@pytest.mark.parametrize(
    ("cards", "voids", "seed", "expected"),
    [
        # each needs going back from a dead end (the deals the recursive placement of 2026-12 drew)
        ([0, 1, 2, 4, 5, 8, 9, 10, 11], [2981, 288, 594], 289, [[1, 4, 10], [9, 0, 2], [8, 5, 11]]),
        ([0, 1, 3, 4, 6, 7, 8, 9, 11], [2506, 35, 24], 484, [[4, 0, 9], [3, 8, 7], [1, 6, 11]]),
        ([0, 1, 2, 5, 6, 7, 8, 10, 11], [70, 3081, 1259], 568, [[10, 0, 7], [6, 1, 5], [11, 2, 8]]),
    ],
)
def test_a_constrained_deal_is_the_same_for_the_same_seed(
    cards: list[int], voids: list[int], seed: int, expected: list[list[int]]
) -> None:
    """A search bot's choice for a seed depends on the worlds it draws: voids given as masks or as a
    rule, the deal is the one the seed has always given."""
    by_rule = deal_hidden(random.Random(seed), cards, [3, 3, 3], no_holder_of(voids))
    by_masks = deal_hidden(random.Random(seed), cards, [3, 3, 3], voids=voids)
    assert by_rule == by_masks == expected


def test_voids_deal_as_the_same_rule_given_as_allowed() -> None:
    """Same hands and the generator left in the same state, with and without voids, when stuck and
    when no deal fits."""
    rng = random.Random(7)
    for _ in range(3000):
        holders = rng.randrange(1, 5)
        cards = rng.sample(range(60), rng.randrange(0, 25))
        capacities = [0] * holders
        for _ in cards:
            capacities[rng.randrange(holders)] += 1
        voids = [rng.getrandbits(60) & rng.getrandbits(60) if rng.random() < 0.6 else 0 for _ in capacities]
        seed = rng.random()
        outcomes = []
        for rule in ({"allowed": no_holder_of(voids)}, {"voids": voids}):
            generator = random.Random(seed)
            try:
                outcomes.append((deal_hidden(generator, cards, capacities, **rule), generator.random()))
            except ValueError as error:
                outcomes.append((str(error), generator.random()))
        assert outcomes[0] == outcomes[1]
