"""Cabooses in the Corner's data: the cards, the eight places, the 108 piles §5 allows, the action ids,
and the look-up tables built from them once, at import, from the definitions of §5 and §6.2.

Everything here is a constant: the rules (``rules.py``) and the state (``state.py``) become table
look-ups, and the state keeps the board as small masks per code that these tables update as piles
change (see "the board as small masks" below).
"""

from __future__ import annotations

from functools import lru_cache

from ...core.cards import bits

# -- cards ------------------------------------------------------------------------------------------

COLOURS = "BRW"
CODES: tuple[str, ...] = (*(f"{colour}{number}" for colour in COLOURS for number in range(1, 8)), "P8", "OB")
CARD_IDS = {code: card for card, code in enumerate(CODES)}
NUM_CODES = len(CODES)
TRAIN_CARDS = 21
P8 = CARD_IDS["P8"]
OB = CARD_IDS["OB"]
NUMBER = (*(card % 7 + 1 for card in range(TRAIN_CARDS)), 8, 0)
"""A card's number: 1..7 for train cards, 8 for ``P8``, 0 for ``OB`` (it has none)."""

TRAINS = (1 << TRAIN_CARDS) - 1
SEVENS = sum(1 << CARD_IDS[f"{colour}7"] for colour in COLOURS)
BELOW_SEVEN = TRAINS & ~SEVENS
CABOOSES = 1 << P8 | 1 << OB
ACCEPTS = (*(1 << card - 1 if card % 7 else 0 for card in range(TRAIN_CARDS)), SEVENS, 0)
"""Per top card, the mask of codes it takes (§5): the next lower number of its colour; any 7 on ``P8``."""

# -- places -----------------------------------------------------------------------------------------

PLACES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
PLACE_IDS = {name: place for place, name in enumerate(PLACES)}
NUM_PLACES = len(PLACES)
RAILWAYS = range(4)
CORNERS = range(4, 8)
ADJACENT = ((4, 7), (4, 5), (5, 6), (6, 7))
"""The two corners next to each railway (§3): N–NE,NW; E–NE,SE; S–SE,SW; W–SW,NW."""
TRAIN_LENGTH = 8
"""A complete train: ``P8`` and one colour's 7..1; also the longest pile there can be."""

# -- piles ------------------------------------------------------------------------------------------
# Every pile is an optional caboose base under one colour's run down by one (§5), so there are only
# 108 of them. A pile is its id in ``PILES``; the rules become table look-ups built once, here, from
# the definitions of §5 and §6.2 applied to the cards themselves.

Pile = tuple[int, ...]
"""A pile's cards, bottom to top."""
Board = tuple[int, ...]
"""The ids of the eight piles in ``PLACES`` order."""


def _every_pile() -> list[Pile]:
    """Every pile §5 allows: empty; a run of one colour down by one from any number; ``P8`` alone or
    under a run from a 7; ``OB`` alone."""
    runs = [
        tuple(colour * 7 + number - 1 for number in range(high, low - 1, -1))
        for colour in range(len(COLOURS))
        for high in range(1, 8)
        for low in range(1, high + 1)
    ]
    sevens_down = [run for run in runs if NUMBER[run[0]] == 7]
    return [(), *runs, (P8,), *((P8, *run) for run in sevens_down), (OB,)]


PILES: tuple[Pile, ...] = tuple(_every_pile())
PILE_ID = {pile: pid for pid, pile in enumerate(PILES)}
EMPTY = PILE_ID[()]
PILE_CODES = tuple(tuple(CODES[card] for card in pile) for pile in PILES)
"""``PILE_CODES[pid]``: the pile's codes, bottom to top (for observations)."""
CABOOSE_BASED = tuple(bool(pile) and pile[0] >= TRAIN_CARDS for pile in PILES)
"""Piles that a RELOCATE may carry (§6.2 A4): their bottom card is ``P8`` or ``OB``."""
ARRIVING = tuple(
    tuple(EMPTY if place in CORNERS and len(pile) == TRAIN_LENGTH else pid for pid, pile in enumerate(PILES))
    for place in range(NUM_PLACES)
)
"""``ARRIVING[place][pid]``: the pile left once that pile is there (see ``arriving``)."""


AFTER_PLAY = tuple(
    tuple(ARRIVING[place][PILE_ID[(*pile, card)]] if (*pile, card) in PILE_ID else -1 for pile in PILES)
    for card in range(NUM_CODES)
    for place in range(NUM_PLACES)
)
"""``AFTER_PLAY[code * NUM_PLACES + place][pid]`` (indexed by the play's id, less ``PLAY_BASE``): the
pile left at a place once that card is played on its pile (``EMPTY`` when it completes a corner's
train, which departs; -1: no such pile)."""


