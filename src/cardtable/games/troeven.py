"""2-player Troeven: point tricks with trumps, played from a face-up layout (version 1) or from a hand
and a stock (version 2); scores count down from 7 and the first to reach 0 wins.

Rules: ``docs/rules/troeven.md``; records and notation: ``docs/records.md``. Each round the
non-dealer N sees four cards, names any suit as trumps and leads trick 1; 16 tricks later the player
with more card points (A4 K3 Q2 J1, 40 a round) moves its score down by 1, and if that player is the
dealer, the caller N also moves up by 1 (20–20 changes nothing). The dealer alternates every round.

Version 1: each player's 16 cards lie in 8 piles, a face-down card under a face-up one. The top cards
are public and are the only cards a player may play; playing one turns the card beneath face up at
once. The follower holding the led suit plays the led suit or a trump; otherwise anything.
Version 2: 8-card hands and a 16-card stock; after each trick the winner, then the loser, draws. Play
is free while the stock lasts; once it is empty a follower holding the led suit or a trump must play
one of those.

Decisions (where the spec leaves a choice to the engine):
- The first dealer is a uniformly random seat drawn from the seed (``first_dealer`` fixes it).
- Action ids: cards are ``0..31`` (``suit * 8 + rank``, suits S H D C, ranks 7..A, as in
  ``core/cards``); ``TRUMP_BASE + suit`` (32..35) are ``trump S`` … ``trump C``.
- Each round has one ``deal`` event holding the whole shuffled pack in the canonical order of §3, so
  the cards dealt after the trump call are fixed by the record before it. What a seat may see follows
  the table, not the record: before the call, version 1 shows only N's four top-row face-up cards (to
  both players, face-up cards being public) and version 2 only N's four hand cards (to N).
- Version 1: a seat's "hand" in its observation is its available cards (the top card of each non-empty
  pile, once dealt). Face-down cards appear in no observation, the owner's included, until uncovered;
  the layout shows each pile's top card and how many face-down cards lie under it (0 or 1).
- Reasons for refusing a card never tell where a hidden card is: in version 1 any card that is not on
  top of one of the mover's piles is "not face up on top of one of their piles", whether it is face
  down, in the other layout or already played.
- The last trick stays on view (``last_trick``) until the next trick ends, across a new deal, as in
  Slobberhannes; ``previous_round`` holds the points of the round just scored.
- A ``score`` event closes every round, 20–20 included (deltas ``[0, 0]``).
- ``round_limit`` counts completed rounds: after the ``round_limit``-th round is scored, a score of 0
  reached in that round still wins; otherwise the lower score wins and equal scores mean no winner,
  and ``is_truncated()`` says the safeguard ended the match.
- ``single_hand`` (for research): the match is one round, read as a match at its round limit: the
  seat whose score fell wins, nobody after 20–20.
- ``mini`` (for research, with version 2; the site refuses it): one round of two tricks with the aces
  and kings (8 cards, 28 points). N is dealt two cards and sees both before calling, D two; the other
  four are set aside unseen, and a follower holding the led suit or a trump must play one of those
  from the first trick. Small enough to solve: ``Game.all_deals`` lists its 420 deals (840 with the
  dealer drawn), so OpenSpiel's exact tree walks (CFR, ``nash_conv``) take its whole tree.
- Points of won tricks are public (every card was seen when played): observations give each seat's
  points and tricks so far this round.
- Version 2: drawn cards go face down into the drawer's hand (the spec shows no drawn card); the
  observation's ``stock`` is null before the call, the stock being only formed by the rest of the deal.
- A follow refusal names the suit to follow and one card that obliges it, so the player sees why:
  ``seat 0 cannot play 7C: must follow spades or play a trump (holds 9S)``; every reason fits an
  80-column terminal.
- ``resample``: version 1 redraws, for any seat, every card nobody has seen (face-down cards still
  covered, and before the call the cards not yet dealt) among those places; version 2 redraws the
  hands the seat cannot see and the stock, keeping sizes and the voids shown once the stock is empty
  (for a player, the other hand is then fully known).
- Search speed: version 1 makes its table of what a play uncovers at the trump call, the
  first play of a round, and a resampled world changes only the entries of the piles still covered. A
  search's world told to stop at the round's end (``State.stop_at_hand_end``) scores it, deals no more,
  and shows only what is public between rounds (``_between_rounds``). Figures: ``bots/games/troeven.py``.

Spec points read closely (no contradiction found): §3 says the limit applies "when reached", read as
above; §4 Visibility does not say whether D sees N's four face-up cards before the call in version 1,
and they are shown to both because every face-up card is public.

>>> import cardtable
>>> state = cardtable.make("troeven", version=2, first_dealer=0).new_game(seed=5)
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['trump S', 'trump H', 'trump D', 'trump C'])
>>> len(state.observation(1)["hand"]), state.observation(0)["hand"]
(4, [])
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import combinations
from operator import itemgetter
from typing import ClassVar

from ..core.cards import (
    CARD_BITS,
    PIQUET_CARDS,
    PIQUET_CODES,
    PIQUET_IDS,
    PIQUET_PACK,
    PIQUET_RANK_OF,
    PIQUET_SUIT_MASKS,
    PIQUET_SUIT_OF,
    PIQUET_SUITS,
    SUIT_NAMES,
    bits,
    mask_of,
    piquet_card,
    piquet_code,
    piquet_codes,
)
from ..core.errors import InvalidNotation
from ..core.events import check_deal
from ..core.game import Game, JsonDict, State, Verb
from ..core.hidden import deal_hidden, shuffle
from ..core.options import Option, OptionValue
from ..core.reasons import CardCode, Reason, SeatNo, reason
from ..core.registry import register
from ..core.story import Fact
from ..core.tricks import FollowRule, TrickTakingState, beat_table, follow_masks, shuffled

PLAY_BASE = 0
"""Action ``PLAY_BASE + card`` plays that card (a card id of ``core/cards``)."""
TRUMP_BASE = 32
"""Action ``TRUMP_BASE + suit`` calls that suit (index in ``PIQUET_SUITS``) as trumps."""
TRUMP_ACTIONS = tuple(TRUMP_BASE + suit for suit in range(4))
NUM_ACTIONS = TRUMP_BASE + 4

TRICKS_PER_ROUND = 16
PILES = 8
POINTS_PER_ROUND = 40
CARD_POINTS = tuple({"A": 4, "K": 3, "Q": 2, "J": 1}.get(code[0], 0) for code in PIQUET_CODES)
"""§2: A=4, K=3, Q=2, J=1, T/9/8/7=0, indexed by card id."""

NO_TRUMPS = beat_table(PIQUET_SUIT_OF, PIQUET_RANK_OF, (0,) * 32)
TRUMP_BEATS = tuple(
    beat_table(
        PIQUET_SUIT_OF,
        PIQUET_RANK_OF,
        [9 + PIQUET_RANK_OF[card] if PIQUET_SUIT_OF[card] == suit else 0 for card in PIQUET_CARDS],
    )
    for suit in range(4)
)
"""Per trump suit, the trick table of ``core/tricks``: trumps rank above every plain card."""

PIQUET_BITS = CARD_BITS[:32]
UNCOVER_BITS = tuple(tuple(CARD_BITS[up] | CARD_BITS[down] for down in PIQUET_CARDS) for up in PIQUET_CARDS)
"""``[up][down]``: the bits of face-up ``up`` and face-down ``down``, looked up once per pile a deal."""

# Canonical deal positions of §3 (index 0 = top of the pack).
V1_FACE_DOWN = 0
"""deck[0..7]: N's face-down cards, piles 0..7; deck[8..15]: D's."""
V1_COVER_OFFSET = 16
"""The face-up card over the face-down card at deck[i] is deck[i + 16], for both players."""
TOP_ROW = 4
"""Piles 0..3 form the top row: N's face-up cards there are dealt before the trump call."""
V1_FIRST_SHOWN = slice(16, 16 + TOP_ROW)
V1_N_REST = slice(20, 24)
V1_D_SHOWN = slice(24, 32)
V1_UNSEEN_BEFORE_CALL = (*range(2 * PILES), *range(V1_N_REST.start, V1_D_SHOWN.stop))
"""Version 1, before the trump call: the deck positions nobody has seen (every face-down card, and
the face-up cards dealt after the call)."""
V2_FIRST_HAND = 4
"""N's first four hand cards (deck[0..3]) are dealt before the trump call."""
V2_N_REST = 4
V2_D_HAND = 8
STOCK_DRAWS = 8
"""Version 2: the 16 cards left after the deal are drawn two a trick, after the first 8 tricks."""
MINI_CARDS = tuple(card for card in PIQUET_CARDS if PIQUET_CODES[card][0] in "AK")
"""Option ``mini``: the pack is the aces and kings; each player holds two of them (two tricks)."""
MINI_HAND = 2


