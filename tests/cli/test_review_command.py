"""``cardtable review``: the table of verdicts, ``--json`` (the data of ``cardtable.review``),
``--plot``, and one line saying why for input it cannot review."""

from __future__ import annotations

import json
import random
import re
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
    row = next(line for line in result.stdout.splitlines() if line.split()[:2] == ["2", "Q♣"])
    assert row.split()[-1] in ("mistake", "blunder")  # the move as the log names its card, not QC
    reason = next(line for line in result.stdout.splitlines() if line.startswith("event 2: "))
    assert re.match(r"event 2: −\d\.\d\d points: expected −\d\.\d\d for Q♣, −?\d\.\d\d for [87]♣", reason)
    assert "Hand 1: 1 of 1 decision not good, −" in text and " points against the best play" in text
    assert "1 decision judged, 0 forced (one legal move, not judged)" in text
    assert "good < 2 <= inaccuracy < 5 <= mistake < 10 <= blunder" in text
    assert re.search(r"Biggest mistakes: event 2: Q♣, best [87]♣ \(-\d+\.\d\)", text)


def test_at_a_narrow_terminal_each_decision_is_a_line(game: Path) -> None:
    """A person at a 40-column terminal: a progress bar (TERM=dumb: one line), then the review."""
    child = spawn("review", str(game), "--seat", "1", "--iterations", "30", columns=40)
    child.expect(pexpect.EOF)
    lines = text(child.before).splitlines()
    assert "reviewing seat 1: judging 1 move…" in lines
    row = next(index for index, line in enumerate(lines) if line.split()[:2] == ["2", "Q♣"])
    assert lines[row].split()[3] in ("mistake", "blunder")
    reason = next(line.strip() for line in lines[row:] if "points: expected" in line)  # why, below it
    assert reason.startswith("−")
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


def test_a_mue_bid_is_one_row_in_the_narrators_words(tmp_path: Path) -> None:
    """Issue 37: seat 1's bid of three cards and its done, one decision, told as the bid (issue 36: as a
    choice of the seat, its cards in the game's words)."""
    state = cardtable.make("mue", players=4).new_game(seed=0)
    rng = random.Random(0)
    for _ in range(14):
        state.apply_action(rng.choice(state.legal_actions()))
    path = tmp_path / "mue.json"
    path.write_text(json.dumps(state.record(players=["ana", "bob", "cy", "di"])))
    result = runner.invoke(
        app, ["review", str(path), "--seat", "1", "--iterations", "20"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line.strip().startswith("6 ")]
    assert len(rows) == 1 and "bid yellow 6, purple 8, purple 1 (3 face up)" in rows[0], result.stdout
    assert "1 decision judged, 0 forced" in " ".join(result.stdout.split())


def test_a_seat_with_only_forced_moves_is_told_there_is_nothing_to_judge(tmp_path: Path) -> None:
    """Holding one heart, seat 1 must follow 7H with it; seat 3 never moved."""
    state = stacked(4, {0: ["7H"], 1: ["8H", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]}, 0, ["7H", "8H"])
    path = tmp_path / "forced.json"
    path.write_text(json.dumps(state.record()))
    forced = runner.invoke(app, ["review", str(path), "--seat", "1", "--iterations", "20"])
    assert forced.exit_code == 0, forced.output
    assert forced.stdout.splitlines() == [
        "Review of seat 1 in slobberhannes",
        "Nothing to judge: every move seat 1 made was forced.",
    ]
    idle = runner.invoke(app, ["review", str(path), "--seat", "3", "--iterations", "20"])
    assert idle.stdout.splitlines()[-1] == "Nothing to judge: seat 3 made no move."
    data = runner.invoke(app, ["review", str(path), "--seat", "1", "--iterations", "20", "--json"])
    assert (json.loads(data.stdout)["forced"], json.loads(data.stdout)["decisions"]) == (1, [])


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
