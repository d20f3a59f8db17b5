"""2-player Troeven for bots: a beginner's policy and round-end evaluation for search.

The policy counts card points (A4 K3 Q2 J1, docs/rules/troeven.md §2):
- calling trumps, it names the suit strongest among the four cards it has seen (two per card, plus
  the card points);
- following (the follower always sees the whole trick), it wins with its most valuable card of the
  led suit when one wins, ruffs a trick worth 2 points or more with its lowest winning trump, and
  otherwise throws its cheapest card, keeping trumps;
- leading, it draws trumps with its top trump when holding three or more and the best one left, cashes
  a plain-suit card nobody can beat, and otherwise leads its cheapest plain card.
Version 1's visible layouts count as seen: their cards are the only ones each player can play.

Evaluation: rollouts stop at the end of the round; a seat's reward is ``0.75`` for winning the round
(more than 20 points, ``0.375`` each at 20–20) plus ``0.25 * points / 40``, so search wants the round
first and points second.

Search speed: the rollouts are uniformly random, so an iteration is the engine's moves,
``resample``, the next round's deal that ended every rollout and the public view read there. The view is
built in one pass; known voids are read in one pass (``core/tricks``); the hidden cards are split
between two holders with one draw a card (``core.hidden``, the same draws); version 1's table of what a
play uncovers is made at the trump call and only its covered piles are redrawn; and search's worlds stop
at the round's end (``State.stop_at_hand_end``): no next deal, and a view of the scores between rounds
(``TroevenState._between_rounds``) rather than of a table dealt afresh. Against the code of 4 December
(commit 5e41889), ISMCTS on ``bench_bots.py``'s positions (``--seconds 1``, CPU time, three runs of each
alternating, load average 0.4–0.9): version 1 from a median of 15.7k iterations a second to 30.2k
(1.92×; 33.0k compiled, 2.10×), version 2 from 11.2k to 22.2k (1.97×; 25.9k compiled, 2.31×). The
choices of a search for a seed are unchanged. (A two-player form of the trick play beside
``core/tricks``' general one gave another 5%; one mechanism was kept instead.)

For reviews, the scores between rounds are read as chances to win the match by assuming equal players
from there on, each round won by the caller, by the dealer or tied with the frequencies
``ROUND_ODDS`` measured in ``hard`` self-play; the chances then follow exactly from the scores and the
next dealer (``match_chances``; the ``round_limit`` safeguard is left out). The points of a round are
the seat's card points, of 40.

>>> [round(chance, 3) for chance in match_chances({"version": 1, "scores": [2, 4], "dealer": 0})]
[0.748, 0.252]
"""

from __future__ import annotations

import random
from functools import cache

from ...core.cards import PIQUET_IDS, PIQUET_SUITS
from ...core.game import JsonDict
from ...games.troeven import CARD_POINTS, POINTS_PER_ROUND
from ..evaluation import Evaluation
from ..heuristic import Policy
from ..view import SeatView
from .piquet import higher_unseen, rank, suit

RUFF_WORTH = 2
"""A trick worth at least this many points is worth a trump."""
DRAW_TRUMPS_WITH = 3
ROUND_ODDS = {1: (0.63, 0.33, 0.04), 2: (0.56, 0.375, 0.065)}
"""Per version: how often equal players' rounds go to the caller, to the dealer, or tie (``hard``
against itself, 200 rounds each; the heuristic against itself: 0.56, 0.37, 0.07 and 0.55, 0.35,
0.10 over 2000)."""
SWEEPS = 60
"""Passes over the states of one score total in ``_level``: each pass shrinks the error at least as
much as a round ends in a tie or a dealer's win, so 60 leave it far below 1e-9."""


def points(code: str) -> int:
    """§2: the card points of one card (the game's ``CARD_POINTS``)."""
    return CARD_POINTS[PIQUET_IDS[code]]


def play(view: SeatView, rng: random.Random) -> int:
    """The beginner's action for the seat to act."""
    obs = view.observation()
    legal = view.legal_actions()
    moves = [view.action_to_string(action) for action in legal]
    if obs["phase"] == "trump":
        choice = _call(obs["hand"])
    elif obs["trick"]:
        choice = _follow(obs, moves, obs["trick"][0]["card"])
    else:
        choice = _lead(obs, moves)
    return legal[moves.index(choice)]


def _call(seen: list[str]) -> str:
    strength = {s: sum(2 + points(c) for c in seen if suit(c) == s) for s in PIQUET_SUITS}
    return f"trump {max(PIQUET_SUITS, key=lambda s: strength[s])}"