def card_points(cards: Iterable[int]) -> int:
    """§2: the card points of some cards.

    >>> card_points(piquet_card(c) for c in ("AS", "TS", "KH", "JH"))
    8
    """
    return sum(CARD_POINTS[card] for card in cards)


def round_winner(points: Sequence[int]) -> int | None:
    """§6: the seat with more card points wins the round; nobody at 20–20.

    >>> round_winner([17, 23]), round_winner([20, 20])
    (1, None)
    """
    if points[0] == points[1]:
        return None
    return 0 if points[0] > points[1] else 1


def round_deltas(dealer: int, points: Sequence[int]) -> list[int]:
    """§6: the player with more points goes down 1; if that is the dealer, the caller goes up 1.

    >>> round_deltas(dealer=0, points=[17, 23]), round_deltas(dealer=0, points=[24, 16])
    ([0, -1], [-1, 1])
    """
    winner = round_winner(points)
    if winner is None:
        return [0, 0]
    deltas = [0, 0]
    deltas[winner] = -1
    if winner == dealer:
        deltas[1 - winner] = 1
    return deltas


def match_winners(scores: Sequence[int], *, at_limit: bool) -> list[int] | None:
    """§6 and the round limit of §3: None while the match goes on, else the winning seats.

    >>> match_winners([3, 0], at_limit=False), match_winners([4, 2], at_limit=True)
    ([1], [1])
    """
    for seat in (0, 1):
        if scores[seat] <= 0:
            return [seat]
    if not at_limit:
        return None
    if scores[0] == scores[1]:
        return []
    return [0 if scores[0] < scores[1] else 1]


