"""Game review: the ``hard`` bot's verdict on every decision one seat made in a game record.

For each decision of the seat with more than one legal move, the position is rebuilt from the record
as it stood then, and the search of the ``hard`` bot (ISMCTS) values every legal move from the seat's
information set: each iteration draws a world with ``resample`` (the seat's own view, every hidden card
redrawn), so a decision is judged by what the seat knew, never by the true hidden cards. The moves take
turns at the root and each is tried once in every sampled world (a round); below the root the search
is the ``hard`` bot's own, with the game's rollouts and evaluation (``ISMCTSBot.search_every_move``).

What a move is worth. Each iteration gives the move it tried a win chance: a rollout that ends the
match counts 1 for a win (shared or not) and 0 for a loss; one that stops at the end of a hand counts
the game's chance to win from the scores there, the seats playing equally well from then on (the
``match_chances`` of its ``Evaluation``); one that stops after a number of moves counts the game's
rewards, which in those games are chances to win. Where the game scores hands, it also gives the
seat's points of the hand (``hand_points``). A verdict is on the measure

    win + (1 - openness) * point_value * points,    openness = 4 p (1 - p),

p the seat's chance to win the match at the decision (the search's: the highest win chance among its
moves) and ``point_value`` the win chance one point is worth at the even start of such a match
(``point_value``, from the game's ``match_chances``). In an open match (p near 1/2) the measure is
mostly the win chance; where the match is as good as lost or won, the win chance no longer moves
and the points of the hand take over, each worth what it would be worth in an even match: a certain
penalty taken for nothing stays a mistake whatever the score. Games without hand points are judged
on win chance.

How sure it is. The moves are compared round by round, on the same sampled worlds: a move's loss is
the mean of the per-round differences between the best move's measure and its own, and its
``margin`` the 95% half-width of that mean (1.96 standard deviations of the differences over the
square root of the rounds). A move is *equal* to the best when its interval reaches 0 (the search
cannot tell it from the best) or lies wholly below the ``good`` threshold (it is surely good), and a
played move that is equal is good, whatever its estimated loss. The played move is *decided* when its
whole interval lies below ``good``, or when it is told apart from the best (the interval above 0)
with both ends in the same verdict class. An iteration budget is the base: while the played move is
not decided, the search goes on one base budget at a time, on the same tree, up to
``REVIEW_CAP_FACTOR`` times the base (what the game's ``review_growth`` says where it has one);
a move still not told apart then is shown equal. It stops sooner where growing is futile: a move not
told apart that the cap's margin (narrower by the square root of the rounds) would still leave
neither told apart nor surely good, its loss staying where it is, would be shown equal at the cap
all the same. A move told apart grows to settle its class (with many moves, the best one's estimate
runs high early). A ``seconds`` budget does not grow.

The review is a dict: ``game``, ``options``, ``seat``, ``budget``, ``seed``, ``thresholds`` (the loss
each verdict stays below), ``accuracy``, ``good_share``, ``judged``, ``forced``, ``even``,
``decisions``, ``hands`` and ``biggest_mistakes``. A decision holds ``event`` (its index in the record),
``played``, ``best`` (notation; the best by the measure), ``loss`` (the played move's, on the measure, at
most 1: in a lost match the points of a hand can weigh more than a whole match's chance),
``verdict``, ``win_chance`` (after the move played), ``values`` (notation: win chance, every legal move),
``points`` (notation: expected points of the hand, in games scored by hands), ``tries`` (the rounds:
each move's iterations), ``win_loss`` (the best move's win chance less the played move's),
``points_loss`` (the same in points, in games scored by hands), ``equal`` (the moves equal to the best,
the best first, the others by loss), ``margin`` (the loss's 95% half-width; null after a single round,
which a ``seconds`` budget may give), ``iterations`` (what its search ran) and ``stake`` (the worst
legal move's loss: how much the decision mattered). A decision of several moves (a Mü bid) also holds
``moves`` and ``best_moves`` (the notation of each move of ``played`` and ``best``) and ``steps``
(each judged move as a decision of its own). ``hands`` has one entry per hand (the record's ``score``
events end them; a game of one hand has one) in which the seat had a judged decision: ``hand``
(1-based), ``first_event`` and ``last_event`` (its first and last judged decision's), ``judged``,
``mistakes`` (verdicts not good), ``points_lost`` and ``win_lost``: the sums of ``points_loss`` (null in
games without hand points) and ``win_loss`` over its decisions whose played move was not equal to the
best (what the search is sure the seat gave away).

Decisions:
- The budget is per judged move (each step of a bid has its own), either ``iterations``, shared
  equally among the legal moves (whole rounds of them, at least one), grown while undecided (above),
  or ``seconds`` of search (as many whole rounds as fit, at least one). Only an iteration budget
  reproduces: the same record, seat, iterations and seed give the same review on any machine. Each
  judged move's search is seeded from the seed and its event index, so moves can be judged apart.
- Decisions with a single legal move are not judged: they are counted as ``forced``.
- A decision of several moves (the moves of a kind the game's evaluation names ``decision_steps`` and
  the seat's next move, which closes them: a Mü bid's ``show`` moves and its ``done``) is judged step by
  step, each from the position it was made in (so workers judge steps apart), and counted once: its
  ``event`` is its first move's, ``played`` its moves joined ("show R7 show B3 done"); its ``best`` the
  moves played up to the first step that was not the best there, then that step's best move (``played``
  if every step was best); its loss, ``win_loss``, ``points_loss`` and ``iterations`` the sums of its
  steps' (the loss at most 1), its margin their margins' root sum of squares, its stake their largest;
  ``played`` is equal to ``best`` when every step's played move was equal to that step's best. Its
  ``win_chance`` and ``values[played]`` are the chance after its last judged step, ``values[best]``
  the chance after the best move of the first step that missed it, as those steps' searches estimate
  them (so their difference need not be the loss, which adds up each step's own); its ``points`` are
  the same two moves' points. It is forced when none of its steps had a choice.
- Verdicts, on the loss: good < 0.02 <= inaccuracy < 0.05 <= mistake < 0.10 <= blunder (``VERDICTS``),
  good whenever the played move is equal to the best. One penalty point in the first hand of a
  Slobberhannes match is worth about 0.11 of win chance, the first round of a Troeven match 0.2
  between winning and losing it, so a blunder gives away most of a point or a round.
- ``point_value`` is the least-squares slope of a seat's chance to win the match after the first hand
  against its points in that hand, over ``POINT_VALUE_HANDS`` first hands of a match with the record's
  options played by the game's rollout policy (seeded: the same everywhere): the exchange rate of
  points into win chance where the match is still open.
- Accuracy: a judged decision's accuracy is 100 if the played move is equal to the best, else
  ``100 * exp(-loss / ACCURACY_SCALE)`` (82 for a loss of 0.02, 61 for 0.05, 37 for 0.10). Decisions
  where every legal move is equal (``even``: nothing to get wrong) are left out, as forced ones are.
  ``accuracy`` is the mean of two means of the rest: the mean weighted by each decision's stake
  (floored at ``WEIGHT_FLOOR``, so decisions that mattered count more) and the harmonic mean (each
  accuracy floored at ``HARMONIC_FLOOR``), which a single blunder pulls down far more than the
  arithmetic mean would; as chess sites combine them. ``good_share`` is the share of judged
  decisions (even ones included) marked good. A review with nothing to count has neither (None).
- ``biggest_mistakes`` are the (at most three) decisions with the largest losses among those not
  marked good, largest first.

>>> import cardtable
>>> state = cardtable.make("troeven").new_game(seed=1)
>>> for _ in range(4):  # seat 1 calls trumps and leads, seat 0 follows, seat 1 leads again
...     state.apply_action(state.legal_actions()[0])
>>> result = cardtable.review(state.record(), 1, iterations=40)
>>> [(decision["event"], decision["played"]) for decision in result["decisions"]]
[(1, 'trump S'), (2, 'JS'), (4, 'TH')]
>>> sorted(result["decisions"][0]["values"])
['trump C', 'trump D', 'trump H', 'trump S']
"""

