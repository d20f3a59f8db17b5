"""How ISMCTS plays and scores rollouts, per game: the hook that keeps search cheap and sound.

A match of Slobberhannes, Troeven or Mü is many hands long; playing every rollout to the end of the
match would spend the budget on hands far beyond the decision and drown its effect in their noise. A
game's ``Evaluation`` may therefore stop rollouts at the end of the current hand (the first event the
engine logs that is not a move: the hand's ``score``) and turn the public view there into per-seat
rewards, or cap a rollout's length and estimate from the public view. A rollout that reaches the end
of the match always scores ``returns()``.

Rewards are per seat in [0, 1], like ``returns()``, so that hand-end and match-end values mix in one
tree. A game may also name a cheap rollout policy, for games where uniformly random moves make
nonsense of the position (a random Mü auction ends in a tie nearly every time), and limit the depth
of the tree. A game's evaluation is ``EVALUATION`` of ``bots/games/<game>.py``; without one, search
grows the tree without limit and plays uniformly random rollouts to the end of the match.

A game review (``bots/review.py``) reads the same rollouts in the match's terms: where rollouts stop at
a hand's end, the game says what the scores there leave each seat as its chance to win the match
(``match_chances``) and what the hand was worth in points (``hand_points``); where one decision takes
several moves (a Mü bid), the game names the moves that are its steps (``decision_steps``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.game import JsonDict
from ..core.registry import find_piece
from . import games as game_modules
from .heuristic import Policy

Rewards = Callable[[JsonDict, JsonDict], list[float]]
"""``rewards(root, leaf)``: per-seat rewards from the public views at the search root and the leaf."""
Chances = Callable[[JsonDict], list[float]]
"""``chances(public)``: each seat's chance to win the match from a public view between two hands."""
Growth = Callable[[JsonDict], int]
"""``growth(public)``: at most how many times its base budget a review's search of the decision at the
public view ``public`` may grow (at least 1: no growth)."""


@dataclass(frozen=True, kw_only=True)
class Evaluation:
    """Where a rollout stops before the match ends, and what it is then worth to each seat."""

    hand_end: bool = False
    """Stop at the end of the current hand (the first logged event that is not a move)."""
    max_moves: int | None = None
    """Stop after this many moves from the search root."""
    rewards: Rewards | None = None
    """Score a rollout that stopped early; needed when either stop is set."""
    rollout: Policy | None = None
    """The game's rollout policy (fast: it runs at every rollout step); uniformly random when None."""
    tree_depth: int | None = None
    """How deep the search tree may grow by default (None: no limit). Where every turn offers dozens
    of moves, a few hundred iterations spread over a deep tree judge the root by exploratory nonsense
    further down; a depth of 1 is flat Monte Carlo over the root's moves, with the rollouts deciding."""
    match_chances: Chances | None = None
    """With ``hand_end``: each seat's chance to win the match from the public view once a hand is over
    and the match goes on, the seats playing equally well from there (for reviews; without it the
    rewards are read as chances to win)."""
    hand_points: Rewards | None = None
    """With ``hand_end``: each seat's points in the hand, from the public views at the root and once the
    hand is over (for reviews)."""
    decision_steps: frozenset[str] = frozenset()
    """For reviews: the kinds of move (``State.describe(action).kind``) that are a step of a longer
    decision, which the seat's next move closes (the cards of a Mü bid, closed by ``done``). A review
    judges each step from its own position and counts the steps and their close as one decision."""
    review_growth: Growth | None = None
    """For reviews: from the public view at a decision, at most how many times its base budget the
    decision's search grows while the played move is undecided (None: the review's
    ``REVIEW_CAP_FACTOR``). Less where iterations cost much and growing buys little: in Mü's auction
    a bid is judged step by step, each step's rollouts play the auction through, and most moves tie."""

    def __post_init__(self) -> None:
        if (self.hand_end or self.max_moves is not None) and self.rewards is None:
            raise ValueError("an evaluation that stops rollouts early needs a rewards function")
        if self.max_moves is not None and self.max_moves < 1:
            raise ValueError(f"max_moves must be at least 1, got {self.max_moves}")
        if self.tree_depth is not None and self.tree_depth < 1:
            raise ValueError(f"tree_depth must be at least 1, got {self.tree_depth}")
        if (self.match_chances or self.hand_points) and not self.hand_end:
            raise ValueError("match_chances and hand_points read the end of a hand: they need hand_end")


def score_changes(root: JsonDict, leaf: JsonDict) -> list[float]:
    """Each seat's change of score between the public views at the root and the leaf (for
    ``hand_points`` in games whose hands add to the score)."""
    return [float(after - before) for before, after in zip(root["scores"], leaf["scores"], strict=True)]


TO_THE_END = Evaluation()


def evaluation_for(game: str) -> Evaluation:
    """The game's evaluation; playing to the end of the match when it has none."""
    evaluation: Evaluation | None = find_piece(game, game_modules.__name__, "EVALUATION")
    return TO_THE_END if evaluation is None else evaluation