def _decode_deal(deal: JsonDict) -> tuple[int, list[int]]:
    """A recorded deal's dealer and deck of card ids."""
    return deal["dealer"], list(map(PIQUET_IDS.__getitem__, deal["deck"]))


def _suit_name(suit: int) -> Reason:
    return SUIT_NAMES[PIQUET_SUITS[suit]]


class TroevenState(TrickTakingState):
    """A Troeven match in play: what both versions share. The version is the state's class
    (``LayoutTroeven``, ``StockTroeven``): each lays out a deal, completes it after the call, and
    hides and redraws its cards in its own way, so neither pays for the other's rules.

    Per round: ``_hands`` holds the cards each seat may play from (version 1: its available face-up
    cards); each version keeps the rest of the deal in its own fields.
    """

    __slots__ = ("_dealer", "_previous_round", "_round", "_scores", "_trump_suit")
    _copy_fields: ClassVar[tuple[str, ...]] = (*TrickTakingState._copy_fields, "_scores")
    _pack: ClassVar[tuple[int, ...]] = PIQUET_CARDS
    """The cards a round deals (``mini``: fewer)."""
    _pack_codes: ClassVar[tuple[str, ...]] = PIQUET_CODES
    """Their codes, which a recorded deal must hold."""
    _round_tricks: ClassVar[int] = TRICKS_PER_ROUND

    _verbs = (Verb("play", PLAY_BASE, len(PIQUET_CARDS)), Verb("trump", TRUMP_BASE, len(PIQUET_SUITS)))
    _version: ClassVar[int] = 0
    """1 or 2, as the observation shows it (each version's class says which)."""
    _plays_from_piles: ClassVar[bool] = False
    """True when a seat plays from the tops of its face-up piles (version 1), not from a hand."""
    _trump_suit: int | None
    _dealer: int
    _previous_round: tuple[int, int, tuple[int, ...]] | None
    """(round, dealer, points) of the round last scored."""

    def _setup(self) -> None:
        self._scores = [self.game.int_option("start_points")] * 2
        self._seat((1, 0), 2)
        self._tricks_per_hand = self._round_tricks
        self._suit_of, self._suit_masks = PIQUET_SUIT_OF, PIQUET_SUIT_MASKS
        self._round = 0
        self._last_trick = None
        self._previous_round = None
        self._deal(self.game.seat_option("first_dealer"))

    # -- the round --------------------------------------------------------------------------------

    def _deal(self, dealer: int | None) -> None:
        """§3: shuffle, deal what comes before the trump call, and give N the call; ``dealer`` None
        means drawn from the seed (round 1)."""

        pack, codes = self._pack, self._pack_codes

        def draw(rng: random.Random) -> tuple[JsonDict, tuple[int, list[int]]]:
            first = dealer if dealer is not None else rng.randrange(2)
            deck = shuffled(rng, pack)
            return {"dealer": first, "deck": [*itemgetter(*deck)(PIQUET_CODES)]}, (first, deck)

        def check(deal: JsonDict) -> None:
            check_deal(deal, role="dealer", seats=2, fixed=dealer, duty="deal this round", cards=codes)

        self._dealer, dealt = self._chance("deal", draw, check, _decode_deal)
        caller = 1 - self._dealer
        self._round += 1
        self._trump_suit = None
        self._beats, self._trump_mask = NO_TRUMPS, 0
        self._hands = [0, 0]
        self._lay_out(tuple(dealt), caller)  # a tuple shared by clones: never changed
        self._start_trick_play(caller)

    @abstractmethod
    def _lay_out(self, deck: tuple[int, ...], caller: int) -> None:
        """§3: keep the shuffled ``deck``, give the caller the cards it sees before the call, and set
        the follow rule the round starts with."""

    @abstractmethod
    def _deal_rest(self, caller: int) -> None:
        """§4 DEAL_2, after the call: the rest of both players' cards."""

    def _hand_over(self, last_winner: int) -> None:
        self._score_round()

    def _score_round(self) -> None:
        """§6: score the round, then end the match or deal the next round with the roles swapped."""
        points = [0, 0]
        for _, (first, second), winner, _ in self._tricks:  # two cards a trick: no inner loop
            points[winner] += CARD_POINTS[first] + CARD_POINTS[second]
        deltas = round_deltas(self._dealer, points)
        self._scores = self._log_score(deltas, self._scores)
        self._previous_round = (self._round, self._dealer, tuple(points))
        limit = self.game.int_option("round_limit")
        single = bool(self.game.options["single_hand"] or self.game.options["mini"])
        at_limit = limit > 0 and self._round >= limit
        winners = match_winners(self._scores, at_limit=at_limit or single)
        if winners is not None:
            self._finish(winners, truncated=not single and min(self._scores) > 0)
        elif self._stops_at_hand_end:  # a search's world: the next dealer known, nothing dealt
            self._dealer = 1 - self._dealer
        else:
            self._deal(1 - self._dealer)

    # -- the moves --------------------------------------------------------------------------------

    def _legal_actions(self) -> Sequence[int]:
        if self._trump_suit is None:
            return TRUMP_ACTIONS
        return self._legal_cards()

    def _why_not_trump(self, seat: int, suit: int) -> Reason | None:
        if self._trump_suit is None:
            return None
        return reason(
            "{seat} cannot call trumps: {suit} are trumps this round",
            seat=SeatNo(seat),
            suit=_suit_name(self._trump_suit),
        )

    def _trump(self, seat: int, suit: int) -> None:
        """§4 CHOOSE_TRUMP then DEAL_2: the trump tables, then the rest of the deal; N leads."""
        self._trump_suit = suit
        self._beats = TRUMP_BEATS[suit]
        self._trump_mask = PIQUET_SUIT_MASKS[suit]
        self._deal_rest(seat)

    def _why_not_play(self, seat: int, card: int) -> Reason | None:
        code = CardCode(piquet_code(card))
        if self._trump_suit is None:
            return reason(
                "{seat} cannot play {card}: trumps must be called first (trump S, H, D or C)",
                seat=SeatNo(seat),
                card=code,
            )
        if self._playable(seat) >> card & 1:
            return None
        hand = self._hands[seat]
        if not hand >> card & 1:
            if self._plays_from_piles:
                return reason(
                    "{seat} cannot play {card}: it is not face up on top of one of their piles",
                    seat=SeatNo(seat),
                    card=code,
                )
            return reason("{seat} cannot play {card}: it is not in their hand", seat=SeatNo(seat), card=code)
        led_suit = self._suit_of[self._trick[0]]
        obliging, _ = follow_masks(self._suit_masks[led_suit], self._trump_mask, self._follow)
        holds = CardCode(piquet_code(bits(hand & obliging)[0]))
        said = {"seat": SeatNo(seat), "card": code, "suit": _suit_name(led_suit), "holds": holds}
        if led_suit == self._trump_suit:
            return reason("{seat} cannot play {card}: must follow {suit}, the trumps (holds {holds})", **said)
        return reason("{seat} cannot play {card}: must follow {suit} or play a trump (holds {holds})", **said)

    # version 1: ``_play_masks`` uncovers the card beneath. The method as the class holds it: compiled,
    # ``TrickTakingState._play_card`` names the C method, which Cython would wrap again without the
    # argument it takes for being callable from Python too.
    _play = vars(TrickTakingState)["_play_card"]

    def _result(self) -> JsonDict:
        return {"scores": list(self._scores), "winners": list(self._winners)}

    # -- what happened (``State.tell``) -----------------------------------------------------------

    def _describe(self, verb: str, seat: int | None, arg: int, action: int) -> Fact:
        if verb == "trump":
            return Fact("trump", seat, {"suit": PIQUET_SUITS[arg]}, move=True)
        return Fact("play", seat, {"card": piquet_code(arg)}, move=True)

    def _aftermath(self, before: State | None, start: int) -> list[Fact]:
        """After a card: what the version's table did (a card turned up, cards drawn) around the trick
        it completed; then the round's score with what decided it (§6), and the next deal, numbered."""
        facts: list[Fact] = []
        if isinstance(before, TroevenState) and before._trump_suit is not None:
            facts += self._turned_up(before)
            trick = self._trick_fact(before, piquet_code)
            if trick is not None:
                facts += [trick, *self._draws(before, trick.seat or 0)]
        for fact in self._logged_facts(start):
            if fact.kind == "deal":
                dealer = fact.args["dealer"]
                fact = replace(fact, args={**fact.args, "round": self._round, "caller": 1 - dealer})
            elif fact.kind == "score" and self._previous_round is not None:
                number, dealer, points = self._previous_round
                decided = {
                    "round": number,
                    "points": list(points),
                    "dealer": dealer,
                    "caller": 1 - dealer,
                    "winner": round_winner(points),
                    "caller_climbs": fact.args["deltas"][1 - dealer] > 0,
                }
                fact = replace(fact, args={**fact.args, **decided})
            facts.append(fact)
        return facts

    def _turned_up(self, before: TroevenState) -> list[Fact]:
        """The card a play (from ``before``) turned face up, if the version has face-down cards."""
        return []

    def _draws(self, before: TroevenState, winner: int) -> list[Fact]:
        """The cards drawn after the trick ``winner`` took (from ``before``), if the version draws."""
        return []

    # -- observation ------------------------------------------------------------------------------

    def _observation(self, seat: int | None) -> JsonDict:
        """The public table (scores, trumps, tricks, and the version's own: layouts, or hand sizes
        and stock) plus, for a seat, the cards it may play from, built in one pass over the round's
        tricks. A search's world stopped at the round's end shows the table between rounds."""
        trump, to_act, codes = self._trump_suit, self._to_act, PIQUET_CODES
        if self._stops_at_hand_end and to_act is not None and len(self._tricks) == self._tricks_per_hand:
            return self._between_rounds(seat)
        taken, points, played = [0, 0], [0, 0], list[int]()
        for _, cards, winner, _ in self._tricks:  # two cards a trick; plain loops: the fastest
            taken[winner] += 1
            points[winner] += CARD_POINTS[cards[0]] + CARD_POINTS[cards[1]]
            played += cards
        played += self._trick
        options, previous = self.game.options, self._previous_round
        view: JsonDict = {
            "game": self.game.name,
            "version": self._version,
            "seat": seat,
            "players": 2,
            "to_act": to_act,
            "phase": "over" if to_act is None else "trump" if trump is None else "play",
            "round": self._round,
            "dealer": self._dealer,
            "caller": 1 - self._dealer,
            "trump": None if trump is None else PIQUET_SUITS[trump],
            "scores": list(self._scores),
            "start_points": options["start_points"],
            "round_limit": options["round_limit"],
            "trick_number": None if trump is None else min(len(self._tricks) + 1, self._tricks_per_hand),
            "tricks_per_round": self._tricks_per_hand,
            "points": points,
            "tricks_won": taken,
            "played": [*map(codes.__getitem__, played)],
            "hand": None if seat is None else piquet_codes(self._hands[seat]),
            "previous_round": None
            if previous is None
            else {"round": previous[0], "dealer": previous[1], "points": list(previous[2])},
            "over": to_act is None,
            "winners": list(self._winners),
        }
        view.update(self._table_view(played))
        view.update(self._trick_view(codes.__getitem__))
        return view

    def _between_rounds(self, seat: int | None) -> JsonDict:
        """The table of a search's world stopped at a round's end (``State.stop_at_hand_end``): the scores,
        the round just scored and the next dealer, as the next round's view would show them (what the
        evaluation and a review's match chances read), without the deal and tricks that view lists."""
        number, dealer, points = self._previous_round  # type: ignore[misc]  # scored: not None
        return {
            "game": self.game.name,
            "version": self._version,
            "seat": seat,
            "players": 2,
            "dealer": self._dealer,
            "scores": list(self._scores),
            "previous_round": {"round": number, "dealer": dealer, "points": list(points)},
            "over": False,
        }

    @abstractmethod
    def _table_view(self, played: list[int]) -> JsonDict:
        """The observation's entries of the version's own (public) table, given the cards played this
        round."""


