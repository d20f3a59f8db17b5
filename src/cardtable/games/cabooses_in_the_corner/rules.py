"""Cabooses in the Corner's rules on a bare board, as pure functions: the moves and relocations of a
board (§6.2), departures (§6.4), ``can_play``'s search (§6.3), and the stalemate's outcome and the
ranking (§7). The state, ``can_play`` and the tests share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...core.cards import CARD_BITS
from .board import (
    ADJACENT,
    ARRIVING,
    BELOW_SEVEN,
    CABOOSE_BASED,
    CABOOSES,
    EMPTY,
    EMPTY_CORNER,
    EMPTY_RAILWAY,
    MOVE_FITS,
    MOVE_TARGETS,
    NUM_CODES,
    NUM_PLACES,
    P8,
    PLACE_OFFERS,
    RAILWAYS,
    SEVENS,
    TRAINS,
    Board,
)


def board_moves(piles: Sequence[int]) -> list[tuple[int, int, int]]:
    """Every legal ``move X K Y`` on a board of pile ids (§6.2 A3), as (railway, k, destination)."""
    occupied = 0
    for pile in piles:
        occupied |= 1 << pile
    found = []
    for x in RAILWAYS:
        source = piles[x]
        if MOVE_TARGETS[source] & occupied:
            fits = MOVE_FITS[source]
            for y in range(NUM_PLACES):
                fit = fits.get(piles[y])
                if fit is not None and y != x:
                    found.append((x, fit[0], y))
    return found


def board_relocations(piles: Sequence[int]) -> list[tuple[int, int]]:
    """Every legal ``relocate X C`` (§6.2 A4): a caboose-based railway to an adjacent empty corner."""
    return [
        (x, corner)
        for x in RAILWAYS
        if CABOOSE_BASED[piles[x]]
        for corner in ADJACENT[x]
        if piles[corner] == EMPTY
    ]


def arriving(place: int, pile: int) -> int:
    """The pile left at ``place`` once ``pile`` is there: a whole train in a corner departs (§6.4)."""
    return ARRIVING[place][pile]


def board_tops(piles: Sequence[int]) -> int:
    """What a board offers a play: a bit per top card, plus the empty-railway and empty-corner bits."""
    offers = 0
    for place in range(NUM_PLACES):
        offers |= PLACE_OFFERS[place][piles[place]]
    return offers


def hand_wants(hand: int) -> int:
    """The offers (as ``board_tops`` writes them) that take some card of ``hand`` (a mask of codes):
    top ``c + 1`` for a train card c below 7, ``P8`` for a 7, an empty railway for any train card, an
    empty corner for a caboose."""
    wants = (hand & BELOW_SEVEN) << 1
    if hand & SEVENS:
        wants |= 1 << P8
    if hand & TRAINS:
        wants |= EMPTY_RAILWAY
    if hand & CABOOSES:
        wants |= EMPTY_CORNER
    return wants


def next_boards(board: Board) -> list[Board]:
    """The boards one MOVE or RELOCATE away, departures applied."""
    found = []
    for x, _, y in board_moves(board):
        _, rest, joined = MOVE_FITS[board[x]][board[y]]
        piles = list(board)
        piles[x] = rest
        piles[y] = arriving(y, joined)
        found.append(tuple(piles))
    for x, corner in board_relocations(board):
        piles = list(board)
        piles[corner] = arriving(corner, board[x])
        piles[x] = EMPTY
        found.append(tuple(piles))
    return found


@lru_cache(maxsize=1 << 14)
def reachable_tops(board: Board) -> int:
    """The union of ``board_tops`` over every board reachable by zero or more moves and relocations:
    a depth-first search with a visited set. It ends because every move raises the sum of the squared
    pile lengths, and relocations and departures are few (§6.3). Memoised per board: the answer does
    not depend on the hand."""
    seen = {board}
    stack = [board]
    offers = 0
    while stack:
        current = stack.pop()
        offers |= board_tops(current)
        for after in next_boards(current):
            if after not in seen:
                seen.add(after)
                stack.append(after)
    return offers


def can_play(piles: Sequence[int], hand: int) -> bool:
    """§6.3: can a hand (mask of codes) make a play after zero or more moves and relocations?

    >>> from cardtable.games.cabooses_in_the_corner.board import CARD_IDS, PILE_ID
    >>> def board(*flips): return [PILE_ID[(CARD_IDS[code],)] for code in flips] + [EMPTY] * 4
    >>> def hand(*codes): return sum(1 << CARD_IDS[code] for code in codes)
    >>> can_play(board("R5", "B2", "W1", "B6"), hand("R2", "W7"))  # §10 ex. 16: draw
    False
    >>> can_play(board("R5", "R4", "W1", "B6"), hand("W7", "B1"))  # ex. 17: move E 1 N frees E
    True
    """
    wants = hand_wants(hand)
    if board_tops(piles) & wants:
        return True
    return bool(reachable_tops(tuple(piles)) & wants)


def hand_of(cards: Sequence[int]) -> tuple[list[int], int]:
    """A hand as the state keeps it: copies per code, and the mask of the codes held."""
    counts = [0] * NUM_CODES
    present = 0
    for card in cards:
        counts[card] += 1
        present |= CARD_BITS[card]
    return counts, present


def result_of_stalemate(hand_sizes: Sequence[int]) -> tuple[str, list[int]]:
    """§7: the outcome and losers when no play is reachable and the depot is empty.

    >>> result_of_stalemate([4, 2, 6]), result_of_stalemate([3, 3, 3])
    (('stalemate', [2]), ('draw', []))
    """
    most = max(hand_sizes)
    if min(hand_sizes) == most:
        return "draw", []
    return "stalemate", [seat for seat, size in enumerate(hand_sizes) if size == most]


def ranking(hand_sizes: Sequence[int]) -> list[int]:
    """§7: each seat's rank by hand size, smallest first, standard competition ranking (1, 2, 2, 4).

    >>> ranking([4, 2, 6])
    [2, 1, 3]
    """
    return [1 + sum(other < size for other in hand_sizes) for size in hand_sizes]
