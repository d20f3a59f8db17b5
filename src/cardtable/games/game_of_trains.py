"""Game of Trains: 2–4 players each turn a descending line of 7 railcars into an ascending one.

Rules: ``docs/rules/game-of-trains.md``; records and notation: ``docs/records.md``. A turn is one
action: ``draw`` a hidden card and ``place`` it in one's own train (the car it replaces goes to the
face-up market), or ``use`` a market card's ability. The first train that reads strictly ascending
from the locomotive wins at once, checked from the seat to act clockwise.

Decisions (where the spec leaves a choice to the engine, or reads unclearly):
- Table A (number → ability) is the spec's unverified table (its Ambiguity 2), kept as the one data
  table ``RAILCARS`` below: replace its rows and everything else follows.
- Action ids: ``place C P`` at ``PLACE_BASE``, ``draw`` at ``DRAW``, ``use C`` at ``USE_BASE`` and
  ``use C P`` at ``USE_AT_BASE`` (C = 1..84, P = 1..7). Every card has both ``use`` forms, so an id
  always means the same text; ``use C`` of a positional ability and ``use C P`` of a removal are
  well-formed notation that is never legal, and the reason says which form the card takes.
- A protect card is public (it was face up in the market and is used openly): observations show it
  under its car. Protection ends for every car a swap or move puts in another place (both cars of a
  swap, all three cars of a two-place move), as the spec's "changes position for any reason" says.
- A removal is legal even when every car at its position is protected: the card is spent for nothing.
- Only trains that changed in an action can have become ascending (no train is ever ascending between
  actions, and the spec shows none can be after setup), so the win check looks at those, in the spec's
  order: the seat to act, then clockwise. This is the same result as checking every train.
- The duplicate rule "applies at all times", so also to the cars replaced in setup.
- Setup discards go to the discard pile in the order drawn; their order is never seen. The market has
  no order either (one card per ability at most): observations list it by card number.
- A removal's replacement draws reshuffle the discard pile the moment one of them finds the draw pile
  empty, so the ``shuffle`` event can stand between two seats' replacements (as docs/records.md says).
- Hidden information follows the spec's "Information" section literally: observations show the sizes
  of the draw and discard piles, never their contents, not even the cards everyone saw go face up into
  the discard pile (a player with a perfect memory knows more than the observation says). A seat's own
  setup draws stay in its observation until it places one; the ones it discarded stay listed while they
  are in the discard pile, that is until it is first shuffled into a new draw pile.
- ``resample`` redraws every card the seat cannot know: the draw pile (contents and order), the discard
  pile except the seat's own setup discards, the other seats' setup draws and setup discards, and
  another seat's drawn card. Counts and everything public stay as they are.
- ``turn_limit`` counts completed turns (``draw`` + ``place``, or one ``use``) after setup; the game ends
  with no winner once that many are over (a win on the last turn stands), and ``is_truncated()`` says
  the limit, not the rules, ended it. The observation's ``turn`` is the number of completed turns.
- Nothing may be taken back within a turn (``State.turn_start`` keeps its default): the one turn of two
  steps begins with ``draw``, which shows the drawer a hidden card, and ``place`` then ends it.
- What happened (``State.tell``): a move's fact says the card placed and the car it replaced, or the
  market card used and what its ability did; a drawn card is a ``secret`` of its drawer. A finished
  game adds a ``trains`` fact with every train as it ends (every train is public, rules §7).

>>> import cardtable
>>> state = cardtable.make("game-of-trains", players=2, first_player=0).new_game(seed=1)
>>> state.observation(None)["phase"], state.current_player(), len(state.legal_actions())
('setup', 0, 7)
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import IntEnum
from functools import partial
from itertools import product
from operator import is_, itemgetter
from typing import Any, ClassVar, NamedTuple

from ..core.cards import Pack
from ..core.errors import InvalidNotation
from ..core.events import check_deal
from ..core.game import Game, JsonDict, State, Verb
from ..core.hidden import deal_hidden
from ..core.options import Option
from ..core.reasons import Reason, SeatNo, reason
from ..core.registry import register
from ..core.story import Fact
from ..core.tricks import shuffled

# -- the cards -----------------------------------------------------------------------------------------


class Ability(IntEnum):
    """The eight railcar abilities, named as in the spec."""

    MOVE_R2 = 0
    PROTECT = 1
    MOVE_L2 = 2
    SWAP_ADJ = 3
    REMOVE_MIDDLE = 4
    REMOVE_LAST = 5
    REMOVE_FIRST = 6
    SWAP_GAP1 = 7


RAILCARS: dict[Ability, tuple[int, ...]] = {
    # Table A of rules/game-of-trains.md: the one place that says which number carries which ability.
    Ability.MOVE_R2: (1, 9, 17, 25, 33, 41, 50, 58, 59, 68, 77),
    Ability.PROTECT: (2, 10, 18, 26, 34, 42, 51, 60, 69, 78),
    Ability.MOVE_L2: (3, 11, 19, 27, 35, 43, 52, 61, 70, 76, 79),
    Ability.SWAP_ADJ: (4, 12, 20, 28, 36, 44, 53, 62, 71, 80),
    Ability.REMOVE_MIDDLE: (5, 13, 21, 29, 37, 45, 54, 63, 67, 72, 81),
    Ability.REMOVE_LAST: (6, 14, 22, 30, 38, 46, 55, 64, 73, 82),
    Ability.REMOVE_FIRST: (7, 15, 23, 31, 39, 47, 56, 65, 74, 83),
    Ability.SWAP_GAP1: (8, 16, 24, 32, 40, 48, 49, 57, 66, 75, 84),
}

CARDS = tuple(range(1, 85))
TRAIN_LENGTH = 7
POSITIONS = range(1, TRAIN_LENGTH + 1)


def ability_table(table: dict[Ability, tuple[int, ...]]) -> tuple[Ability, ...]:
    """The ability of each card number (index 0 unused); raises ValueError unless ``table`` gives every
    card exactly one ability."""
    numbers = sorted(card for cards in table.values() for card in cards)
    if numbers != list(CARDS):
        raise ValueError(
            f"the railcar table must give each of the numbers 1..84 exactly one ability: {numbers}"
        )
    ability_of = [Ability.MOVE_R2] * (len(CARDS) + 1)
    for ability, cards in table.items():
        for card in cards:
            ability_of[card] = ability
    return tuple(ability_of)


ABILITY_OF = ability_table(RAILCARS)

LEGAL_POSITIONS: dict[Ability, range] = {
    Ability.SWAP_ADJ: range(1, 7),
    Ability.SWAP_GAP1: range(1, 6),
    Ability.MOVE_R2: range(1, 6),
    Ability.MOVE_L2: range(3, 8),
    Ability.PROTECT: range(1, 8),
}
"""The positions ``p`` each positional ability accepts (the spec's ability table)."""

REMOVED_AT: dict[Ability, int] = {Ability.REMOVE_FIRST: 1, Ability.REMOVE_MIDDLE: 4, Ability.REMOVE_LAST: 7}
"""The position every train loses a car at, per removal ability."""


def _permutation(ability: Ability, p: int) -> tuple[int, ...]:
    """For a swap or move at position ``p``: the old index of the car at each new index (list semantics:
    take the car out, then insert it at the target index)."""
    order = list(range(TRAIN_LENGTH))
    i = p - 1
    if ability is Ability.SWAP_ADJ:
        order[i], order[i + 1] = order[i + 1], order[i]
    elif ability is Ability.SWAP_GAP1:
        order[i], order[i + 2] = order[i + 2], order[i]
    elif ability is Ability.MOVE_R2:
        order.insert(i + 2, order.pop(i))
    elif ability is Ability.MOVE_L2:
        order.insert(i - 2, order.pop(i))
    return tuple(order)


REARRANGEMENTS = {
    ability: {p: _permutation(ability, p) for p in LEGAL_POSITIONS[ability]}
    for ability in (Ability.SWAP_ADJ, Ability.SWAP_GAP1, Ability.MOVE_R2, Ability.MOVE_L2)
}


def rearranged(train: Sequence[int], ability: Ability, p: int) -> list[int]:
    """The train after a swap or move ability used at position ``p`` (1–7).

    Raises ValueError for an ability that moves no car or a position it does not accept.

    >>> rearranged([45, 30, 22, 17, 9, 5, 2], Ability.MOVE_R2, 2)
    [45, 22, 17, 30, 9, 5, 2]
    """
    order = REARRANGEMENTS.get(ability, {}).get(p)
    if order is None:
        raise ValueError(f"{ability.name} cannot be used at position {p}")
    return [train[i] for i in order]


def ability_effect(ability: Ability, train: Sequence[int], index: int | None) -> dict[str, Any] | None:
    """What a market card's ability does when used on ``train`` (its user's) at ``index`` (0-based; None
    for a removal), as a fact's arguments: the ``effect`` and its positions (1–7) and cars (codes). None
    when the ability cannot be used so (a removal given a position, a position the ability refuses).

    >>> ability_effect(Ability.MOVE_R2, [45, 30, 22, 17, 9, 5, 2], 1)
    {'effect': 'move', 'car': '30', 'from': 2, 'to': 4}
    >>> ability_effect(Ability.REMOVE_LAST, [45, 30, 22, 17, 9, 5, 2], None)
    {'effect': 'remove', 'position': 7}
    """
    if ability in REMOVED_AT:
        return {"effect": "remove", "position": REMOVED_AT[ability]} if index is None else None
    if index is None or index + 1 not in LEGAL_POSITIONS[ability]:
        return None
    car, p = CODES[train[index]], index + 1
    if ability is Ability.PROTECT:
        return {"effect": "protect", "car": car, "position": p}
    to = REARRANGEMENTS[ability][p].index(index) + 1  # where the car at p ends up
    if ability in (Ability.SWAP_ADJ, Ability.SWAP_GAP1):
        return {"effect": "swap", "positions": [p, to], "cars": [car, CODES[train[to - 1]]]}
    return {"effect": "move", "car": car, "from": p, "to": to}


def moved_positions(ability: Ability, p: int) -> tuple[int, ...]:
    """The positions (1–7) whose car changes place when ``ability`` is used at ``p`` (their protection
    ends)."""
    return tuple(i + 1 for i, old in enumerate(REARRANGEMENTS[ability][p]) if old != i)


# -- action ids ----------------------------------------------------------------------------------------

PLACE_BASE = 0
"""``place C P``: ``PLACE_BASE + (C - 1) * 7 + (P - 1)``."""
DRAW = PLACE_BASE + len(CARDS) * TRAIN_LENGTH
"""``draw``."""
USE_BASE = DRAW + 1
"""``use C`` (a removal): ``USE_BASE + C - 1``."""
USE_AT_BASE = USE_BASE + len(CARDS)
"""``use C P`` (a swap, move or protect): ``USE_AT_BASE + (C - 1) * 7 + (P - 1)``."""
NUM_ACTIONS = USE_AT_BASE + len(CARDS) * TRAIN_LENGTH


def place_id(card: int, p: int) -> int:
    return PLACE_BASE + (card - 1) * TRAIN_LENGTH + p - 1


def use_id(card: int, p: int | None = None) -> int:
    return USE_BASE + card - 1 if p is None else USE_AT_BASE + (card - 1) * TRAIN_LENGTH + p - 1


PLACE_OF = tuple((arg // TRAIN_LENGTH + 1, arg % TRAIN_LENGTH) for arg in range(DRAW - PLACE_BASE))
"""The (card, 0-based index) a ``place C P`` or ``use C P`` names, by its id minus the verb's base."""
PLACE_IDS = ((), *(tuple(place_id(card, p) for p in POSITIONS) for card in CARDS))
"""Per card: its seven ``place`` ids."""


Reorder = Callable[[Sequence[int]], tuple[int, ...]]
"""A swap or move as a function from a train to its cars in their new order."""


def _rearrangement(card: int, index: int) -> tuple[Reorder, tuple[int, ...]] | None:
    orders = REARRANGEMENTS.get(ABILITY_OF[card], {})
    if index + 1 not in orders:
        return None
    moved = tuple(position - 1 for position in moved_positions(ABILITY_OF[card], index + 1))
    return itemgetter(*orders[index + 1]), moved


REARRANGE_AT = tuple(_rearrangement(card, index) for card, index in PLACE_OF)
"""Per ``use C P`` (its id minus ``USE_AT_BASE``) of a swap or move: a function from the train to its
cars in their new order (one C call on the hot path) and the 0-based indexes whose car changes place
(their protection ends); None for the ids of the other abilities. One look-up a move."""


def _use_ids(card: int) -> tuple[int, ...]:
    ability = ABILITY_OF[card]
    if ability in REMOVED_AT:
        return (use_id(card),)
    return tuple(use_id(card, p) for p in LEGAL_POSITIONS[ability])


USE_IDS = ((), *(_use_ids(card) for card in CARDS))
"""Per card: the ``use`` ids its ability may take (for PROTECT, before looking at what is protected)."""
PROTECT = Ability.PROTECT
UNPROTECTED = (None,) * TRAIN_LENGTH
PROTECT_IDS = tuple(
    {
        free: tuple(use_id(card, i + 1) for i in range(TRAIN_LENGTH) if free[i])
        for free in product((False, True), repeat=TRAIN_LENGTH)
    }
    if ABILITY_OF[card] is PROTECT
    else {}
    for card in range(len(CARDS) + 1)
)
"""``PROTECT_IDS[card][free]``: a protect card's ``use`` ids onto the positions ``free`` marks True."""


class Table(NamedTuple):
    """The public table of a match as card numbers (``GameOfTrainsState.table``)."""

    trains: tuple[tuple[int, ...], ...]
    """Per seat, its cars from the locomotive."""
    protect: tuple[tuple[int | None, ...], ...]
    """Per seat and position, the protect card under the car, or None."""
    market: tuple[int | None, ...]
    """Per ability, the market card with it, or None."""
    draw_pile: int
    discard_pile: int


# -- phases --------------------------------------------------------------------------------------------


class Phase(IntEnum):
    """Where a match stands: setup placements, a turn's first action, or the drawn card's placement."""

    SETUP = 0
    TURN = 1
    PLACE = 2


SETUP, TURN, PLACE = Phase  # module names for the hot path: a global is read faster than an attribute


class GameOfTrainsState(State):
    """A Game of Trains match in play.

    Zones: ``_trains`` (per seat, 7 card numbers), ``_protect`` (per seat and position, the protect card
    under that car, or None), ``_market`` (per ability, the one market card with it, or None, and
    ``_turn_actions``, what a turn may do with it),
    ``_draw_pile`` (top card last), ``_discard``, and the private cards: ``_setup_hands`` (setup draws not
    yet placed), ``_setup_discards`` (while they are in the discard pile) and ``_drawn`` (the card drawn,
    until placed).
    """

    _verbs = (
        Verb("place", PLACE_BASE, DRAW - PLACE_BASE),
        Verb("draw", DRAW, 1),
        Verb("use", USE_BASE, USE_AT_BASE - USE_BASE),
        Verb("use_at", USE_AT_BASE, NUM_ACTIONS - USE_AT_BASE),
    )
    __slots__ = (
        "_discard",
        "_draw_pile",
        "_drawn",
        "_first",
        "_market",
        "_order",
        "_phase",
        "_protect",
        "_setup_discards",
        "_setup_hands",
        "_trains",
        "_turn_actions",
        "_turn_limit",
        "_turns",
    )
    _copy_fields: ClassVar[tuple[str, ...]] = (
        "_draw_pile",
        "_discard",
        "_market",
        "_turn_actions",
        "_setup_hands",
        "_setup_discards",
    )
    _copy_nested: ClassVar[tuple[str, ...]] = ("_trains", "_protect")

    _trains: list[list[int]]
    _protect: list[list[int | None]]
    _market: list[int | None]
    _turn_actions: list[int]
    """``draw`` and the ``use`` ids of every market card, ascending: a turn's legal actions but for
    protecting a protected car. Kept as cards enter and leave the market (a ``bisect`` and a slice),
    since a turn reads it and nearly every action changes the market."""
    _draw_pile: list[int]
    _discard: list[int]
    _setup_hands: list[tuple[int, ...]]
    _setup_discards: list[tuple[int, ...]]
    _phase: Phase

    def _setup(self) -> None:
        n = self.game.players
        # Per seat: every seat from that one clockwise (the order of setup, removals and win checks).
        self._order = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        self._turn_limit = self.game.int_option("turn_limit")
        self._turns = 0
        self._market = [None] * len(Ability)
        self._turn_actions = [DRAW]
        self._discard = []
        self._protect = [[None] * TRAIN_LENGTH for _ in range(n)]
        self._drawn: int | None = None
        self._setup_discards = [()] * n
        self._deal()

    def _deal(self) -> None:
        """Setup steps 1–4: deal, sort each train descending, draw 1, 2, … cards in turn order."""
        n = self.game.players
        fixed = self.game.seat_option("first_player")

        def draw(rng: random.Random) -> JsonDict:
            first = fixed if fixed is not None else rng.randrange(n)
            return {"first": first, "deck": [CODES[card] for card in shuffled(rng, CARDS)]}

        check = partial(check_deal, role="first", seats=n, fixed=fixed, duty="play first", cards=CODES[1:])
        deal = self._chance("deal", draw, check)
        deck = list(map(CARD_IDS.__getitem__, deal["deck"]))
        self._first: int = deal["first"]
        self._trains = [
            sorted(deck[TRAIN_LENGTH * s : TRAIN_LENGTH * (s + 1)], reverse=True) for s in range(n)
        ]
        self._draw_pile = deck[TRAIN_LENGTH * n :][::-1]
        hands: list[tuple[int, ...]] = [()] * n
        for k, seat in enumerate(self._order[self._first], start=1):
            hands[seat] = tuple(self._draw_pile.pop() for _ in range(k))
        self._setup_hands = hands
        self._phase = SETUP
        self._to_act = self._first

    # -- the contract hooks ---------------------------------------------------------------------------

    def _legal_actions(self) -> Sequence[int]:
        phase = self._phase
        if phase is TURN:
            protect = self._market[PROTECT]
            if protect is None:
                return self._turn_actions
            return self._turn_with_protect(protect)
        if phase is PLACE:
            drawn = self._drawn
            assert drawn is not None  # the card to place
            return PLACE_IDS[drawn]
        seat = self._to_act
        assert seat is not None
        return [a for card in sorted(self._setup_hands[seat]) for a in PLACE_IDS[card]]

    def _turn_with_protect(self, protect: int) -> list[int]:
        """A turn's legal actions with ``protect`` in the market: not onto a car already protected."""
        seat = self._to_act
        assert seat is not None
        legal = self._turn_actions
        protected = self._protect[seat]
        if not any(protected):  # two times in three: no protected car (one C call, no tuple)
            return legal
        free = tuple(map(is_, protected, UNPROTECTED))
        at = bisect(legal, USE_IDS[protect][0]) - 1
        return [*legal[:at], *PROTECT_IDS[protect][free], *legal[at + TRAIN_LENGTH :]]

    def resample(self, seat: int | None, rng: random.Random) -> GameOfTrainsState:
        """Every card ``seat`` cannot know redrawn at random: the draw pile, the discard pile but for the
        seat's own setup discards, and the other seats' private cards (see the module docstring)."""
        world = self._world_copy(rng)
        assert isinstance(world, GameOfTrainsState)
        others = [s for s in range(self.game.players) if s != seat]
        in_setup_discards = {card for cards in self._setup_discards for card in cards}
        rest = [card for card in self._discard if card not in in_setup_discards]
        holdings: list[Sequence[int]] = [self._draw_pile, rest]
        for other in others:
            holdings += [self._setup_hands[other], self._setup_discards[other]]
        drawn = self._drawn if self._phase is PLACE and self._to_act != seat else None
        if drawn is not None:
            holdings.append([drawn])
        hidden = sorted(card for cards in holdings for card in cards)  # nothing of their real places
        dealt = deal_hidden(rng, hidden, [len(cards) for cards in holdings])
        rng.shuffle(dealt[0])
        world._draw_pile = dealt[0]
        world._discard = dealt[1]
        for k, other in enumerate(others):
            world._setup_hands[other] = tuple(dealt[2 + 2 * k])
            world._setup_discards[other] = tuple(dealt[3 + 2 * k])
        for cards in world._setup_discards:
            world._discard.extend(cards)
        if drawn is not None:
            world._drawn = dealt[-1][0]
        return world

    # -- the moves: each verb's rule, and the reason it is refused (checked against _legal_actions) ----

    def _why_not_place(self, seat: int, arg: int) -> Reason | None:
        card, index = PLACE_OF[arg]
        no = reason("{seat} cannot place {card} {position}", seat=SeatNo(seat), card=card, position=index + 1)
        phase = self._phase
        if phase is SETUP:
            if card in self._setup_hands[seat]:
                return None
            return reason(
                "{refusal}: in setup they place one of the cards they drew, and {card} is not one",
                refusal=no,
                card=card,
            )
        if phase is TURN:
            return reason(
                "{refusal}: a turn is either draw (then place) or use; they have not drawn", refusal=no
            )
        if card == self._drawn:
            return None
        return reason("{refusal}: {card} is not the card they drew", refusal=no, card=card)

    def _place(self, seat: int, arg: int) -> None:
        card, index = PLACE_OF[arg]
        if self._phase is SETUP:
            self._setup_place(seat, card, index)
            return
        self._drawn = None
        self._replace(seat, index, card)
        self._end_turn(seat, seat)

    def _why_not_draw(self, seat: int, arg: int) -> Reason | None:
        phase = self._phase
        if phase is SETUP:
            return reason(
                "{seat} cannot draw: in setup each player places one of the cards they drew",
                seat=SeatNo(seat),
            )
        if phase is PLACE:
            return reason("{seat} cannot draw: they must first place the card they drew", seat=SeatNo(seat))
        return None

    def _draw(self, seat: int, arg: int) -> None:
        self._drawn = drawn = self._draw_pile.pop() if self._draw_pile else self._draw_card()
        self._phase = PLACE
        self._legal = PLACE_IDS[drawn]  # what _legal_actions gives now, known here for free

    def _why_not_use(self, seat: int, arg: int) -> Reason | None:
        card = arg + 1
        no = reason("{seat} cannot use {card}", seat=SeatNo(seat), card=card)
        ability = ABILITY_OF[card]
        unusable = self._why_not_use_card(no, card, ability)
        if unusable or ability in REMOVED_AT:
            return unusable
        allowed = LEGAL_POSITIONS[ability]
        return reason(
            "{refusal}: {ability} needs a position (use {card} P, P from {first} to {last})",
            refusal=no,
            ability=ability.name,
            card=card,
            first=allowed[0],
            last=allowed[-1],
        )

    def _use(self, seat: int, arg: int) -> None:
        """A removal: from the user clockwise, every unprotected car at the card's position enters the
        market; then in the same order each of those seats draws a replacement (the win check follows
        in that order)."""
        card = arg + 1
        self._leave_market(card)
        self._discard.append(card)
        index = REMOVED_AT[ABILITY_OF[card]] - 1
        trains, protect = self._trains, self._protect
        losers = []
        for loser in self._order[seat]:
            if protect[loser][index] is None:
                losers.append(loser)
                self._enter_market(trains[loser][index])
        for loser in losers:
            trains[loser][index] = self._draw_pile.pop() if self._draw_pile else self._draw_card()
        for loser in losers:  # the win check of _end_turn, over the several trains a removal changed
            train = trains[loser]
            if train[0] < train[1] < train[2] < train[3] < train[4] < train[5] < train[6]:
                self._finish([loser])
                return
        self._end_turn(seat, None)

    def _why_not_use_at(self, seat: int, arg: int) -> Reason | None:
        card, index = PLACE_OF[arg]
        no = reason("{seat} cannot use {card} {position}", seat=SeatNo(seat), card=card, position=index + 1)
        ability = ABILITY_OF[card]
        unusable = self._why_not_use_card(no, card, ability)
        if unusable:
            return unusable
        if ability in REMOVED_AT:
            return reason(
                "{refusal}: {ability} takes no position (write 'use {card}')",
                refusal=no,
                ability=ability.name,
                card=card,
            )
        allowed = LEGAL_POSITIONS[ability]
        if index + 1 not in allowed:
            return reason(
                "{refusal}: {ability} acts on positions {first} to {last} only",
                refusal=no,
                ability=ability.name,
                first=allowed[0],
                last=allowed[-1],
            )
        if ability is Ability.PROTECT and self._protect[seat][index] is not None:
            return reason(
                "{refusal}: their car {car} at position {position} is already protected",
                refusal=no,
                car=self._trains[seat][index],
                position=index + 1,
            )
        return None

    def _use_at(self, seat: int, arg: int) -> None:
        """A protect card goes under the car; a swap or move reorders the user's train
        (``REARRANGE_AT``), and protection ends for every car that changes place."""
        card, index = PLACE_OF[arg]
        self._leave_market(card)
        rearrangement = REARRANGE_AT[arg]
        if rearrangement is None:  # the one other ability that takes a position
            self._protect[seat][index] = card
            self._end_turn(seat, None)
            return
        self._discard.append(card)
        reorder, moved = rearrangement
        self._trains[seat] = list(reorder(self._trains[seat]))
        protect = self._protect[seat]
        if any(protect):
            for position in moved:
                protect_card = protect[position]
                if protect_card is not None:
                    self._discard.append(protect_card)
                    protect[position] = None
        self._end_turn(seat, seat)

    def _why_not_use_card(self, no: Reason, card: int, ability: Ability) -> Reason | None:
        """Why a market card cannot be used now at all (either form of ``use``, refused ``no``), or None."""
        phase = self._phase
        if phase is SETUP:
            return reason("{refusal}: the market opens after setup", refusal=no)
        if phase is not TURN:
            return reason("{refusal}: they must first place the card they drew", refusal=no)
        if self._market[ability] != card:
            return reason("{refusal}: {card} is not in the market", refusal=no, card=card)
        return None

    # -- the rules ----------------------------------------------------------------------------------------

    def _setup_place(self, seat: int, card: int, index: int) -> None:
        """Setup step 5: keep ``card``, discard the other setup draws, replace the car at ``index``."""
        discards = tuple(c for c in self._setup_hands[seat] if c != card)
        self._setup_hands[seat] = ()
        self._setup_discards[seat] = discards
        self._discard.extend(discards)
        self._replace(seat, index, card)
        order = self._order[self._first]
        k = order.index(seat) + 1
        if k < len(order):
            self._to_act = order[k]
        else:
            self._phase = TURN
            self._to_act = self._first

    def _replace(self, seat: int, index: int, card: int) -> None:
        """Put ``card`` at ``index`` of ``seat``'s train; the car there goes to the market, its protect
        card (if any) to the discard pile."""
        train = self._trains[seat]
        old = train[index]
        train[index] = card
        protect = self._protect[seat]
        protect_card = protect[index]
        if protect_card is not None:
            self._discard.append(protect_card)
            protect[index] = None
        self._enter_market(old)

    def _enter_market(self, card: int) -> None:
        """The duplicate rule: a card meeting one of its ability in the market sends both to the discard."""
        ability = ABILITY_OF[card]
        other = self._market[ability]
        if other is None:
            self._market[ability] = card
            ids = USE_IDS[card]
            at = bisect(self._turn_actions, ids[0])
            self._turn_actions[at:at] = ids
        else:
            self._leave_market(other)
            self._discard += (other, card)

    def _leave_market(self, card: int) -> None:
        self._market[ABILITY_OF[card]] = None
        ids = USE_IDS[card]
        at = bisect(self._turn_actions, ids[0]) - 1
        del self._turn_actions[at : at + len(ids)]

    def _draw_card(self) -> int:
        """The top card of the draw pile, shuffling the discard pile into a new one first if it is empty."""
        if not self._draw_pile:
            self._reshuffle()
        return self._draw_pile.pop()

    def _reshuffle(self) -> None:
        """The discard pile becomes the new draw pile (a ``shuffle`` event, top card first)."""
        discard = self._discard
        made: list[int] = []  # the shuffle drawn from the seed, and its codes (the event)
        codes: list[str] = []

        def draw(rng: random.Random) -> list[str]:
            made[:] = shuffled(rng, discard)
            codes[:] = [CODES[card] for card in made]  # mapping tuple.__getitem__ costs 2.6x more
            return codes

        def check(pile: Any) -> None:
            if not isinstance(pile, list) or sorted(pile) != sorted(map(CODES.__getitem__, discard)):
                raise ValueError(
                    f"the new draw pile must hold exactly the discard pile's {len(discard)} cards"
                )

        pile = self._chance("shuffle", draw, check)
        cards = made if pile is codes else list(map(CARD_IDS.__getitem__, pile))  # else: from a record
        self._draw_pile = cards[::-1]
        self._discard = []
        self._setup_discards = [()] * self.game.players

    def _end_turn(self, seat: int, changed: int | None) -> None:
        """The win check, then the next seat: the seat's train the turn ``changed`` (None: no train, or
        a removal, which checks its trains itself) wins at once if it reads strictly ascending from the
        locomotive.

        The win condition is written out where it is checked, not called: it runs after nearly every
        action, and a call (or a loop over a one-seat tuple) costs CPython 3.11 about 450 machine
        instructions, more than the check (most trains fail at their first or second pair, read car by
        car): 2.2% of a decision."""
        if changed is not None:
            train = self._trains[changed]
            if train[0] < train[1] < train[2] < train[3] < train[4] < train[5] < train[6]:
                self._finish([changed])
                return
        self._turns += 1
        if self._turns == self._turn_limit:
            self._finish([], truncated=True)
            return
        self._phase = TURN
        self._to_act = self._order[seat][1]
        if self._market[PROTECT] is None:  # else _legal_actions leaves out protected cars
            self._legal = self._turn_actions  # what _legal_actions gives now, known here for free

    # -- what happened (``core.story``) ------------------------------------------------------------------

    def _describe(self, verb: str, seat: int | None, arg: int, action: int) -> Fact:
        """A move's meaning, read from the table before it: the card placed and the car it replaces (which
        goes to the market), or the market card used, its ability and what the ability does there."""
        if seat is not None:
            train = self._trains[seat]
            if verb == "draw":
                return Fact("draw", seat, move=True)
            if verb == "place":
                card, index = PLACE_OF[arg]
                args = {"card": CODES[card], "position": index + 1, "replaced": CODES[train[index]]}
                return Fact("place", seat, args, move=True)
            card, at = (arg + 1, None) if verb == "use" else PLACE_OF[arg]
            effect = ability_effect(ABILITY_OF[card], train, at) or {}  # none: a form never legal
            return Fact(
                "use", seat, {"card": CODES[card], "ability": ABILITY_NAMES[card], **effect}, move=True
            )
        return super()._describe(verb, seat, arg, action)

    def _made(self, fact: Fact) -> Fact:
        """A draw's card, known once drawn (perhaps after a reshuffle): a secret of the drawer (rules §7)."""
        if fact.kind == "draw" and self._drawn is not None:
            return replace(fact, secret={"card": CODES[self._drawn]})
        return fact

    def _aftermath(self, before: State | None, start: int) -> list[Fact]:
        """The deal (who plays first) and the reshuffles, from the log; once the game is over, every train
        as it ends (``trains``: all of them are public, rules §7), for a replay's last picture."""
        facts = self._logged_facts(start)
        if self._over:
            trains = [[CODES[card] for card in train] for train in self._trains]
            facts.append(Fact("trains", None, {"trains": trains}))
        return facts

    # -- observation --------------------------------------------------------------------------------------

    def table(self) -> Table:
        """The public table as card numbers: what ``observation(None)`` shows of trains, protections,
        market and piles, as read-only copies.

        Why it exists: the vector environment's tracker (``envs/encoding/game_of_trains``) reads a
        move's outcome after every move (the replacement cars a removal draws, the cars the duplicate
        rule sends to the discard pile), and building ``observation(None)``'s dicts for that would cost
        more than the tracker saves."""
        return Table(
            tuple(map(tuple, self._trains)),
            tuple(map(tuple, self._protect)),
            tuple(self._market),
            len(self._draw_pile),
            len(self._discard),
        )

    def _observation(self, seat: int | None) -> JsonDict:
        """The public table (trains, protections, market, pile sizes) plus the seat's own private cards."""
        n = self.game.players
        drawn = self._drawn if seat is not None and self._phase is PLACE and self._to_act == seat else None
        return {
            "game": self.game.name,
            "seat": seat,
            "players": n,
            "to_act": self._to_act,
            "phase": "over" if self._over else self._phase.name.lower(),
            "first_player": self._first,
            "turn": self._turns,
            "turn_limit": self._turn_limit,
            "trains": [
                [
                    {"card": CODES[card], "ability": ABILITY_NAMES[card], "protect": _code(protect)}
                    for card, protect in zip(self._trains[s], self._protect[s], strict=True)
                ]
                for s in range(n)
            ],
            "market": [_card(card) for card in sorted(c for c in self._market if c is not None)],
            "draw_pile": len(self._draw_pile),
            "discard_pile": len(self._discard),
            "setup_hand_sizes": [len(hand) for hand in self._setup_hands],
            "setup_hand": None if seat is None else [_card(c) for c in sorted(self._setup_hands[seat])],
            "setup_discards": None
            if seat is None
            else [_card(c) for c in sorted(self._setup_discards[seat])],
            "drawn": _card(drawn) if drawn is not None else None,
            "over": self._over,
            "winners": list(self._winners),
        }


# -- notation ------------------------------------------------------------------------------------------

CODES = ("", *(str(card) for card in CARDS))
"""Card number → its code in records (``"45"``); index 0 unused."""
CARD_IDS = {code: card for card, code in enumerate(CODES) if code}
ABILITY_NAMES = ("", *(ABILITY_OF[card].name for card in CARDS))


def _action_string(action: int) -> str:
    if action < DRAW:
        card, index = PLACE_OF[action - PLACE_BASE]
        return f"place {card} {index + 1}"
    if action == DRAW:
        return "draw"
    if action < USE_AT_BASE:
        return f"use {action - USE_BASE + 1}"
    card, index = PLACE_OF[action - USE_AT_BASE]
    return f"use {card} {index + 1}"


ACTION_STRINGS = tuple(_action_string(action) for action in range(NUM_ACTIONS))
ACTIONS_BY_STRING = {text: action for action, text in enumerate(ACTION_STRINGS)}


def parse_action(text: str) -> int:
    """The id of a move written as in ``docs/records.md`` (any case and spacing); raises InvalidNotation."""
    action = ACTIONS_BY_STRING.get(text)
    if action is not None:
        return action
    words = text.lower().split() if isinstance(text, str) else []
    action = ACTIONS_BY_STRING.get(" ".join(words))
    if action is not None:
        return action
    shape = "write 'draw', 'place C P', 'use C' or 'use C P' (C a card 1–84, P a position 1–7)"
    if not words or words[0] not in ("draw", "place", "use"):
        raise InvalidNotation(f"{text!r} is not a Game of Trains move: {shape}")
    numbers = words[1:]
    if not all(word.isdecimal() for word in numbers):
        raise InvalidNotation(f"{text!r} is not a move: {shape}")
    if numbers and not 1 <= int(numbers[0]) <= len(CARDS):
        raise InvalidNotation(f"{text!r} is not a move: the cards are numbered 1 to 84")
    if len(numbers) == 2 and not 1 <= int(numbers[1]) <= TRAIN_LENGTH:
        raise InvalidNotation(f"{text!r} is not a move: positions are 1 to 7")
    canonical = " ".join([words[0], *(str(int(word)) for word in numbers)])
    if canonical in ACTIONS_BY_STRING:
        return ACTIONS_BY_STRING[canonical]
    raise InvalidNotation(f"{text!r} is not a move: {shape}")


def _code(card: int | None) -> str | None:
    return None if card is None else CODES[card]


def _card(card: int) -> JsonDict:
    return {"card": CODES[card], "ability": ABILITY_NAMES[card]}


# -- registration --------------------------------------------------------------------------------------


@register
class GameOfTrains(Game):
    """Game of Trains for 2–4 players (see the module docstring)."""

    name = "game-of-trains"
    title = "Game of Trains"
    pack = Pack("trains", {str(card): f"car {card}" for card in CARDS})
    option_specs = (
        Option(name="players", default=2, choices=(2, 3, 4), help="number of players"),
        Option(name="first_player", default=None, seat=True, help="who plays first"),
        Option(
            name="turn_limit",
            default=1000,
            minimum=0,
            zero_is_no_limit=True,
            table_range=(1, 2000),
            help="safeguard: the game ends with no winner after this many turns",
        ),
    )
    state_class = GameOfTrainsState
    num_actions = NUM_ACTIONS

    def max_game_length(self) -> int | None:
        """One ``place`` per seat in setup, then at most ``turn_limit`` turns of at most two decisions
        (``draw`` and ``place``); without a limit a game has no bound."""
        limit = self.int_option("turn_limit")
        return self.players + 2 * limit if limit else None

    def _action_to_string(self, action: int) -> str:
        return ACTION_STRINGS[action]

    def string_to_action(self, text: str) -> int:
        return parse_action(text)