class LayoutTroeven(TroevenState):
    """Version 1: the face-up layout. ``_deck`` is the round's deal, which fixes every pile, and
    ``_play_masks`` turns up the face-down card beneath a card played: made at the trump call, as no
    card is played before it (a world resampled before the call redraws the deck only)."""

    __slots__ = ("_deck",)
    _version = 1
    _plays_from_piles = True
    _deck: tuple[int, ...]

    def _lay_out(self, deck: tuple[int, ...], caller: int) -> None:
        self._follow = FollowRule.SUIT_THEN_TRUMP_ALLOWED
        self._deck = deck
        self._play_masks = PIQUET_BITS
        self._hands[caller] = mask_of(deck[V1_FIRST_SHOWN])

    def _deal_rest(self, caller: int) -> None:
        self._play_masks = self._uncover_table(self._deck)
        self._hands[caller] |= mask_of(self._deck[V1_N_REST])
        self._hands[1 - caller] = mask_of(self._deck[V1_D_SHOWN])

    def _turned_up(self, before: TroevenState) -> list[Fact]:
        """The face-down card the play uncovered (a card face up is public) and its pile, counted from
        1 in the player's layout; none when the play ended the round."""
        seat = before._to_act
        if seat is None or self._round != before._round:
            return []
        uncovered = self._hands[seat] & ~before._hands[seat]
        if not uncovered:
            return []
        card = bits(uncovered)[0]
        pile = self._deck.index(card) % PILES + 1
        return [Fact("turn-up", seat, {"card": piquet_code(card), "pile": pile})]

    @staticmethod
    def _uncover_table(deck: Sequence[int]) -> list[int]:
        """The ``_play_masks`` of a deal: a face-up card played leaves its pile and turns the
        face-down card beneath it up, into the cards its player may play."""
        table = list(PIQUET_BITS)
        for down, up in zip(deck[:V1_COVER_OFFSET], deck[V1_COVER_OFFSET:], strict=True):
            table[up] = UNCOVER_BITS[up][down]
        return table

    def resample(self, seat: int | None, rng: random.Random) -> LayoutTroeven:
        """The face-down cards not yet uncovered (and, before the call, the cards not yet dealt) are
        shuffled among their places, for any seat: nobody knows them. The hidden cards are taken in
        a fixed order, so the world depends only on what ``seat`` knows and on ``rng``: a search bot
        cannot be steered by where they are."""
        world = self._world_copy(rng)
        assert isinstance(world, LayoutTroeven)
        deck = list(self._deck)
        if self._trump_suit is None:
            places: Sequence[int] = V1_UNSEEN_BEFORE_CALL
        else:  # a face-up card still covers its pile's card while it is on top, so playable
            on_top = self._hands[0] | self._hands[1]
            places = [i for i in range(2 * PILES) if on_top >> deck[i + V1_COVER_OFFSET] & 1]
        cards = sorted([deck[place] for place in places])
        shuffle(rng, cards)
        if self._trump_suit is None:  # the call will make the world's ``_play_masks``
            for place, card in zip(places, cards, strict=True):
                deck[place] = card
        else:  # only the covered piles change: their face-up cards uncover other cards
            table = list(self._play_masks)
            for place, card in zip(places, cards, strict=True):
                deck[place] = card
                up = deck[place + V1_COVER_OFFSET]
                table[up] = UNCOVER_BITS[up][card]
            world._play_masks = table
        world._deck = tuple(deck)
        return world

    def _table_view(self, played: list[int]) -> JsonDict:
        return {"layouts": self._layouts(mask_of(played))}

    def _layouts(self, played: int) -> list[list[JsonDict]]:
        """Per seat and pile: the face-up top card (None when there is none yet or the pile is
        empty) and how many face-down cards lie under it, given the mask of the cards played.
        Before the call only the caller's top row is dealt, and nothing is played: search reads the
        public view there at the end of every rollout, so that case is built apart."""
        deck, caller = self._deck, 1 - self._dealer
        if self._trump_suit is None:
            shown = [{"top": PIQUET_CODES[up], "face_down": 1} for up in deck[V1_FIRST_SHOWN]]
            hidden = [{"top": None, "face_down": 1} for _ in range(2 * PILES - TOP_ROW)]
            dealt, undealt = shown + hidden[:TOP_ROW], hidden[TOP_ROW:]
            return [dealt, undealt] if caller == 0 else [undealt, dealt]
        layouts = []
        for seat in (0, 1):
            first = 0 if seat == caller else PILES
            piles: list[JsonDict] = []
            ups = deck[first + V1_COVER_OFFSET : first + V1_COVER_OFFSET + PILES]
            for down, up in zip(deck[first : first + PILES], ups, strict=True):
                if not played >> up & 1:
                    piles.append({"top": PIQUET_CODES[up], "face_down": 1})
                elif not played >> down & 1:
                    piles.append({"top": PIQUET_CODES[down], "face_down": 0})
                else:
                    piles.append({"top": None, "face_down": 0})
            layouts.append(piles)
        return layouts


