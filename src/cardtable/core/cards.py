"""Cards as small integers and hands as bitmasks, plus the French 32-card piquet pack.

A hand is an ``int`` whose bit ``c`` is set when it holds card ``c``; ``bits`` lists the cards of a
mask in ascending order.

>>> [piquet_code(c) for c in bits(piquet_card("QC") and 1 << piquet_card("QC") | 1 << piquet_card("7S"))]
['7S', 'QC']
"""

from __future__ import annotations

from .errors import InvalidNotation

BYTE_BITS: list[list[tuple[int, ...]]] = [  # [k][byte]: the bits of byte k of a mask
    [tuple(8 * k + i for i in range(8) if byte >> i & 1) for byte in range(256)] for k in range(16)
]


_B0, _B1, _B2, _B3 = BYTE_BITS[:4]
_BIT = tuple(1 << card for card in range(128))


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending (masks up to 128 bits)."""
    if mask < 0x100000000:
        return [*_B0[mask & 255], *_B1[mask >> 8 & 255], *_B2[mask >> 16 & 255], *_B3[mask >> 24]]
    out: list[int] = []
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            out.extend(BYTE_BITS[k][byte])
        mask >>= 8
        k += 1
    return out


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """The bitmask holding exactly ``cards`` (distinct cards: a sum of their bits, done in C)."""
    return sum(map(_BIT.__getitem__, cards))


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
