"""Game review: the ``hard`` bot's verdict on every decision one seat made in a game record.

For each decision of the seat with more than one legal move, the position is rebuilt from the record
as it stood then, and the search of the ``hard`` bot (ISMCTS) values every legal move from the seat's
information set: each iteration draws a world with ``resample`` (the seat's own view, every hidden card
redrawn), so a decision is judged by what the seat knew, never by the true hidden cards. The moves take
turns at the root and each is tried once in every sampled world; below the root the search is the
``hard`` bot's own, with the game's rollouts and evaluation (``ISMCTSBot.search_every_move``).

A move's value is the seat's estimated chance to win the match after it: the mean, over the
iterations that tried it, of the chance where the rollout stopped. A rollout that ends the match
counts 1 for a win (shared or not) and 0 for a loss; one that stops at the end of a hand counts the
game's chance to win from the scores there, the seats playing equally well from then on (the
``match_chances`` of its ``Evaluation``); one that stops after a number of moves counts the game's
rewards, which in those games are chances to win. Where the game scores hands, a move also gets the
expected points of the hand (``hand_points``).

The review is a dict: ``game``, ``options``, ``seat``, ``budget``, ``seed``, ``thresholds`` (the loss
each verdict stays below), ``accuracy``, ``good_share``, ``judged``, ``forced``, ``decisions`` and
``biggest_mistakes``. A decision holds ``event`` (its index in the record), ``played``, ``best``
(notation), ``loss``, ``verdict``, ``win_chance`` (after the move played), ``values`` (notation: win
chance, every legal move), ``points`` (notation: expected points of the hand, in games scored by
hands) and ``tries`` (the fewest iterations any move had). A decision of several moves (a Mü bid) also
holds ``moves`` and ``best_moves`` (the notation of each move of ``played`` and ``best``) and ``steps``
(each judged move as a decision of its own).

Decisions:
- The budget is per judged move (each step of a bid has its own), either ``iterations``, shared
  equally among the legal moves (whole rounds of them, at least one), or ``seconds`` of search (as
  many whole rounds as fit, at least one). Only an iteration budget reproduces:
  the same record, seat, iterations and seed give the same review on any machine. Each judged
  move's search is seeded from the seed and its event index, so moves can be judged apart.
- Decisions with a single legal move are not judged: they are counted as ``forced``.
- A decision of several moves (the moves of a kind the game's evaluation names ``decision_steps`` and
  the seat's next move, which closes them: a Mü bid's ``show`` moves and its ``done``) is judged step by
  step, each from the position it was made in (so workers judge steps apart), and counted once: its
  ``event`` is its first move's, ``played`` its moves joined ("show R7 show B3 done"); its ``best`` the
  moves played up to the first step that was not the best there, then that step's best move (``played``
  if every step was best); its loss the sum of its steps' losses (at most 1), the verdict on that sum.
  Its ``win_chance`` and ``values[played]`` are the chance after its last judged step, ``values[best]``
  the chance after the best move of the first step that missed it, as those steps' searches estimate
  them (so their difference need not be the loss, which adds up each step's own); its ``points`` are
  the same two moves' points. It is forced when none of its steps had a choice.
- The loss of a move is the best move's win chance minus the played move's. Verdicts, on the loss:
  good < 0.02 <= inaccuracy < 0.05 <= mistake < 0.10 <= blunder (``VERDICTS``). At the default
  budget two reviews with different seeds put a move's win chance 0.002 to 0.006 apart on average
  (Game of Trains 0.035; ``benchmarks/bench_review.py --spread``), so a loss under 0.02 is within
  the noise; one penalty
  point in the first hand of a Slobberhannes match is worth 0.14, the first round of a Troeven match
  0.2 between winning and losing it, so a blunder gives away most of a point or a round.
- Accuracy: ``good_share`` is the share of judged decisions marked good; ``accuracy`` is the mean over
  judged decisions of ``100 * exp(-loss / ACCURACY_SCALE)``: 100 for the best move, 82 for a loss of
  0.02, 61 for 0.05, 37 for 0.10. A review without judged decisions has neither (None).
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

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from ..core.game import JsonDict, State
from ..core.records import replay, replay_steps
from ..core.registry import make
from .evaluation import evaluation_for
from .ismcts import ISMCTSBot

DEFAULT_ITERATIONS = 2000
"""Iterations per decision when no budget is given."""
VERDICTS = (("good", 0.02), ("inaccuracy", 0.05), ("mistake", 0.10), ("blunder", math.inf))
"""Each verdict with the loss in win chance it stays below."""
ACCURACY_SCALE = 0.1
"""The loss at which a decision's accuracy falls to 100/e (37)."""
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
    losses = [decision["loss"] for decision in counted]
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
        "accuracy": accuracy(losses),
        "good_share": _good_share(counted),
        "judged": len(counted),
        "forced": forced,
        "decisions": counted,
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
    decision: JsonDict = {
        "event": moves[0],
        "played": played,
        "best": best,
        "loss": loss,
        "verdict": verdict(loss),
        "win_chance": last["win_chance"],
        "values": {played: last["win_chance"], best: turn["values"][turn["best"]]},
    }
    if "points" in last:
        decision["points"] = {played: last["points"][last["played"]], best: turn["points"][turn["best"]]}
    decision["tries"] = min(step["tries"] for step in steps)
    decision.update(moves=played_moves, best_moves=best_moves, steps=steps)
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
    """One decision's values, best move, loss and verdict."""
    seat = state.current_player()
    assert seat is not None
    legal = state.legal_actions()
    evaluation = evaluation_for(state.game.name)
    chances_of, points_of = evaluation.match_chances, evaluation.hand_points
    root = state.observation(None)
    tries = dict.fromkeys(legal, 0)
    wins = dict.fromkeys(legal, 0.0)
    points = dict.fromkeys(legal, 0.0)

    def leaf(move: int, world: State, rewards: list[float]) -> None:
        tries[move] += 1
        public = world.observation(None) if chances_of or points_of else {}
        if chances_of is not None and not world.is_terminal():
            wins[move] += chances_of(public)[seat]
        else:  # returns() at the end of the match; elsewhere the game's rewards are chances to win
            wins[move] += rewards[seat]
        if points_of is not None:
            points[move] += points_of(root, public)[seat]

    rounds = None if iterations is None else max(1, iterations // len(legal)) * len(legal)
    search = ISMCTSBot(seed=_decision_seed(seed, event), iterations=rounds, seconds=seconds)
    search.search_every_move(state, leaf)
    notation = {action: state.action_to_string(action) for action in legal}
    values = {notation[a]: round(wins[a] / tries[a], DIGITS) for a in legal}  # each tried (whole rounds)
    best = max(values, key=lambda move: (values[move], move == played))
    loss = round(values[best] - values[played], DIGITS)
    decision: JsonDict = {
        "event": event,
        "played": played,
        "best": best,
        "loss": loss,
        "verdict": verdict(loss),
        "win_chance": values[played],
        "values": values,
    }
    if points_of is not None:
        decision["points"] = {notation[a]: round(points[a] / tries[a], DIGITS) for a in legal}
    decision["tries"] = min(tries.values())
    return decision


def verdict(loss: float) -> str:
    """The verdict on a move that lost ``loss`` of win chance against the best move."""
    return next(name for name, below in VERDICTS if loss < below)


def accuracy(losses: list[float]) -> float | None:
    """The single accuracy figure of the module docstring, 0 to 100 (None without decisions)."""
    if not losses:
        return None
    return round(sum(100 * math.exp(-loss / ACCURACY_SCALE) for loss in losses) / len(losses), 1)


def _decision_seed(seed: int, event: int) -> int:
    return random.Random(f"review {seed} {event}").getrandbits(64)


def _good_share(decisions: list[JsonDict]) -> float | None:
    if not decisions:
        return None
    good = sum(1 for decision in decisions if decision["verdict"] == "good")
    return round(good / len(decisions), DIGITS)
