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
train faster than they build it), so rollouts follow this policy, which finishes most races within a
few dozen moves; a rollout still running after ``ROLLOUT_MOVES`` scores each train against the others.
Every turn offers up to dozens of moves (a drawn card's 7 places, the market's uses), so the search
tree stays one move deep (flat Monte Carlo over the root's moves): deeper, a few hundred iterations
would judge each move by the random moves the tree tries below it.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable

from ...core.game import JsonDict
from ..evaluation import Evaluation
from ..heuristic import Policy
from ..view import SeatView

CARS = 7
HIGHEST = 84
ROLLOUT_MOVES = 120
"""Moves after which a rollout that has not finished is judged (greedy play ends most races sooner)."""

Train = list[int]


def longest_run(train: Train) -> int:
    """The length of the longest strictly ascending subsequence.

    >>> longest_run([77, 60, 45, 31, 12, 8, 3]), longest_run([10, 20, 30, 40, 50, 60, 70])
    (1, 7)
    """
    tails: list[int] = []
    for car in train:
        index = bisect.bisect_left(tails, car)
        tails[index : index + 1] = [car]
    return len(tails)


KEEP_SETS = [[mask for mask in range(1 << CARS) if mask.bit_count() == size] for size in range(CARS + 1)]
"""Every choice of positions to keep, by how many it keeps."""
FAIR_WIDTH = HIGHEST / CARS
"""The range of numbers one position covers in an evenly spread train."""


def judge(train: Train) -> float:
    """How close a train is to ascending: the most cars it can keep (strictly ascending, with room
    between them for the cars still to come: a gap of ``k`` places between kept cars ``a < b`` needs
    ``b - a - 1 >= k`` numbers), plus up to 0.99 for how roomy its gaps are.

    >>> judge([12, 20, 32, 43, 46, 44, 83]) > 6 > judge([12, 20, 32, 43, 83, 44, 53]) > 5
    True
    """
    for size in range(longest_run(train), -1, -1):
        rooms = [room for mask in KEEP_SETS[size] if (room := _room(train, mask)) is not None]
        if rooms:
            return size + 0.99 * max(rooms)
    raise AssertionError("keeping no car always fits")


def _room(train: Train, mask: int) -> float | None:
    """How roomy the gaps of a keep-set are, in [0, 1]; None when it cannot become ascending."""
    room = 0.0
    low, gap = 0, 0
    for position in range(CARS + 1):
        if position < CARS and not mask >> position & 1:
            gap += 1
            continue
        high = train[position] if position < CARS else HIGHEST + 1
        width = high - low - 1
        if width < gap:
            return None
        if gap:
            room += gap * min(1.0, width / (gap * FAIR_WIDTH))
        if position < CARS:
            room += 1.0
        low, gap = high, 0
    return room / CARS


def _swap(train: Train, a: int, b: int) -> Train:
    moved = list(train)
    moved[a], moved[b] = moved[b], moved[a]
    return moved


def _move(train: Train, source: int, target: int) -> Train:
    moved = list(train)
    moved.insert(target, moved.pop(source))
    return moved


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
    train = [int(car["card"]) for car in obs["trains"][obs["seat"]]]
    if moves[0].startswith("place"):
        return legal[max(range(len(moves)), key=lambda i: judge(_placed(train, moves[i])))]
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


def _placed(train: Train, move: str) -> Train:
    _, card, position = move.split()
    placed = list(train)
    placed[int(position) - 1] = int(card)
    return placed


def train_rewards(root: JsonDict, leaf: JsonDict) -> list[float]:
    """The race so far: 1 for the train judged best, 0 for the worst, the others between."""
    judged = [judge([int(car["card"]) for car in train]) for train in leaf["trains"]]
    low, high = min(judged), max(judged)
    return [0.5 if high == low else (value - low) / (high - low) for value in judged]


POLICY: Policy = play
EVALUATION = Evaluation(max_moves=ROLLOUT_MOVES, rewards=train_rewards, rollout=play, tree_depth=1)
