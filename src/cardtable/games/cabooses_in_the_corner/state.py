"""Cabooses in the Corner's state: the deal (§4), turns with their draws and forced draws (§6.1, §6.3),
the four verbs and why each is refused, departures (§6.4) and the observation.

The decisions behind this code are listed in the package docstring (``games/cabooses_in_the_corner/
__init__.py``); the tables it reads are in ``board.py``, the rules it asks in ``rules.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from itertools import chain
from operator import getitem, itemgetter
from typing import ClassVar, TypeVar

from ...core.events import check_deal
from ...core.game import JsonDict, State, Verb
from ...core.hidden import deal_hidden, shuffle
from ...core.reasons import CardCode, Reason, SeatNo, reason
from ...core.story import Fact
from ...core.tricks import shuffled
from .board import (
    ACCEPTS,
    ADJACENT,
    AFTER_PLAY,
    ARRIVING,
    BOARD_BITS,
    CABOOSE_BASED,
    CARD_COPIES,
    CARD_IDS,
    CODE_COPIES,
    CODE_PLAYS,
    CODES,
    CORNERS,
    EMPTY,
    END,
    END_ACTION,
    HAND_PLAYS_HIGH,
    HAND_PLAYS_LOW,
    HELD_CODES_HIGH,
    HELD_CODES_LOW,
    HOLDS_BASE,
    MOVE_BASE,
    MOVE_BITS,
    MOVE_FITS,
    MOVE_OF,
    MOVE_SIGNS,
    NUM_PLACES,
    NUMBER,
    OB,
    P8,
    PACK_CODES,
    PACKS,
    PILE_CODES,
    PILE_ID,
    PILES,
    PLACES,
    PLAY_BASE,
    PLAY_OF,
    RAILWAYS,
    RELOCATE_BASE,
    RELOCATE_OF,
    RELOCATIONS_INTO,
    TOUCHING,
    TRAIN_CARDS,
    UNTOUCHED,
    Pile,
    hand_plays,
    move_list,
    play_ids,
    relocate_id,
)
from .rules import hand_of, hand_wants, ranking, reachable_tops, result_of_stalemate

_Card = TypeVar("_Card", int, str)
"""A card as an id (the state) or as its code (the record)."""


class CaboosesState(State):
    """A game of Cabooses in the Corner in play.

    Random play and search spend their time here, so the legal actions are read off integers kept up
    to date as cards move rather than found by walking the board: ``_board`` (see "the board as
    bits" in ``board.py``), ``_hand`` (the plays of the seat to act, onto any board) and ``_moves``,
    the board's moves and relocations, looked for again only around a changed pile that had one or may
    now have one (``TOUCHING``, ``MOVE_SIGNS``).

    Search reads an observation at the start of each turn its rollouts' policy plays and at each
    rollout's end, and resamples a world per iteration, so both are built from tables and kept counts
    rather than loops over the codes: a hand is its mask of codes held as codes (``HELD_CODES_*``),
    copies spliced in only where it holds a code twice (``CODE_COPIES``); the piles come from
    ``PILE_CODES``; the hand sizes are kept as cards come and go (``_sizes``). An observation of the
    seat to act took 4.2–5.0 µs against 7.4–7.7 µs before (2,828 decisions of random games of four,
    CPU time, load average 4 on 2 cores); the dicts are the same, key for key.
    """

    _verbs = (
        Verb("play", PLAY_BASE, MOVE_BASE - PLAY_BASE),
        Verb("move", MOVE_BASE, RELOCATE_BASE - MOVE_BASE),
        Verb("relocate", RELOCATE_BASE, END_ACTION - RELOCATE_BASE),
        Verb("end", END_ACTION, 1),
    )
    __slots__ = (
        "_board",
        "_counts",
        "_dealer",
        "_departed",
        "_depot",
        "_drawn",
        "_first_turn",
        "_flips",
        "_hand",
        "_losers",
        "_moves",
        "_outcome",
        "_piles",
        "_played",
        "_present",
        "_sizes",
        "_turn_start",
    )
    _copy_fields: ClassVar[tuple[str, ...]] = ("_present", "_sizes", "_piles", "_first_turn", "_depot")
    _copy_nested: ClassVar[tuple[str, ...]] = ("_counts",)

    _counts: list[list[int]]
    """``_counts[seat][code]``: how many copies of a code a seat holds."""
    _present: list[int]
    """Per seat, the mask of codes it holds at least once."""
    _sizes: list[int]
    """Per seat, how many cards it holds (kept as cards come and go: every observation shows them)."""
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
    _turn_start: int
    """The log index of the turn's first move, or of the move after the turn's latest forced draws:
    ``turn_start``."""
    _outcome: str | None
    _losers: Sequence[int]
    _departed: tuple[Pile, ...]

    def _setup(self) -> None:
        n = self.game.players
        self._outcome, self._losers, self._departed = None, (), ()
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
        self._sizes = list(map(sum, self._counts))
        self._flips = tuple(deck[dealt : dealt + 4])
        self._piles = [*(PILE_ID[(card,)] for card in self._flips), *[EMPTY] * len(CORNERS)]
        self._board = sum(map(getitem, BOARD_BITS, self._piles))
        self._moves = self._all_moves()
        self._depot = dealt_depot(deck, n)

    # -- the contract hooks -----------------------------------------------------------------------

    def _legal_actions(self) -> tuple[int, ...]:
        plays = self._board & self._hand
        # no play or one, as on most turns, without a call
        legal = play_ids(plays) if plays & (plays - 1) else (plays.bit_length() - 1,) if plays else ()
        if self._moves:
            legal += move_list(self._moves)
        return legal + END if self._played else legal

    def turn_start(self) -> int:
        """A turn's moves may be taken back until ``end`` (§6.2), down to its first move: its draws
        (§6.1) come before it. Forced draws after a move (§6.3) show the seat new cards: the moves before
        them stay."""
        return len(self._log) if self._to_act is None else self._turn_start

    def _result(self) -> JsonDict:
        return {
            "outcome": self._outcome,
            "winners": list(self._winners),
            "losers": list(self._losers),
            "hand_sizes": self._hand_sizes(),
        }

    def resample(self, seat: int | None, rng: random.Random) -> CaboosesState:
        """The depot and every other hand redealt at random from the cards they hold together, with
        their sizes kept. Of the hand to act (``seat`` is another) everyone knows one thing more: before
        its first play of a turn it can play, or reach a play, or it would have drawn on (§6.3). Its
        redeal is drawn again until it agrees, so every world is playable (the real hand agrees, so an
        agreeing deal is found; search resamples for the seat to act and draws once)."""
        while True:
            world = self._redealt(seat, rng)
            to_act = world._to_act
            if (
                to_act in (seat, None)
                or world._played
                or world._board & world._hand
                or world._reachable(to_act)
            ):
                return world

    def _redealt(self, seat: int | None, rng: random.Random) -> CaboosesState:
        """A world with the depot and every hand but ``seat``'s redealt at random, sizes kept."""
        world = self._world_copy(rng)
        assert isinstance(world, CaboosesState)
        n = self.game.players
        others = [s for s in range(n) if s != seat]
        hidden = self._depot[:]
        for other in others:
            hidden += chain.from_iterable(map(getitem, CARD_COPIES, self._counts[other]))
        hidden.sort()  # the same cards in the same order whatever their real places: the world then
        # depends only on what the seat has seen and on ``rng`` (bots must not read hidden cards)
        sizes = self._sizes
        shares = deal_hidden(rng, hidden, [*(sizes[s] for s in others), len(self._depot)])
        for other, cards in zip(others, shares[:-1], strict=True):
            world._counts[other], world._present[other] = hand_of(cards)
        depot = shares[-1]
        shuffle(rng, depot)
        world._depot = depot[::-1]  # its first card on top
        if world._to_act != seat:  # the hand to act was redealt (search's root keeps its own)
            world._set_hand()
        return world

    # -- the moves: each verb's rule, and the reason it is refused (checked against _legal_actions) --

    def _why_not_play(self, seat: int, arg: int) -> Reason | None:
        card, place = PLAY_OF[arg]
        code, where = CardCode(CODES[card]), PLACES[place]
        no = reason("{seat} cannot play {card} {place}", seat=SeatNo(seat), card=code, place=where)
        if not self._counts[seat][card]:
            return reason("{refusal}: {card} is not in their hand", refusal=no, card=code)
        if self._played and self._first_turn[seat]:
            return reason("{refusal}: on a player's first turn only one card may be played", refusal=no)
        pile = PILES[self._piles[place]]
        if card >= TRAIN_CARDS:
            if place < CORNERS.start:
                return reason("{refusal}: a caboose goes only into an empty corner", refusal=no)
            if pile:
                return reason(
                    "{refusal}: {place} is not empty (a caboose starts an empty corner)",
                    refusal=no,
                    place=where,
                )
            return None
        if not pile:
            if place >= CORNERS.start:
                return reason(
                    "{refusal}: only a caboose ({purple} or {broken}) starts a corner",
                    refusal=no,
                    purple=CardCode(CODES[P8]),
                    broken=CardCode(CODES[OB]),
                )
            return None
        top = pile[-1]
        if ACCEPTS[top] >> card & 1:
            return None
        return _does_not_fit(no, card, top)

    def _play(self, seat: int, arg: int) -> None:
        card, place = PLAY_OF[arg]
        counts = self._counts[seat]
        left = counts[card] - 1
        counts[card] = left
        self._sizes[seat] -= 1
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

    def _why_not_move(self, seat: int, arg: int) -> Reason | None:
        x, k, y = MOVE_OF[arg]
        source, target = PILES[self._piles[x]], PILES[self._piles[y]]
        no = reason(
            "{seat} cannot move {source} {count} {target}",
            seat=SeatNo(seat),
            source=PLACES[x],
            count=k,
            target=PLACES[y],
        )
        if len(source) < k:
            if not source:
                return reason("{refusal}: {source} is empty", refusal=no, source=PLACES[x])
            if len(source) == 1:
                return reason(
                    "{refusal}: {source} holds only {count} card", refusal=no, source=PLACES[x], count=1
                )
            return reason(
                "{refusal}: {source} holds only {count} cards",
                refusal=no,
                source=PLACES[x],
                count=len(source),
            )
        bottom = source[len(source) - k]
        if bottom >= TRAIN_CARDS:
            return reason(
                "{refusal}: it would move the caboose {card}, and only train cards move",
                refusal=no,
                card=CardCode(CODES[bottom]),
            )
        if not target:
            return reason(
                "{refusal}: {target} is empty (cards move only onto a pile they fit)",
                refusal=no,
                target=PLACES[y],
            )
        top = target[-1]
        if not ACCEPTS[top] >> bottom & 1:
            return _does_not_fit(no, bottom, top)
        if len(target) + k <= len(source):
            return reason(
                "{refusal}: a move must make a longer train ({target} would hold {total} cards,"
                " not more than the {length} of {source})",
                refusal=no,
                target=PLACES[y],
                total=len(target) + k,
                length=len(source),
                source=PLACES[x],
            )
        return None

    def _move(self, seat: int, arg: int) -> None:
        x, _, y = MOVE_OF[arg]
        _, rest, joined = MOVE_FITS[self._piles[x]][self._piles[y]]
        self._set_pile(x, rest)
        self._put(y, joined)
        if not self._played and not self._board & self._hand and not self._reachable(seat):
            self._forced_draws(seat)

    def _why_not_relocate(self, seat: int, arg: int) -> Reason | None:
        x, corner = RELOCATE_OF[arg]
        source = PILES[self._piles[x]]
        no = reason(
            "{seat} cannot relocate {source} {corner}",
            seat=SeatNo(seat),
            source=PLACES[x],
            corner=PLACES[corner],
        )
        if corner not in ADJACENT[x]:
            first, second = (PLACES[c] for c in ADJACENT[x])
            return reason(
                "{refusal}: {corner} is not next to {source} (a pile moves one step, to {first} or {second})",
                refusal=no,
                corner=PLACES[corner],
                source=PLACES[x],
                first=first,
                second=second,
            )
        if not source:
            return reason("{refusal}: {source} is empty", refusal=no, source=PLACES[x])
        if source[0] < TRAIN_CARDS:
            return reason("{refusal}: {source} does not start with a caboose", refusal=no, source=PLACES[x])
        if self._piles[corner] != EMPTY:
            return reason("{refusal}: {corner} is not empty", refusal=no, corner=PLACES[corner])
        return None

    def _relocate(self, seat: int, arg: int) -> None:
        x, corner = RELOCATE_OF[arg]
        source = self._piles[x]
        self._set_pile(x, EMPTY)
        self._put(corner, source)
        if not self._played and not self._board & self._hand and not self._reachable(seat):
            self._forced_draws(seat)

    def _why_not_end(self, seat: int, arg: int) -> Reason | None:
        if not self._played:
            return reason(
                "{seat} cannot end the turn: they must play at least one card first", seat=SeatNo(seat)
            )
        return None

    def _end(self, seat: int, arg: int) -> None:
        self._first_turn[seat] = False
        self._start_turn((seat + 1) % self.game.players)

    # -- turns and hands --------------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        """§6.1: the mandatory draw while the depot has cards, then the forced draws."""
        self._to_act = seat
        self._turn_start = len(self._log)
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
        the game ends in a stalemate (§7). The cards drawn are news to the seat: nothing before may be
        taken back."""
        self._turn_start = len(self._log)
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
        self._sizes[seat] += 1
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
        return self._sizes[:]

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

    # -- what happened, for the people watching (``State.tell``; never called in search) ------------

    def _describe(self, verb: str, seat: int | None, arg: int, action: int) -> Fact:
        """A move's meaning: a play's card and place, a move's railway, count and destination, a
        relocation's railway and corner. Ending the turn is ``end-turn``, as ``end`` is the game's end."""
        if verb == "play":
            card, place = PLAY_OF[arg]
            return Fact(verb, seat, {"card": CODES[card], "place": PLACES[place]}, move=True)
        if verb == "move":
            x, k, y = MOVE_OF[arg]
            return Fact(verb, seat, {"from": PLACES[x], "count": k, "to": PLACES[y]}, move=True)
        if verb == "relocate":
            x, corner = RELOCATE_OF[arg]
            return Fact(verb, seat, {"from": PLACES[x], "corner": PLACES[corner]}, move=True)
        return Fact("end-turn", seat, {}, move=True)

    def _aftermath(self, before: State | None, start: int) -> list[Fact]:
        """What the rules did on their own: the deal (who deals and who starts, first, as it comes
        before the first draw), complete trains departing (§6.4), the cards a seat drew (§6.1, §6.3)
        and the depot running out (turns then start without a draw)."""
        facts = [
            replace(fact, args={**fact.args, "first": (self._dealer + 1) % self.game.players})
            if fact.kind == "deal"
            else fact
            for fact in self._logged_facts(start)
        ]
        old = before if isinstance(before, CaboosesState) else None
        trains = self._departed[len(old._departed) if old else 0 :]
        facts += [Fact("depart", None, {"cards": [CODES[card] for card in train]}) for train in trains]
        draw = self._draw_fact(old)
        if draw is not None:
            facts.append(draw)
        if not self._depot and not self._over and (old is None or old._depot):
            facts.append(Fact("depot-empty"))
        return facts

    def _draw_fact(self, old: CaboosesState | None) -> Fact | None:
        """The cards drawn since ``old`` (None: since the deal), or None. Only an ``end`` (a card was
        played) starts a turn, with its draw and the forced draws after it; a move or relocation made
        before any play may force draws (§6.3). How many is public (§8), which cards only the drawer's."""
        if old is None:
            deal = self._log[0]
            assert isinstance(deal, dict)
            depot = dealt_depot(deal["deal"]["deck"], self.game.players)  # in codes
        else:
            depot = [CODES[card] for card in old._depot]
        count = len(depot) - len(self._depot)
        if not count:
            return None
        turn = old is None or old._played > 0
        mover = self._dealer if old is None or old._to_act is None else old._to_act
        seat = (mover + turn) % self.game.players  # the next seat when a turn starts, else the mover
        cards = depot[len(self._depot) :][::-1]
        args = {"count": count, "forced": count - 1 if turn else count}
        return Fact("draw", seat, args, secret={"cards": cards})

    # -- observation ------------------------------------------------------------------------------

    def _observation(self, seat: int | None) -> JsonDict:
        """The public table (every pile in full, departed trains, counts) plus, for a seat, its hand."""
        sizes = self._sizes[:]
        hand = None
        if seat is not None:  # search's rollout policy reads one at every move: table look-ups
            held = self._present[seat]
            hand = [*HELD_CODES_LOW[held & 0xFFF], *HELD_CODES_HIGH[held >> 12]]
            if len(hand) != sizes[seat]:  # copies of a code
                hand = [*chain.from_iterable(map(getitem, CODE_COPIES, self._counts[seat]))]
        north, east, south, west, north_east, south_east, south_west, north_west = map(
            PILE_CODES.__getitem__, self._piles
        )
        return {
            "game": self.game.name,
            "seat": seat,
            "players": self.game.players,
            "to_act": self._to_act,
            "dealer": self._dealer,
            "hand": hand,
            "hand_sizes": sizes,
            "depot": len(self._depot),
            "piles": {  # in ``PLACES`` order
                "N": [*north],
                "E": [*east],
                "S": [*south],
                "W": [*west],
                "NE": [*north_east],
                "SE": [*south_east],
                "SW": [*south_west],
                "NW": [*north_west],
            },
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


def dealt_depot(deck: Sequence[_Card], players: int) -> list[_Card]:
    """§4: the depot a deal leaves, bottom first: the cards after the hands (7 each) and the four flips."""
    return list(deck[: 7 * players + 3 : -1])


def _does_not_fit(refusal: Reason, card: int, top: int) -> Reason:
    """A card refused on a pile's ``top``, with what the top takes."""
    return reason(
        "{refusal}: {card} does not fit on {top} ({takes})",
        refusal=refusal,
        card=CardCode(CODES[card]),
        top=CardCode(CODES[top]),
        takes=_takes(top),
    )


def _takes(top: int) -> Reason:
    """What a top card takes, in words, for reasons."""
    if top == P8:
        return reason("{card} takes a 7 of any colour", card=CardCode(CODES[top]))
    if top == OB or NUMBER[top] == 1:
        return reason("nothing goes on {card}", card=CardCode(CODES[top]))
    return reason("{card} takes only {below}", card=CardCode(CODES[top]), below=CardCode(CODES[top - 1]))
