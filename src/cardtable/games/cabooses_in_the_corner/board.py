"""Cabooses in the Corner's data: the cards, the eight places, the 108 piles §5 allows, the action ids,
and the look-up tables built from them once, at import, from the definitions of §5 and §6.2.

Everything here is a constant: the rules (``rules.py``) and the state (``state.py``) become table
look-ups, and the state keeps the board as bits (``_board``) that two of these tables update as piles
change (see "the board as bits" below).
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
EMPTY_ACCEPTS = (TRAINS,) * 4 + (CABOOSES,) * 4
"""What an empty place takes: any train card on a railway, a caboose in a corner."""
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
PILE_LEN = tuple(map(len, PILES))
PILE_CODES = tuple(tuple(CODES[card] for card in pile) for pile in PILES)
"""``PILE_CODES[pid]``: the pile's codes, bottom to top (for observations)."""
CABOOSE_BASED = tuple(bool(pile) and pile[0] >= TRAIN_CARDS for pile in PILES)
"""Piles that a RELOCATE may carry (§6.2 A4): their bottom card is ``P8`` or ``OB``."""
PLACE_TAKES = tuple(
    tuple(ACCEPTS[pile[-1]] if pile else EMPTY_ACCEPTS[place] for pile in PILES)
    for place in range(NUM_PLACES)
)
"""``PLACE_TAKES[place][pid]``: the mask of codes that may be played there (§6.2 A1, A2)."""
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

# -- the board as bits -------------------------------------------------------------------------------
# The state keeps what the board allows and holds in one integer, ``_board``, changed by two table
# look-ups whenever a pile changes: a hand's plays are then one ``&`` away, and one more ``&`` tells
# whether the change may have made or unmade a move, so the board's moves are looked for only then.

WANTS_BASE = PLAY_BASE + NUM_CODES * NUM_PLACES
"""Bit ``WANTS_BASE + code * 8 + place``: the pile there, not empty, takes that code (a move may end
there)."""
HOLDS_BASE = WANTS_BASE + NUM_CODES * NUM_PLACES
"""Bit ``HOLDS_BASE + code * 8 + railway``: that railway holds that train card (a move may start there)."""


def _board_bits(place: int, pile: int) -> int:
    """A pile's part of ``_board``: the plays onto it (bits at their action ids), what it takes, and
    on a railway, the train cards it holds."""
    cards = PILES[pile]
    found = sum(1 << PLAY_BASE + card * NUM_PLACES + place for card in bits(PLACE_TAKES[place][pile]))
    if cards:
        found += sum(1 << WANTS_BASE + card * NUM_PLACES + place for card in bits(ACCEPTS[cards[-1]]))
    if place in RAILWAYS:
        found += sum(1 << HOLDS_BASE + card * NUM_PLACES + place for card in cards if card < TRAIN_CARDS)
    return found


def _move_signs(place: int, pile: int) -> int:
    """The bits of ``_board`` that, with this pile at this place, may make a move from or onto it: a
    railway holding a card its top takes; for a railway, a pile taking one of its cards."""
    cards = PILES[pile]
    signs = 0
    if cards:
        takes = bits(ACCEPTS[cards[-1]])
        signs += sum(1 << HOLDS_BASE + card * NUM_PLACES + x for card in takes for x in RAILWAYS)
    if place in RAILWAYS:
        held = [card for card in cards if card < TRAIN_CARDS]
        signs += sum(1 << WANTS_BASE + card * NUM_PLACES + y for card in held for y in range(NUM_PLACES))
    return signs


BOARD_BITS = tuple(
    tuple(_board_bits(place, pile) for pile in range(len(PILES))) for place in range(NUM_PLACES)
)
"""``BOARD_BITS[place][pid]``: that pile's part of ``_board`` (the board is the sum over its places)."""
MOVE_SIGNS = tuple(
    tuple(_move_signs(place, pile) for pile in range(len(PILES))) for place in range(NUM_PLACES)
)
"""``MOVE_SIGNS[place][pid]``: the ``_board`` bits that may make a move with that pile at that place."""
TOUCHING = tuple(
    sum(1 << move_id(*move) for move in MOVE_OF if place in (move[0], move[2]))
    + sum(1 << relocate_id(*relocation) for relocation in RELOCATE_OF if place in relocation)
    for place in range(NUM_PLACES)
)
"""``TOUCHING[place]``: the move and relocate ids from or onto that place, as a mask."""
UNTOUCHED = tuple(~touching for touching in TOUCHING)
"""``UNTOUCHED[place]``: every bit but ``TOUCHING[place]``'s (so that no mask is inverted on the hot path)."""
CODE_PLAYS = tuple(((1 << NUM_PLACES) - 1) << (PLAY_BASE + card * NUM_PLACES) for card in range(NUM_CODES))
HAND_PLAYS_LOW = tuple(sum(CODE_PLAYS[card] for card in bits(hand)) for hand in range(1 << 12))
HAND_PLAYS_HIGH = tuple(
    sum(CODE_PLAYS[12 + card] for card in bits(hand)) for hand in range(1 << NUM_CODES - 12)
)
"""A hand's plays onto any place, as bits at their action ids: ``HAND_PLAYS_LOW[hand & 0xFFF] |
HAND_PLAYS_HIGH[hand >> 12]`` for a mask of codes (``_board`` keeps those the board allows)."""


def hand_plays(hand: int) -> int:
    """A hand's plays onto any place, as bits at their action ids (``hand``: a mask of codes)."""
    return HAND_PLAYS_LOW[hand & 0xFFF] | HAND_PLAYS_HIGH[hand >> 12]


CODE_PLAY_IDS = tuple(
    tuple(tuple(PLAY_BASE + card * NUM_PLACES + place for place in bits(places)) for places in range(256))
    for card in range(NUM_CODES)
)
"""``CODE_PLAY_IDS[code][places]``: the ids of the plays of a code onto a mask of places."""
CODE_SHIFT = tuple(PLAY_BASE + card * NUM_PLACES for card in range(NUM_CODES))
"""``CODE_SHIFT[code]``: the id of the play of that code onto N, its first."""
BELOW_CODE = tuple((1 << shift) - 1 for shift in CODE_SHIFT)
TOP_PLAY_CODE = (0, *((length - 1 - PLAY_BASE) // NUM_PLACES for length in range(1, MOVE_BASE + 1)))
"""``TOP_PLAY_CODE[plays.bit_length()]``: the code of the highest play in a mask of plays."""


def play_ids(plays: int) -> tuple[int, ...]:
    """The action ids of a mask of plays, ascending: one code's plays at a time, from the highest."""
    ids: tuple[int, ...] = ()
    while plays:
        card = TOP_PLAY_CODE[plays.bit_length()]
        ids = CODE_PLAY_IDS[card][plays >> CODE_SHIFT[card]] + ids
        plays &= BELOW_CODE[card]
    return ids


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
