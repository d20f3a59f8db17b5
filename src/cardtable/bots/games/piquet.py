"""Reading the 32-card piquet pack's codes (``QC``, ``TD``) for the policies of Slobberhannes and
Troeven: rank order and suits, from the notation alone. The pack itself is ``core.cards``'."""

from __future__ import annotations

from ...core.cards import PIQUET_CODES, PIQUET_RANKS

RANK = {rank: index for index, rank in enumerate(PIQUET_RANKS)}
"""0 for a seven up to 7 for an ace."""


def rank(code: str) -> int:
    """0 for a seven up to 7 for an ace."""
    return RANK[code[0]]


def suit(code: str) -> str:
    """The suit letter of a card code."""
    return code[1]


def higher_unseen(code: str, seen: set[str]) -> list[str]:
    """The cards of ``code``'s suit above it that are not in ``seen``."""
    return [
        other
        for other in PIQUET_CODES
        if other[1] == code[1] and rank(other) > rank(code) and other not in seen
    ]
