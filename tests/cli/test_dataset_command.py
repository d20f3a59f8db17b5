"""``cardtable dataset``: one checked record a line, seats rotated and seeds derived from ``--seed``
(the same command writes the same file, whatever the workers), options as flags, and one line saying
why for a command it cannot run."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cardtable
from cardtable.arena.schedule import derived_seed
from cardtable.cli.dataset import split_bots
from cardtable.cli.main import app
from cardtable.core.records import replay

runner = CliRunner()


def lines(path: Path) -> list[dict[str, object]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as stream:
        return [json.loads(line) for line in stream]


def test_every_line_is_a_finished_record_that_replays_with_its_bots_and_seed(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl.gz"
    args = ["dataset", "troeven", "--bots", "heuristic,random", "--games", "3", "--out", str(out)]
    result = runner.invoke(app, [*args, "--seed", "5", "--version", "2", "--workers", "1"])
    assert result.exit_code == 0, result.output
    records = lines(out)
    assert len(records) == 3
    for index, record in enumerate(records):
        assert record["options"] == cardtable.make("troeven", version=2).options
        assert record["seed"] == derived_seed(5, "dataset", index)
        assert replay(record).is_terminal() and record["result"] is not None
    seated = [["heuristic", "random"], ["random", "heuristic"], ["heuristic", "random"]]
    assert [r["players"] for r in records] == seated
    again = tmp_path / "again.jsonl"
    result = runner.invoke(app, [*args[:-1], str(again), "--seed", "5", "--version", "2", "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert lines(again) == records


def test_one_bot_fills_every_seat_and_settings_stay_with_their_bot(tmp_path: Path) -> None:
    out = tmp_path / "slob.jsonl"
    args = [
        "dataset",
        "slobberhannes",
        "--bots",
        "random",
        "--games",
        "2",
        "--out",
        str(out),
        "--players",
        "3",
    ]
    assert runner.invoke(app, [*args, "--workers", "1"]).exit_code == 0
    assert [r["players"] for r in lines(out)] == [["random"] * 3] * 2
    assert split_bots("ismcts:iterations=30,rollouts=2, random") == [
        "ismcts:iterations=30,rollouts=2",
        "random",
    ]


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        (["--bots", "genius"], "unknown bot 'genius'"),
        (["--bots", "iterations=3"], "the setting 'iterations=3' follows no bot"),
        (["--bots", "random", "--colour", "3"], "troeven has no option --colour"),
        (["--bots", "random", "--games", "0"], "--games must be at least 1"),
    ],
)
def test_a_bad_command_is_refused_by_name_and_writes_nothing(
    tmp_path: Path, extra: list[str], reason: str
) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["dataset", "troeven", "--out", str(out), *extra])
    assert result.exit_code == 2 and reason in " ".join(result.output.split())
    assert not out.exists()


def test_an_existing_file_is_never_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("kept\n")
    result = runner.invoke(app, ["dataset", "troeven", "--bots", "random", "--out", str(out)])
    assert result.exit_code == 2 and "already exists" in result.output
    assert out.read_text() == "kept\n"
