"""Game review (issue 22): every decision of a seat judged by the ``hard`` bot's search, fairly (from
what the seat knew), soundly (planted blunders are found; ``hard`` rates above ``random``) and
reproducibly; and the win-chance models that turn scores between hands into chances to win."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable import bots
from cardtable.bots.games import mue, slobberhannes, troeven
from cardtable.bots.review import (
    GOOD,
    VERDICTS,
    accuracy_of,
    judge,
    plan,
    point_value,
    review,
    summarize,
    verdict,
)

from ..games.test_slobberhannes import stacked

BUDGET = 120
"""Iterations a decision in these tests: enough for the planted blunders, small enough to be quick."""
DATA = Path(__file__).parents[1] / "data" / "review"


def played_record(game: str, moves: int, seed: int, **options: Any) -> dict[str, Any]:
    """The record of ``moves`` seeded random moves of a new match."""
    state = cardtable.make(game, **options).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state.record()


def planted(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())
    return record


def seat_moves(record: dict[str, Any], seat: int) -> list[int]:
    return [i for i, event in enumerate(record["events"]) if "move" in event and event["seat"] == seat]


# -- what a review holds -------------------------------------------------------------------------


def test_a_review_judges_each_decision_by_its_values() -> None:
    record = played_record("slobberhannes", 30, seed=3)
    result = review(record, 2, iterations=BUDGET)
    assert json.loads(json.dumps(result)) == result
    assert result["seat"] == 2 and result["game"] == "slobberhannes"
    assert result["judged"] + result["forced"] == len(seat_moves(record, 2))
    assert result["judged"] == len(result["decisions"]) > 0
    exchange = point_value("slobberhannes", tuple(sorted(result["options"].items())))
    for decision in result["decisions"]:
        event = record["events"][decision["event"]]
        assert event == {"seat": 2, "move": decision["played"]}
        values, points, played, best = (decision[key] for key in ("values", "points", "played", "best"))
        assert len(values) > 1 and played in values
        assert all(0 <= value <= 1 for value in values.values())
        assert set(points) == set(values)
        assert all(-4 <= hand <= 0 for hand in points.values())
        assert decision["win_loss"] == pytest.approx(values[best] - values[played], abs=2e-4)
        assert decision["points_loss"] == pytest.approx(points[best] - points[played], abs=2e-4)
        chance = max(values.values())  # the measure: points count as far as the match is decided
        weight = (1 - 4 * chance * (1 - chance)) * exchange
        assert decision["loss"] == pytest.approx(
            decision["win_loss"] + weight * decision["points_loss"], abs=1e-3
        )
        assert decision["loss"] >= 0 and decision["margin"] >= 0 and decision["stake"] >= decision["loss"]
        assert decision["equal"][0] == best and set(decision["equal"]) <= set(values)
        tied = played in decision["equal"]
        assert decision["verdict"] == ("good" if tied else verdict(decision["loss"]))
        assert tied == (
            decision["loss"] <= decision["margin"] or decision["loss"] + decision["margin"] < GOOD
        )
        assert decision["tries"] * len(values) == decision["iterations"]
    good = [d for d in result["decisions"] if d["verdict"] == "good"]
    assert result["good_share"] == pytest.approx(len(good) / result["judged"], abs=1e-4)
    assert 0 <= result["accuracy"] <= 100 and result["accuracy"] == accuracy_of(result["decisions"])
    mistakes = result["biggest_mistakes"]
    assert len(mistakes) <= 3 and all(d["verdict"] != "good" for d in mistakes)
    assert [d["loss"] for d in mistakes] == sorted((d["loss"] for d in mistakes), reverse=True)


def test_verdicts_follow_the_stated_thresholds() -> None:
    assert [name for name, _ in VERDICTS] == ["good", "inaccuracy", "mistake", "blunder"]
    assert [verdict(loss) for loss in (0.0, 0.0199, 0.02, 0.0499, 0.05, 0.0999, 0.1, 0.9)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_a_decision_with_one_legal_move_is_not_judged() -> None:
    """§4: holding one heart, seat 1 must follow 7H with it."""
    state = stacked(4, {0: ["7H"], 1: ["8H", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]}, 0, ["7H", "8H"])
    result = review(state.record(), 1, iterations=BUDGET)
    assert (result["judged"], result["forced"], result["decisions"]) == (0, 1, [])
    assert result["accuracy"] is None and result["good_share"] is None


def test_progress_is_reported_after_each_decision() -> None:
    calls: list[tuple[int, int]] = []
    record = played_record("troeven", 12, seed=1)
    result = review(record, 0, iterations=40, progress=lambda *done_total: calls.append(done_total))
    total = result["judged"]
    assert total > 1 and calls == [(done, total) for done in range(total + 1)]


def test_the_same_record_seat_budget_and_seed_give_the_same_review() -> None:
    record = played_record("troeven", 14, seed=2, version=2)
    first = review(record, 1, iterations=BUDGET, seed=5)
    assert review(record, 1, iterations=BUDGET, seed=5) == first
    other = review(record, 1, iterations=BUDGET, seed=6)
    assert [d["values"] for d in other["decisions"]] != [d["values"] for d in first["decisions"]]


def test_decisions_judged_apart_and_in_any_order_make_the_same_review() -> None:
    record = played_record("troeven", 14, seed=2, version=2)
    judged, forced = plan(record, 1)
    apart = {event: judge(record, event, iterations=BUDGET, seed=5) for event in reversed(judged)}
    decisions = [apart[event] for event in judged]
    summary = summarize(record, 1, decisions, forced, iterations=BUDGET, seed=5)
    assert summary == review(record, 1, iterations=BUDGET, seed=5)


def test_a_mue_bid_of_several_cards_is_one_decision() -> None:
    """Issue 37: seat 1 shows three cards and says done in one auction turn: one decision, judged step
    by step (so workers judge the steps apart), its loss the sum of the steps' losses."""
    record = played_record("mue", 14, seed=0, players=4)
    moves = seat_moves(record, 1)
    bid = [record["events"][event]["move"] for event in moves]
    assert len(bid) == 4 and bid[-1] == "done", bid
    judged, forced = plan(record, 1)
    assert set(judged) <= set(moves) and len(judged) >= 3 and forced == 0
    result = review(record, 1, iterations=20)
    assert (result["judged"], result["forced"]) == (1, 0)
    (decision,) = result["decisions"]
    assert decision["event"] == moves[0] and decision["played"] == " ".join(bid) and decision["moves"] == bid
    steps = decision["steps"]
    assert [step["event"] for step in steps] == judged and [step["played"] for step in steps] == bid[
        : len(steps)
    ]
    assert decision["loss"] == pytest.approx(min(1, sum(step["loss"] for step in steps)), abs=1e-4)
    for key in ("win_loss", "points_loss", "iterations"):
        assert decision[key] == pytest.approx(sum(step[key] for step in steps), abs=1e-3)
    tied = all(step["played"] in step["equal"] for step in steps)
    assert (decision["played"] in decision["equal"]) == tied and decision["equal"][0] == decision["best"]
    assert decision["verdict"] == ("good" if tied else verdict(decision["loss"]))
    assert set(decision["values"]) == {decision["played"], decision["best"]}
    assert decision["win_chance"] == decision["values"][decision["played"]] == steps[-1]["win_chance"]
    wrong = next((step for step in steps if step["best"] != step["played"]), None)
    if wrong is None:
        assert decision["best"] == decision["played"] and decision["loss"] == 0
    else:
        before = bid[: steps.index(wrong)]
        assert decision["best_moves"] == [*before, wrong["best"]] and decision["best"] == " ".join(
            decision["best_moves"]
        )
    assert result["accuracy"] == accuracy_of([decision])
    assert result["biggest_mistakes"] == ([decision] if decision["verdict"] != "good" else [])
    apart = [judge(record, event, iterations=20, seed=0) for event in judged]
    assert summarize(record, 1, apart, forced, iterations=20, seed=0) == result


