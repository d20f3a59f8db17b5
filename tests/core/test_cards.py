"""Hands as bitmasks: listing a mask's cards and building one from cards, for every pack width."""

from hypothesis import given
from hypothesis import strategies as st

from cardtable.core.cards import bits, bits_tuple, mask_of, piquet_code, piquet_codes

widths = st.sampled_from([8, 31, 32, 33, 60, 64, 65, 128, 200])
masks = widths.flatmap(lambda width: st.integers(min_value=0, max_value=(1 << width) - 1))


@given(masks)
def test_bits_lists_every_set_bit_in_ascending_order(mask: int) -> None:
    expected = [card for card in range(mask.bit_length()) if mask >> card & 1]
    assert bits(mask) == expected
    assert bits_tuple(mask) == tuple(expected)


@given(st.integers(min_value=0, max_value=(1 << 128) - 1))
def test_mask_of_inverts_bits(mask: int) -> None:
    """(``mask_of`` knows cards 0..127: the widest pack, Mü's, has 60.)"""
    assert mask_of(bits(mask)) == mask


def test_bits_of_a_mask_at_chunk_boundaries() -> None:
    assert bits(1 << 31 | 1 << 32 | 1 << 63 | 1 << 64) == [31, 32, 63, 64]
    assert bits(0) == []


@given(st.integers(min_value=0, max_value=(1 << 32) - 1))
def test_piquet_codes_lists_a_hand_by_suit_then_rank(mask: int) -> None:
    assert piquet_codes(mask) == [piquet_code(card) for card in bits(mask)]