class StockTroeven(TroevenState):
    """Version 2: hands and a stock. ``_stock`` is the round's deal in order (the undealt cards are
    its tail) and ``_stock_pos`` how many of it are gone."""

    __slots__ = ("_stock", "_stock_pos")
    _version = 2
    _plays_from_piles = False
    _tricks_before_a_break = STOCK_DRAWS
    _first_hand: ClassVar[int] = V2_FIRST_HAND
    """How many cards N holds at the call; then N gets ``_n_rest`` more and D ``_d_hand``."""
    _n_rest: ClassVar[int] = V2_N_REST
    _d_hand: ClassVar[int] = V2_D_HAND
    _first_rule: ClassVar[FollowRule] = FollowRule.FREE
    """The follow rule of a round's first trick."""
    _stock: tuple[int, ...]
    _stock_pos: int

    def _lay_out(self, deck: tuple[int, ...], caller: int) -> None:
        self._follow, self._play_masks = self._first_rule, CARD_BITS
        self._stock, self._stock_pos = deck, self._first_hand
        self._hands[caller] = mask_of(deck[: self._first_hand])

    def _deal_rest(self, caller: int) -> None:
        stock, pos, rest, other = self._stock, self._stock_pos, self._n_rest, self._d_hand
        self._hands[caller] |= mask_of(stock[pos : pos + rest])
        self._hands[1 - caller] = mask_of(stock[pos + rest : pos + rest + other])
        self._stock_pos = pos + rest + other

    def _after_trick(self, winner: int) -> None:
        """DRAW: the winner then the loser draws; once the stock is empty, the strict follow rule
        starts."""
        stock, pos = self._stock, self._stock_pos
        hands = self._hands
        hands[winner] |= CARD_BITS[stock[pos]]
        hands[1 - winner] |= CARD_BITS[stock[pos + 1]]
        self._stock_pos = pos = pos + 2
        if pos == len(stock):
            self._follow = FollowRule.SUIT_OR_TRUMP

    def _draws(self, before: TroevenState, winner: int) -> list[Fact]:
        """DRAW: the winner's card, then the loser's, each known only to its drawer."""
        assert isinstance(before, StockTroeven)
        pos = before._stock_pos
        if self._round != before._round or self._stock_pos == pos:
            return []
        return [
            Fact("draw", drawer, secret={"card": piquet_code(self._stock[pos + i])})
            for i, drawer in enumerate((winner, 1 - winner))
        ]

    def resample(self, seat: int | None, rng: random.Random) -> StockTroeven:
        """The hands ``seat`` cannot see and the stock are redealt, keeping sizes and the voids shown
        when the strict follow rule applied. The hidden cards are taken in a fixed order, so the
        world depends only on what ``seat`` knows and on ``rng``."""
        world = self._world_copy(rng)
        assert isinstance(world, StockTroeven)
        others = [s for s in (0, 1) if s != seat]
        stock = self._stock[self._stock_pos :]
        hidden = bits(sum(self._hands[s] for s in others) | mask_of(stock))  # ascending
        sizes = [self._hands[s].bit_count() for s in others] + [len(stock)]
        excluded = self._excluded()
        holdings = deal_hidden(rng, hidden, sizes, voids=[*(excluded[s] for s in others), 0])
        for s, cards in zip(others, holdings[:-1], strict=True):
            world._hands[s] = mask_of(cards)
        new_stock = holdings[-1]
        shuffle(rng, new_stock)
        world._stock, world._stock_pos = tuple(new_stock), 0
        return world

    def _table_view(self, played: list[int]) -> JsonDict:
        trump = self._trump_suit
        return {
            "hand_sizes": [self._hands[0].bit_count(), self._hands[1].bit_count()],
            "stock": None if trump is None else len(self._stock) - self._stock_pos,
        }