def test_a_time_budget_values_every_legal_move() -> None:
    record = played_record("slobberhannes", 9, seed=2)
    result = review(record, 0, seconds=0.01)
    assert result["budget"] == {"seconds": 0.01} and result["judged"] > 0
    assert all(decision["tries"] >= 1 for decision in result["decisions"])


def test_bad_input_is_refused_with_a_reason() -> None:
    record = played_record("slobberhannes", 5, seed=1)
    with pytest.raises(ValueError, match=r"seat must be one of 0\.\.3"):
        review(record, 4)
    with pytest.raises(ValueError, match="seat must be"):
        review(record, "0")  # type: ignore[arg-type]
    with pytest.raises(cardtable.RecordError, match="event 1"):
        review({**record, "events": [record["events"][0], {"seat": 0, "move": "XX"}]}, 0)
    with pytest.raises(ValueError, match="iterations must be a positive integer"):
        review(record, 0, iterations=0)
    with pytest.raises(ValueError, match="seconds must be a positive number"):
        review(record, 0, seconds=-1)
    with pytest.raises(ValueError, match="iterations or seconds, not both"):
        review(record, 0, seconds=1, iterations=10)


# -- fair: judged from what the seat knew --------------------------------------------------------


def seat_views(record: dict[str, Any], seat: int, start: int) -> list[dict[str, Any]]:
    """What ``seat`` saw before each event from ``start`` on, and at the end."""
    events = record["events"]
    return [
        cardtable.replay({**record, "events": events[:end], "result": None}).observation(seat)
        for end in range(start, len(events) + 1)
        if end == len(events) or "move" in events[end]
    ]


