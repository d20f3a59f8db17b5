"""Trick-taking machinery shared by Slobberhannes, Troeven and Mü: one implementation, driven by data.

A game describes its cards with three tables indexed by card id, set per hand (trumps change them):
``suit_of`` (the suit class a card belongs to; a trump belongs to the trump class), ``rank`` (order
within its suit) and ``power`` (0 for a non-trump; for a trump a number above every rank, higher
wins). From the last two, ``beat_table`` makes the one table trick play reads. A follow rule
(``FollowRule``) says what a follower may play.

>>> from cardtable.core.cards import PIQUET_SUIT_OF, PIQUET_RANK_OF, piquet_card as c
>>> no_trumps = beat_table(PIQUET_SUIT_OF, PIQUET_RANK_OF, [0] * 32)
>>> no_trumps[c("9D")][c("TD")], no_trumps[c("9D")][c("AC")]  # does TD, AC take the trick from 9D?
(1, 0)
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Sequence
from enum import Enum
from functools import cache, partial
from itertools import repeat, starmap
from typing import Any, ClassVar

from .cards import HIGH_WORD_BITS, LOW_WORD_BITS, WORD, bits, bits_tuple, mask_of
from .game import State
from .hidden import deal_hidden
from .reasons import CardCode, CardCodes, Reason, SeatNo, reason
from .story import Fact


class FollowRule(Enum):
    """What a follower must play, given the led suit L and the trumps T (``follow_masks`` says it
    in masks, once for every use: legal moves, reasons and the voids a play shows)."""

    FREE = "free"
    """Any card."""
    SUIT = "suit"
    """A card of L if holding one, else any card."""
    SUIT_THEN_TRUMP_ALLOWED = "suit-then-trump-allowed"
    """Holding L: a card of L or of T; else any card."""
    SUIT_OR_TRUMP = "suit-or-trump"
    """Holding L or T: a card of L or of T; else any card."""


ANY_CARD = -1
"""The mask of every card (all bits set)."""


def follow_masks(led: int, trumps: int, rule: FollowRule) -> tuple[int, int]:
    """The follow rule as two masks, ``(obliging, allowed)``: a follower holding an obliging card
    must play an allowed one, and otherwise may play any card; ``led`` and ``trumps`` are the masks
    of those suits. The one statement of the rules: every other use derives from it.

    >>> follow_masks(0b0011, 0b1100, FollowRule.SUIT_THEN_TRUMP_ALLOWED)
    (3, 15)
    """
    if rule is FollowRule.SUIT:
        return led, led
    if rule is FollowRule.FREE:
        return 0, ANY_CARD
    if rule is FollowRule.SUIT_THEN_TRUMP_ALLOWED:
        return led, led | trumps
    return led | trumps, led | trumps


def follow_options(hand: int, led: int, trumps: int, rule: FollowRule) -> int:
    """The mask of cards a follower may play (the reference: ``TrickTakingState._playable`` is the
    same rule inlined for speed, and a test holds the two equal)."""
    obliging, allowed = follow_masks(led, trumps, rule)
    return hand & allowed if hand & obliging else hand


BeatTable = tuple[bytes, ...]
"""``beats[best][card]``: 1 when ``card`` takes a trick from ``best``, the card winning it so far,
else 0. Rows are ``bytes``, not tuples of bools: six times smaller, so the tables of Mü's many trump
choices stay in the processor's caches (Mü's random play ran about 5% faster)."""


def beat_table(suit_of: Sequence[int], rank: Sequence[int], power: Sequence[int]) -> BeatTable:
    """The ``BeatTable`` of a deal's card tables: a higher trump power wins, else a higher rank of the
    led suit; a card off the led suit that is no trump never wins; equal cards: the first played.

    The card winning a trick so far is always of the led suit or a trump, so whether another card
    beats it depends on the two cards alone: trick play then reads one table entry per card.
    """

    cards = range(len(suit_of))
    strength = {  # per led suit class, each card's strength in a trick led in it
        led: [power[card] or (rank[card] + 1 if suit_of[card] == led else 0) for card in cards]
        for led in set(suit_of)
    }
    rows = []
    for best in cards:
        strengths = strength[suit_of[best]]
        rows.append(bytes(value > strengths[best] for value in strengths))
    return tuple(rows)


def shuffled(rng: random.Random, cards: Sequence[Any], keys: Sequence[float] | None = None) -> list[Any]:
    """A new uniformly shuffled list of ``cards``, index 0 being the top of the pack: sorted by random
    keys, one ``rng.random()`` per card in order (or ``keys``, one per card, drawn by ``random_keys``
    and adjusted by a game that needs to).

    Sorting by random keys is uniform (ties of 53-bit floats aside) and about twice as fast as
    ``Random.shuffle``, which matters in simulations that deal millions of hands. The keys come from
    C iterators (``next`` over ``starmap``), not from a Python function called per card."""
    if keys is None:
        return sorted(cards, key=partial(next, starmap(rng.random, repeat(()))))
    if len(keys) != len(cards):
        raise ValueError(f"{len(cards)} cards need {len(cards)} keys, got {len(keys)}")
    return sorted(cards, key=partial(next, iter(keys)))


def random_keys(rng: random.Random, count: int) -> list[float]:
    """The keys ``shuffled`` would draw for ``count`` cards."""
    return list(starmap(rng.random, repeat((), count)))


@cache
def seat_orders(next_in_trick: tuple[int, ...], trick_size: int) -> tuple[tuple[int, ...], ...]:
    """Per leader, the seats of a trick in play order (made once per seating: games reseat every hand).

    >>> seat_orders((1, 2, 0), 3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    orders = []
    for leader in range(len(next_in_trick)):
        order = [leader]
        while len(order) < trick_size:
            order.append(next_in_trick[order[-1]])
        orders.append(tuple(order))
    return tuple(orders)


FinishedTrick = tuple[tuple[int, ...], tuple[int, ...], int, FollowRule]
"""A trick once complete: (seats in play order, cards, winner, the follow rule it was played under)."""
_SUIT = FollowRule.SUIT
_FREE = FollowRule.FREE
_SUIT_OR_TRUMP = FollowRule.SUIT_OR_TRUMP


class TrickTakingState(State):
    """Trick play shared by the trick-taking games.

    The game sets, per hand: ``_hands`` (bitmask per seat of the cards it may play from), the card
    tables ``_suit_of`` and ``_beats`` (``beat_table``), ``_suit_masks`` (cards per suit class),
    ``_trump_mask``, ``_follow``, ``_tricks_per_hand``, ``_play_masks`` (what playing a card changes
    in its player's hand: ``CARD_BITS`` where it is the card alone), ``_last_trick`` (None at first)
    and the seating (``_seat``: who plays after whom, and how many play to a trick). It implements
    ``_hand_over`` (score the hand, deal again or end the match) and, if something happens after
    some of a hand's first tricks, ``_after_trick``. Everything else about a trick (who may play
    what, who wins it, the cards played this hand) is here.

    The fields are slots, as are those of the games (see ``core/game.State``): Mü's auction alone
    needs a dozen more, and a game can add one without a cliff in speed.

    Play is the hot path of every trick game's simulations, so a trick keeps only its cards: the
    seats in play order are a tuple per leader made once per seating (``_trick_seats``), and the cards
    played this hand, and who took how many tricks and points, are read off the tricks when asked.
    """

    __slots__ = (
        "_beats",
        "_follow",
        "_hands",
        "_last_trick",
        "_play_masks",
        "_seat_orders",
        "_suit_masks",
        "_suit_of",
        "_trick",
        "_trick_seats",
        "_tricks",
        "_tricks_per_hand",
        "_trump_mask",
    )
    _copy_fields: ClassVar[tuple[str, ...]] = ("_hands", "_trick", "_tricks")

    _hands: list[int]
    _trick: list[int]
    _trick_seats: tuple[int, ...]
    """The seats of the current trick in play order, from its leader (one per card of a trick)."""
    _tricks: list[FinishedTrick]
    _seat_orders: tuple[tuple[int, ...], ...]
    """Per leader, the seats of a trick in play order (``seat_orders``)."""
    _last_trick: FinishedTrick | None
    _suit_of: Sequence[int]
    _beats: BeatTable
    _suit_masks: Sequence[int]
    _trump_mask: int
    _follow: FollowRule
    _tricks_per_hand: int
    _play_masks: Sequence[int]
    """Per card, the bits its player's hand flips when playing it: the card itself, and in Troeven's
    layout also the face-down card it uncovers (one lookup either way, on the hot path)."""

    def _seat(self, next_in_trick: tuple[int, ...], trick_size: int) -> None:
        """Set who plays after whom (``next_in_trick[seat]``) and how many cards make a trick."""
        self._seat_orders = seat_orders(next_in_trick, trick_size)

    def _next_seat(self, seat: int) -> int:
        """Who plays after ``seat`` (in a trick, and in games with turns outside tricks)."""
        return self._seat_orders[seat][1]

    def _start_trick_play(self, leader: int) -> None:
        """Begin a hand's tricks with ``leader`` to lead (the last trick stays on view across hands)."""
        self._trick = []
        self._trick_seats = self._seat_orders[leader]
        self._tricks = []
        self._to_act = leader

    def _played_cards(self) -> list[int]:
        """The cards played this hand, in play order."""
        return [card for _, cards, _, _ in self._tricks for card in cards] + self._trick

    def _tricks_taken(self) -> list[int]:
        """Per seat, how many tricks it has taken this hand."""
        taken = [0] * self.game.players
        for trick in self._tricks:
            taken[trick[2]] += 1
        return taken

    def _points_taken(self, points: Sequence[int]) -> list[int]:
        """Per seat, the card points (``points[card]``) of the tricks it has taken this hand."""
        taken = [0] * self.game.players
        for _, cards, winner, _ in self._tricks:
            for card in cards:  # plain loops: the fastest way in CPython 3.11
                taken[winner] += points[card]
        return taken

    def _playable(self, seat: int) -> int:
        """The mask of cards ``seat`` may play into the current trick: ``follow_options`` inlined (the
        hot path of every trick game: it runs once per decision; ``tests/core/test_tricks.py`` holds
        it equal to the reference)."""
        hand = self._hands[seat]
        trick = self._trick
        if trick:
            led = self._suit_masks[self._suit_of[trick[0]]]
            rule = self._follow
            if rule is _SUIT:
                return hand & led or hand
            if rule is _SUIT_OR_TRUMP:
                return hand & (led | self._trump_mask) or hand
            if rule is not _FREE and hand & led:  # SUIT_THEN_TRUMP_ALLOWED
                return hand & (led | self._trump_mask)
        return hand

    def _legal_cards(self) -> tuple[int, ...]:
        """The cards the seat to act may play, as sorted ids (for packs whose action ids are the card
        ids)."""
        seat = self._to_act
        assert seat is not None
        hand = self._playable(seat)
        if hand < 0x100000000:  # bits_tuple() inlined for 32-card packs: this runs once per decision
            return LOW_WORD_BITS[hand & WORD] + HIGH_WORD_BITS[hand >> 16]
        return bits_tuple(hand)

    def _follow_reason(self, seat: int, card: int, name: Any) -> Reason:
        """Why ``card`` is not playable by ``seat`` (it is not in ``_playable``); ``name`` writes cards."""
        code = CardCode(name(card))
        if not self._hands[seat] >> card & 1:
            return reason("{seat} cannot play {card}: it is not in their hand", seat=SeatNo(seat), card=code)
        return reason(
            "{seat} cannot play {card}: {led} was led, and the rules allow only {allowed}",
            seat=SeatNo(seat),
            card=code,
            led=CardCode(name(self._trick[0])),
            allowed=CardCodes(name(c) for c in bits(self._playable(seat))),
        )

    def _play_card(self, seat: int, card: int) -> None:
        """``seat`` (to act) plays ``card`` (a legal card); resolve the trick when it is complete."""
        self._hands[seat] ^= self._play_masks[card]
        trick = self._trick
        trick.append(card)
        seats = self._trick_seats
        played = len(trick)
        if played < len(seats):
            self._to_act = seats[played]
            return
        # The winner: a card that beats the best card so far becomes the best (once a trick, inline).
        beats = self._beats
        best = beats[trick[0]]
        winner = seats[0]
        for index in range(1, played):
            card = trick[index]
            if best[card]:
                winner, best = seats[index], beats[card]
        self._last_trick = done = (seats, tuple(trick), winner, self._follow)
        self._tricks.append(done)
        self._trick = []
        self._trick_seats = self._seat_orders[winner]
        self._to_act = winner
        taken = len(self._tricks)
        if taken == self._tricks_per_hand:
            self._hand_over(winner)
        elif taken <= self._tricks_before_a_break:
            self._after_trick(winner)

    def _excluded(self) -> list[int]:
        """Per seat, the mask of cards it is known not to hold this hand: the obliging cards of the
        follow rule (``follow_masks``) wherever it played a card the rule would not have allowed
        with one of them in hand (for ``resample``, every search iteration: one pass over the tricks).
        A trick played free shows nothing."""
        excluded = [0] * self.game.players
        suit_masks, suit_of, trumps = self._suit_masks, self._suit_of, self._trump_mask
        tricks: list[FinishedTrick] = self._tricks
        if self._trick and self._follow is not _FREE:  # the trick in play, its winner not known yet
            tricks = [*tricks, (self._trick_seats, tuple(self._trick), -1, self._follow)]
        for seats, cards, _, rule in tricks:
            if rule is _FREE:
                continue
            obliging, allowed = follow_masks(suit_masks[suit_of[cards[0]]], trumps, rule)
            for index in range(1, len(cards)):  # the current trick may be short
                if not allowed >> cards[index] & 1:
                    excluded[seats[index]] |= obliging
        return excluded

    def _redeal_hidden_hands(self, world: TrickTakingState, seat: int | None, rng: random.Random) -> None:
        """Give every hand but ``seat``'s a random set of the cards those hands hold together, keeping
        sizes and known voids (``_excluded``; the trump mask and suit tables must be this hand's).
        Games with other hidden cards redeal those themselves."""
        others = [s for s in range(self.game.players) if s != seat]
        hidden = bits(sum(self._hands[s] for s in others))
        sizes = [self._hands[s].bit_count() for s in others]
        known_voids = self._excluded()
        hands = deal_hidden(rng, hidden, sizes, voids=[known_voids[s] for s in others])
        for holder, cards in zip(others, hands, strict=True):
            world._hands[holder] = mask_of(cards)

    @abstractmethod
    def _hand_over(self, last_winner: int) -> None:
        """The hand's last trick is taken (by ``last_winner``): score the hand, then deal the next one
        or end the match."""

    _tricks_before_a_break = 0
    """How many of a hand's first tricks are followed by ``_after_trick`` (Troeven's draws from the
    stock: 8); after the others nothing happens, and no call is made on the hot path."""

    def _after_trick(self, winner: int) -> None:
        """What happens after each of the first ``_tricks_before_a_break`` tricks of a hand, given
        its winner (who already leads the next trick)."""

    def _trick_fact(self, before: TrickTakingState, name: Callable[[int], str]) -> Fact | None:
        """The trick the last move (made from ``before``) completed, and who took it: a ``trick`` fact
        with its cards and seats in play order (``name`` writes cards); None when it completed none."""
        last = self._last_trick
        if last is None or last is before._last_trick:
            return None
        seats, cards, winner, _ = last
        return Fact("trick", winner, {"cards": [name(card) for card in cards], "seats": list(seats)})

    def _trick_view(self, name: Any) -> dict[str, Any]:
        """The public trick state for observations: current trick and the last one finished (the
        trick's seats are read from its leader's order, which is longer than the trick so far)."""
        last = self._last_trick
        return {
            "trick": [
                {"seat": s, "card": name(c)} for s, c in zip(self._trick_seats, self._trick, strict=False)
            ],
            "last_trick": None
            if last is None
            else {
                "cards": [{"seat": s, "card": name(c)} for s, c in zip(last[0], last[1], strict=True)],
                "winner": last[2],
            },
        }