class MiniTroeven(StockTroeven):
    """Option ``mini``: version 2 cut down to be solved. Two tricks with the aces and kings; N's two
    cards are both dealt before the call, D's after it, and the four left in ``_stock`` are set aside
    unseen (never drawn, redrawn by ``resample`` as the stock is). The stock being "used up" from the
    start, the strict follow rule holds throughout."""

    __slots__ = ()
    _pack = MINI_CARDS
    # a map, not a generator expression: the compiled build's class bodies take none
    _pack_codes = tuple(map(PIQUET_CODES.__getitem__, MINI_CARDS))
    _round_tricks = MINI_HAND
    _tricks_before_a_break = 0
    _first_hand, _n_rest, _d_hand = MINI_HAND, 0, MINI_HAND
    _first_rule = FollowRule.SUIT_OR_TRUMP

    def _table_view(self, played: list[int]) -> JsonDict:
        """As version 2, with no stock to draw from (the cards set aside are not one)."""
        return {**super()._table_view(played), "stock": None if self._trump_suit is None else 0}

    @classmethod
    def all_deals(cls, dealer: int | None) -> list[tuple[list[JsonDict], float]]:
        """Every deal up to the order within a hand (which changes nothing): N's two cards, D's two,
        the four set aside; both dealers when ``dealer`` is None."""
        dealers = [0, 1] if dealer is None else [dealer]
        decks = []
        for held in combinations(MINI_CARDS, MINI_HAND):
            rest = [card for card in MINI_CARDS if card not in held]
            for other in combinations(rest, MINI_HAND):
                decks.append([*held, *other, *(card for card in rest if card not in other)])
        chance = 1 / (len(dealers) * len(decks))
        return [
            ([{"deal": {"dealer": first, "deck": [PIQUET_CODES[card] for card in deck]}}], chance)
            for first in dealers
            for deck in decks
        ]