def redealt(record: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The record with cards of its last deal that ``seat`` never saw swapped between places: every
    swap that keeps the record legal and every view of ``seat`` the same is kept."""
    events = copy.deepcopy(record["events"])
    last = max(i for i, event in enumerate(events) if "deal" in event)
    deck = events[last]["deal"]["deck"]
    views = seat_views(record, seat, last + 1)
    for _ in range(150):
        i, j = rng.sample(range(len(deck)), 2)
        deck[i], deck[j] = deck[j], deck[i]
        candidate = {**record, "events": events}
        try:
            kept = seat_views(candidate, seat, last + 1) == views
        except cardtable.RecordError:
            kept = False
        if not kept:
            deck[i], deck[j] = deck[j], deck[i]
    return {**record, "events": events}


FAIRNESS = [
    ("slobberhannes", 14, {"players": 4}, 1, BUDGET),
    ("troeven", 13, {"version": 2}, 0, BUDGET),
    ("mue", 16, {"players": 4}, 2, BUDGET),
    ("game-of-trains", 8, {"players": 3}, 1, 30),  # its search is slow
    ("cabooses-in-the-corner", 12, {"players": 3}, 0, BUDGET),
]


@pytest.mark.parametrize(
    ("game", "moves", "options", "seat", "iterations"), FAIRNESS, ids=[case[0] for case in FAIRNESS]
)
def test_verdicts_do_not_depend_on_cards_hidden_from_the_seat(
    game: str, moves: int, options: dict[str, Any], seat: int, iterations: int
) -> None:
    record = played_record(game, moves, seed=4, **options)
    other = redealt(record, seat, random.Random(1))
    real, scrambled = cardtable.replay(record), cardtable.replay(other)
    assert real.observation(seat) == scrambled.observation(seat)
    others = [s for s in range(real.game.players) if s != seat]
    assert any(real.observation(s) != scrambled.observation(s) for s in others), "nothing was redealt"
    first = review(record, seat, iterations=iterations, seed=3)
    assert first["judged"] > 0
    assert review(other, seat, iterations=iterations, seed=3) == first


# -- sound: planted blunders, and hard above random ------------------------------------------------


def last_decision(record: dict[str, Any], seat: int, iterations: int = BUDGET) -> dict[str, Any]:
    decision: dict[str, Any] = review(record, seat, iterations=iterations)["decisions"][-1]
    assert decision["event"] == len(record["events"]) - 1
    return decision


def test_taking_the_queen_trick_when_a_lower_club_ducks_is_a_blunder() -> None:
    """Slobberhannes §6: QC on 9C wins the trick (and the first trick) unless someone holds a higher
    club; 8C or 7C loses it for sure."""
    hands = {
        0: ["9C", "AC", "KC", "TC", "JC", "AH", "KH", "QH"],
        1: ["QC", "8C", "7C", "AS", "KS", "7H", "8H", "9H"],
    }
    decision = last_decision(stacked(4, hands, leader=0, moves=["9C", "QC"]).record(), 1)
    assert decision["verdict"] == "blunder" and decision["best"] in ("8C", "7C")
    assert decision["points"]["QC"] < decision["points"][decision["best"]] - 0.5


def test_discarding_an_ace_onto_a_lost_trick_is_a_mistake_or_worse() -> None:
    """Troeven §5, §6: void in hearts (trumps) and in the suit led, seat 1 throws AD (4 points) under
    TH instead of a card worth nothing, in a round that decides a one-point match, 15 to 11 down."""
    decision = last_decision(planted("troeven-ace-on-a-lost-trick"), 1)
    assert decision["played"] == "AD"
    assert decision["verdict"] in ("mistake", "blunder")
    assert decision["points"]["AD"] < decision["points"][decision["best"]]


def test_naming_a_trump_that_holds_one_card_is_a_mistake_or_worse() -> None:
    """Mü §4.4: the Chief, with six blue cards, names the number 9, of which he holds one."""
    decision = last_decision(planted("mue-trump-with-one-card"), 0)
    assert decision["played"] == "trump 9"
    assert decision["verdict"] in ("mistake", "blunder") and decision["best"] == "trump B"


@pytest.mark.parametrize(
    ("name", "best"),
    [("game-of-trains-win-passed-up", "place 2 1"), ("cabooses-in-the-corner-win-passed-up", "play W7 N")],
)
def test_passing_up_a_winning_move_is_a_mistake_or_worse(name: str, best: str) -> None:
    """Game of Trains: the drawn car placed where it does not complete the train; Cabooses in the
    Corner: the turn ended with the last card still playable."""
    decision = last_decision(planted(name), 0, iterations=60)  # Game of Trains' search is slow
    assert decision["verdict"] in ("mistake", "blunder") and decision["best"] == best
    assert decision["values"][best] == 1.0


def pooled_decisions(
    game: str, options: dict[str, Any], moves: int, seeds: range, iterations: int
) -> dict[str, list[dict[str, Any]]]:
    """The judged decisions of the seats played by ``hard`` (even seats) and ``random`` (odd seats),
    over the first ``moves`` events of each seed's match."""
    decisions: dict[str, list[dict[str, Any]]] = {"hard": [], "random": []}
    for seed in seeds:
        state = cardtable.make(game, **options).new_game(seed=seed)
        players = [bots.make("hard" if seat % 2 == 0 else "random", seed=seed) for seat in range(2)]
        while not state.is_terminal() and state.event_count() < moves:
            seat = state.current_player()
            assert seat is not None
            state.apply_action(players[seat % 2].choose(state))
        for seat, level in ((0, "hard"), (1, "random")):
            result = review(state.record(), seat, iterations=iterations, seed=seed)
            decisions[level] += result["decisions"]
    return decisions


@pytest.mark.parametrize(
    ("game", "options", "moves", "seeds", "iterations"),
    [
        ("troeven", {"version": 1, "start_points": 1}, 40, range(4), 300),
        ("slobberhannes", {"players": 4, "start_points": 6}, 34, range(2), BUDGET),
    ],
    ids=["troeven", "slobberhannes"],
)
def test_the_moves_of_hard_rate_clearly_higher_than_the_moves_of_random(
    game: str, options: dict[str, Any], moves: int, seeds: range, iterations: int
) -> None:
    """Over one-point Troeven matches (one round decides them) and Slobberhannes hands. A small
    budget's noise costs every seat accuracy, ``hard``'s most: Troeven needs a few hundred."""
    decisions = pooled_decisions(game, options, moves, seeds, iterations)
    hard, rand = accuracy_of(decisions["hard"]), accuracy_of(decisions["random"])
    assert hard is not None and rand is not None
    assert hard > rand + 5, (hard, rand)


# -- the win-chance models -------------------------------------------------------------------------


def test_slobberhannes_chances_follow_exactly_from_the_scores() -> None:
    """Three players at 1 point: any penalty ends the match. Seat 0 wins when the other two share
    the penalties (2/27: one of them takes all three) or it takes none of them and the other two do
    (6/27 of the hands split 2-1 leave it alone on top), or all three take one each (6/27: all tie)."""
    assert slobberhannes.match_chances({"scores": [1, 1, 1]})[0] == pytest.approx(14 / 27)
    chances = slobberhannes.match_chances({"scores": [10, 9, 10, 10]})
    assert chances[0] == pytest.approx(chances[2]) == pytest.approx(chances[3])
    assert chances[0] > chances[1] + 0.1


def test_troeven_chances_follow_exactly_from_the_round_odds() -> None:
    """At 1-1 the round decides unless it is tied; then the roles swap."""
    caller, dealer, tie = troeven.ROUND_ODDS[1]
    dealer_0 = (dealer + tie * caller) / (1 - tie * tie)
    chances = troeven.match_chances({"version": 1, "scores": [1, 1], "dealer": 0})
    assert chances == pytest.approx([dealer_0, 1 - dealer_0])
    assert troeven.match_chances({"version": 1, "scores": [3, 7], "dealer": 1})[0] > 0.8


def test_mue_chances_rise_with_the_score_and_with_fewer_hands_left() -> None:
    view = {"players": 4, "scores": [60, 40, 40, 20], "end": "score", "goal": 200, "hand_number": 3}
    early = mue.match_chances({**view, "hand_limit": 200})
    assert sum(early) == pytest.approx(1) and early[1] == pytest.approx(early[2])
    assert early[0] > early[1] > early[3]
    late = mue.match_chances({**view, "scores": [180, 160, 160, 140], "hand_limit": 200})
    assert late[0] > early[0]
