"""``cardtable review``: the table of verdicts, ``--json`` (the data of ``cardtable.review``),
``--plot``, and one line saying why for input it cannot review."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

import cardtable
from cardtable.cli.main import app

from ..games.test_slobberhannes import stacked
from .terminal import spawn, text

runner = CliRunner()
HANDS = {
    0: ["9C", "AC", "KC", "TC", "JC", "AH", "KH", "QH"],
    1: ["QC", "8C", "7C", "AS", "KS", "7H", "8H", "9H"],
}
"""Slobberhannes: seat 0 leads 9C and seat 1 takes the trick with QC, ducking was possible."""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    state = stacked(4, HANDS, leader=0, moves=["9C", "QC"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record()))
    return path


def test_prints_each_decision_with_its_verdict_and_the_summary(game: Path) -> None:
    result = runner.invoke(
        app, ["review", str(game), "--seat", "1", "--iterations", "60"], env={"COLUMNS": "100"}
    )
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Review of seat 1 in slobberhannes" in text
    assert "seat 1 plays Q♣" in text and "blunder" in text  # the move in the narrator's words
    assert "1 decision judged, 0 forced (one legal move, not judged)" in text
    assert "good < 2 <= inaccuracy < 5 <= mistake < 10 <= blunder" in text
    assert "Biggest mistakes: event 2: seat 1 plays Q♣, best seat 1 plays " in text


def test_at_a_narrow_terminal_each_decision_is_a_line(game: Path) -> None:
    """A person at a 40-column terminal: a progress bar (TERM=dumb: one line), then the review."""
    child = spawn("review", str(game), "--seat", "1", "--iterations", "30", columns=40)
    child.expect(pexpect.EOF)
    lines = text(child.before).splitlines()
    assert "reviewing seat 1: judging 1 decision…" in lines
    assert any(
        line.split()[:5] == ["2", "seat", "1", "plays", "Q♣"] and line.split()[6] in ("mistake", "blunder")
        for line in lines
    )
    assert max(len(line) for line in lines) <= 40


def test_json_is_the_review_of_the_python_api(game: Path) -> None:
    result = runner.invoke(
        app, ["review", str(game), "--seat", "1", "--iterations", "60", "--seed", "4", "--json"]
    )
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    assert printed == cardtable.review(json.loads(game.read_text()), 1, iterations=60, seed=4)
    decision = printed["decisions"][0]
    assert {"event", "played", "best", "loss", "verdict", "values"} <= set(decision)
    assert printed["seat"] == 1 and isinstance(printed["accuracy"], float)


def test_plot_writes_the_win_chance_graph(game: Path, tmp_path: Path) -> None:
    picture = tmp_path / "review.png"
    result = runner.invoke(
        app, ["review", str(game), "--seat", "1", "--iterations", "30", "--plot", str(picture)]
    )
    assert result.exit_code == 0, result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("words", "reason"),
    [
        (["--seat", "9"], "seat must be one of 0..3"),
        (["--seat", "north"], "--seat is a seat number (0, 1, ...), got 'north'"),
        (["--seat", "0", "--iterations", "0"], "iterations must be a positive integer"),
        (["--seat", "0", "--iterations", "5", "--seconds", "1"], "not both"),
        (["--seat", "0", "--plot", "nowhere/review.png"], "--plot: there is no folder nowhere"),
        (["--seat", "0", "--plot", "review.xyz"], "--plot: cannot draw a '.xyz' file"),
    ],
)
def test_a_bad_seat_or_budget_is_refused_in_one_line(game: Path, words: list[str], reason: str) -> None:
    result = runner.invoke(app, ["review", str(game), *words])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and reason in result.stderr


def test_a_missing_file_or_a_bad_record_is_refused_in_one_line(game: Path, tmp_path: Path) -> None:
    missing = runner.invoke(app, ["review", str(tmp_path / "nowhere.json"), "--seat", "0"])
    assert missing.exit_code == 1 and "there is no file" in missing.stderr and "Errno" not in missing.stderr
    garbled = tmp_path / "garbled.json"
    garbled.write_text("{not json")
    result = runner.invoke(app, ["review", str(garbled), "--seat", "0"])
    assert result.exit_code == 1 and "not a JSON game record" in result.stderr
    record = json.loads(game.read_text())
    record["events"][2]["move"] = "8S"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record))
    result = runner.invoke(app, ["review", str(broken), "--seat", "1"])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "event 2: seat 1 cannot play 8S" in result.stderr and result.stderr.count("cannot") == 1
