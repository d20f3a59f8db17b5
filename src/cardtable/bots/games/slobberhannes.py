"""Slobberhannes for bots: a beginner's policy and hand-end evaluation for search.

The policy avoids the three penalties (first trick, last trick, the trick holding QC):
- following suit, it ducks under the trick with its highest card that still loses (QC first when it
  can slip under a higher club); when every card would win, it plays high if last to play (the trick is
  its anyway) and low otherwise (hoping someone goes over), keeping QC back;
- void in the led suit, it sheds QC, else the clubs that could catch QC (AC, KC) while QC is out, else
  its highest card, from its shortest suit;
- leading, it prefers a card that every outstanding card of its suit beats, low, and keeps QC and,
  while holding QC, its clubs.

Evaluation: rollouts stop at the end of the hand; a seat's reward is ``1 + delta / 4`` (its penalty in
the hand, 0 to -4, on the [0, 1] scale of ``returns()``). Rollouts follow this policy: who takes the
queen depends on everyone ducking sensibly, which random play does not do (at 300 iterations against
the heuristic over 60 games: 70.6% [61.7, 79.4] of the wins, against 60.3% [49.4, 71.2] with random
rollouts).

Speed: the policy runs at every rollout move, so it reads the table as card ids and masks
(action ids are card ids) and, in a rollout, keeps what it read in the view's ``memory`` from one of
its moves to the next, updated by the card it chose, reading the observation again only when
another move came between (a forced move, a move of the tree) or the hand ended (the score's event).
Its choices are those of the policy reading every observation afresh (a test holds the two equal).
With the observation built in one pass and the trick games' ``resample`` drawing its deal without a
call a card, ISMCTS with these rollouts (``bench_bots.py``'s positions, 4 players, 300 iterations,
CPU time, before and after alternating, three runs each) went from 3.2k–3.3k to 5.8k–6.0k iterations
a second (1.74–1.87×, load 3.2–3.7), the choices for each seed unchanged.

For reviews, the scores between hands are read as chances to win the match by assuming equal players
from there on: each later hand's first trick, last trick and QC trick fall on seats uniformly at random
and independently (so 1/n² of hands are a Slobberhannes), and the chances follow exactly from the
scores (``match_chances``). The points of a hand are the seat's penalty, 0 to -4.

>>> [round(chance, 3) for chance in match_chances({"scores": [10, 10, 10, 9]})]
[0.343, 0.343, 0.343, 0.204]
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache
from typing import Any

from ...core.cards import CARD_BITS, PIQUET_IDS, PIQUET_SUIT_OF, mask_of, piquet_card
from ...core.game import JsonDict
from ...games.slobberhannes import QUEEN_OF_CLUBS, deck_for, hand_deltas
from ..evaluation import Evaluation, score_changes
from ..heuristic import Policy
from ..view import SeatView

QUEEN_BIT = CARD_BITS[QUEEN_OF_CLUBS]
CLUBS = PIQUET_SUIT_OF[QUEEN_OF_CLUBS]
CATCHERS = (piquet_card("AC"), piquet_card("KC"))
"""Clubs above QC: the cards that take it when it falls on their trick."""
CODE_BITS = {code: CARD_BITS[card] for code, card in PIQUET_IDS.items()}
MEMORY_KEY = "slobberhannes"


class _Table:
    """What the policy reads of the public table: the players, the current trick's cards in play
    order, and the mask of the cards played this hand (the trick's included)."""

    __slots__ = ("played", "players", "trick")

    def __init__(self, players: int, trick: list[int], played: int) -> None:
        self.players, self.trick, self.played = players, trick, played

    def play(self, card: int) -> None:
        """``card`` is played: a trick is complete once every player has played to it."""
        self.played |= CARD_BITS[card]
        self.trick.append(card)
        if len(self.trick) == self.players:
            self.trick = []


def play(view: SeatView, rng: random.Random) -> int:
    """The beginner's card for the seat to act. The legal actions are its cards (action ids are card
    ids), ascending: by suit, then rank."""
    cards = view.legal_actions()
    memory = view.memory
    table = _table(view, memory)
    trick = table.trick
    if not trick:
        choice = _lead(table, cards)
    elif cards[0] >> 3 == trick[0] >> 3:
        choice = _follow(table, cards)
    else:
        choice = _discard(table, cards)
    if memory is not None:
        table.play(choice)
        memory[MEMORY_KEY] = view.event_count() + 1, table
    return choice


def _table(view: SeatView, memory: dict[str, Any] | None) -> _Table:
    """The table as the seat sees it: kept from the policy's last move in the same rollout when that
    move was the last event (the table then differs by that card alone: no trick was taken that
    ended the hand, which logs its score), else read from the observation."""
    if memory is not None:
        kept = memory.get(MEMORY_KEY)
        if kept is not None and kept[0] == view.event_count():
            table: _Table = kept[1]
            return table
    obs = view.observation()
    trick = [PIQUET_IDS[entry["card"]] for entry in obs["trick"]]
    return _Table(obs["players"], trick, sum(map(CODE_BITS.__getitem__, obs["played"])))


def _follow(table: _Table, cards: list[int]) -> int:
    """``cards`` are all of the led suit, so ascending by rank."""
    trick = table.trick
    led = trick[0] >> 3
    high = max(card & 7 for card in trick if card >> 3 == led)
    under = [card for card in cards if card & 7 < high]
    if under:
        return QUEEN_OF_CLUBS if QUEEN_OF_CLUBS in under else under[-1]
    keep_queen = [card for card in cards if card != QUEEN_OF_CLUBS] or cards
    return keep_queen[-1] if len(trick) == table.players - 1 else keep_queen[0]


def _discard(table: _Table, cards: list[int]) -> int:
    if QUEEN_OF_CLUBS in cards:
        return QUEEN_OF_CLUBS
    if not table.played & QUEEN_BIT:
        for catcher in CATCHERS:
            if catcher in cards:
                return catcher
    hand = mask_of(cards)
    suit_length = [(hand >> shift & 0xFF).bit_count() for shift in (0, 8, 16, 24)]
    return max(cards, key=lambda card: (card & 7, -suit_length[card >> 3]))


def _lead(table: _Table, cards: list[int]) -> int:
    holding_queen = QUEEN_OF_CLUBS in cards
    candidates = [c for c in cards if c != QUEEN_OF_CLUBS and not (holding_queen and c >> 3 == CLUBS)]
    candidates = candidates or [c for c in cards if c != QUEEN_OF_CLUBS] or cards
    outstanding = _deck(table.players) & ~(table.played | mask_of(cards))

    def risk(card: int) -> tuple[bool, int, int]:
        rank = card & 7
        suit = outstanding >> (card - rank) & 0xFF  # the outstanding cards of its suit, by rank
        return not suit >> rank + 1, (suit & (1 << rank) - 1).bit_count(), rank

    return min(candidates, key=risk)


@cache
def _deck(players: int) -> int:
    """The mask of the pack dealt to ``players`` (the game's ``deck_for``)."""
    return mask_of(deck_for(players))


def hand_rewards(root: JsonDict, leaf: JsonDict) -> list[float]:
    """1 + (the seat's points lost this hand) / 4, from the public scores before and after."""
    return [
        min(1.0, max(0.0, 1.0 + (after - before) / 4))
        for before, after in zip(root["scores"], leaf["scores"], strict=True)
    ]


def match_chances(public: JsonDict) -> list[float]:
    """Each seat's chance to win the match from the scores between hands, equal players assumed (see
    the module docstring); a shared win counts as a win."""
    scores = public["scores"]
    order = sorted(range(len(scores)), key=scores.__getitem__)
    chances = _chances(tuple(scores[seat] for seat in order))
    result = [0.0] * len(scores)
    for position, seat in enumerate(order):
        result[seat] = chances[position]
    return result


@cache
def _chances(scores: tuple[int, ...]) -> tuple[float, ...]:
    """``match_chances`` of ascending scores, all above 0: each hand costs at least 3 points, so the
    recursion ends."""
    chances = [0.0] * len(scores)
    for deltas, probability in _hand_outcomes(len(scores)):
        after = [score + delta for score, delta in zip(scores, deltas, strict=True)]
        if min(after) <= 0:
            top = max(after)
            for seat, score in enumerate(after):
                chances[seat] += probability * (score == top)
            continue
        order = sorted(range(len(after)), key=after.__getitem__)
        later = _chances(tuple(after[seat] for seat in order))
        for position, seat in enumerate(order):
            chances[seat] += probability * later[position]
    return tuple(chances)


@cache
def _hand_outcomes(players: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every hand's score changes with its probability, each penalty (first, queen, last) taken by a
    uniformly random seat and scored by the game's own rule."""
    counts: Counter[tuple[int, ...]] = Counter()
    for takers in itertools.product(range(players), repeat=3):
        counts[tuple(hand_deltas(players, *takers))] += 1
    return tuple((deltas, count / players**3) for deltas, count in counts.items())


POLICY: Policy = play
HARD_SECONDS = 0.04
"""The ``hard`` bot's CPU seconds a move here with 4 players (measured: ``bots/ismcts.HARD_SECONDS``)."""
EVALUATION = Evaluation(
    hand_end=True, rewards=hand_rewards, rollout=play, match_chances=match_chances, hand_points=score_changes
)
