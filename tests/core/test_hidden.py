"""``deal_hidden``: the redeal search draws its worlds from (``State.resample``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.core.hidden import deal_hidden


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
