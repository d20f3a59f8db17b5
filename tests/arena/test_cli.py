"""``cardtable arena``: the table, ``--json``, ``--plot``, ``--records``, game options, and errors
that say what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import cardtable
from cardtable.cli.main import app

runner = CliRunner()
BASE = ["arena", "troeven", "--bots", "heuristic", "random", "--games", "6", "--seed", "3", "--workers", "1"]


def test_prints_a_table_of_the_bots_with_intervals_and_ratings() -> None:
    result = runner.invoke(app, BASE, env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any("heuristic" in line and "%" in line and "±" in line for line in lines)
    assert any(line.strip().startswith("random") for line in lines)
    assert "even = 50.0%" in " ".join(result.stdout.split())


def test_json_goes_to_stdout_with_every_bot_and_the_game_options() -> None:
    result = runner.invoke(app, [*BASE, "--json", "--version", "2"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["options"]["version"] == 2 and report["games"] == 6 and report["seed"] == 3
    assert [s["bot"] for s in report["standings"]] == ["heuristic", "random"]
    assert set(report["standings"][0]["win_rate"]) == {"mean", "low", "high"}


def test_bots_may_also_be_given_one_option_each() -> None:
    words = [
        "arena",
        "troeven",
        "--bots",
        "heuristic",
        "--bots",
        "random",
        "--games",
        "2",
        "--workers",
        "1",
        "--json",
    ]
    result = runner.invoke(app, words)
    assert result.exit_code == 0, result.output
    assert [s["bot"] for s in json.loads(result.stdout)["standings"]] == ["heuristic", "random"]


def test_plot_and_records_are_written(tmp_path: Path) -> None:
    plot, records = tmp_path / "ratings.png", tmp_path / "records"
    result = runner.invoke(app, [*BASE, "--plot", str(plot), "--records", str(records)])
    assert result.exit_code == 0, result.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    files = sorted(records.glob("game-*.json"))
    assert len(files) == 6
    record = json.loads(files[0].read_text())
    assert cardtable.replay(record).is_terminal() and record["players"] in (
        ["heuristic", "random"],
        ["random", "heuristic"],
    )


def test_games_are_rounded_up_to_whole_rotations_with_a_note() -> None:
    words = [
        "arena",
        "troeven",
        "--bots",
        "random",
        "heuristic",
        "random",
        "--games",
        "4",
        "--workers",
        "1",
        "--json",
    ]
    result = runner.invoke(app, words)
    assert result.exit_code == 0, result.output
    assert "Playing 6 games" in result.stderr
    assert json.loads(result.stdout)["games"] == 6


def test_errors_name_what_is_wrong_and_play_nothing(tmp_path: Path) -> None:
    cases = [
        (["arena", "troeven", "--bots", "wizard"], "unknown bot 'wizard'"),
        (["arena", "troeven", "--bots", "random", "--players", "3"], "--players takes 2, got 3"),
        (["arena", "troeven", "--bots", "random", "--colour", "red"], "troeven has no option --colour"),
        (["arena", "chess", "--bots", "random"], "unknown game 'chess'"),
        (["arena", "troeven"], "at least two bots"),
        (["arena", "troeven", "--bots", "random"], "at least two bots"),
        (["arena", "troeven", "--bots", "random", "random", "--backend", "cloud"], "unknown backend 'cloud'"),
        (
            ["arena", "troeven", "--bots", "random", "random", "--workers", "0"],
            "--workers must be at least 1",
        ),
        (["arena", "troeven", "--bots", "random", "--games", "0"], "games must be a positive integer"),
    ]
    for words, message in cases:
        result = runner.invoke(app, [*words, "--records", str(tmp_path / "never")])
        assert result.exit_code == 2, (words, result.output)
        assert message in result.stderr, (words, result.stderr)
    assert not (tmp_path / "never").exists()