from __future__ import annotations

import bisect
import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.game import JsonDict, State
from ..core.records import replay, replay_steps
from ..core.registry import make
from .evaluation import evaluation_for
from .ismcts import ISMCTSBot, policy_move

DEFAULT_ITERATIONS = 2000
"""Iterations per decision when no budget is given (the base of an adaptive budget)."""
VERDICTS = (("good", 0.02), ("inaccuracy", 0.05), ("mistake", 0.10), ("blunder", math.inf))
"""Each verdict with the loss it stays below."""
GOOD = VERDICTS[0][1]
REVIEW_CAP_FACTOR = 4
"""An iteration budget grows to at most this many times itself while the played move is undecided
(unless the game's ``Evaluation`` sets ``review_growth``)."""
Z95 = 1.96
"""Standard deviations of a normal estimate in its two-sided 95% interval."""
POINT_VALUE_HANDS = 300
"""First hands played to find what a point of a hand is worth (``point_value``)."""
ACCURACY_SCALE = 0.1
"""The loss at which a decision's accuracy falls to 100/e (37)."""
WEIGHT_FLOOR = GOOD
"""The least stake a decision weighs with in accuracy's weighted mean."""
HARMONIC_FLOOR = 10.0
"""The least accuracy a decision counts with in accuracy's harmonic mean (one blunder must not
outweigh the whole game)."""
BIGGEST = 3
DIGITS = 4
"""Win chances, losses and points are rounded to this many decimals (the estimates are coarser)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: moves judged so far, of the total (the steps of a decision of several
moves count apart)."""