def _move_onto(source: Pile, target: Pile) -> tuple[int, int, int] | None:
    """§6.2 A3 between two piles: (k, what stays, what it makes) of the one move that fits, if any."""
    if not target:
        return None
    for k in range(1, len(source) + 1):
        bottom = source[-k]
        if bottom < TRAIN_CARDS and ACCEPTS[target[-1]] >> bottom & 1 and len(target) + k > len(source):
            return k, PILE_ID[source[:-k]], PILE_ID[target + source[-k:]]
    return None


MOVE_FITS: tuple[dict[int, tuple[int, int, int]], ...] = tuple(
    {PILE_ID[target]: fit for target in PILES if (fit := _move_onto(source, target))} for source in PILES
)
"""``MOVE_FITS[source][target]``: (k, source after, target after) when the top k of ``source`` may move
onto ``target``; a pile takes at most one k, since its cards have distinct numbers."""
MOVE_TARGETS = tuple(sum(1 << target for target in fits) for fits in MOVE_FITS)
"""Per source pile, the mask of pile ids it may move onto (a quick "no move here" test)."""

# -- what a board offers and what a hand wants (for can_play) -------------------------------------

EMPTY_RAILWAY = 1 << NUM_CODES
EMPTY_CORNER = 1 << NUM_CODES + 1
PLACE_OFFERS = tuple(
    tuple(1 << pile[-1] if pile else EMPTY_RAILWAY if place in RAILWAYS else EMPTY_CORNER for pile in PILES)
    for place in range(NUM_PLACES)
)
"""``PLACE_OFFERS[place][pid]``: a bit for the top card, or for "an empty railway" / "an empty corner"."""

# -- action ids -------------------------------------------------------------------------------------

PLAY_BASE = 0
MOVE_BASE = PLAY_BASE + NUM_CODES * NUM_PLACES
MAX_K = TRAIN_LENGTH
MOVE_DESTINATIONS = NUM_PLACES - 1
RELOCATE_BASE = MOVE_BASE + len(RAILWAYS) * MAX_K * MOVE_DESTINATIONS
END_ACTION = RELOCATE_BASE + len(RAILWAYS) * len(CORNERS)
NUM_ACTIONS = END_ACTION + 1


def move_id(railway: int, k: int, target: int) -> int:
    """The id of ``move X K Y`` (1 <= k <= 8, Y not X)."""
    return MOVE_BASE + (railway * MAX_K + k - 1) * MOVE_DESTINATIONS + target - (target > railway)


MOVE_BITS = tuple(
    tuple(
        tuple(1 << move_id(x, k, y) if x in RAILWAYS and y != x and k else 0 for k in range(MAX_K + 1))
        for y in range(NUM_PLACES)
    )
    for x in range(NUM_PLACES)
)
"""``MOVE_BITS[x][y][k]``: the bit at the id of ``move X K Y`` (0 where there is no such move)."""
MOVE_OF: tuple[tuple[int, int, int], ...] = tuple(
    sorted(
        ((x, k, y) for x in RAILWAYS for k in range(1, MAX_K + 1) for y in range(NUM_PLACES) if y != x),
        key=lambda move: move_id(*move),
    )
)
"""``MOVE_OF[id - MOVE_BASE]``: the (railway, k, destination) of a move id."""


def relocate_id(railway: int, corner: int) -> int:
    """The id of ``relocate X C``."""
    return RELOCATE_BASE + railway * len(CORNERS) + corner - CORNERS.start


RELOCATIONS_INTO = tuple(
    tuple((railway, 1 << relocate_id(railway, place)) for railway in RAILWAYS if place in ADJACENT[railway])
    for place in range(NUM_PLACES)
)
"""``RELOCATIONS_INTO[corner]``: (railway, bit at the id of ``relocate railway corner``) for the two
railways next to a corner (none for a railway)."""
PLAY_OF = tuple(divmod(arg, NUM_PLACES) for arg in range(NUM_CODES * NUM_PLACES))
"""``PLAY_OF[id - PLAY_BASE]``: the (code, place) of a play id."""
RELOCATE_OF = tuple((railway, corner) for railway in RAILWAYS for corner in CORNERS)
"""``RELOCATE_OF[id - RELOCATE_BASE]``: the (railway, corner) of a relocate id."""
END = (END_ACTION,)


def pack_for(broken_cabooses: bool) -> tuple[int, ...]:
    """The 72 cards (§2), or 70 without the two ``OB``; copies share an id."""
    return (*sorted(list(range(TRAIN_CARDS)) * 3), *[P8] * 7, *([OB] * 2 if broken_cabooses else []))


PACKS = {broken: pack_for(broken) for broken in (False, True)}
PACK_CODES = {broken: tuple(CODES[card] for card in pack) for broken, pack in PACKS.items()}
"""The packs' codes, for checking a recorded deal."""

