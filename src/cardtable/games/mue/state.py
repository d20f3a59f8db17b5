"""Mü's state: deal, open auction, trumps and partner, tricks on the shared machinery, and scoring.

The decisions behind this code are listed in the package docstring (``games/mue/__init__.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from functools import cache, lru_cache, partial
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple

from ...core.cards import CARD_BITS, bits, mask_of
from ...core.events import check_deal
from ...core.game import Game, JsonDict, State, Verb
from ...core.hidden import deal_hidden
from ...core.reasons import CardCode, CardCodes, Reason, SeatNo, reason
from ...core.story import Fact
from ...core.tricks import FollowRule, TrickTakingState, random_keys, shuffled
from .cards import (
    CODE_IDS,
    CODE_MASK,
    CODE_OF,
    CODES,
    COLOUR_NAMES,
    COLOUR_OF,
    DONE,
    INSTANCE_NAMES,
    MAX_SEATS,
    NO_TRUMP,
    NUMBER_OF,
    NUMBER_TRUMPS,
    PARTNER_BASE,
    PASS,
    PLAY_BASE,
    PLAY_TABLES,
    POINTS_OF,
    SECOND_COPY,
    SHOW_BASE,
    SHOW_TABLES,
    TRUMP_BASE,
    TRUMP_NAMES,
    code_actions,
    codes_mask,
    deck_codes,
    first_copies_first,
    instances_of,
    names_of,
    trump_name,
)
from .rules import (
    TRUMP_CLASS,
    TrumpTables,
    eclat_deltas,
    elect_vice,
    played_hand_deltas,
    target,
    trump_options,
    trump_order,
    trump_tables,
    winners_of,
)

DONE_FIRST = (DONE,)
SHOWN_CODES = ("",) * SHOW_BASE + CODES
"""The code a ``show`` action id shows, by action id (``pass`` and ``done`` show none)."""

# -- phases and the score sheet -------------------------------------------------------------------


class Phase(IntEnum):
    """Where a hand stands (§4): each phase has one kind of decision."""

    AUCTION = 0
    VICE_TRUMP = 1
    CHIEF_TRUMP = 2
    PARTNER = 3
    TRICKS = 4
    OVER = 5
    """The match is over, or a search's world stopped between hands (``State.stop_at_hand_end``: a seat
    is still to act, and nothing is dealt)."""


_AUCTION, _TRICKS = Phase.AUCTION, Phase.TRICKS
"""For the hot path: reading an enum member from its class is slow."""

PHASE_NAMES = ("auction", "vice_trump", "chief_trump", "partner", "tricks", "over")
_PHASE_WORDS = (
    reason("auction"),
    reason("vice trump"),
    reason("chief trump"),
    reason("partner"),
    reason("tricks"),
    reason("over"),
)
"""The phases as the reasons name them ("it is the vice trump phase")."""


class Roles(NamedTuple):
    """Who leads the hand after the auction, and the trumps they named (None until known; a named
    tuple: a state makes several a hand)."""

    chief: int | None = None
    vice: int | None = None
    partner: int | None = None
    chief_trump: int | None = None
    vice_trump: int | None = None


NO_ROLES = Roles()


class HandSummary(NamedTuple):
    """One line of the score sheet: how a hand ended and what it scored (a named tuple: one is made
    every hand, several times faster than a frozen dataclass)."""

    hand: int
    dealer: int
    outcome: str
    """``void``, ``eclat``, ``made`` or ``failed``."""
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    bid: int = 0
    tied: tuple[int, ...] = ()
    latecomer: int | None = None
    roles: Roles = NO_ROLES
    """Who led a played hand, and the trumps named."""
    target: int | None = None
    team_points: int | None = None
    points: tuple[int, ...] | None = None

    def outcome_args(self) -> JsonDict:
        """The hand and its outcome, as the score fact tells them: nobody bid (void), the tied seats of
        an éclat and its latecomer, or the Chief's team, its points and its target."""
        args: JsonDict = {"hand": self.hand, "outcome": self.outcome, "bid": self.bid}
        if self.outcome == "eclat":
            args.update(tied=list(self.tied), latecomer=self.latecomer)
        elif self.outcome in ("made", "failed"):
            roles = self.roles
            args.update(
                chief=roles.chief, partner=roles.partner, team_points=self.team_points, target=self.target
            )
        return args

    def to_json(self) -> JsonDict:
        roles = self.roles
        return {
            "hand": self.hand,
            "dealer": self.dealer,
            "outcome": self.outcome,
            "bid": self.bid,
            "tied": list(self.tied),
            "latecomer": self.latecomer,
            "chief": roles.chief,
            "vice": roles.vice,
            "partner": roles.partner,
            "chief_trump": trump_name(roles.chief_trump),
            "vice_trump": trump_name(roles.vice_trump),
            "target": self.target,
            "team_points": self.team_points,
            "points": None if self.points is None else list(self.points),
            "deltas": list(self.deltas),
            "scores": list(self.scores),
        }