def _beats(card: str, led: str, trump: str) -> bool:
    if suit(card) == trump:
        return suit(led) != trump or rank(card) > rank(led)
    return suit(card) == suit(led) and rank(card) > rank(led)


def _cheapest(cards: list[str], trump: str) -> str:
    return min(cards, key=lambda c: (suit(c) == trump, points(c), rank(c)))


def _follow(obs: JsonDict, cards: list[str], led: str) -> str:
    trump = obs["trump"]
    winners = [c for c in cards if _beats(c, led, trump)]
    plain_winners = [c for c in winners if suit(c) == suit(led) and suit(c) != trump]
    if plain_winners:
        return max(plain_winners, key=lambda c: (points(c), rank(c)))
    if winners and (points(led) >= RUFF_WORTH or suit(led) == trump):
        return min(winners, key=rank)
    return _cheapest(cards, trump)


def _seen(obs: JsonDict) -> set[str]:
    seen = set(obs["played"]) | set(obs["hand"])
    for layout in obs.get("layouts", []):
        seen |= {pile["top"] for pile in layout if pile["top"]}
    return seen


def _lead(obs: JsonDict, cards: list[str]) -> str:
    trump = obs["trump"]
    seen = _seen(obs)
    mine = set(cards)
    trumps = sorted((c for c in cards if suit(c) == trump), key=rank)
    if len(trumps) >= DRAW_TRUMPS_WITH and not set(higher_unseen(trumps[-1], seen)) - mine:
        return trumps[-1]
    plain = [c for c in cards if suit(c) != trump]
    masters = [c for c in plain if points(c) and not higher_unseen(c, seen)]
    if masters:
        return max(masters, key=points)
    return _cheapest(plain or cards, trump)


def round_rewards(root: JsonDict, leaf: JsonDict) -> list[float]:
    """0.75 for the round won (0.375 each on a tie) plus a quarter of the seat's share of the points."""
    scored = leaf["previous_round"]["points"]
    rewards = []
    for seat in (0, 1):
        mine, theirs = scored[seat], scored[1 - seat]
        won = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        rewards.append(0.75 * won + 0.25 * mine / POINTS_PER_ROUND)
    return rewards


def round_points(root: JsonDict, leaf: JsonDict) -> list[float]:
    """Each seat's card points in the round that just ended."""
    return [float(points) for points in leaf["previous_round"]["points"]]


def match_chances(public: JsonDict) -> list[float]:
    """Each seat's chance to win the match from the scores and the next round's dealer, equal players
    assumed (see the module docstring)."""
    first, second = public["scores"]
    chance = _level(public["version"], first + second)[first, second, public["dealer"]]
    return [chance, 1.0 - chance]


@cache
def _level(version: int, total: int) -> dict[tuple[int, int, int], float]:
    """Seat 0's chance to win from every state (score 0, score 1, dealer) whose scores add up to
    ``total``. A round won by the caller lowers the total by one (the level below); a round won by the
    dealer moves a point from dealer to caller and a tie changes nothing, so within one total the
    chances are found by repeated passes."""
    caller_wins, dealer_wins, tie = ROUND_ODDS[version]
    lower = _level(version, total - 1) if total > 2 else {}
    chances = {(score, total - score, dealer): 0.5 for score in range(1, total) for dealer in (0, 1)}
    for _ in range(SWEEPS):
        for first, second, dealer in chances:
            scores, caller = [first, second], 1 - dealer
            scores[caller] -= 1
            if scores[caller] == 0:
                after_caller = 1.0 if caller == 0 else 0.0
            else:
                after_caller = lower[scores[0], scores[1], caller]
            scores = [first, second]
            scores[dealer] -= 1
            scores[caller] += 1
            if scores[dealer] == 0:
                after_dealer = 1.0 if dealer == 0 else 0.0
            else:
                after_dealer = chances[scores[0], scores[1], caller]
            chances[first, second, dealer] = (
                caller_wins * after_caller + dealer_wins * after_dealer + tie * chances[first, second, caller]
            )
    return chances


POLICY: Policy = play
HARD_SECONDS = 0.01
"""The ``hard`` bot's CPU seconds a move here in either version (measured: ``bots/ismcts.HARD_SECONDS``)."""
EVALUATION = Evaluation(
    hand_end=True, rewards=round_rewards, match_chances=match_chances, hand_points=round_points
)
