"""The ``ismcts`` bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration draws one world consistent with what the seat to act has seen (``resample``, through
the bot's ``SeatView``), walks the one shared tree down the moves that are legal in that world, adds a
node, plays a rollout and backs the per-seat rewards up the path. Every node holds the statistics of
the seat that moved into it, so each seat maximises its own reward (multi-player, no teams assumed).
Selection is UCB1 over the children legal in the current world, each child's exploration counted over
the visits in which it was available (the "subset-armed" bandit of Cowling, Powley and Whitehouse,
2012). The move played is the root child visited most.

Decisions:
- Moves in every game of cardtable are seen by all seats once made, so one tree keyed by action ids
  serves every world; chance inside ``apply_action`` (later deals, draws) comes from the world's own
  reseeded generator and is averaged over by the iterations.
- Rollouts stop where the game's ``Evaluation`` says (the end of the current hand in games of many
  hands) and are scored by it; otherwise at the end of the match with ``returns()``. A world whose
  rollouts stop at the hand's end is told so (``State.stop_at_hand_end``): it need not deal the next.
- A node's first child is the rollout policy's move when that is untried (else a random untried
  move), so where the tree is wide (a hidden card just drawn) new branches start from sensible moves.
- Rollouts follow the game's rollout policy (``rollout=default``: the one its ``Evaluation`` names,
  else uniformly random), uniformly random moves (``rollout=random``) or the game's heuristic
  (``rollout=heuristic``: stronger, slower).
- The tree grows as deep as the game's ``Evaluation`` allows (``tree_depth``), or ``depth`` moves.
- Budget: ``iterations`` and/or ``seconds`` per move, whichever ends first; with iterations only, the
  same seed gives the same choice on any machine. A move with one legal action is played at once.
- ``search_every_move`` runs the same search to value every move rather than to pick one (a game
  review): the root's moves take turns, each tried once in every sampled world (so moves are compared
  on the same hidden cards), and below the root the search goes on as in ``choose``. It ends only
  after a whole round of the moves, at least one, so every move is tried and equally often. With an
  iteration budget it may go on, a budget at a time, while the caller's ``more`` asks for it (a review
  searching until it is sure): the same tree grows, so the result still depends on the seed alone.

>>> import cardtable
>>> state = cardtable.make("slobberhannes").new_game(seed=4)
>>> bot = ISMCTSBot(seed=1, iterations=50)
>>> bot.choose(state) in state.legal_actions() and bot.last_iterations == 50
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.game import JsonDict, State
from .base import Bot, register_kind, register_level
from .evaluation import evaluation_for
from .heuristic import Policy, policy_for
from .view import RANDOM_REST, SeatView

DEFAULT_ITERATIONS = 300
HARD_ITERATIONS = 300
HARD_SECONDS = "HARD_SECONDS"
"""The piece of each game's bot module (``bots/games/<game>.py``) that says the ``hard`` bot's CPU seconds
a move there, as people are told it (``bots.level_seconds``), to one significant digit: the median over
``benchmarks/bench_bots.py``'s positions (its "hard s/move" column), pure-Python build, the median of three
runs on a 2-core machine at a load average under 1. The longest move there took 0.10 s (Mü): well under
the 2 s people should wait at most (README, "How long hard thinks")."""
EXPLORATION = 0.7
ROLLOUTS = ("default", "random", "heuristic")

LeafHook = Callable[[int, State, list[float], JsonDict | None], None]
"""``leaf(move, world, rewards, public)``: told, after each iteration of ``search_every_move``, the root
move it tried, the world where its rollout stopped (a sampled world: it may show any card), the per-seat
rewards the search backed up and, where the rollout stopped before the match ended, the world's public
view the rewards were read from (None at the end of the match)."""
More = Callable[[int], bool]
"""``more(done)``: asked by ``search_every_move`` each time its iteration budget is spent (``done``
iterations, whole rounds of the root's moves) whether to search another budget's worth."""


class _Node:
    """Statistics of one move in the shared tree, from the point of view of the seat that made it."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class ISMCTSBot(Bot):
    """Searches the seat's information set by sampling worlds; see the module docstring."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        rollout: str = "default",
        depth: int | None = None,
    ) -> None:
        """Raises ValueError for a budget that is not positive, or an unknown rollout policy."""
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a positive integer, got {iterations!r}")
        if seconds is not None and (not isinstance(seconds, int | float) or not seconds > 0):
            raise ValueError(f"seconds must be a positive number, got {seconds!r}")
        if not isinstance(exploration, int | float) or exploration < 0:
            raise ValueError(f"exploration must be a number >= 0, got {exploration!r}")
        if depth is not None and (not isinstance(depth, int) or depth < 1):
            raise ValueError(f"depth must be a positive integer, got {depth!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        self.iterations = DEFAULT_ITERATIONS if iterations is None and seconds is None else iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = rollout
        self.depth = depth
        """The tree grows at most this many moves deep (None: the game's default, see Evaluation)."""
        self.rng = random.Random(seed)
        self.last_iterations = 0
        """Iterations the last search ran (0 when the move was forced)."""

    def check_game(self, game: str) -> None:
        if self.rollout == "heuristic":
            policy_for(game)

    def choose(self, state: State) -> int:
        """The most visited root move after the search; raises ValueError for a heuristic rollout in
        a game without a heuristic policy."""
        view = SeatView(state)
        legal = view.legal_actions()
        policy = self._rollout_policy(view.game.name)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self._search(view, policy)
        tried = {a: node for a, node in root.children.items() if a in legal}
        if not tried:  # the time budget ran out before a single iteration
            return self.rng.choice(legal)
        return max(tried, key=lambda a: (tried[a].visits, tried[a].total))

    def search_every_move(
        self, state: State, leaf: LeafHook | None = None, more: More | None = None
    ) -> dict[int, tuple[int, float]]:
        """Search every legal move of the seat to act equally (see the module docstring) within the
        bot's budget, extended while ``more`` asks; returns each legal move's visits and mean reward
        for the seat. Raises ValueError as ``choose`` does."""
        view = SeatView(state)
        root = self._search(view, self._rollout_policy(view.game.name), view.legal_actions(), leaf, more)
        return {action: (node.visits, node.total / node.visits) for action, node in root.children.items()}

    def _rollout_policy(self, game: str) -> Policy | None:
        """The rollout policy for ``game``; None means uniformly random (inlined: the fastest)."""
        if self.rollout == "heuristic":
            return policy_for(game)
        if self.rollout == "default":
            return evaluation_for(game).rollout
        return None

    def _search(
        self,
        view: SeatView,
        policy: Policy | None,
        root_moves: Sequence[int] = (),
        leaf: LeafHook | None = None,
        more: More | None = None,
    ) -> _Node:
        """The search tree's root after the budget is spent. With ``root_moves``, the root plays them in
        turn, one sampled world per round of them, whole rounds only, ``leaf`` hears of every
        iteration and ``more`` may extend an iteration budget."""
        rng = self.rng
        evaluation = evaluation_for(view.game.name)
        hand_end, max_moves, rewards_of = evaluation.hand_end, evaluation.max_moves, evaluation.rewards
        c = self.exploration
        depth = self.depth if self.depth is not None else evaluation.tree_depth
        log, sqrt = math.log, math.sqrt
        root = _Node(None)
        root_events = view.event_count()
        root_public: JsonDict | None = None
        limit = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done, turns, turn, shared = 0, len(root_moves), 0, None

        budgets = 1  # iteration budgets granted: ``more`` may add some

        def budget_left() -> bool:
            nonlocal budgets
            if limit is None or done < limit * budgets:
                return True
            if more is None or not more(done):
                return False
            budgets += 1
            return True

        while (turns and (done < turns or done % turns)) or (
            budget_left() and (deadline is None or time.perf_counter() < deadline)
        ):
            if turns:
                turn = done % turns
                if turn == 0:
                    shared = view.sample_world(rng)
                    if hand_end:
                        shared.stop_at_hand_end()  # its clones too
                assert shared is not None
                world = shared if turn == turns - 1 else shared.clone()
            else:
                world = view.sample_world(rng)
                if hand_end:
                    world.stop_at_hand_end()
            if root_public is None and rewards_of is not None:
                root_public = world.observation(None)
            node, path, moves = root, [root], 0
            stopped = expanded = False
            if turns:
                node, expanded = _forced_child(root, root_moves[turn], view.seat)
                world.apply_action(root_moves[turn])
                moves = 1
                path.append(node)
            while not expanded and not world.is_terminal() and (depth is None or moves < depth):
                if (hand_end and world.event_count() != root_events + moves) or (
                    max_moves is not None and moves >= max_moves
                ):
                    stopped = True
                    break
                legal = world.legal_actions()
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    for a in legal:
                        if a in children:
                            children[a].avail += 1
                    action = rng.choice(untried)
                    if policy is not None:
                        suggested = policy_move(policy, world, rng)
                        action = suggested if suggested not in children else action
                    child = children[action] = _Node(world.current_player())
                    child.avail = 1
                    world.apply_action(action)
                    moves += 1
                    path.append(child)
                    break
                best, best_value = legal[0], -1.0
                for a in legal:
                    child = children[a]
                    child.avail += 1
                    value = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if value > best_value:
                        best, best_value = a, value
                node = children[best]
                world.apply_action(best)
                moves += 1
                path.append(node)
            memory: dict[str, Any] = {}  # the rollout policy's, for this rollout
            while not stopped and not world.is_terminal():
                if (hand_end and world.event_count() != root_events + moves) or (
                    max_moves is not None and moves >= max_moves
                ):
                    stopped = True
                    break
                if policy is None or RANDOM_REST in memory:  # the same draws as one move at a time
                    left = None if max_moves is None else max_moves - moves
                    moves += world.play_randomly(rng, left, hand_end, draw_forced=policy is None)
                else:
                    world.apply_action(policy_move(policy, world, rng, memory))
                    moves += 1
            public = None
            if stopped:
                assert rewards_of is not None and root_public is not None
                public = world.observation(None)
                rewards = rewards_of(root_public, public)
            else:
                rewards = world.returns()
            for visited in path:
                visited.visits += 1
                if visited.seat is not None:
                    visited.total += rewards[visited.seat]
            if leaf is not None and turns:
                leaf(root_moves[turn], world, rewards, public)
            done += 1
        self.last_iterations = done
        return root


def _forced_child(root: _Node, action: int, seat: int) -> tuple[_Node, bool]:
    """The root's child for ``action`` (made if new) with its availability counted, and whether it is new."""
    child = root.children.get(action)
    expanded = child is None
    if child is None:
        child = root.children[action] = _Node(seat)
    child.avail += 1
    return child, expanded


def policy_move(
    policy: Policy, world: State, rng: random.Random, memory: dict[str, Any] | None = None
) -> int:
    """The rollout policy's move in ``world`` (the only one, without asking, where the move is forced);
    ``memory`` is the view's (``SeatView.memory``): one dict for every move of a rollout."""
    legal = world.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return policy(SeatView(world, memory), rng)


register_kind("ismcts", ISMCTSBot)
register_level(
    "hard",
    f"ismcts:iterations={HARD_ITERATIONS}",
    "Thinks ahead: before each move it plays the game out hundreds of times over deals that fit what"
    " it has seen, and picks the move that did best.",
    seconds_piece=HARD_SECONDS,
)
