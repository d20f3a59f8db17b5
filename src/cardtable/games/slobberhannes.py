"""Slobberhannes: 3–6 players avoid the first trick, the last trick and the trick with the queen of clubs.

Rules: ``docs/rules/slobberhannes.md``; records and notation: ``docs/records.md``. Every hand costs
1 point for the first trick, 1 for the last, 1 for the trick holding QC, and 1 more to a player who
took all three; scores count down from ``start_points`` and the match ends after the hand in which a
score reaches 0 or less. The highest score wins; equal highest scores share the win.

Decisions (where the spec leaves a choice to the engine):
- The cut for the first leader is a uniformly random seat drawn from the seed (``first_leader`` fixes it).
- Action ids are card ids (``suit * 8 + rank``, suits S H D C, ranks 7..A), so a sorted list of legal
  actions is the hand sorted by suit then rank. With 3, 5 or 6 players 7S and 7C exist as ids but are
  never dealt, so never legal.
- Observations list the cards played so far in the hand: they were public when played, and a player at a
  real table may remember them.
- ``single_hand`` (for research, as OpenSpiel's hearts is one hand): the match ends after its first
  hand, and the top scores then win, whatever they are.
- A search's world told to stop at the hand's end (``State.stop_at_hand_end``) scores it, deals no more,
  and shows only the scores and the next hand's number (``_between_hands``): ISMCTS on ``bench_bots.py``'s
  positions went from 5.8k–6.5k to 7.1k–7.3k iterations a second (CPU time, three runs each, alternating,
  load 1.7–2.0).

>>> import cardtable
>>> state = cardtable.make("slobberhannes", players=4, first_leader=2).new_game(seed=1)
>>> state.current_player(), len(state.legal_actions())
(2, 8)
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any, ClassVar

from ..core.cards import (
    CARD_BITS,
    PIQUET_CARDS,
    PIQUET_CODES,
    PIQUET_IDS,
    PIQUET_PACK,
    PIQUET_RANK_OF,
    PIQUET_SUIT_MASKS,
    PIQUET_SUIT_OF,
    mask_of,
    piquet_card,
    piquet_code,
    piquet_codes,
)
from ..core.events import check_deal
from ..core.game import Game, JsonDict, State, Verb
from ..core.options import Option
from ..core.reasons import Reason
from ..core.registry import register
from ..core.story import Fact
from ..core.tricks import FollowRule, TrickTakingState, beat_table, shuffled

PLAY_BASE = 0
"""Action ids are card ids: ``PLAY_BASE + card``."""
QUEEN_OF_CLUBS = piquet_card("QC")
BLACK_SEVENS = (piquet_card("7S"), piquet_card("7C"))
NO_TRUMPS = beat_table(PIQUET_SUIT_OF, PIQUET_RANK_OF, (0,) * 32)


def deck_for(players: int) -> tuple[int, ...]:
    """The pack for a player count: all 32 cards with 4 players, else without 7S and 7C (§2)."""
    if players == 4:
        return PIQUET_CARDS
    return tuple(card for card in PIQUET_CARDS if card not in BLACK_SEVENS)


def hand_deltas(players: int, first_taker: int, queen_taker: int, last_taker: int) -> list[int]:
    """§6: −1 per penalty event taken, and −1 more for taking all three ("Slobberhannes").

    >>> hand_deltas(4, first_taker=1, queen_taker=2, last_taker=1)
    [0, -2, -1, 0]
    """
    takers = (first_taker, queen_taker, last_taker)
    deltas = [-takers.count(seat) for seat in range(players)]
    if first_taker == queen_taker == last_taker:
        deltas[first_taker] -= 1
    return deltas


def match_winners(scores: list[int], *, last_hand: bool = False) -> list[int] | None:
    """§6: None while every score is above 0 and another hand may follow; otherwise the seats with
    the highest score.

    >>> match_winners([2, 1, 3]), match_winners([2, 1, 3], last_hand=True)
    (None, [2])
    """
    if min(scores) > 0 and not last_hand:
        return None
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


class SlobberhannesState(TrickTakingState):
    """A Slobberhannes match in play."""

    __slots__ = ("_deck", "_deck_codes", "_hand_number", "_scores")
    _copy_fields: ClassVar[tuple[str, ...]] = (*TrickTakingState._copy_fields, "_scores")

    def _setup(self) -> None:
        n = self.game.players
        self._deck = deck_for(n)
        self._deck_codes = [piquet_code(card) for card in self._deck]
        self._tricks_per_hand = len(self._deck) // n
        self._seat(tuple((seat + 1) % n for seat in range(n)), n)
        self._suit_of, self._beats = PIQUET_SUIT_OF, NO_TRUMPS
        self._suit_masks, self._trump_mask, self._follow = PIQUET_SUIT_MASKS, 0, FollowRule.SUIT
        self._play_masks = CARD_BITS
        self._scores = [self.game.int_option("start_points")] * n
        self._hand_number = 0
        self._last_trick = None
        self._deal(self.game.seat_option("first_leader"))

    # -- the hand -------------------------------------------------------------------------------

    def _deal(self, leader: int | None) -> None:
        """Shuffle and deal a hand (§3); ``leader`` None means drawn from the seed (hand 1)."""
        n = self.game.players

        def draw(rng: Any) -> tuple[JsonDict, tuple[int, list[int]]]:
            first = leader if leader is not None else rng.randrange(n)
            deck = shuffled(rng, self._deck)
            return {"leader": first, "deck": [PIQUET_CODES[card] for card in deck]}, (first, deck)

        def decode(deal: JsonDict) -> tuple[int, list[int]]:
            return deal["leader"], list(map(PIQUET_IDS.__getitem__, deal["deck"]))

        check = partial(
            check_deal, role="leader", seats=n, fixed=leader, duty="lead this hand", cards=self._deck_codes
        )
        first, deck = self._chance("deal", draw, check, decode)
        h = self._tricks_per_hand
        self._hands = [mask_of(deck[k * h : (k + 1) * h]) for k in range(n)]
        self._hand_number += 1
        self._start_trick_play(first)

    def _first_taker(self) -> int | None:
        """Who took the first trick of the hand (None before it is taken)."""
        return self._tricks[0][2] if self._tricks else None

    def _queen_taker(self) -> int | None:
        """Who took the queen of clubs this hand (None until someone has)."""
        return next((winner for _, cards, winner, _ in self._tricks if QUEEN_OF_CLUBS in cards), None)

    def _hand_over(self, last_winner: int) -> None:
        self._score_hand(last_taker=last_winner)

    def _score_hand(self, last_taker: int) -> None:
        """§6: score the hand, then end the match or deal again with the last taker leading."""
        first_taker, queen_taker = self._first_taker(), self._queen_taker()
        assert first_taker is not None and queen_taker is not None
        deltas = hand_deltas(self.game.players, first_taker, queen_taker, last_taker)
        self._scores = self._log_score(deltas, self._scores)
        winners = match_winners(self._scores, last_hand=bool(self.game.options["single_hand"]))
        if winners is not None:
            self._finish(winners)
        elif not self._stops_at_hand_end:  # a search's world stops here: nothing more is dealt
            self._deal(last_taker)

    # -- the contract hooks -----------------------------------------------------------------------

    _verbs = (Verb("play", PLAY_BASE, 32),)
    """A move is a card played: its action id is the card id."""

    # the methods as the class holds them: compiled, ``TrickTakingState._legal_cards`` names the C method,
    # which Cython would wrap again without the argument it takes for being callable from Python too
    _legal_actions = vars(TrickTakingState)["_legal_cards"]

    def _why_not_play(self, seat: int, card: int) -> Reason | None:
        if self._playable(seat) >> card & 1:
            return None
        return self._follow_reason(seat, card, piquet_code)

    _play = vars(TrickTakingState)["_play_card"]  # as ``_legal_actions``

    def _describe(self, verb: str, seat: int | None, arg: int, action: int) -> Fact:
        return Fact("play", seat, {"card": piquet_code(arg)}, move=True)

    def _aftermath(self, before: State | None, start: int) -> list[Fact]:
        """A trick taken, with the penalties it carries (§6: 1 point each for the hand's first and last
        trick and the trick holding QC), then the score and the next deal, numbered by hand."""
        facts = []
        if isinstance(before, SlobberhannesState) and (trick := self._trick_fact(before, piquet_code)):
            taken_before = len(before._tricks)
            penalties = [
                *(["first"] if taken_before == 0 else []),
                *(["queen"] if QUEEN_OF_CLUBS in self._last_trick[1] else []),  # type: ignore[index]
                *(["last"] if taken_before == self._tricks_per_hand - 1 else []),
            ]
            facts.append(replace(trick, args={**trick.args, "penalties": penalties}))
        for fact in self._logged_facts(start):
            scored = self._hand_number - (0 if self._over else 1)
            number = scored if fact.kind == "score" else self._hand_number
            facts.append(replace(fact, args={**fact.args, "hand": number}))
        return facts

    def resample(self, seat: int | None, rng: random.Random) -> SlobberhannesState:
        """Other hands redealt from the cards they hold, keeping sizes and the suits they showed void in."""
        world = self._world_copy(rng)
        assert isinstance(world, SlobberhannesState)
        self._redeal_hidden_hands(world, seat, rng)
        return world

    def _result(self) -> JsonDict:
        return {"scores": list(self._scores), "winners": list(self._winners)}

    def _observation(self, seat: int | None) -> JsonDict:
        """The public table plus, for a seat, its own hand. Built in one pass over the hand's tricks
        (search's rollout policy reads one a move, so it is the search's largest cost after the
        policy: see ``bots/games/slobberhannes.py``)."""
        n = self.game.players
        tricks = self._tricks
        if self._stops_at_hand_end and self._to_act is not None and len(tricks) == self._tricks_per_hand:
            return self._between_hands(seat)
        taken = [0] * n
        played: list[int] = []
        for _, cards, winner, _ in tricks:  # plain loops: the fastest way in CPython 3.11
            taken[winner] += 1
            played += cards
        queen_taker = tricks[played.index(QUEEN_OF_CLUBS) // n][2] if QUEEN_OF_CLUBS in played else None
        played += self._trick
        view: JsonDict = {
            "game": self.game.name,
            "seat": seat,
            "players": n,
            "to_act": self._to_act,
            "hand": None if seat is None else piquet_codes(self._hands[seat]),
            "hand_sizes": [hand.bit_count() for hand in self._hands],
            "scores": list(self._scores),
            "start_points": self.game.options["start_points"],
            "hand_number": self._hand_number,
            "tricks_per_hand": self._tricks_per_hand,
            "tricks_won": taken,
            "first_taker": tricks[0][2] if tricks else None,
            "queen_taker": queen_taker,
            "played": [*map(PIQUET_CODES.__getitem__, played)],
            "over": self._to_act is None,
            "winners": list(self._winners),
        }
        view.update(self._trick_view(PIQUET_CODES.__getitem__))
        return view

    def _between_hands(self, seat: int | None) -> JsonDict:
        """The table of a search's world stopped at a hand's end (``State.stop_at_hand_end``): the scores
        and the next hand's number, as that hand's view would show them (what the evaluation and a
        review's match chances read), without the deal and tricks that view lists."""
        options = self.game.options
        return {
            "game": self.game.name,
            "seat": seat,
            "players": self.game.players,
            "scores": list(self._scores),
            "start_points": options["start_points"],
            "hand_number": self._hand_number + 1,  # the next hand's, as its view would say
            "over": False,
        }


@register
class Slobberhannes(Game):
    """Slobberhannes for 3–6 players (see the module docstring)."""

    name = "slobberhannes"
    title = "Slobberhannes"
    pack = PIQUET_PACK
    option_specs = (
        Option(name="players", default=4, choices=(3, 4, 5, 6), help="number of players"),
        Option(name="start_points", default=10, choices=(6, 10, 16), help="every score starts here"),
        Option(name="first_leader", default=None, seat=True, help="who leads the first hand"),
        Option(
            name="single_hand",
            default=False,
            kind=bool,
            help="one hand only, scored as that hand (for research)",
            research=True,
        ),
    )
    state_class = SlobberhannesState
    num_actions = 32

    def max_game_length(self) -> int:
        """Every hand takes at least 3 points from the table and a hand is only dealt while every score
        is at least 1, so at most ``n * (start_points - 1) // 3 + 1`` hands of one card per decision."""
        n = self.players
        hands = 1 if self.options["single_hand"] else n * (self.int_option("start_points") - 1) // 3 + 1
        return hands * len(deck_for(n))

    def _action_to_string(self, action: int) -> str:
        return piquet_code(action)

    def string_to_action(self, text: str) -> int:
        return piquet_card(text)
