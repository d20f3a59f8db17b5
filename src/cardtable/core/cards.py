"""Cards as small integers and hands as bitmasks, plus the French 32-card piquet pack.

A hand is an ``int`` whose bit ``c`` is set when it holds card ``c``; ``bits`` lists the cards of a
mask in ascending order.

>>> [piquet_code(c) for c in bits(piquet_card("QC") and 1 << piquet_card("QC") | 1 << piquet_card("7S"))]
['7S', 'QC']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import itemgetter

from .errors import InvalidNotation

CHUNK = 12
"""Masks are read ``CHUNK`` bits at a time: 3 table lookups cover a 32-card pack."""
CHUNK_MASK = (1 << CHUNK) - 1


@cache
def chunk_bits(k: int) -> tuple[tuple[int, ...], ...]:
    """``[chunk]``: the bits of chunk ``k`` of a mask (bits ``CHUNK * k`` and up), ascending."""
    return tuple(tuple(CHUNK * k + i for i in range(CHUNK) if chunk >> i & 1) for chunk in range(1 << CHUNK))


_C0, _C1, _C2 = chunk_bits(0), chunk_bits(1), chunk_bits(2)
CARD_BITS = tuple(1 << card for card in range(128))
"""``1 << card``, looked up."""


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending."""
    return list(bits_tuple(mask))


def bits_tuple(mask: int) -> tuple[int, ...]:
    """``bits`` as a tuple (the hot path of trick play: no list is built for a 32-card pack)."""
    if mask < 0x1000000000:
        return _C0[mask & CHUNK_MASK] + _C1[mask >> CHUNK & CHUNK_MASK] + _C2[mask >> 2 * CHUNK]
    out: tuple[int, ...] = ()
    k = 0
    while mask:
        out += chunk_bits(k)[mask & CHUNK_MASK]
        mask >>= CHUNK
        k += 1
    return out


def mask_of(cards: Sequence[int]) -> int:
    """The bitmask holding exactly ``cards`` (distinct cards: a sum of their bits, done in C; an
    ``itemgetter`` of several items is the fastest gather, and gives a tuple only for two or more)."""
    if len(cards) > 1:
        return sum(itemgetter(*cards)(CARD_BITS))
    return CARD_BITS[cards[0]] if cards else 0


# -- the piquet pack (Slobberhannes, Troeven) ----------------------------------------------------------

PIQUET_SUITS = "SHDC"
PIQUET_RANKS = "789TJQKA"
"""Low to high; a card's id is ``suit * 8 + rank`` so ids sort by suit, then rank."""
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

PIQUET_CARDS = tuple(range(32))
PIQUET_SUIT_OF = tuple(card // 8 for card in PIQUET_CARDS)
PIQUET_RANK_OF = tuple(card % 8 for card in PIQUET_CARDS)
PIQUET_SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))


PIQUET_CODES = tuple(PIQUET_RANKS[card % 8] + PIQUET_SUITS[card // 8] for card in PIQUET_CARDS)
PIQUET_IDS = {code: card for card, code in enumerate(PIQUET_CODES)}


def piquet_code(card: int) -> str:
    """``QC`` for the queen of clubs."""
    return PIQUET_CODES[card]


def piquet_card(text: str) -> int:
    """The id of a card code (any case, ``10`` accepted for ``T``); raises InvalidNotation."""
    card = PIQUET_IDS.get(text)
    if card is not None:
        return card
    code = text.strip().upper() if isinstance(text, str) else ""
    if code.startswith("10"):
        code = "T" + code[2:]
    if code not in PIQUET_IDS:
        raise InvalidNotation(f"{text!r} is not a card: write rank then suit, like QC or TD")
    return PIQUET_IDS[code]