# -- notation ---------------------------------------------------------------------------------------


def troeven_action(text: str) -> int:
    """The action id of ``trump X`` or a card code (any case); raises InvalidNotation."""
    words = text.split() if isinstance(text, str) else []
    if len(words) == 2 and words[0].lower() == "trump":
        suit = words[1].upper()
        if len(suit) == 1 and suit in PIQUET_SUITS:
            return TRUMP_BASE + PIQUET_SUITS.index(suit)
        raise InvalidNotation(f"{text!r}: trumps are called as trump S, trump H, trump D or trump C")
    try:
        return piquet_card(text)
    except InvalidNotation:
        raise InvalidNotation(
            f"{text!r} is not a move: write a card (QC, TD) or a trump call (trump H)"
        ) from None


@register
class Troeven(Game):
    """2-player Troeven, version 1 (layout) or 2 (hand and stock); see the module docstring."""

    name = "troeven"
    title = "Troeven"
    pack = PIQUET_PACK
    option_specs = (
        Option(name="players", default=2, choices=(2,), help="number of players (2 only)"),
        Option(
            name="version",
            default=1,
            choices=(1, 2),
            help="1: play from face-up layouts; 2: from a hand and a stock",
        ),
        Option(
            name="start_points",
            default=7,
            minimum=1,
            table_range=(1, 50),
            help="every score starts here and counts down",
        ),
        Option(name="first_dealer", default=None, seat=True, help="who deals the first round"),
        Option(
            name="round_limit",
            default=200,
            minimum=0,
            zero_is_no_limit=True,
            table_range=(1, 500),
            help="the most rounds played: after the last one, the lower score wins",
        ),
        Option(
            name="single_hand",
            default=False,
            kind=bool,
            help="one round only, won by the player whose score falls (for research)",
            research=True,
        ),
        Option(
            name="mini",
            default=False,
            kind=bool,
            help="one round of two tricks with the aces and kings, small enough to solve (research)",
            research=True,
            tables_keep_default=True,
        ),
    )

    def _check_options(self, options: dict[str, OptionValue]) -> None:
        if options["mini"] and options["version"] != 2:
            raise ValueError("option 'mini' plays from hands, as version 2 does: give version=2 with it")

    @property
    def state_class(self) -> type[TroevenState]:  # type: ignore[override]
        """The state class of the chosen version (``mini``: its own)."""
        if self.options["mini"]:
            return MiniTroeven
        return LayoutTroeven if self.int_option("version") == 1 else StockTroeven

    num_actions = NUM_ACTIONS

    def max_game_length(self) -> int | None:
        """A round is one trump call and a card per player a trick; at most ``round_limit`` rounds
        are played (one with ``single_hand`` or ``mini``); without a limit a match has no bound."""
        one = self.options["single_hand"] or self.options["mini"]
        rounds = 1 if one else self.int_option("round_limit")
        return rounds * (1 + 2 * self.state_class._round_tricks) if rounds else None

    def all_deals(self) -> list[tuple[list[JsonDict], float]] | None:
        """``mini`` only: its deals are few enough to list (``MiniTroeven.all_deals``)."""
        if not self.options["mini"]:
            return None
        return MiniTroeven.all_deals(self.seat_option("first_dealer"))

    def _action_to_string(self, action: int) -> str:
        if action >= TRUMP_BASE:
            return f"trump {PIQUET_SUITS[action - TRUMP_BASE]}"
        return piquet_code(action)

    def string_to_action(self, text: str) -> int:
        return troeven_action(text)
