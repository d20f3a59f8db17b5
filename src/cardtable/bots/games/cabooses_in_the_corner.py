"""Cabooses in the Corner for bots: a beginner's policy (search plays uniformly random rollouts to
the end: the game is one short race with no hands, so the default evaluation, ``returns()``, serves).

The policy (rules/cabooses-in-the-corner.md §5–§7) ranks the legal actions and takes the best:
1. a play that empties its hand (it wins at once);
2. moves that empty a railway (whole piles, longest first) and relocations of caboose piles, which
   free a railway for any card;
3. plays onto corners (trains grow towards departure), cabooses into empty corners, and then plays
   onto railways, the card whose next lower card it also holds first, high cards on empty railways;
4. other moves that make a pile longer; ending the turn last.
"""

from __future__ import annotations

import random

from ...core.game import JsonDict
from ..heuristic import register_policy
from ..view import SeatView

GAME = "cabooses-in-the-corner"
CORNERS = ("NE", "SE", "SW", "NW")
CABOOSES = ("P8", "OB")


def play(view: SeatView, rng: random.Random) -> int:
    """The beginner's action for the seat to act."""
    obs = view.observation()
    legal = view.legal_actions()
    moves = [view.action_to_string(action) for action in legal]
    best = max(range(len(moves)), key=lambda i: _priority(obs, moves[i]))
    return legal[best]


def _priority(obs: JsonDict, move: str) -> float:
    words = move.split()
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
    return 0


register_policy(GAME, play)
