"""Cards as small integers and hands as bitmasks, plus the French 32-card piquet pack, and ``Pack``: a
game's cards as people see them (one table of suits and card names, which the browser receives).

A hand is an ``int`` whose bit ``c`` is set when it holds card ``c``; ``bits`` lists the cards of a
mask in ascending order.

>>> [piquet_code(c) for c in bits(piquet_card("QC") and 1 << piquet_card("QC") | 1 << piquet_card("7S"))]
['7S', 'QC']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import add, itemgetter

from .errors import InvalidNotation
from .reasons import reason

WORD = 0xFFFF


def _word_table(offset: int) -> tuple[tuple[int, ...], ...]:
    """``[word]``: the set bits of a 16-bit word, plus ``offset``, ascending (built by doubling: the
    words from ``2**k`` to ``2**(k + 1) - 1`` are those below ``2**k`` with bit ``k`` added)."""
    table: list[tuple[int, ...]] = [()]
    for k in range(16):
        table += [(*cards, offset + k) for cards in table]
    return tuple(table)


LOW_WORD_BITS = _word_table(0)
HIGH_WORD_BITS = _word_table(16)
"""The bits of a mask's low and high 16-bit words: two lookups list a 32-card hand (the hot path of
trick play; about 16 MB together, built in milliseconds)."""
CARD_BITS = tuple(1 << card for card in range(128))
"""``1 << card``, looked up."""


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending."""
    return list(bits_tuple(mask))


def bits_tuple(mask: int) -> tuple[int, ...]:
    """``bits`` as a tuple (no list is built). Wider masks (Mü's 60 cards) are listed 32 bits at a
    time, each chunk's bits raised by its offset in C (``map`` of ``add``), not by a Python loop."""
    if mask < 0x100000000:
        return LOW_WORD_BITS[mask & WORD] + HIGH_WORD_BITS[mask >> 16]
    out = LOW_WORD_BITS[mask & WORD] + HIGH_WORD_BITS[mask >> 16 & WORD]
    base = 0
    while mask := mask >> 32:
        base += 32
        chunk = mask & 0xFFFFFFFF
        out += tuple(map(add, LOW_WORD_BITS[chunk & WORD] + HIGH_WORD_BITS[chunk >> 16], repeat(base)))
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
SUIT_NAMES = {"S": reason("spades"), "H": reason("hearts"), "D": reason("diamonds"), "C": reason("clubs")}
"""Reasons, so the rules' refusals that name a suit can be said in any language (``core.reasons``)."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
"""The ranks named in words (the others by their digit)."""

PIQUET_CARDS = tuple(range(32))
PIQUET_SUIT_OF = tuple(card // 8 for card in PIQUET_CARDS)
PIQUET_RANK_OF = tuple(card % 8 for card in PIQUET_CARDS)
PIQUET_SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))


PIQUET_CODES = tuple(PIQUET_RANKS[card % 8] + PIQUET_SUITS[card // 8] for card in PIQUET_CARDS)
PIQUET_IDS = {code: card for card, code in enumerate(PIQUET_CODES)}
_SPADES, _HEARTS, _DIAMONDS, _CLUBS = (
    tuple(
        tuple(PIQUET_CODES[suit * 8 + rank] for rank in range(8) if byte >> rank & 1) for byte in range(256)
    )
    for suit in range(4)
)
"""Per suit, ``[byte]``: the codes of the suit's cards whose rank bits the byte sets, ascending."""


def piquet_code(card: int) -> str:
    """``QC`` for the queen of clubs."""
    return PIQUET_CODES[card]


def piquet_codes(mask: int) -> list[str]:
    """The codes of a piquet mask's cards, ascending (``[piquet_code(c) for c in bits(mask)]`` in one
    table lookup a suit: every observation lists a hand, and search builds one a rollout move).

    >>> piquet_codes(mask_of([piquet_card("QC"), piquet_card("7S"), piquet_card("TD")]))
    ['7S', 'TD', 'QC']
    """
    return [
        *_SPADES[mask & 0xFF],
        *_HEARTS[mask >> 8 & 0xFF],
        *_DIAMONDS[mask >> 16 & 0xFF],
        *_CLUBS[mask >> 24],
    ]


def piquet_name(code: str) -> str:
    """A piquet card as players write it: ``Q♣``, ``10♦`` (the code ``TD``)."""
    return ("10" if code[0] == "T" else code[0]) + SUIT_SYMBOLS[code[1]]


def piquet_words(code: str) -> str:
    """A piquet card in words, as a screen reader says it: ``queen of clubs``, ``10 of diamonds``."""
    return f"{RANK_NAMES.get(code[0], code[0])} of {SUIT_NAMES[code[1]]}"


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


@dataclass(frozen=True)
class Pack:
    """A game's cards as people see them (``Game.pack``): the pack's name, by which the browser draws its
    faces (``piquet``), each card's name in words by its code (``QC``: ``queen of clubs``), and the marks
    printed on a card where the real cards carry some (Mü's triangles, its card points)."""

    name: str
    words: Mapping[str, str]
    marks: Mapping[str, int] = field(default_factory=dict)


PIQUET_PACK = Pack("piquet", {code: piquet_words(code) for code in PIQUET_CODES})
"""The piquet pack of every game played with it."""
