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

from ...core.cards import PIQUET_SUITS, piquet_code
from ...core.game import JsonDict
from ...games.slobberhannes import QUEEN_OF_CLUBS, deck_for, hand_deltas
from ..evaluation import Evaluation, score_changes
from ..heuristic import Policy
from ..view import SeatView
from .piquet import rank as _rank

QUEEN = piquet_code(QUEEN_OF_CLUBS)
CATCHERS = ("AC", "KC")
"""Clubs above QC: the cards that take it when it falls on their trick."""


def play(view: SeatView, rng: random.Random) -> int:
    """The beginner's card for the seat to act."""
    obs = view.observation()
    legal = view.legal_actions()
    codes = [view.action_to_string(action) for action in legal]
    trick = obs["trick"]
    if not trick:
        choice = _lead(obs, codes)
    elif codes[0][1] == trick[0]["card"][1]:
        choice = _follow(obs, codes, trick)
    else:
        choice = _discard(obs, codes)
    return legal[codes.index(choice)]


def _follow(obs: JsonDict, codes: list[str], trick: list[JsonDict]) -> str:
    led = trick[0]["card"][1]
    high = max(_rank(entry["card"]) for entry in trick if entry["card"][1] == led)
    under = [code for code in codes if _rank(code) < high]
    if under:
        return QUEEN if QUEEN in under else max(under, key=_rank)
    keep_queen = [code for code in codes if code != QUEEN] or codes
    last_to_play = len(trick) == obs["players"] - 1
    return max(keep_queen, key=_rank) if last_to_play else min(keep_queen, key=_rank)


def _discard(obs: JsonDict, codes: list[str]) -> str:
    if QUEEN in codes:
        return QUEEN
    if QUEEN not in obs["played"]:
        catchers = [code for code in CATCHERS if code in codes]
        if catchers:
            return catchers[0]
    suit_length = {suit: sum(code[1] == suit for code in codes) for suit in PIQUET_SUITS}
    return max(codes, key=lambda code: (_rank(code), -suit_length[code[1]]))


def _lead(obs: JsonDict, codes: list[str]) -> str:
    holding_queen = QUEEN in codes
    candidates = [c for c in codes if c != QUEEN and not (holding_queen and c[1] == "C")]
    candidates = candidates or [c for c in codes if c != QUEEN] or codes
    deck = _deck(obs["players"])
    seen = set(obs["played"]) | set(codes)
    outstanding = [code for code in deck if code not in seen]

    def risk(code: str) -> tuple[bool, int, int]:
        suit, rank = code[1], _rank(code)
        lower = sum(1 for c in outstanding if c[1] == suit and _rank(c) < rank)
        higher = sum(1 for c in outstanding if c[1] == suit and _rank(c) > rank)
        return higher == 0, lower, rank

    return min(candidates, key=risk)


@cache
def _deck(players: int) -> tuple[str, ...]:
    """The codes of the pack dealt to ``players`` (the game's ``deck_for``)."""
    return tuple(map(piquet_code, deck_for(players)))


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
EVALUATION = Evaluation(
    hand_end=True, rewards=hand_rewards, rollout=play, match_chances=match_chances, hand_points=score_changes
)