# -- the board as small masks -----------------------------------------------------------------------
# The state keeps what the board takes and holds per code, in masks of places that fit a machine word
# (``_where``, ``_holds``), with masks of codes over them (``_offered``, ``_held``): a pile's change
# updates the few codes its top takes and, on a railway, the codes it gained or lost, and those codes
# say whether a move from or onto it may have appeared or gone, so the board's moves are looked for only
# then. In pure Python these are small integers; the compiled build keeps them in C integers.

RAILWAY_PLACES = sum(1 << place for place in RAILWAYS)
CORNER_PLACES = sum(1 << place for place in CORNERS)
ALL_PLACES = RAILWAY_PLACES | CORNER_PLACES
NUM_RAILWAYS = len(RAILWAYS)
PILE_TAKES = tuple(ACCEPTS[pile[-1]] if pile else 0 for pile in PILES)
"""``PILE_TAKES[pid]``: the codes a pile's top takes (none for the empty pile, which takes by place:
``EMPTY_TAKING``); ``PILE_TAKES_CODES[pid]``: the same as a tuple of codes."""
PILE_TAKES_CODES = tuple(tuple(bits(takes)) for takes in PILE_TAKES)
PILE_TRAINS = tuple(sum(1 << card for card in pile if card < TRAIN_CARDS) for pile in PILES)
"""``PILE_TRAINS[pid]``: the train cards a pile holds, as a mask of codes (those a move may carry)."""
EMPTY_TAKING = tuple(RAILWAY_PLACES if card < TRAIN_CARDS else CORNER_PLACES for card in range(NUM_CODES))
"""``EMPTY_TAKING[code]``: the places that take the code when empty (§6.2 A1, A2)."""
EMPTY_OFFERS = tuple(
    (TRAINS if empty & RAILWAY_PLACES else 0) | (CABOOSES if empty & CORNER_PLACES else 0)
    for empty in range(1 << NUM_PLACES)
)
"""``EMPTY_OFFERS[empty]``: the codes some place of a mask of empty places takes."""
CODES_LOW = tuple(tuple(bits(mask)) for mask in range(1 << 12))
CODES_HIGH = tuple(tuple(12 + code for code in bits(mask)) for mask in range(1 << NUM_CODES - 12))
"""A mask of codes as its codes, ascending: ``CODES_LOW[mask & 0xFFF] + CODES_HIGH[mask >> 12]``."""
PLACES_IN = tuple(tuple(bits(mask)) for mask in range(1 << NUM_PLACES))
"""``PLACES_IN[mask]``: a mask of places as its places, ascending."""
TOUCHING = tuple(
    sum(1 << move_id(*move) for move in MOVE_OF if place in (move[0], move[2]))
    + sum(1 << relocate_id(*relocation) for relocation in RELOCATE_OF if place in relocation)
    for place in range(NUM_PLACES)
)
"""``TOUCHING[place]``: the move and relocate ids from or onto that place, as a mask."""
UNTOUCHED = tuple(~touching for touching in TOUCHING)
"""``UNTOUCHED[place]``: every bit but ``TOUCHING[place]``'s (so that no mask is inverted on the hot path)."""
CODE_PLAY_IDS = tuple(
    tuple(tuple(PLAY_BASE + card * NUM_PLACES + place for place in bits(places)) for places in range(256))
    for card in range(NUM_CODES)
)
CODE_PLAY_IDS_END = tuple(tuple((*ids, END_ACTION) for ids in code_ids) for code_ids in CODE_PLAY_IDS)
"""``CODE_PLAY_IDS[code][places]``: the ids of the plays of a code onto a mask of places;
``CODE_PLAY_IDS_END``: the same followed by ``end``."""


@lru_cache(maxsize=1 << 14)
def move_list(moves: int) -> tuple[int, ...]:
    """The action ids of a mask of moves and relocations, ascending (kept: the same few sets of moves
    come back again and again)."""
    ids = []
    while moves:
        low = moves & -moves
        ids.append(low.bit_length() - 1)
        moves ^= low
    return tuple(ids)


# -- hands as lists (for observations and resample, which search runs at every iteration) ----------

HELD_CODES_LOW = tuple(tuple(CODES[card] for card in bits(held)) for held in range(1 << 12))
HELD_CODES_HIGH = tuple(tuple(CODES[12 + card] for card in bits(held)) for held in range(1 << NUM_CODES - 12))
"""A mask of codes as its codes, one of each, in code order: ``HELD_CODES_LOW[held & 0xFFF] +
HELD_CODES_HIGH[held >> 12]`` (a hand that holds no code twice)."""
CARD_COPIES = tuple(
    tuple((card,) * count for count in range(PACKS[True].count(card) + 1)) for card in range(NUM_CODES)
)
CODE_COPIES = tuple(
    tuple((CODES[card],) * len(copies) for copies in CARD_COPIES[card]) for card in range(NUM_CODES)
)
"""``CARD_COPIES[card][count]``: that many copies of a card id (``CODE_COPIES``: of its code); a hand
with copies is their sum."""
