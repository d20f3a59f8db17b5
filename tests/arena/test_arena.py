"""Running an arena: reports, reproducibility, backends that agree, and clear errors."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.arena import ArenaConfig, ArenaError, run
from cardtable.bots import base as bot_base
from cardtable.bots.base import Bot

QUICK = ArenaConfig(
    game="slobberhannes",
    bots=("heuristic", "random", "ismcts:iterations=8"),
    games=6,
    seed=4,
    options={"players": 3, "start_points": 6},
)


def without_timing(report: dict) -> dict:
    return {key: value for key, value in report.items() if key != "timing"}


def test_a_report_has_a_standing_per_bot_in_the_order_given() -> None:
    report = run(QUICK, workers=1)
    assert [s.bot for s in report.standings] == list(QUICK.bots)
    assert len(report.results) == 6 and report.blocks == 2 and report.even == pytest.approx(1 / 3)
    assert sum(s.stats.win_rate.mean for s in report.standings) == pytest.approx(1.0)
    assert all(s.stats.seat_games == 6 for s in report.standings)  # 6 games x 3 seats / 3 bots
    data = report.as_json()
    assert data["format"] == "cardtable-arena/1" and data["options"] == {
        "players": 3,
        "start_points": 6,
        "first_leader": None,
        "single_hand": False,
    }
    assert [s["bot"] for s in data["standings"]] == list(QUICK.bots)


def test_the_same_seed_gives_the_same_results_serially_and_on_processes() -> None:
    serial = run(QUICK, workers=1)
    parallel = run(QUICK, workers=2)
    assert without_timing(serial.as_json()) == without_timing(parallel.as_json())
    assert [r.returns for r in serial.results] == [r.returns for r in parallel.results]


def test_another_seed_gives_other_games() -> None:
    other = ArenaConfig(game=QUICK.game, bots=QUICK.bots, games=QUICK.games, seed=5, options=QUICK.options)
    assert [r.moves for r in run(QUICK, workers=1).results] != [
        r.moves for r in run(other, workers=1).results
    ]


def test_games_are_rounded_up_to_whole_rotations_and_reported() -> None:
    config = ArenaConfig(game="troeven", bots=("heuristic", "random", "random"), games=4, seed=1)
    seen: list[int] = []
    report = run(config, workers=1, on_result=lambda result, total: seen.append(total))
    assert len(report.results) == 6 and seen == [6] * 6


def test_records_are_kept_on_request_and_replay() -> None:
    report = run(QUICK, workers=1, keep_records=True)
    for result in report.results:
        assert result.record is not None
        assert cardtable.replay(result.record).returns() == list(result.returns)
        assert result.record["players"] == [QUICK.labels()[b] for b in result.seating]
    assert all(r.record is None for r in run(QUICK, workers=1).results)


def test_the_same_bot_twice_gets_numbered_labels_and_duplicate_deals_make_it_exactly_even() -> None:
    """The heuristic is deterministic: on the same deal with the seats swapped, each copy plays the
    other's game move for move, so every block is split exactly in half."""
    config = ArenaConfig(game="troeven", bots=("heuristic", "heuristic"), games=20, seed=2)
    report = run(config, workers=1)
    assert [s.label for s in report.standings] == ["heuristic #1", "heuristic #2"]
    first = report.standings[0].stats.win_rate
    assert (first.mean, first.low, first.high) == (0.5, 0.5, 0.5)


def test_equal_random_bots_get_an_interval_around_even() -> None:
    config = ArenaConfig(game="troeven", bots=("random", "random"), games=60, seed=2)
    first = run(config, workers=1).standings[0].stats.win_rate
    assert first.low is not None and first.high is not None and first.low < 0.5 < first.high


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (ArenaConfig(game="poker", bots=("random",), games=2), "unknown game 'poker'"),
        (ArenaConfig(game="troeven", bots=("random",), games=2, options={"players": 3}), "option 'players'"),
        (ArenaConfig(game="troeven", bots=("wizard",), games=2), "unknown bot 'wizard'"),
        (ArenaConfig(game="troeven", bots=("ismcts:width=3",), games=2), "has no setting 'width'"),
        (ArenaConfig(game="troeven", bots=(), games=2), "at least two bots"),
        (ArenaConfig(game="troeven", bots=("random",), games=2), "at least two bots"),
        (ArenaConfig(game="troeven", bots=("random",), games=0), "games must be a positive integer"),
    ],
)
def test_a_bad_config_is_refused_before_any_game(config: ArenaConfig, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run(config, workers=1)


@pytest.mark.parametrize(
    ("backend", "workers", "message"),
    [("cloud", 1, "unknown backend 'cloud'"), ("process", 0, "workers must be a positive")],
)
def test_a_bad_backend_or_worker_count_is_refused(backend: str, workers: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run(QUICK, backend=backend, workers=workers)


class IllegalBot(Bot):
    """Always answers action 99, which no game position allows."""

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, state: cardtable.State) -> int:
        return 99


def test_a_bot_that_plays_an_illegal_action_stops_the_arena_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(bot_base._KINDS, "illegal", IllegalBot)
    config = ArenaConfig(game="troeven", bots=("random", "illegal"), games=2, seed=1)
    with pytest.raises(ArenaError, match=r"bot 'illegal' at seat \d failed at move \d+: .*not an action id"):
        run(config, workers=1)
