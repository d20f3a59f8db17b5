"""Cabooses in the Corner for bots: a beginner's policy, and a one-round look-ahead for search.

The policy (docs/rules/cabooses-in-the-corner.md §5–§7) ranks the legal actions and takes the best:
1. a play that empties its hand (it wins at once);
2. moves that empty a railway (whole piles, longest first) and relocations of caboose piles, which
   free a railway for any card;
3. plays onto corners (trains grow towards departure), cabooses into empty corners, and then plays
   onto railways, the card whose next lower card it also holds first, high cards on empty railways;
4. ending the turn (allowed once it has played a card), then other moves that make a pile longer:
   after a play such a move helped no more than ending the turn (one seat so against three that made
   it, 4,000 games of four: win share 0.249 ± 0.013), and rollouts then end turns by choice too
   (``hard`` against three ``medium``, 400 games: 37% ± 5% won, 39% ± 5% before).

Evaluation: the game is one short race (about a dozen turns between beginners in a game of four),
and luck decides most of it, so a rollout played to the end says little about the move at the root.
Rollouts instead follow the policy for ``ROLLOUT_MOVES`` moves from the root, about one round: the
rest of the seat's own turn, then what the others make of the board it leaves them. ``race_rewards``
scores the position there as each seat's chance to win, from its hand size and how long it waits
for its turn, with weights fitted to who won in heuristic self-play. The tree has no depth limit: a
turn is many moves, which search plans together (a tree one move deep won less often).
"""

from __future__ import annotations

import math
import random

from ...core.game import JsonDict
from ..evaluation import Evaluation
from ..heuristic import Policy
from ..view import SeatView

CORNERS = ("NE", "SE", "SW", "NW")
CABOOSES = ("P8", "OB")
ROLLOUT_MOVES = 20
"""Moves a rollout plays from the root before it is judged: about one round (a beginner's turn is
four or five moves)."""
CARD_WEIGHT = 0.17
WAIT_WEIGHT = 0.13
TO_ACT_WEIGHT = 0.13
"""The weights of ``race_rewards``: a seat's chance to win is proportional to ``exp(TO_ACT_WEIGHT``
when it is to act ``- CARD_WEIGHT * hand size - WAIT_WEIGHT * seats to wait for its turn)``. They are
the maximum-likelihood fit to the winners from every position of 1,500 games of four heuristic
players; the fits for 2, 3, 5 and 6 players differ little (0.11–0.18, 0.10–0.14, 0.10–0.14)."""

Words = tuple[str, ...]
_WORDS: dict[int, Words] = {}
"""Each action id's notation split into words, kept once met (ids are stable): the policy runs at
every step of a rollout."""


def play(view: SeatView, rng: random.Random) -> int:
    """The beginner's action for the seat to act."""
    obs = view.observation()
    legal = view.legal_actions()
    ranks = [_priority(obs, _words(view, action)) for action in legal]
    return legal[ranks.index(max(ranks))]


def _words(view: SeatView, action: int) -> Words:
    words = _WORDS.get(action)
    if words is None:
        words = _WORDS[action] = tuple(view.action_to_string(action).split())
    return words


def _priority(obs: JsonDict, words: Words) -> float:
    piles, hand = obs["piles"], obs["hand"]
    if words[0] == "play":
        card, place = words[1], words[2]
        if len(hand) == 1:
            return 1000
        if place in CORNERS:
            return 60 if card not in CABOOSES else 50 if card == "P8" else 45
        follow_up = card[0] + str(int(card[1]) - 1) in hand
        return (40 if piles[place] else 20) + 5 * follow_up + int(card[1]) / 10
    if words[0] == "relocate":
        return 70
    if words[0] == "move":
        source, count = words[1], int(words[2])
        if count == len(piles[source]):
            return 80 + count
        return 10 + count
    return 19  # ``end``: before a move that only makes a pile longer


def race_rewards(root: JsonDict, leaf: JsonDict) -> list[float]:
    """Each seat's chance to win from the leaf's public view; the chances add up to 1.

    >>> [round(chance, 2) for chance in race_rewards({}, {"hand_sizes": [1, 7, 7, 7], "to_act": 1})]
    [0.4, 0.24, 0.19, 0.17]
    """
    sizes, to_act = leaf["hand_sizes"], leaf["to_act"]
    weights = []
    for seat, size in enumerate(sizes):
        wait = (seat - to_act) % len(sizes)
        bonus = TO_ACT_WEIGHT if wait == 0 else 0.0
        weights.append(math.exp(bonus - CARD_WEIGHT * size - WAIT_WEIGHT * wait))
    total = sum(weights)
    return [weight / total for weight in weights]


POLICY: Policy = play
EVALUATION = Evaluation(max_moves=ROLLOUT_MOVES, rewards=race_rewards, rollout=play)
