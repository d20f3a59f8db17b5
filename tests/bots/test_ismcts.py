"""ISMCTS: budgets, determinism, forced moves, the per-game evaluation hook, and sound play."""

from __future__ import annotations

import time
from typing import Any

import pytest

import cardtable
from cardtable import bots
from cardtable.bots import Evaluation, ISMCTSBot, SeatView
from cardtable.bots.games.slobberhannes import hand_rewards

from ..games.test_slobberhannes import stacked

VOID_WITH_QUEEN = {0: ["7H"], 1: ["QC", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]}


def test_an_iteration_budget_runs_exactly_that_many_iterations_and_reproduces() -> None:
    state = cardtable.make("slobberhannes").new_game(seed=2)
    first, second = ISMCTSBot(seed=9, iterations=60), ISMCTSBot(seed=9, iterations=60)
    assert first.choose(state) == second.choose(state)
    assert first.last_iterations == second.last_iterations == 60


def test_a_time_budget_stops_the_search_in_time() -> None:
    state = cardtable.make("slobberhannes").new_game(seed=2)
    bot = bots.make("ismcts:seconds=0.05", seed=1)
    start = time.perf_counter()
    assert bot.choose(state) in state.legal_actions()
    assert time.perf_counter() - start < 5  # 100x the budget: a stopped search, not a speed figure
    assert isinstance(bot, ISMCTSBot) and bot.last_iterations >= 1


def test_with_both_budgets_the_first_reached_ends_the_search() -> None:
    state = cardtable.make("slobberhannes").new_game(seed=2)
    bot = ISMCTSBot(seed=1, iterations=5, seconds=30)
    bot.choose(state)
    assert bot.last_iterations == 5


def test_a_forced_move_is_played_without_searching() -> None:
    state = stacked(
        4, {0: ["7H"], 1: ["8H", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]}, leader=0, moves=["7H"]
    )
    bot = ISMCTSBot(seed=1, iterations=500)
    assert state.action_to_string(bot.choose(state)) == "8H"
    assert bot.last_iterations == 0


def test_it_sheds_the_queen_of_clubs_when_void() -> None:
    """The move a beginner finds: search must find it too (rules/slobberhannes.md §5, §6)."""
    state = stacked(4, VOID_WITH_QUEEN, leader=0, moves=["7H"])
    assert state.action_to_string(ISMCTSBot(seed=3, iterations=400).choose(state)) == "QC"


def test_rollouts_stop_at_the_end_of_the_hand_and_use_the_games_rewards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In the first hand of a 10-point match no rollout can reach the end of the match (a hand costs
    at most 4 points), so with hand-end evaluation every iteration is scored by the game's hook."""
    from cardtable.bots.games import slobberhannes

    leaves: list[dict] = []

    def spy(root: dict, leaf: dict) -> list[float]:
        leaves.append(leaf)
        return hand_rewards(root, leaf)

    monkeypatch.setattr(slobberhannes, "EVALUATION", Evaluation(hand_end=True, rewards=spy))
    state = cardtable.make("slobberhannes").new_game(seed=4)
    ISMCTSBot(seed=1, iterations=40).choose(state)
    assert len(leaves) == 40
    assert all(leaf["hand_number"] == 2 and sum(leaf["scores"]) in (36, 37) for leaf in leaves)


def test_a_move_cap_stops_rollouts_after_that_many_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.bots.games import slobberhannes

    played: list[int] = []

    def spy(root: dict, leaf: dict) -> list[float]:
        played.append(len(leaf["played"]) - len(root["played"]))
        return [0.5] * 4

    monkeypatch.setattr(slobberhannes, "EVALUATION", Evaluation(max_moves=3, rewards=spy))
    state = cardtable.make("slobberhannes").new_game(seed=4)
    ISMCTSBot(seed=1, iterations=20).choose(state)
    assert played == [3] * 20


def test_an_evaluation_that_stops_early_needs_rewards() -> None:
    with pytest.raises(ValueError, match="needs a rewards function"):
        Evaluation(hand_end=True)
    with pytest.raises(ValueError, match="max_moves must be at least 1"):
        Evaluation(max_moves=0, rewards=hand_rewards)
    with pytest.raises(ValueError, match="tree_depth must be at least 1"):
        Evaluation(tree_depth=0)


def test_a_depth_limit_keeps_the_tree_that_many_moves_deep() -> None:
    state = cardtable.make("slobberhannes").new_game(seed=4)
    bot = ISMCTSBot(seed=1, iterations=200, depth=1)
    root = bot._search(SeatView(state), None)
    assert sum(child.visits for child in root.children.values()) == 200
    assert all(not child.children for child in root.children.values())
    deep = ISMCTSBot(seed=1, iterations=200)._search(SeatView(state), None)
    assert any(child.children for child in deep.children.values())


def test_game_of_trains_searches_flat_by_default() -> None:
    """Its Evaluation sets tree_depth=1 (bots/games/game_of_trains.py)."""
    from cardtable.bots import evaluation_for

    assert evaluation_for("game-of-trains").tree_depth == 1
    state = cardtable.make("game-of-trains").new_game(seed=2)
    root = ISMCTSBot(seed=1, iterations=30)._search(SeatView(state), None)
    assert all(not child.children for child in root.children.values())


def test_ismcts_beats_random() -> None:
    from cardtable.arena import ArenaConfig, run

    config = ArenaConfig(
        game="slobberhannes",
        bots=("ismcts:iterations=40,rollout=random", "random"),
        games=20,
        seed=3,
        options={"players": 3, "start_points": 6},
    )
    ismcts = run(config, workers=1).standings[0].stats.win_rate
    assert ismcts.clear_above(0.5), ismcts


def test_searching_every_move_tries_each_equally_in_the_same_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """For a review: the root's moves take turns, one sampled world per round of them."""
    state = cardtable.make("slobberhannes").new_game(seed=4)
    legal = state.legal_actions()
    sampled = []
    sample_world = SeatView.sample_world
    monkeypatch.setattr(
        SeatView, "sample_world", lambda view, rng: sampled.append(1) or sample_world(view, rng)
    )
    leaves: list[int] = []

    def leaf(move: int, world: cardtable.State, rewards: list[float], public: dict[str, Any] | None) -> None:
        assert world.is_terminal() or world.observation(None)["hand_number"] == 2
        assert public == (None if world.is_terminal() else world.observation(None))
        leaves.append(move)

    stats = ISMCTSBot(seed=2, iterations=len(legal) * 5).search_every_move(state, leaf)
    assert leaves == legal * 5 and len(sampled) == 5
    assert sorted(stats) == legal and all(visits == 5 and 0 <= value <= 1 for visits, value in stats.values())


def test_searching_every_move_ends_with_a_whole_round_even_out_of_time() -> None:
    state = cardtable.make("slobberhannes").new_game(seed=4)
    stats = ISMCTSBot(seed=2, seconds=1e-9).search_every_move(state)
    assert sorted(stats) == state.legal_actions() and {visits for visits, _ in stats.values()} == {1}
