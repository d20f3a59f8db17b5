"""Game of Trains for bots: a beginner's policy and a short-horizon evaluation for search.

A train is judged by how many of its cars can stay (a strictly ascending subsequence with enough
numbers between its cars for the places still to fill), then by how roomy those gaps are. Seven
ascending cars win (docs/rules/game-of-trains.md, End of game).

The policy (docs/rules/game-of-trains.md, Turn state machine and Abilities):
- placing a drawn car (in setup or after ``draw``), it puts it where the train is judged best;
- on its turn, it uses a market swap or move when that improves its train (always when it wins),
  else it draws.
The removals and protect are left alone: their effect depends on cars nobody has seen yet.

Evaluation: the game is one race and random rollouts rarely finish it (random placements undo a
train faster than they build it), so rollouts follow this policy. Played out to the end (two dozen
moves), a race is mostly the luck of the draws that follow: at a review's 2,000 iterations, two seeds
put a move's win chance 0.035 apart on average. So a rollout stops after ``ROLLOUT_MOVES`` moves
(every seat has had a turn or two: the reply to the car the move put in the market is seen) and
scores the race there with ``race_chances``, each seat's chance to win as fitted to who won games of
this policy against itself. On 82 decisions of self-play, the values of rollouts cut so follow those
of whole ones (correlation 0.9 with whole rollouts at 12,000 iterations; the differences between
moves 0.83 as wide, since the trains do not show all of a position's future), lie 0.016 apart between
seeds, and an iteration costs a third of one played to the end. Every turn offers up to dozens of
moves (a drawn card's 7 places, the market's uses), so the search tree stays one move deep (flat
Monte Carlo over the root's moves): deeper, a few hundred iterations would judge each move by the
random moves the tree tries below it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

from ...core.game import JsonDict
from ..evaluation import Evaluation
from ..heuristic import Policy
from ..view import SeatView

CARS = 7
HIGHEST = 84
ROLLOUT_MOVES = 8
"""Moves (the root's included) after which a rollout that has not finished is scored."""
JUDGED = 1 << 14
"""Trains ``judge`` and ``keep_score`` remember: a search meets the same trains over and over (the
seats' trains at the root, the few cars each drawn card can replace), six times in seven a
remembered one (more room remembers hardly more)."""

Train = tuple[int, ...]


GAP_ROOM = tuple(HIGHEST // CARS * gap for gap in range(CARS + 1))
"""The numbers a gap of so many places can use to the full: an evenly spread train's share of them."""
KEPT = 1000
"""What one more kept car adds to a train's score: more than the room of any keep-set (at most 84)."""


@lru_cache(maxsize=JUDGED)
def judge(train: Train) -> float:
    """How close a train is to ascending: the most cars it can keep (strictly ascending, with room
    between them for the cars still to come: a gap of ``k`` places between kept cars ``a < b`` needs
    ``b - a - 1 >= k`` numbers), plus up to 0.99 for how roomy its gaps are (each place of a gap
    counts in full while the gap has an evenly spread train's 12 numbers a place, less when narrower).

    >>> judge((12, 20, 32, 43, 46, 44, 83)) > 6 > judge((12, 20, 32, 43, 83, 44, 53)) > 5
    True
    >>> judge((77, 60, 45, 31, 12, 8, 3)), judge((10, 20, 30, 40, 50, 60, 70))
    (1.9192857142857143, 7.99)
    """
    kept, room = divmod(keep_score(train), KEPT)
    return kept + 0.99 * room / HIGHEST


@lru_cache(maxsize=JUDGED)
def keep_score(train: Train) -> int:
    """``judge``'s best keep-set as one exact number: ``KEPT`` for each car kept, plus its room in
    twelfths of a place (12 for each kept car, and for each gap the lesser of 12 a place and its
    numbers).

    A longest path over the cars that can stay: a kept car ``b`` at index ``j`` may follow a kept
    ``a`` at ``i`` when ``b - j >= a - i``, so each car is reached once from the best of the cars
    before it (3 µs: every rollout move judges up to a few dozen trains)."""
    kept: list[tuple[int, int, int, int]] = []  # per car that can stay: index, car, car - index, score
    best = GAP_ROOM[CARS]  # keeping no car: one gap of 7 places over all 84 numbers
    index = -1
    for car in train:  # written out (no enumerate, min or max): it is the rollouts' hot loop
        index += 1
        reach = car - index  # a later kept car needs at least this much of its own
        if reach < 1 or reach > HIGHEST + 1 - CARS:  # no room before or after it for the other places
            continue
        score = GAP_ROOM[index]
        if car <= score:
            score = car - 1
        for before, low, low_reach, low_score in kept:
            if low_reach <= reach:
                room, full = car - low - 1, GAP_ROOM[index - before - 1]
                room = low_score + (full if full < room else room)
                if room > score:
                    score = room
        score += KEPT + GAP_ROOM[1]
        kept.append((index, car, reach, score))
        room, full = HIGHEST - car, GAP_ROOM[CARS - 1 - index]
        room = score + (full if full < room else room)
        if room > best:
            best = room
    return best


def _swap(train: Train, a: int, b: int) -> Train:
    moved = list(train)
    moved[a], moved[b] = moved[b], moved[a]
    return tuple(moved)


def _move(train: Train, source: int, target: int) -> Train:
    moved = list(train)
    moved.insert(target, moved.pop(source))
    return tuple(moved)


EFFECTS: dict[str, Callable[[Train, int], Train]] = {
    "SWAP_ADJ": lambda train, p: _swap(train, p, p + 1),
    "SWAP_GAP1": lambda train, p: _swap(train, p, p + 2),
    "MOVE_R2": lambda train, p: _move(train, p, p + 2),
    "MOVE_L2": lambda train, p: _move(train, p, p - 2),
}
"""The rearranging abilities on a 0-based position (the spec's p is 1-based)."""


def play(view: SeatView, rng: random.Random) -> int:
    """The beginner's action for the seat to act."""
    obs = view.observation()
    legal = view.legal_actions()
    moves = [view.action_to_string(action) for action in legal]
    train = cars(obs["trains"][obs["seat"]])
    if moves[0].startswith("place"):
        best, best_value = 0, -1.0
        for index, move in enumerate(moves):
            _, card, position = move.split()
            at = int(position) - 1
            value = judge((*train[:at], int(card), *train[at + 1 :]))
            if value > best_value:
                best, best_value = index, value
        return legal[best]
    abilities = {entry["card"]: entry["ability"] for entry in obs["market"]}
    best, best_value = moves.index("draw"), judge(train)
    for index, move in enumerate(moves):
        words = move.split()
        if words[0] != "use" or len(words) != 3 or abilities.get(words[1]) not in EFFECTS:
            continue
        value = judge(EFFECTS[abilities[words[1]]](train, int(words[2]) - 1))
        if value > best_value:
            best, best_value = index, value
    return legal[best]


def cars(train: list[JsonDict]) -> Train:
    """A train of an observation as its card numbers."""
    return tuple(int(car["card"]) for car in train)


RACE = {2: (4.931, 0.734, 0.604, 0.234), 3: (6.906, 0.574, 0.57, 0.22), 4: (7.446, 0.636, 0.596, 0.191)}
"""Per number of players, ``race_chances``'s ``weight``, ``growth``, ``worth`` and ``lag``: the
maximum-likelihood fit to who won 12,000 (2 players) or 6,000 games of this policy against itself,
from every position of them after setup (``benchmarks/fit_trains_race.py``)."""


def race_chances(root: JsonDict, leaf: JsonDict) -> list[float]:
    """Each seat's chance to win the race from the public view, in proportion to ``exp`` of its
    strength: ``weight * exp(growth * (progress - 7))``, less ``lag`` for each seat that moves before
    it. A train's progress is the cars it can keep (``judge``) and ``worth`` of a car for each place of
    its gaps with room (as ``judge`` counts it; about 0.6, where ``judge`` gives 0.14). Progress counts
    more as a train nears 7: a car more matters more to a train about to finish than to one just
    begun."""
    players, to_act = leaf["players"], leaf["to_act"]
    weight, growth, worth, lag = RACE[players]
    strengths = []
    for seat, train in enumerate(leaf["trains"]):
        strength = weight * math.exp(growth * (progress(cars(train), worth) - CARS))
        strengths.append(math.exp(strength - lag * ((seat - to_act) % players)))
    total = sum(strengths)
    return [strength / total for strength in strengths]


def progress(train: Train, worth: float) -> float:
    """The cars a train can keep, and ``worth`` a car for each place of its gaps with room."""
    kept, room = divmod(keep_score(train), KEPT)
    return kept + worth * (room / GAP_ROOM[1] - kept)


POLICY: Policy = play
HARD_SECONDS = 0.06
"""The ``hard`` bot's CPU seconds a move here with 2 or 4 players (measured: ``bots/ismcts.HARD_SECONDS``)."""
EVALUATION = Evaluation(max_moves=ROLLOUT_MOVES, rewards=race_chances, rollout=play, tree_depth=1)
