"""Errors as a person (or a script) meets them: on stderr, one line however narrow the terminal, in the
program's words, and a saved record never overwritten."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import cardtable

from .terminal import CARDTABLE


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command with its output piped (not a terminal), stdin closed, 40 columns."""
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "40", "TERM": "dumb"}
    return subprocess.run(
        [CARDTABLE, *args], cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env
    )


def test_play_refuses_to_overwrite_a_saved_record_and_leaves_it_whole(tmp_path: Path) -> None:
    kept = tmp_path / "game.json"
    kept.write_text('{"a finished game": true}\n')
    done = run("play", "troeven", "--save", "game.json", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "error: --save: game.json exists already; name a new file (or remove that one first)"
    )
    assert kept.read_text() == '{"a finished game": true}\n'


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.mkdir(), "cannot read: record.json is a folder; name a game record (a JSON file)"),
        (lambda p: None, "cannot read: there is no file record.json"),
        (lambda p: p.write_bytes(b"\xff\xfe{}"), "is not text (a game record is a JSON file in UTF-8)"),
        (lambda p: p.write_text('{"game": '), "record.json is not a JSON game record (line 1, column 10"),
    ],
)
def test_replay_names_what_is_wrong_with_the_file_on_one_line_of_stderr(
    tmp_path: Path, make: object, reason: str
) -> None:
    make(tmp_path / "record.json")  # type: ignore[operator]
    done = run("replay", "record.json", cwd=tmp_path)
    assert done.returncode == 1 and done.stdout == "", done.stdout
    assert reason in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "Errno" not in done.stderr and "codec" not in done.stderr


def test_a_refused_record_goes_to_stderr_whole_on_one_line(tmp_path: Path) -> None:
    state = cardtable.make("troeven", start_points=1).new_game(seed=5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    record = state.record(players=["ann", "bob"])
    record["events"][-3]["move"] = record["events"][1]["move"]
    (tmp_path / "record.json").write_text(json.dumps(record))
    done = run("replay", "record.json", cwd=tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("refused: event ") and done.stderr.count("\n") == 1, done.stderr
    assert len(done.stderr) > 40  # longer than the terminal, yet not wrapped
