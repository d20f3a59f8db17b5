"""Cabooses in the Corner: 2–6 players shed cards onto four railways and four corners around a depot.

Rules: ``docs/rules/cabooses-in-the-corner.md``; records and notation: ``docs/records.md``
(``play C X``, ``move X K Y``, ``relocate X C``, ``end``). Piles build down by one in one colour; a purple
caboose (``P8``) starts a corner and takes a 7 of any colour; a complete corner train (``P8`` then 7..1)
departs at once. Every turn starts with a draw; a player with no play reachable (``can_play``: a search
over move sequences) draws until one is, and when the depot is empty too the game ends in a stalemate
that the player with the most cards loses. The first player to empty their hand wins.

Decisions (where the spec leaves a choice to the engine, or is unclear):
- Card ids are ``colour * 7 + number - 1`` for the train cards (colours B R W), then ``P8`` = 21 and
  ``OB`` = 22, so "top ``t`` takes ``c``" is ``t == c + 1`` for two cards of one colour. Hands are counts per
  code (identical copies share a code) plus a mask of the codes held. A pile is one of the 108 piles §5
  allows (an id into ``PILES``), so plays, moves and departures are table look-ups built at import from
  the definitions of §5 and §6.2.
- Action ids: ``play C X`` is ``PLAY_BASE + code * 8 + place`` (every code on every place, 184 ids);
  ``move X K Y`` is ``MOVE_BASE + (X * 8 + K - 1) * 7 + Y'`` for the 4 railways, K 1..8 and the 7 other
  places (``Y'`` = Y's index among the places other than X); ``relocate X C`` has an id for every railway
  and every corner (16 ids), so ``relocate N SE`` is a move that is refused ("not adjacent") rather than
  bad notation; ``end`` is last. Corners are never a move source and a pile never moves onto itself, so
  ``move NE 1 N`` and ``move N 1 N`` are refused as notation (InvalidNotation says why).
- ``can_play`` (§6.3) compares what the board offers (a bit per top card, plus "a railway is empty" and
  "a corner is empty") with what the hand wants (the tops that take one of its cards). The union of the
  offers over every board reachable by moves and relocations (§6.3's DFS with a visited set, run to
  completion) is memoised per board, as it does not depend on the hand: forced draws on one board, and
  boards met again, cost a look-up. The state asks the same question more cheaply first: a play at hand
  is one ``&`` of the bits it keeps (see ``CaboosesState``), and a board with no move or relocation offers
  nothing more, so the search runs only when there is neither a play nor a move.
- Forced draws are checked at the turn start and after every MOVE/RELOCATE taken while nothing has been
  played this turn (§6.2), one card at a time; they, the turn-start draw and departures are not record
  events (``docs/records.md``). The observation's ``drawn`` counts the cards the seat to act drew this turn
  (public, §8). §10 ex. 20 counts the depot before the first player's turn-start draw: the observation
  after set-up shows it after that draw (``depot + drawn`` is the spec's figure).
- The forced draws of the very first turn may, in theory, empty the depot: the game then ends in a
  stalemate before any move, like any other turn.
- A stalemate or draw ends the game with ``winners`` empty, so ``returns()`` is 0.0 for every seat (§7:
  the rulebook names no winner).
- ``resample`` redeals the depot and the other hands from the cards they hold together, keeping the
  sizes. It ignores the hint a forced draw gives (the drawer held no reachable play before each extra
  draw): weak, and costly to honour.
- Observations show the public ``flips`` (the four setup cards, which later plays may cover or moves
  carry away) and, once the game is over, the display ``ranking`` of §7.

>>> import cardtable
>>> state = cardtable.make("cabooses-in-the-corner", players=3, first_dealer=2).new_game(seed=4)
>>> state.current_player(), state.observation(None)["depot"] + state.observation(None)["drawn"]
(0, 47)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache, partial
from operator import getitem as _item
from operator import itemgetter
from typing import ClassVar

from ..core.cards import CARD_BITS, bits
from ..core.errors import InvalidNotation
from ..core.events import check_deal
from ..core.game import Game, JsonDict, State, Verb
from ..core.hidden import deal_hidden
from ..core.options import Option
from ..core.registry import register
from ..core.tricks import shuffled

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


# -- the rules on a bare board (pure functions, shared by the state, can_play and tests) ---------


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


# -- the state --------------------------------------------------------------------------------------


class CaboosesState(State):
    """A game of Cabooses in the Corner in play.

    Random play and search spend their time here, so the legal actions are read off integers kept up
    to date as cards move rather than found by walking the board: ``_board`` (see "the board as
    bits"), ``_hand`` (the plays of the seat to act, onto any board) and ``_moves``, the board's moves
    and relocations, looked for again only around a changed pile that had one or may now have one
    (``TOUCHING``, ``MOVE_SIGNS``).
    """

    _verbs = (
        Verb("play", PLAY_BASE, MOVE_BASE - PLAY_BASE),
        Verb("move", MOVE_BASE, RELOCATE_BASE - MOVE_BASE),
        Verb("relocate", RELOCATE_BASE, END_ACTION - RELOCATE_BASE),
        Verb("end", END_ACTION, 1),
    )
    _copy_fields: ClassVar[tuple[str, ...]] = ("_present", "_piles", "_first_turn", "_depot")
    _copy_nested: ClassVar[tuple[str, ...]] = ("_counts",)

    _counts: list[list[int]]
    """``_counts[seat][code]``: how many copies of a code a seat holds."""
    _present: list[int]
    """Per seat, the mask of codes it holds at least once."""
    _hand: int
    """The plays the seat to act may make onto any board, as bits at their action ids: those of the
    codes it holds (``hand_plays``), none once it has played the one card of a first turn."""
    _piles: list[int]
    """The id (in ``PILES``) of the pile at each place."""
    _board: int
    """The sum of ``BOARD_BITS`` over the places: the plays the board allows to any card (bits at their
    action ids), what each pile takes and what each railway holds."""
    _moves: int
    """The moves and relocations the board allows, as bits at their action ids."""
    _first_turn: list[bool]
    _depot: list[int]
    """The depot, bottom first: a draw pops its top card off the end."""
    _played: int
    _drawn: int
    _outcome: str | None = None
    _losers: Sequence[int] = ()
    _departed: tuple[Pile, ...] = ()

    def _setup(self) -> None:
        n = self.game.players
        self._deal(self.game.seat_option("first_dealer"))
        self._first_turn = [True] * n
        self._start_turn((self._dealer + 1) % n)

    def _deal(self, dealer: int | None) -> None:
        """§4: deal 7 each one at a time from the dealer's left, flip four onto N E S W, the rest is
        the depot."""
        n = self.game.players
        broken = bool(self.game.options["broken_cabooses"])
        pack = PACKS[broken]

        def draw(rng: random.Random) -> tuple[JsonDict, tuple[int, list[int]]]:
            first = dealer if dealer is not None else rng.randrange(n)
            deck = shuffled(rng, pack)
            # an itemgetter of 72 items: three times as fast as mapping CODES.__getitem__
            return {"dealer": first, "deck": [*itemgetter(*deck)(CODES)]}, (first, deck)

        def decode(deal: JsonDict) -> tuple[int, list[int]]:
            return deal["dealer"], list(map(CARD_IDS.__getitem__, deal["deck"]))

        codes = PACK_CODES[broken]
        check = partial(check_deal, role="dealer", seats=n, fixed=dealer, duty="deal this game", cards=codes)
        self._dealer, deck = self._chance("deal", draw, check, decode)
        dealt = 7 * n
        # one card at a time from the dealer's left: each seat gets every n-th card from its place
        hands = [hand_of(deck[(seat - self._dealer - 1) % n : dealt : n]) for seat in range(n)]
        self._counts = [counts for counts, _ in hands]
        self._present = [present for _, present in hands]
        self._flips = tuple(deck[dealt : dealt + 4])
        self._piles = [*(PILE_ID[(card,)] for card in self._flips), *[EMPTY] * len(CORNERS)]
        self._board = sum(map(_item, BOARD_BITS, self._piles))
        self._moves = self._all_moves()
        self._depot = deck[: dealt + 3 : -1]

    # -- the contract hooks -----------------------------------------------------------------------

    def _legal_actions(self) -> tuple[int, ...]:
        plays = self._board & self._hand
        # no play or one, as on most turns, without a call
        legal = play_ids(plays) if plays & (plays - 1) else (plays.bit_length() - 1,) if plays else ()
        if self._moves:
            legal += move_list(self._moves)
        return legal + END if self._played else legal

    def _result(self) -> JsonDict:
        return {
            "outcome": self._outcome,
            "winners": list(self._winners),
            "losers": list(self._losers),
            "hand_sizes": self._hand_sizes(),
        }

    def resample(self, seat: int | None, rng: random.Random) -> CaboosesState:
        """The depot and every other hand redealt at random from the cards they hold together, with
        their sizes kept; nothing else is known about them."""
        world = self._world_copy(rng)
        assert isinstance(world, CaboosesState)
        n = self.game.players
        others = [s for s in range(n) if s != seat]
        hidden = self._depot[:]
        for other in others:
            for card, count in enumerate(self._counts[other]):
                hidden += [card] * count
        hidden.sort()  # the same cards in the same order whatever their real places: the world then
        # depends only on what the seat has seen and on ``rng`` (bots must not read hidden cards)
        depot_size = len(self._depot)
        sizes = self._hand_sizes()
        shares = deal_hidden(rng, hidden, [*(sizes[s] for s in others), depot_size])
        for other, cards in zip(others, shares[:-1], strict=True):
            world._counts[other], world._present[other] = hand_of(cards)
        depot = shares[-1]
        rng.shuffle(depot)
        world._depot = depot[::-1]  # its first card on top
        world._set_hand()  # the hand to act may have changed
        world._legal = None
        return world

    # -- the moves: each verb's rule, and the reason it is refused (checked against _legal_actions) --

    def _why_not_play(self, seat: int, arg: int) -> str | None:
        card, place = PLAY_OF[arg]
        code, where = CODES[card], PLACES[place]
        refuse = f"seat {seat} cannot play {code} {where}:"
        if not self._counts[seat][card]:
            return f"{refuse} {code} is not in their hand"
        if self._played and self._first_turn[seat]:
            return f"{refuse} on a player's first turn only one card may be played"
        pile = PILES[self._piles[place]]
        if card >= TRAIN_CARDS:
            if place < CORNERS.start:
                return f"{refuse} a caboose goes only into an empty corner"
            if pile:
                return f"{refuse} {where} is not empty (a caboose starts an empty corner)"
            return None
        if not pile:
            if place >= CORNERS.start:
                return f"{refuse} only a caboose (P8 or OB) starts a corner"
            return None
        top = pile[-1]
        if ACCEPTS[top] >> card & 1:
            return None
        return f"{refuse} {code} does not fit on {CODES[top]} ({_takes(top)})"

    def _play(self, seat: int, arg: int) -> None:
        card, place = PLAY_OF[arg]
        counts = self._counts[seat]
        left = counts[card] - 1
        counts[card] = left
        if not left:
            self._present[seat] ^= 1 << card
            self._hand ^= CODE_PLAYS[card]
        old = self._piles[place]
        pile = AFTER_PLAY[arg][old]
        self._set_pile(place, pile)
        if pile == EMPTY:  # the card completed a corner's train, which departs (§6.4)
            self._depart(place, PILES[old] + (card,))
        self._played += 1
        if self._first_turn[seat]:
            self._hand = 0  # one card only on a first turn
        if not left and not self._present[seat]:  # only a code's last copy may empty a hand
            self._game_over("win", winners=[seat], losers=[])

    def _why_not_move(self, seat: int, arg: int) -> str | None:
        x, k, y = MOVE_OF[arg]
        source, target = PILES[self._piles[x]], PILES[self._piles[y]]
        refuse = f"seat {seat} cannot move {PLACES[x]} {k} {PLACES[y]}:"
        if len(source) < k:
            held = f"holds only {len(source)} card{'s' * (len(source) != 1)}" if source else "is empty"
            return f"{refuse} {PLACES[x]} {held}"
        bottom = source[len(source) - k]
        if bottom >= TRAIN_CARDS:
            return f"{refuse} it would move the caboose {CODES[bottom]}, and only train cards move"
        if not target:
            return f"{refuse} {PLACES[y]} is empty (cards move only onto a pile they fit)"
        top = target[-1]
        if not ACCEPTS[top] >> bottom & 1:
            return f"{refuse} {CODES[bottom]} does not fit on {CODES[top]} ({_takes(top)})"
        if len(target) + k <= len(source):
            return (
                f"{refuse} a move must make a longer train ({PLACES[y]} would hold {len(target) + k} cards,"
                f" not more than the {len(source)} of {PLACES[x]})"
            )
        return None

    def _move(self, seat: int, arg: int) -> None:
        x, _, y = MOVE_OF[arg]
        _, rest, joined = MOVE_FITS[self._piles[x]][self._piles[y]]
        self._set_pile(x, rest)
        self._put(y, joined)
        if not self._played and not self._board & self._hand and not self._reachable(seat):
            self._forced_draws(seat)

    def _why_not_relocate(self, seat: int, arg: int) -> str | None:
        x, corner = RELOCATE_OF[arg]
        source = PILES[self._piles[x]]
        refuse = f"seat {seat} cannot relocate {PLACES[x]} {PLACES[corner]}:"
        if corner not in ADJACENT[x]:
            nearby = " or ".join(PLACES[c] for c in ADJACENT[x])
            return (
                f"{refuse} {PLACES[corner]} is not next to {PLACES[x]} (a pile moves one step, to {nearby})"
            )
        if not source:
            return f"{refuse} {PLACES[x]} is empty"
        if source[0] < TRAIN_CARDS:
            return f"{refuse} {PLACES[x]} does not start with a caboose"
        if self._piles[corner] != EMPTY:
            return f"{refuse} {PLACES[corner]} is not empty"
        return None

    def _relocate(self, seat: int, arg: int) -> None:
        x, corner = RELOCATE_OF[arg]
        source = self._piles[x]
        self._set_pile(x, EMPTY)
        self._put(corner, source)
        if not self._played and not self._board & self._hand and not self._reachable(seat):
            self._forced_draws(seat)

    def _why_not_end(self, seat: int, arg: int) -> str | None:
        if not self._played:
            return f"seat {seat} cannot end the turn: they must play at least one card first"
        return None

    def _end(self, seat: int, arg: int) -> None:
        self._first_turn[seat] = False
        self._start_turn((seat + 1) % self.game.players)

    # -- turns and hands --------------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        """§6.1: the mandatory draw while the depot has cards, then the forced draws."""
        self._to_act = seat
        self._played = 0
        self._drawn = 0
        hand = self._present[seat]
        self._hand = HAND_PLAYS_LOW[hand & 0xFFF] | HAND_PLAYS_HIGH[hand >> 12]
        if self._depot:
            self._draw(seat)
        if not self._board & self._hand and not self._reachable(seat):
            self._forced_draws(seat)

    def _reachable(self, seat: int) -> bool:
        """§6.3 when no play is at hand: is one reachable after moves and relocations (as in
        ``can_play``)? A board with none of those offers no other play: no search then."""
        return bool(self._moves) and bool(
            reachable_tops(tuple(self._piles)) & hand_wants(self._present[seat])
        )

    def _forced_draws(self, seat: int) -> None:
        """§6.3, no play being reachable: draw one card at a time until one is; with the depot empty,
        the game ends in a stalemate (§7)."""
        while self._depot:
            self._draw(seat)
            if self._board & self._hand or self._reachable(seat):
                return
        outcome, losers = result_of_stalemate(self._hand_sizes())
        self._game_over(outcome, winners=[], losers=losers)

    def _draw(self, seat: int) -> None:
        """The depot's top card into the hand of the seat to act."""
        card = self._depot.pop()
        self._drawn += 1
        self._counts[seat][card] += 1
        self._present[seat] |= 1 << card
        self._hand |= CODE_PLAYS[card]

    def _set_hand(self) -> None:
        """``_hand`` from the hand of the seat to act."""
        seat = self._to_act
        if seat is None or (self._played and self._first_turn[seat]):
            self._hand = 0
        else:
            self._hand = hand_plays(self._present[seat])

    def _hand_sizes(self) -> list[int]:
        return list(map(sum, self._counts))

    # -- read-only accessors (for the vector environment's tracker) ---------------------------------

    def hand_counts(self, seat: int) -> list[int]:
        """A copy of ``seat``'s hand as copies per code: the cards a seat drew (the turn's draw and the
        forced draws, which are not record events) are found by comparing it with the hand before,
        without building the seat's observation."""
        return self._counts[seat][:]

    def pile_ids(self) -> tuple[int, ...]:
        """The id in ``PILES`` of the pile at each place, in ``PLACES`` order: the observation's public
        ``piles`` without building them, so a tracker reads what a move left (departures included)."""
        return tuple(self._piles)

    # -- the board --------------------------------------------------------------------------------

    def _set_pile(self, place: int, pile: int) -> None:
        """Change the pile at a place, ``_board`` with it, and ``_moves`` when a move from or onto the
        place was legal or may be now (no other move depends on this pile)."""
        piles = self._piles
        board = self._board - BOARD_BITS[place][piles[place]] + BOARD_BITS[place][pile]
        piles[place] = pile
        self._board = board
        signs = board & MOVE_SIGNS[place][pile]
        if signs or self._moves & TOUCHING[place]:
            self._moves = self._moves & UNTOUCHED[place] | self._moves_at(place, pile, signs)

    def _all_moves(self) -> int:
        """Every legal move and relocation, for a board laid out anew (the deal): those from or onto
        each railway (``_moves_at``), as every move and relocation starts on one."""
        piles, board, found = self._piles, self._board, 0
        for railway in RAILWAYS:
            pile = piles[railway]
            found |= self._moves_at(railway, pile, board & MOVE_SIGNS[railway][pile])
        return found

    def _moves_at(self, place: int, pile: int, signs: int) -> int:
        """The legal moves and relocations from or onto ``place``, now holding ``pile``, given the
        ``_board`` bits of ``MOVE_SIGNS`` found there (each names the other pile of a possible move)."""
        piles = self._piles
        found = 0
        while signs:
            low = signs & -signs
            signs ^= low
            bit = low.bit_length() - 1
            if bit >= HOLDS_BASE:  # a railway holds a card this pile takes
                other = bit % NUM_PLACES  # both bases are multiples of NUM_PLACES
                fit = MOVE_FITS[piles[other]].get(pile)
                if fit is not None:
                    found |= MOVE_BITS[other][place][fit[0]]
            else:  # this railway holds a card the other pile takes
                other = bit % NUM_PLACES
                fit = MOVE_FITS[pile].get(piles[other])
                if fit is not None:
                    found |= MOVE_BITS[place][other][fit[0]]
        if place in RAILWAYS and CABOOSE_BASED[pile]:
            for corner in ADJACENT[place]:
                if piles[corner] == EMPTY:
                    found |= 1 << relocate_id(place, corner)
        return found

    def _put(self, place: int, pile: int) -> None:
        """Set a pile after cards were moved onto it; a completed corner train departs (§6.4)."""
        left = ARRIVING[place][pile]
        self._set_pile(place, left)
        if left != pile:
            self._depart(place, PILES[pile])

    def _depart(self, corner: int, train: Pile) -> None:
        """A whole train leaves its corner, which is free again (``_set_pile`` has emptied it): the
        relocations into it are the only moves that opens, as no move ends on an empty pile."""
        self._departed += (train,)
        for railway, relocation in RELOCATIONS_INTO[corner]:
            if CABOOSE_BASED[self._piles[railway]]:
                self._moves |= relocation

    def _game_over(self, outcome: str, winners: list[int], losers: list[int]) -> None:
        self._outcome = outcome
        self._losers = losers
        self._finish(winners)

    # -- observation ------------------------------------------------------------------------------

    def observation(self, seat: int | None) -> JsonDict:
        """The public table (every pile in full, departed trains, counts) plus, for a seat, its hand."""
        n = self.game.players
        hand = None
        if seat is not None:
            hand = [CODES[card] for card, count in enumerate(self._counts[seat]) for _ in range(count)]
        sizes = self._hand_sizes()
        return {
            "game": self.game.name,
            "seat": seat,
            "players": n,
            "to_act": self._to_act,
            "dealer": self._dealer,
            "hand": hand,
            "hand_sizes": sizes,
            "depot": len(self._depot),
            "piles": {PLACES[place]: [CODES[c] for c in PILES[pid]] for place, pid in enumerate(self._piles)},
            "flips": [CODES[card] for card in self._flips],
            "departed": [[CODES[c] for c in train] for train in self._departed],
            "first_turn": list(self._first_turn),
            "played": self._played,
            "drawn": self._drawn,
            "over": self._over,
            "outcome": self._outcome,
            "winners": list(self._winners),
            "losers": list(self._losers),
            "ranking": ranking(sizes) if self._over else None,
        }


def _takes(top: int) -> str:
    """What a top card takes, in words, for reasons."""
    if top == P8:
        return "P8 takes a 7 of any colour"
    if top == OB or NUMBER[top] == 1:
        return f"nothing goes on {CODES[top]}"
    return f"{CODES[top]} takes only {CODES[top - 1]}"


# -- notation ---------------------------------------------------------------------------------------

PLACE_LIST = " ".join(PLACES)
K_WORDS = {str(k): k for k in range(1, MAX_K + 1)}


def _card(text: str, move: str) -> int:
    card = CARD_IDS.get(text.upper())
    if card is None:
        raise InvalidNotation(f"{move!r}: {text!r} is not a card (B1-B7, R1-R7, W1-W7, P8, OB)")
    return card


def _place(text: str, move: str) -> int:
    place = PLACE_IDS.get(text.upper())
    if place is None:
        raise InvalidNotation(f"{move!r}: {text!r} is not a place ({PLACE_LIST})")
    return place


def action_text(action: int) -> str:
    """The notation of ``docs/records.md`` for an action id."""
    if action < MOVE_BASE:
        card, place = divmod(action - PLAY_BASE, NUM_PLACES)
        return f"play {CODES[card]} {PLACES[place]}"
    if action < RELOCATE_BASE:
        x, k, y = MOVE_OF[action - MOVE_BASE]
        return f"move {PLACES[x]} {k} {PLACES[y]}"
    if action < END_ACTION:
        railway, corner = divmod(action - RELOCATE_BASE, len(CORNERS))
        return f"relocate {PLACES[railway]} {PLACES[corner + CORNERS.start]}"
    return "end"


def parse_action(text: str) -> int:
    """The id of a move written as ``docs/records.md`` says (any case); raises InvalidNotation."""
    words = text.split() if isinstance(text, str) else []
    verb = words[0].lower() if words else ""
    match verb, words[1:]:
        case "play", [card, place]:
            return PLAY_BASE + _card(card, text) * NUM_PLACES + _place(place, text)
        case "move", [source, count, target]:
            x, y = _place(source, text), _place(target, text)
            if x >= CORNERS.start:
                raise InvalidNotation(f"{text!r}: only a railway (N E S W) is a move source, never a corner")
            if count not in K_WORDS:
                raise InvalidNotation(f"{text!r}: K is the number of cards to move, 1 to {MAX_K}")
            if x == y:
                raise InvalidNotation(f"{text!r}: a pile cannot move onto itself")
            return move_id(x, K_WORDS[count], y)
        case "relocate", [source, target]:
            x, corner = _place(source, text), _place(target, text)
            if x >= CORNERS.start or corner < CORNERS.start:
                raise InvalidNotation(
                    f"{text!r}: relocate names a railway then a corner, e.g. 'relocate N NE'"
                )
            return relocate_id(x, corner)
        case "end", []:
            return END_ACTION
    raise InvalidNotation(
        f"{text!r} is not a move: write 'play C X', 'move X K Y', 'relocate X C' or 'end'"
        " (e.g. 'play R4 N', 'move E 2 N', 'relocate N NE')"
    )


# -- registration -----------------------------------------------------------------------------------


@register
class CaboosesInTheCorner(Game):
    """Cabooses in the Corner for 2–6 players (see the module docstring)."""

    name = "cabooses-in-the-corner"
    option_specs = (
        Option(name="players", default=4, choices=(2, 3, 4, 5, 6), help="number of players"),
        Option(
            name="broken_cabooses",
            default=True,
            kind=bool,
            help="include the two orange broken cabooses (OB)",
        ),
        Option(name="first_dealer", default=None, seat=True, help="who deals (null: random)"),
    )
    state_class = CaboosesState
    num_actions = NUM_ACTIONS

    def max_game_length(self) -> int:
        """A bound from the rules, as moves are not limited: each card is played at most once, and a
        turn ends only after a play (``end`` at most once per card); a ``relocate`` takes away one of
        the four flips' cabooses. A move of K cards from a pile of A onto one of B needs B + K > A, so
        it raises the sum of the squared pile lengths by 2K(B + K - A) >= 2. That sum is at most 8
        places x 8**2, and only a departing corner train (one per ``P8``) lowers it, by at most 8**2: so
        at most (8 * 64 + 64 * P8s) / 2 moves in a game."""
        pack = pack_for(bool(self.options["broken_cabooses"]))
        square = TRAIN_LENGTH**2
        moves = (NUM_PLACES * square + pack.count(P8) * square) // 2
        return 2 * len(pack) + len(RAILWAYS) + moves

    def action_to_string(self, action: int) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> int:
        return parse_action(text)