def review(
    record: Mapping[str, Any],
    seat: int,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> JsonDict:
    """The review of ``seat``'s decisions in ``record``, as JSON-safe data (see the module docstring).

    Raises RecordError for a record that does not replay, and ValueError for a seat that is not at
    the table or a budget or seed that is not valid."""
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    check_budget(iterations, seconds, seed)
    judged, forced = plan(record, seat)
    if progress is not None:
        progress(0, len(judged))
    decisions = []
    for done, event in enumerate(judged, start=1):
        decisions.append(judge(record, event, iterations=iterations, seconds=seconds, seed=seed))
        if progress is not None:
            progress(done, len(judged))
    return summarize(record, seat, decisions, forced, iterations=iterations, seconds=seconds, seed=seed)


def check_budget(iterations: int | None, seconds: float | None, seed: int) -> None:
    """Raise ValueError unless exactly one of ``iterations`` and ``seconds`` is a valid budget and
    ``seed`` an integer."""
    if iterations is not None and seconds is not None:
        raise ValueError("a review's budget is iterations or seconds, not both")
    if iterations is None and seconds is None:
        raise ValueError("a review needs a budget: iterations or seconds")
    ISMCTSBot(iterations=iterations, seconds=seconds)  # checks the budget
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, got {seed!r}")


def plan(record: Mapping[str, Any], seat: int) -> tuple[list[int], int]:
    """The event indices of ``seat``'s moves that a review judges (more than one legal move), and how
    many of its decisions were forced. Each judged move can then be judged apart (``judge``), e.g. by
    several workers; ``summarize`` puts them together, the steps of one decision into one.

    Raises RecordError for a record that does not replay, ValueError for a seat not at the table."""
    final = replay(record)
    players = final.game.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ValueError(f"seat must be one of 0..{players - 1} in this {final.game.name} game, got {seat!r}")
    judged = [event for event, state in _positions(record, seat) if len(state.legal_actions()) > 1]
    chosen = set(judged)
    return judged, sum(1 for moves in decision_events(record, seat) if chosen.isdisjoint(moves))


def judge(
    record: Mapping[str, Any], event: int, *, iterations: int | None, seconds: float | None = None, seed: int
) -> JsonDict:
    """The decision of the review for the move at ``record["events"][event]`` (an event ``plan``
    returned): the same whichever process judges it, for an iteration budget."""
    state = _before(record, event)
    return _judge(state, event, record["events"][event]["move"], iterations, seconds, seed)


def summarize(
    record: Mapping[str, Any],
    seat: int,
    decisions: list[JsonDict],
    forced: int,
    *,
    iterations: int | None,
    seconds: float | None = None,
    seed: int,
) -> JsonDict:
    """The review of ``seat`` made of its judged ``decisions`` (``judge``'s, one per event of ``plan``),
    the steps of a decision of several moves put together."""
    game = make(record["game"], **record["options"])
    by_event = {decision["event"]: decision for decision in decisions}
    counted = []
    for moves in decision_events(record, seat):
        steps = [by_event[event] for event in moves if event in by_event]
        if steps:
            counted.append(steps[0] if len(moves) == 1 else _combined(record, moves, steps))
    mistakes = [decision for decision in counted if decision["verdict"] != "good"]
    mistakes.sort(key=lambda decision: (-decision["loss"], decision["event"]))
    budget = {"iterations": iterations} if seconds is None else {"seconds": seconds}
    return {
        "game": game.name,
        "options": dict(game.options),
        "seat": seat,
        "budget": budget,
        "seed": seed,
        "thresholds": {name: below for name, below in VERDICTS if below != math.inf},
        "accuracy": accuracy_of(counted),
        "good_share": _good_share(counted),
        "judged": len(counted),
        "forced": forced,
        "even": sum(1 for decision in counted if even(decision)),
        "decisions": counted,
        "hands": _hands(record, counted),
        "biggest_mistakes": mistakes[:BIGGEST],
    }


def decision_events(record: Mapping[str, Any], seat: int) -> list[list[int]]:
    """The event indices of each of ``seat``'s decisions in ``record``, in order: one move each, or the
    steps of a decision of several moves and the move that closed it (``Evaluation.decision_steps``)."""
    events = record["events"]
    kinds = evaluation_for(record["game"]).decision_steps
    decisions: list[list[int]] = []
    open_steps: list[int] = []  # the steps of the seat's decision under way
    for step in replay_steps(record):
        state, index = step.state, step.state.event_count()
        event = events[index] if index < len(events) else None
        if not isinstance(event, dict) or event.get("seat") != seat:
            continue  # a bad event: the replay says why at the next step
        moves = [*open_steps, index]
        open_steps = (
            moves if kinds and state.describe(state.string_to_action(event["move"])).kind in kinds else []
        )
        if not open_steps:
            decisions.append(moves)
    return decisions + ([open_steps] if open_steps else [])


def _combined(record: Mapping[str, Any], moves: list[int], steps: list[JsonDict]) -> JsonDict:
    """One decision of several ``moves`` (event indices) from its judged ``steps`` (module docstring)."""
    played_moves = [record["events"][event]["move"] for event in moves]
    wrong = next((step for step in steps if step["best"] != step["played"]), None)
    best_moves = (
        played_moves if wrong is None else [*played_moves[: moves.index(wrong["event"])], wrong["best"]]
    )
    played, best, last = " ".join(played_moves), " ".join(best_moves), steps[-1]
    loss = round(min(1.0, sum(step["loss"] for step in steps)), DIGITS)
    turn = last if wrong is None else wrong  # the step whose best move ``best`` ends with
    tied = best != played and all(step["played"] in step["equal"] for step in steps)
    equal = [best, played] if tied else [best]
    decision: JsonDict = {
        "event": moves[0],
        "played": played,
        "best": best,
        "loss": loss,
        "verdict": "good" if played in equal else verdict(loss),
        "win_chance": last["win_chance"],
        "values": {played: last["win_chance"], best: turn["values"][turn["best"]]},
    }
    if "points" in last:
        decision["points"] = {played: last["points"][last["played"]], best: turn["points"][turn["best"]]}
    decision["tries"] = min(step["tries"] for step in steps)
    decision["win_loss"] = round(sum(step["win_loss"] for step in steps), DIGITS)
    if "points_loss" in last:
        decision["points_loss"] = round(sum(step["points_loss"] for step in steps), DIGITS)
    margins = [step["margin"] for step in steps]
    decision.update(
        equal=equal,
        margin=None if None in margins else round(math.sqrt(sum(margin**2 for margin in margins)), DIGITS),
        iterations=sum(step["iterations"] for step in steps),
        stake=max(step["stake"] for step in steps),
        moves=played_moves,
        best_moves=best_moves,
        steps=steps,
    )
    return decision


def _positions(record: Mapping[str, Any], seat: int) -> list[tuple[int, State]]:
    """(event index, state just before it) for each of the seat's moves in the record, each replayed
    from the record's start through the public contract (a whole match takes a second or two, little
    beside the search)."""
    events = record["events"]
    return [
        (index, _before(record, index))
        for index, event in enumerate(events)
        if isinstance(event, dict) and "move" in event and event.get("seat") == seat
    ]


def _before(record: Mapping[str, Any], event: int) -> State:
    """The state just before ``record["events"][event]``."""
    return replay({**record, "events": record["events"][:event], "result": None})


def _judge(
    state: State, event: int, played: str, iterations: int | None, seconds: float | None, seed: int
) -> JsonDict:
    """One decision's values, best move, loss, equal moves and verdict, the budget grown while the
    played move is undecided."""
    seat = state.current_player()
    assert seat is not None
    legal = state.legal_actions()
    game = state.game
    evaluation = evaluation_for(game.name)
    chances_of, points_of = evaluation.match_chances, evaluation.hand_points
    root = state.observation(None)
    notation = {action: state.action_to_string(action) for action in legal}
    wins: dict[str, list[float]] = {move: [] for move in notation.values()}
    points: dict[str, list[float]] | None = None if points_of is None else {move: [] for move in wins}

    def leaf(move: int, world: State, rewards: list[float], public: JsonDict | None) -> None:
        if public is None:  # the rollout ended the match
            public = world.observation(None) if chances_of or points_of else {}
        if chances_of is not None and not world.is_terminal():
            wins[notation[move]].append(chances_of(public)[seat])
        else:  # returns() at the end of the match; elsewhere the game's rewards are chances to win
            wins[notation[move]].append(rewards[seat])
        if points is not None and points_of is not None:
            points[notation[move]].append(points_of(root, public)[seat])

    exchange = 0.0 if points_of is None else point_value(game.name, tuple(sorted(game.options.items())))
    rounds = None if iterations is None else max(1, iterations // len(legal)) * len(legal)
    growth = REVIEW_CAP_FACTOR if evaluation.review_growth is None else evaluation.review_growth(root)
    cap = 0 if rounds is None else rounds * growth

    def more(done: int) -> bool:
        if done >= cap:
            return False
        estimate = _estimate(wins, points, exchange, played)
        return not estimate.decided() and estimate.worth_growing(math.sqrt(done / cap))

    search = ISMCTSBot(seed=_decision_seed(seed, event), iterations=rounds, seconds=seconds)
    search.search_every_move(state, leaf, more)
    return _estimate(wins, points, exchange, played).decision(event, search.last_iterations)


@dataclass(frozen=True)
class _Estimate:
    """What a decision's search says: each move's mean win chance and points, the best move by the
    measure, and each move's loss against it with the loss's 95% half-width (inf after one round)."""

    played: str
    wins: dict[str, float]
    points: dict[str, float] | None
    best: str
    loss: dict[str, float]
    margin: dict[str, float]
    rounds: int

    def equal(self, move: str) -> bool:
        """Whether the search cannot tell ``move`` from the best, or finds it surely good."""
        loss, margin = self.loss[move], self.margin[move]
        return loss - margin <= 0 or loss + margin < GOOD

    def decided(self) -> bool:
        """Whether the played move is surely good, or told apart from the best in a settled class."""
        low, high = self._interval(1.0)
        return high < GOOD or (low > 0 and verdict(low) == verdict(high))

    def worth_growing(self, shrink: float) -> bool:
        """Whether more rounds may decide the undecided played move: one told apart from the best
        (its class to settle: an estimate with many moves to choose the best from runs high early),
        or one whose margin narrowed by ``shrink`` (the cap's: a margin shrinks with the square root
        of the rounds) would tell it apart or find it surely good, its loss staying where it is.
        Otherwise growing is futile: at the cap it would be shown equal all the same."""
        if not math.isfinite(self.margin[self.played]) or self._interval(1.0)[0] > 0:
            return True  # a single round so far, or told apart
        low, high = self._interval(shrink)
        return high < GOOD or low > 0

    def _interval(self, shrink: float) -> tuple[float, float]:
        """The played move's loss less and plus its margin times ``shrink``."""
        loss, margin = self.loss[self.played], self.margin[self.played] * shrink
        return loss - margin, loss + margin

    def decision(self, event: int, iterations: int) -> JsonDict:
        """The decision as the review holds it (module docstring)."""
        played, best = self.played, self.best
        loss = round(min(1.0, self.loss[played]), DIGITS)  # points can say more than a whole match
        values = {move: round(win, DIGITS) for move, win in self.wins.items()}
        equal = [
            move for move in sorted(self.loss, key=lambda m: (m != best, self.loss[m], m)) if self.equal(move)
        ]
        decision: JsonDict = {
            "event": event,
            "played": played,
            "best": best,
            "loss": loss,
            "verdict": "good" if played in equal else verdict(loss),
            "win_chance": values[played],
            "values": values,
        }
        if self.points is not None:
            decision["points"] = {move: round(points, DIGITS) for move, points in self.points.items()}
        decision["tries"] = self.rounds
        decision["win_loss"] = round(self.wins[best] - self.wins[played], DIGITS)
        if self.points is not None:
            decision["points_loss"] = round(self.points[best] - self.points[played], DIGITS)
        margin = self.margin[played]
        decision.update(
            equal=equal,
            margin=round(margin, DIGITS) if math.isfinite(margin) else None,
            iterations=iterations,
            stake=round(max(self.loss.values()), DIGITS),
        )
        return decision


def _estimate(
    wins: dict[str, list[float]], points: dict[str, list[float]] | None, exchange: float, played: str
) -> _Estimate:
    """The estimate from each move's win chance (and points) in every round so far, ``exchange`` the
    game's ``point_value`` (module docstring: the measure, equal moves)."""
    mean_wins = {move: statistics.fmean(samples) for move, samples in wins.items()}
    measures = wins
    mean_points = None
    if points is not None:
        chance = max(mean_wins.values())
        weight = (1 - 4 * chance * (1 - chance)) * exchange
        measures = {
            move: [win + weight * hand for win, hand in zip(wins[move], points[move], strict=True)]
            for move in wins
        }
        mean_points = {move: statistics.fmean(samples) for move, samples in points.items()}
    means = {move: statistics.fmean(samples) for move, samples in measures.items()}
    best = max(means, key=lambda move: (means[move], move == played))
    rounds = len(wins[played])
    loss, margin = {}, {}
    for move, samples in measures.items():
        loss[move] = means[best] - means[move]
        if move == best:
            margin[move] = 0.0
        elif rounds < 2:
            margin[move] = math.inf
        else:
            differences = [high - low for high, low in zip(measures[best], samples, strict=True)]
            margin[move] = Z95 * statistics.stdev(differences) / math.sqrt(rounds)
    return _Estimate(played, mean_wins, mean_points, best, loss, margin, rounds)


@cache
def point_value(game: str, options: tuple[tuple[str, Any], ...]) -> float:
    """The win chance one point of a hand is worth at the even start of a match of ``game`` with
    ``options`` (sorted name, value pairs): see the module docstring. 0 without hand points."""
    evaluation = evaluation_for(game)
    chances_of, points_of, policy = evaluation.match_chances, evaluation.hand_points, evaluation.rollout
    if chances_of is None or points_of is None:
        return 0.0
    rules, rng = make(game, **dict(options)), random.Random(f"point value {game}")
    hands, chances = [], []
    for seed in range(POINT_VALUE_HANDS):
        state = rules.new_game(seed=seed)
        start, events, moves = state.observation(None), state.event_count(), 0
        memory: dict[str, Any] = {}  # the policy's, for the hand (as a search's rollout has it)
        while not state.is_terminal() and state.event_count() == events + moves:
            legal = state.legal_actions()
            state.apply_action(
                rng.choice(legal) if policy is None else policy_move(policy, state, rng, memory)
            )
            moves += 1
        end = state.observation(None)
        hands += points_of(start, end)
        chances += state.returns() if state.is_terminal() else chances_of(end)
    if len(set(hands)) < 2:
        return 0.0
    return statistics.linear_regression(hands, chances).slope


def verdict(loss: float) -> str:
    """The verdict on a move that lost ``loss`` (on the measure) against the best move, not equal to it."""
    return next(name for name, below in VERDICTS if loss < below)


def accuracy(losses: Sequence[float], stakes: Sequence[float]) -> float | None:
    """The accuracy of the module docstring, 0 to 100, from each counted decision's loss (0 where the
    played move was equal to the best) and stake; None without decisions."""
    if not losses:
        return None
    scores = [100 * math.exp(-loss / ACCURACY_SCALE) for loss in losses]
    weights = [max(stake, WEIGHT_FLOOR) for stake in stakes]
    weighted = sum(w * score for w, score in zip(weights, scores, strict=True)) / sum(weights)
    harmonic = statistics.harmonic_mean([max(score, HARMONIC_FLOOR) for score in scores])
    return round((weighted + harmonic) / 2, 1)


def accuracy_of(decisions: Sequence[JsonDict]) -> float | None:
    """The ``accuracy`` of judged decisions (as ``summarize`` makes them): the even ones left out, a
    played move equal to the best counted as no loss."""
    counted = [decision for decision in decisions if not even(decision)]
    losses = [0.0 if decision["played"] in decision["equal"] else decision["loss"] for decision in counted]
    return accuracy(losses, [decision["stake"] for decision in counted])


def even(decision: JsonDict) -> bool:
    """Whether every legal move of a judged decision was equal to the best (every step's, for a
    decision of several moves): nothing could be got wrong there."""
    if "steps" in decision:
        return all(even(step) for step in decision["steps"])
    return len(decision["equal"]) == len(decision["values"])


def _hands(record: Mapping[str, Any], decisions: list[JsonDict]) -> list[JsonDict]:
    """The per-hand summary of the judged ``decisions`` (in event order; module docstring)."""
    ends = [
        index
        for index, event in enumerate(record["events"])
        if isinstance(event, dict) and "score" in event and "move" not in event
    ]
    by_hand: dict[int, list[JsonDict]] = {}
    for decision in decisions:
        by_hand.setdefault(1 + bisect.bisect(ends, decision["event"]), []).append(decision)
    scored = evaluation_for(record["game"]).hand_points is not None
    hands = []
    for hand, its in by_hand.items():
        apart = [decision for decision in its if decision["played"] not in decision["equal"]]
        hands.append(
            {
                "hand": hand,
                "first_event": its[0]["event"],
                "last_event": its[-1]["event"],
                "judged": len(its),
                "mistakes": sum(1 for decision in its if decision["verdict"] != "good"),
                "points_lost": round(sum(d["points_loss"] for d in apart), DIGITS) if scored else None,
                "win_lost": round(sum(d["win_loss"] for d in apart), DIGITS),
            }
        )
    return hands


def _decision_seed(seed: int, event: int) -> int:
    return random.Random(f"review {seed} {event}").getrandbits(64)


def _good_share(decisions: list[JsonDict]) -> float | None:
    if not decisions:
        return None
    good = sum(1 for decision in decisions if decision["verdict"] == "good")
    return round(good / len(decisions), DIGITS)