@cache
def seating(players: int, dealer: int, dealer_sits_out: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The active seats from the dealer's left, and who plays after whom (§3: with six players the
    dealer may sit out).

    >>> seating(4, 1, False), seating(6, 5, True)[0]
    (((2, 3, 0, 1), (1, 2, 3, 0)), (0, 1, 2, 3, 4))
    """
    active = tuple(
        (dealer + k) % players for k in range(1, players + 1) if not (dealer_sits_out and k == players)
    )
    next_in_trick = [dealer] * players
    for k, seat in enumerate(active):
        next_in_trick[seat] = active[(k + 1) % len(active)]
    return active, tuple(next_in_trick)


@dataclass(frozen=True)
class Pack:
    """What the options fix for a whole match: the pack, who plays, how many tricks a hand has, and
    when the match ends (read once a hand: options are a dict of checked values)."""

    sits_out: bool
    colours: int
    instances: tuple[int, ...]
    """The pack as card instances, in the order of ``deck_codes`` (a second copy just after its first)."""
    pairs: tuple[int, ...]
    """Where the first copies of the doubled codes stand in ``instances``."""
    deck_names: tuple[str, ...]
    active_count: int
    tricks_per_hand: int
    end_score: float
    """A total that ends the match (infinite with ``end="deals"``)."""
    end_hands: float
    """How many hands end the match: ``rule_hands``, or the ``hand_limit`` safeguard (infinite when
    neither applies)."""
    rule_hands: float
    """How many hands end the match by the rules: one with ``single_hand``, ``players × deals`` with
    ``end="deals"``, else infinite (the target ends it)."""


@cache
def pack_for(game: Game) -> Pack:
    """§3: three colours for three players, else five; with six players the dealer may sit out."""
    players, options = game.players, game.options
    colours = 3 if players == 3 else 5
    codes = deck_codes(colours)
    instances = tuple(instances_of(codes))
    active = players - 1 if options["dealer_sits_out"] else players
    single = bool(options["single_hand"])
    by_score = options["end"] == "score" and not single
    rule_hands = 1 if single else math.inf if by_score else game.int_option("deals") * players
    return Pack(
        bool(options["dealer_sits_out"]),
        colours,
        instances,
        tuple(k for k in range(len(codes) - 1) if codes[k] == codes[k + 1]),
        tuple(INSTANCE_NAMES[i] for i in instances),
        active,
        len(instances) // active,
        game.int_option("target") if by_score else math.inf,
        min(rule_hands, game.int_option("hand_limit") or math.inf),
        rule_hands,
    )


@lru_cache(maxsize=256)
def _by_code(instances: int) -> tuple[int, ...]:
    """The instances of a mask by code, a first copy before its second (``resample``'s hidden cards: the
    same set at every iteration of a search, where the sort cost 4 µs an iteration)."""
    return tuple(sorted(bits(instances), key=CODE_OF.__getitem__))


# -- the state ------------------------------------------------------------------------------------


class MueState(TrickTakingState):
    """A Mü match in play."""

    __slots__ = (
        "_active",
        "_dealer",
        "_faceup",
        "_hand_start",
        "_highest",
        "_last_bid",
        "_limit",
        "_pack",
        "_passes",
        "_phase",
        "_roles",
        "_scores",
        "_sheet",
        "_shown",
        "_shows",
    )
    _copy_fields: ClassVar[tuple[str, ...]] = (
        *TrickTakingState._copy_fields,
        "_faceup",
        "_last_bid",
        "_shows",
    )

    _faceup: list[int]
    _shows: list[tuple[int, ...] | None]
    """Per seat, the ``show`` actions of the codes it still hides (kept as cards are shown: the
    auction is most of Mü's decisions); None until the seat is first to act in the auction (a search's
    rollout ends with the deal of a hand it never bids in, and its worlds redeal hands after the
    auction). Tuples, replaced rather than changed, so a clone copies the list alone."""
    _last_bid: list[int]
    """Per seat, when it last bid (1 for the hand's first bid, and so on; 0 if it has not)."""
    _roles: Roles
    _pack: Pack
    _sheet: tuple[HandSummary, ...]
    _scores: tuple[int, ...]
    """The running totals (the last score-sheet line's)."""
    _dealer: int | None
    """None only until the first deal."""
    _active: tuple[int, ...]
    """The seats playing this hand, from the dealer's left."""
    _hand_start: int
    """Where this hand's moves start in the log: just after its deal event."""

    def _setup(self) -> None:
        self._pack = pack_for(self.game)
        self._tricks_per_hand = self._pack.tricks_per_hand
        self._follow, self._play_masks = FollowRule.SUIT, CARD_BITS
        self._sheet = ()
        self._scores = (0,) * self.game.players
        self._last_trick = None
        self._dealer = None
        self._deal()

    # -- the hand: deal and auction (§3, §4.1) ----------------------------------------------------

    def _deal(self) -> None:
        """Shuffle and deal the next hand; the first dealer comes from the option or the seed."""
        n = self.game.players
        fixed = self.game.seat_option("first_dealer") if self._dealer is None else (self._dealer + 1) % n
        pack = self._pack

        def draw(rng: random.Random) -> tuple[JsonDict, tuple[int, tuple[int, ...]]]:
            dealer = fixed if fixed is not None else rng.randrange(n)
            keys = random_keys(rng, len(pack.instances))
            first_copies_first(keys, pack.pairs)
            deck = itemgetter(*shuffled(rng, pack.instances, keys))
            return {"dealer": dealer, "deck": list(deck(INSTANCE_NAMES))}, (dealer, deck(CARD_BITS))

        def decode(deal: JsonDict) -> tuple[int, tuple[int, ...]]:
            deck = instances_of(list(map(CODE_IDS.__getitem__, deal["deck"])))
            return deal["dealer"], itemgetter(*deck)(CARD_BITS)

        check = partial(
            check_deal, role="dealer", seats=n, fixed=fixed, duty="deal this hand", cards=pack.deck_names
        )
        dealer, deck = self._chance("deal", draw, check, decode)
        self._dealer = dealer
        self._hand_start = len(self._log)
        active, next_in_trick = seating(n, dealer, pack.sits_out)
        self._active = active
        self._seat(next_in_trick, pack.active_count)
        self._hands = self._hands_from(deck, active)
        self._faceup = [0] * n
        self._shows = [None] * n
        self._last_bid = [0] * n
        self._passes = 0
        self._highest = 0
        self._shown = 0
        self._limit = 1
        self._roles = NO_ROLES
        self._use_tables(trump_tables(None, None))
        self._trick, self._trick_seats, self._tricks = [], (), []
        self._phase = _AUCTION
        self._to_act = dealer if not pack.sits_out else active[0]

    def _hands_from(self, deck: tuple[int, ...], active: tuple[int, ...]) -> list[int]:
        """§3: active seats from the dealer's left take blocks of H cards of ``deck`` (the bit of
        each card instance, the first copy of a code dealt being instance ``code``)."""
        h = self._pack.tricks_per_hand
        hands = [0] * self.game.players
        for k, seat in enumerate(active):
            hands[seat] = sum(deck[k * h : (k + 1) * h])
        return hands

    @property
    def _hand_number(self) -> int:
        return len(self._sheet) + (not self._over)

    def _counts(self) -> list[int]:
        """Per seat, how many cards it showed in this hand's auction: its face-up cards until the
        tricks start (counted: most observations are the auction's), then read off the log, since cards
        played leave the face-up ones."""
        if self._phase < _TRICKS:
            return [mask.bit_count() for mask in self._faceup]
        counts = [0] * self.game.players
        for entry in self._log[self._hand_start :]:
            if not isinstance(entry, tuple) or entry[1] >= TRUMP_BASE:
                break
            if entry[1] >= SHOW_BASE:
                counts[entry[0]] += 1
        return counts

    def _use_tables(self, tables: TrumpTables) -> None:
        self._suit_of, self._beats = tables.suit_of, tables.beats
        self._suit_masks, self._trump_mask = tables.suit_masks, tables.trump_mask

    def _show_actions(self, seat: int) -> tuple[int, ...]:
        """The ``show`` actions of the codes ``seat`` hides."""
        return tuple(code_actions(SHOW_TABLES, self._hands[seat] & ~self._faceup[seat]))

    def _resolve_auction(self) -> None:
        """§4.2: void, éclat, or a Chief (and maybe a Vice) who go on to name trumps."""
        highest = self._highest
        if highest == 0:
            self._score("void", [0] * self.game.players)
            return
        # Nothing is played yet, so the face-up cards are all that was shown (a seat sitting out has none).
        tied = [seat for seat, faceup in enumerate(self._faceup) if faceup.bit_count() == highest]
        if len(tied) > 1:
            latecomer = max(tied, key=self._last_bid.__getitem__)
            deltas = eclat_deltas(self.game.players, tied, latecomer, highest)
            self._score("eclat", deltas, bid=highest, tied=tuple(tied), latecomer=latecomer)
            return
        chief = tied[0]
        vice = None
        if self._pack.active_count > 3:
            counts = [mask.bit_count() for mask in self._faceup]
            numbers = [[NUMBER_OF[card] for card in bits(mask)] for mask in self._faceup]
            vice = elect_vice(counts, numbers, chief)
        self._roles = Roles(chief=chief, vice=vice)
        self._phase = Phase.CHIEF_TRUMP if vice is None else Phase.VICE_TRUMP
        self._to_act = chief if vice is None else vice

    # -- the moves: the auction (§4.1) -------------------------------------------------------------

    _verbs = (
        Verb("pass", PASS, 1),
        Verb("done", DONE, 1),
        Verb("show", SHOW_BASE, len(CODES)),
        Verb("trump", TRUMP_BASE, len(TRUMP_NAMES)),
        Verb("partner", PARTNER_BASE, MAX_SEATS),
        Verb("play", PLAY_BASE, len(CODES)),
    )

    def _legal_actions(self) -> Sequence[int]:
        seat = self._to_act
        assert seat is not None
        phase = self._phase
        if phase is _TRICKS:  # most of search's moves are its rollouts' card plays
            return code_actions(PLAY_TABLES, self._playable(seat))
        if phase is _AUCTION:  # most of a match's decisions are auction ones
            shows = self._shows[seat]
            if shows is None:
                shows = self._shows[seat] = self._show_actions(seat)
            if not self._shown:
                return [PASS, *shows]
            if self._faceup[seat].bit_count() < self._limit:
                return [DONE, *shows]
            return DONE_FIRST
        if phase is Phase.PARTNER:
            return [
                PARTNER_BASE + s
                for s in sorted(self._active)
                if s not in (self._roles.chief, self._roles.vice)
            ]
        return [TRUMP_BASE + t for t in bits(self._trump_choices(seat))]

    def _now(self, seat: int) -> Reason:
        """Where the hand stands, for reasons that refuse a move of another phase."""
        return reason(
            "it is the {phase} phase, {seat} to act", phase=_PHASE_WORDS[self._phase], seat=SeatNo(seat)
        )

    def _auction_over(self, seat: int, action: int) -> Reason | None:
        """Why an auction move is refused outside the auction (None in it)."""
        if self._phase is Phase.AUCTION:
            return None
        if action == DONE:
            return reason(
                "{seat} cannot say done: the auction is over ({now})", seat=SeatNo(seat), now=self._now(seat)
            )
        if action == PASS:
            return reason(
                "{seat} cannot pass: the auction is over ({now})", seat=SeatNo(seat), now=self._now(seat)
            )
        return reason(
            "{seat} cannot show {card}: the auction is over ({now})",
            seat=SeatNo(seat),
            card=CardCode(CODES[action - SHOW_BASE]),
            now=self._now(seat),
        )

    def _why_not_pass(self, seat: int, _: int) -> Reason | None:
        if self._phase is Phase.AUCTION and self._shown:
            return reason(
                "{seat} cannot pass: they have shown cards this turn, so 'done' ends it", seat=SeatNo(seat)
            )
        return self._auction_over(seat, PASS)

    def _pass(self, seat: int, _: int) -> None:
        """Pass: the turn ends without a bid; once every active seat has passed in a row, the
        auction is over."""
        self._passes += 1
        if self._passes == self._pack.active_count:
            self._resolve_auction()
        else:
            self._end_turn(seat)

    def _why_not_done(self, seat: int, _: int) -> Reason | None:
        if self._phase is Phase.AUCTION and not self._shown:
            return reason(
                "{seat} cannot say done: no card shown this turn ('done' ends a bid; or pass)",
                seat=SeatNo(seat),
            )
        return self._auction_over(seat, DONE)

    def _done(self, seat: int, _: int) -> None:
        """Done: the turn's shows make a bid, which resets the pass counter."""
        self._last_bid[seat] = max(self._last_bid) + 1
        self._passes = 0
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self._to_act = self._seat_orders[seat][1]  # _next_seat(), inlined
        self._shown = 0
        self._limit = self._highest + 1

    def _why_not_show(self, seat: int, code: int) -> Reason | None:
        over = self._auction_over(seat, SHOW_BASE + code)
        if over is not None:
            return over
        card = CardCode(CODES[code])
        hidden = self._hands[seat] & ~self._faceup[seat]
        if not hidden & CODE_MASK[code]:
            if self._hands[seat] & CODE_MASK[code]:
                return reason(
                    "{seat} cannot show {card}: it is already face up", seat=SeatNo(seat), card=card
                )
            return reason("{seat} cannot show {card}: it is not in their hand", seat=SeatNo(seat), card=card)
        if self._faceup[seat].bit_count() >= self._limit:
            return reason(
                "{seat} cannot show {card}: at most {limit} face up this turn (highest at its start + 1)",
                seat=SeatNo(seat),
                card=card,
                limit=self._limit,
            )
        return None

    def _show(self, seat: int, code: int) -> None:
        """Show C: turn up a hidden copy (of a code with one copy, the card itself, as in ``_play``)."""
        faceup = self._faceup[seat]
        if SECOND_COPY[code] == code:
            card = CARD_BITS[code]
            self._hide_show(seat, SHOW_BASE + code)
        else:
            copies = self._hands[seat] & ~faceup & CODE_MASK[code]
            card = copies & -copies  # the first copy (instance ``code``) while hidden, else the second
            if copies == card:  # no copy of it hidden any more
                self._hide_show(seat, SHOW_BASE + code)
        self._faceup[seat] = faceup = faceup | card
        self._shown += 1
        count = faceup.bit_count()
        if count > self._highest:
            self._highest = count

    def _hide_show(self, seat: int, action: int) -> None:
        """Take ``action`` out of the seat's ``show`` actions (known: the seat is to act)."""
        shows = self._shows[seat]
        assert shows is not None
        at = shows.index(action)
        self._shows[seat] = shows[:at] + shows[at + 1 :]

    # -- the moves: trumps, partner, tricks (§4.3–§4.6) -------------------------------------------

    def _trump_choices(self, seat: int) -> int:
        """The mask of trump ids ``seat`` (to act) may name (§4.3, §4.4)."""
        options = trump_options(self._faceup[seat])
        if self._phase is Phase.VICE_TRUMP:
            return options
        if self._roles.vice_trump is not None:
            options &= ~(1 << self._roles.vice_trump)
        return options | 1 << NO_TRUMP

    def _why_not_trump(self, seat: int, trump: int) -> Reason | None:
        name = TRUMP_NAMES[trump]
        if self._phase not in (Phase.VICE_TRUMP, Phase.CHIEF_TRUMP):
            return reason(
                "{seat} cannot name trump {trump}: trumps are named after the auction, and {now}",
                seat=SeatNo(seat),
                trump=name,
                now=self._now(seat),
            )
        if self._trump_choices(seat) >> trump & 1:
            return None
        if trump == NO_TRUMP:
            return reason(
                "{seat} cannot name trump none: only the Chief may name no trump, and they are the Vice",
                seat=SeatNo(seat),
            )
        if trump == self._roles.vice_trump:
            return reason(
                "{seat} cannot name trump {trump}: the Vice already named it", seat=SeatNo(seat), trump=name
            )
        shown = CardCodes(CODES[CODE_OF[c]] for c in bits(self._faceup[seat]))
        if self._phase is Phase.VICE_TRUMP:
            return reason(
                "{seat} (Vice) cannot name trump {trump}: none of their face-up cards ({shown}) shows it",
                seat=SeatNo(seat),
                trump=name,
                shown=shown,
            )
        return reason(
            "{seat} (Chief) cannot name trump {trump}: none of their face-up cards ({shown}) shows it",
            seat=SeatNo(seat),
            trump=name,
            shown=shown,
        )

    def _trump(self, seat: int, trump: int) -> None:
        """The Vice names a trump, then the Chief; the Chief's trump fixes the card tables."""
        if self._phase is Phase.VICE_TRUMP:
            self._roles = self._roles._replace(vice_trump=trump)
            self._phase = Phase.CHIEF_TRUMP
            self._to_act = self._roles.chief
            return
        self._roles = self._roles._replace(chief_trump=trump)
        self._use_tables(trump_tables(trump, self._roles.vice_trump))
        if self._pack.active_count > 3:
            self._phase = Phase.PARTNER
        else:
            self._start_tricks(seat)

    def _why_not_partner(self, seat: int, partner: int) -> Reason | None:
        if self._phase is not Phase.PARTNER:
            return reason(
                "{seat} cannot name partner {partner}: the Chief names one after the trumps, and {now}",
                seat=SeatNo(seat),
                partner=partner,
                now=self._now(seat),
            )
        if partner >= self.game.players:
            return reason(
                "{seat} cannot name partner {partner}: there is no seat {partner} at this table",
                seat=SeatNo(seat),
                partner=partner,
            )
        if partner == self._roles.chief:
            return reason(
                "{seat} cannot name partner {partner}: the Chief cannot be their own partner",
                seat=SeatNo(seat),
                partner=partner,
            )
        if partner == self._roles.vice:
            return reason(
                "{seat} cannot name partner {partner}: {player} is the Vice",
                seat=SeatNo(seat),
                partner=partner,
                player=SeatNo(partner),
            )
        if partner not in self._active:
            return reason(
                "{seat} cannot name partner {partner}: {player} sits out this hand",
                seat=SeatNo(seat),
                partner=partner,
                player=SeatNo(partner),
            )
        return None

    def _partner(self, seat: int, partner: int) -> None:
        self._roles = self._roles._replace(partner=partner)
        self._start_tricks(seat)

    def _start_tricks(self, chief: int) -> None:
        self._phase = Phase.TRICKS
        self._start_trick_play(chief)

    def _why_not_play(self, seat: int, code: int) -> Reason | None:
        card = CardCode(CODES[code])
        if self._phase is not Phase.TRICKS:
            return reason(
                "{seat} cannot play {card}: cards are played in the tricks, and {now}",
                seat=SeatNo(seat),
                card=card,
                now=self._now(seat),
            )
        if not self._hands[seat] & CODE_MASK[code]:
            return reason("{seat} cannot play {card}: it is not in their hand", seat=SeatNo(seat), card=card)
        playable = self._playable(seat)
        return None if playable & CODE_MASK[code] else self._follow_problem(seat, code, playable)

    def _follow_problem(self, seat: int, code: int, playable: int) -> Reason:
        """§4.6: why ``code`` does not follow the led card."""
        led = self._trick[0]
        said = {
            "seat": SeatNo(seat),
            "card": CardCode(CODES[code]),
            "led": CardCode(CODES[CODE_OF[led]]),
            "allowed": CardCodes(CODES[c] for c in bits(codes_mask(playable))),
        }
        if self._suit_of[led] == TRUMP_CLASS:
            return reason(
                "{seat} cannot play {card}: {led} was led, a trump, so a trump must be played"
                " (holds {allowed})",
                **said,
            )
        colour = COLOUR_NAMES[COLOUR_OF[led]]
        if COLOUR_OF[code] == COLOUR_OF[led]:
            return reason(
                "{seat} cannot play {card}: {led} was led, so a non-trump {colour} card must be played"
                " ({card} is a trump, not {colour}) (holds {allowed})",
                colour=colour,
                **said,
            )
        return reason(
            "{seat} cannot play {card}: {led} was led, so a non-trump {colour} card must be played"
            " (holds {allowed})",
            colour=colour,
            **said,
        )

    def _play(self, seat: int, code: int) -> None:
        """Play a face-up copy of ``code`` if the seat has one, else a hidden one. Most codes have one
        copy, the card itself: found without a search (each operation on a 60-bit mask costs)."""
        faceup = self._faceup[seat]
        if SECOND_COPY[code] == code:
            bit = CARD_BITS[code]
            if faceup & bit:
                self._faceup[seat] = faceup ^ bit
            self._play_card(seat, code)
            return
        if faceup & CODE_MASK[code]:
            card = code if faceup >> code & 1 else SECOND_COPY[code]
            self._faceup[seat] = faceup ^ 1 << card
        else:
            card = code if self._hands[seat] >> code & 1 else SECOND_COPY[code]
        self._play_card(seat, card)

    def _hand_over(self, last_winner: int) -> None:
        self._score_played_hand()

    def _score_played_hand(self) -> None:
        """§6: card points, then the bonus or the penalty of the Chief's bid."""
        roles, bid = self._roles, self._highest
        chief, partner, chief_trump = roles.chief, roles.partner, roles.chief_trump
        assert chief is not None and chief_trump is not None
        points = self._points_taken(POINTS_OF)
        deltas = played_hand_deltas(
            self._active, points, chief=chief, partner=partner, bid=bid, chief_trump=chief_trump
        )
        team = points[chief] + (points[partner] if partner is not None else 0)
        goal = target(self._pack.active_count, bid)
        outcome = "made" if team >= goal else "failed"
        self._score(
            outcome, deltas, bid=bid, roles=roles, target=goal, team_points=team, points=tuple(points)
        )

    def _score(self, outcome: str, deltas: Sequence[int], **details: Any) -> None:
        """Write the hand's score event and sheet line, then end the game (§6 Game end) or deal again.
        ``details`` are the sheet line's fields from ``bid`` on (``HandSummary``), by name."""
        scores = self._log_score(deltas, self._scores)
        hands = len(self._sheet) + 1
        assert self._dealer is not None
        line = HandSummary(hands, self._dealer, outcome, tuple(deltas), tuple(scores), **details)
        self._sheet = (*self._sheet, line)
        self._scores = line.scores
        pack = self._pack
        if hands >= pack.end_hands or max(scores) >= pack.end_score:
            self._phase = Phase.OVER
            by_rules = hands >= pack.rule_hands or max(scores) >= pack.end_score
            self._finish(winners_of(scores), truncated=not by_rules)
        elif self._stops_at_hand_end:  # a search's world stops here, between hands: nothing is dealt
            self._phase = Phase.OVER
        else:
            self._deal()

    # -- what happened, for the people watching (``core.story``) ----------------------------------

    def _describe(self, verb: str, seat: int | None, arg: int, action: int) -> Fact:
        """A move's meaning. A bid is told as one decision at its ``done``: the cards shown this turn
        (the open turn's ``show`` moves) and how many the seat has face up then."""
        args: JsonDict
        if verb == "done":
            cards = self._auction_turns()[-1]["shown"] if self._shown else []
            count = self._faceup[seat].bit_count() if seat is not None else 0
            return Fact("bid", seat, {"cards": cards, "count": count}, move=True)
        if verb in ("show", "play"):
            args = {"card": CODES[arg]}
        elif verb == "trump":
            kind = "none" if arg == NO_TRUMP else "colour" if arg < NUMBER_TRUMPS else "number"
            role = "vice" if self._phase is Phase.VICE_TRUMP else "chief"
            args = {"role": role, "trump": TRUMP_NAMES[arg], "kind": kind}
        elif verb == "partner":
            args = {"partner": arg, "target": target(self._pack.active_count, self._highest)}
        else:
            args = {}
        return Fact(verb, seat, args, move=True)

    def _aftermath(self, before: State | None, start: int) -> list[Fact]:
        """What the rules did: the auction's end when it made a Chief, the trick taken, then the hand's
        score with its outcome (the score sheet's line) and the next deal, numbered by hand."""
        facts = []
        if isinstance(before, MueState):
            if before._phase is _AUCTION and self._phase in (Phase.VICE_TRUMP, Phase.CHIEF_TRUMP):
                chief, vice, bid = self._roles.chief, self._roles.vice, self._highest
                goal = target(self._pack.active_count, bid)
                facts.append(
                    Fact("auction", chief, {"chief": chief, "bid": bid, "target": goal, "vice": vice})
                )
            trick = self._trick_fact(before, lambda card: CODES[CODE_OF[card]])
            if trick is not None:
                facts.append(trick)
        logged = self._logged_facts(start)
        lines = iter(self._sheet[len(self._sheet) - sum(fact.kind == "score" for fact in logged) :])
        for fact in logged:
            if fact.kind == "score":
                fact = replace(fact, args={**fact.args, **next(lines).outcome_args()})
            elif fact.kind == "deal":
                fact = replace(
                    fact, args={**fact.args, "hand": self._hand_number, "sits_out": self._pack.sits_out}
                )
            facts.append(fact)
        return facts

    def resample(self, seat: int | None, rng: random.Random) -> MueState:
        """Every hidden card (not face up, not played) of the other active seats redealt among them,
        keeping how many each hides and the suits they showed void in; face-up cards stay put.
        The hidden cards are listed by code, so which copy of a 1 or 7 is hidden (which nobody can
        tell) does not change the draw: the same ``rng`` gives the same world for every deal ``seat``
        cannot tell apart."""
        world = self._world_copy(rng)
        assert isinstance(world, MueState)
        others = [s for s in self._active if s != seat]
        hidden = [self._hands[s] & ~self._faceup[s] for s in others]
        voids = self._excluded()
        hands = deal_hidden(
            rng,
            _by_code(sum(hidden)),
            [mask.bit_count() for mask in hidden],
            voids=[voids[s] for s in others],
        )
        for holder, cards in zip(others, hands, strict=True):
            world._hands[holder] = self._faceup[holder] | mask_of(cards)
            world._shows[holder] = None
        return world

    def _result(self) -> JsonDict:
        return {"scores": list(self._scores), "winners": list(self._winners)}

    # -- observation ------------------------------------------------------------------------------

    def _observation(self, seat: int | None) -> JsonDict:
        """The public table (face-up cards, auction, roles, trumps, tricks, score sheet) plus, for a
        seat, its own hand. One dict literal, the fields read into locals once: search's rollouts build
        one at most seats' first bid and one at the end of every rollout (the module docstring of
        ``games/mue`` has the figures)."""
        game = self.game
        options = game.options
        roles, bid, phase, to_act = self._roles, self._highest, self._phase, self._to_act
        if phase is Phase.OVER and to_act is not None:  # a search's world stopped between hands
            return self._between_hands(seat)
        chief = roles.chief
        auction = phase is _AUCTION
        faceup, tricks, zeros = self._faceup, self._tricks, [0] * game.players
        return {
            "game": game.name,
            "seat": seat,
            "players": game.players,
            "hand_number": len(self._sheet) + (to_act is not None),
            "dealer": self._dealer,
            "active": sorted(self._active),
            "phase": PHASE_NAMES[phase],
            "to_act": to_act,
            "hand": None if seat is None else names_of(self._hands[seat]),
            "hand_sizes": [*map(int.bit_count, self._hands)],
            "face_up": [*map(names_of, faceup)],
            "auction": {
                "turns": self._auction_turns(),
                "counts": self._counts(),
                "highest": bid,
                "limit": self._limit if auction else None,
                "shown_this_turn": self._shown if auction else 0,
                "passes": self._passes,
                "last_bid_seq": [*self._last_bid],
            },
            "chief": chief,
            "bid": bid if chief is not None else None,
            "vice": roles.vice,
            "partner": roles.partner,
            "vice_trump": trump_name(roles.vice_trump),
            "chief_trump": trump_name(roles.chief_trump),
            "trump_order": trump_order(roles.chief_trump, roles.vice_trump, self._pack.colours),
            "target": target(self._pack.active_count, bid) if chief is not None else None,
            "points": self._points_taken(POINTS_OF) if tricks else zeros,
            "tricks_won": self._tricks_taken() if tricks else [*zeros],
            "tricks_per_hand": self._tricks_per_hand,
            "played": [*map(INSTANCE_NAMES.__getitem__, self._played_cards())]
            if tricks or self._trick
            else [],
            "scores": [*self._scores],
            "end": options["end"],
            "goal": options["target"] if options["end"] == "score" else options["deals"],
            "hand_limit": options["hand_limit"],
            "sheet": [summary.to_json() for summary in self._sheet],
            "over": to_act is None,
            "winners": [*self._winners],
            **self._trick_view(INSTANCE_NAMES.__getitem__),
        }

    def _between_hands(self, seat: int | None) -> JsonDict:
        """The table of a search's world stopped at a hand's end (``State.stop_at_hand_end``): the scores
        and where the match stands, as the next hand's view would show them (what the evaluation, a
        review's match chances and hand points read), without the deal, auction and tricks it lists."""
        options = self.game.options
        return {
            "game": self.game.name,
            "seat": seat,
            "players": self.game.players,
            "hand_number": len(self._sheet) + 1,
            "scores": [*self._scores],
            "end": options["end"],
            "goal": options["target"] if options["end"] == "score" else options["deals"],
            "hand_limit": options["hand_limit"],
            "over": False,
        }

    def _auction_turns(self) -> list[JsonDict]:
        """This hand's auction so far, one entry per turn (the turn in progress included)."""
        turns: list[JsonDict] = []
        shown: list[str] | None = None  # the open turn's cards
        for entry in self._log[self._hand_start :]:
            if type(entry) is not tuple or entry[1] >= TRUMP_BASE:
                break
            seat, action = entry
            if action == PASS:
                turns.append({"seat": seat, "pass": True, "shown": [], "done": True})
            elif action == DONE:  # a turn's shows come before its done
                turns[-1]["done"], shown = True, None
            elif shown is None:
                shown = [SHOWN_CODES[action]]
                turns.append({"seat": seat, "pass": False, "shown": shown, "done": False})
            else:
                shown.append(SHOWN_CODES[action])
        return turns
