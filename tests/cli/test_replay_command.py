"""``cardtable replay`` on records a person might hand it: each bad one is refused with its reason and
exit code 1 before anything is told, never with a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cardtable

from .terminal import ended, spawn


def finished_record() -> dict[str, Any]:
    state = cardtable.make("troeven", start_points=1).new_game(seed=5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state.record(players=["ann", "bob"])


def refused(tmp_path: Path, content: str, reason: str) -> str:
    """Replay ``content`` as a file; it must be refused with ``reason``, exit code 1, nothing else."""
    (tmp_path / "record.json").write_text(content)
    child = spawn("replay", "record.json", cwd=tmp_path)
    ended(child)
    output: str = child.before
    assert reason in " ".join(output.split()), output
    assert child.exitstatus == 1 and "Traceback" not in output, output
    assert "trick" not in output and "Final standings" not in output, output
    return output


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        (["ann"], "players must be a list of 2 names (text), one per seat, got ['ann']"),
        (["ann", "bob", "cy"], "players must be a list of 2 names"),
        ("ab", "players must be a list of 2 names (text), one per seat, got 'ab'"),
        ([1, 2], "players must be a list of 2 names (text), one per seat, got [1, 2]"),
    ],
)
def test_players_that_do_not_fit_the_seats(tmp_path: Path, players: object, reason: str) -> None:
    record = finished_record()
    record["players"] = players
    refused(tmp_path, json.dumps(record), "refused: " + reason)


def test_a_record_that_breaks_the_rules_prints_nothing_of_the_game(tmp_path: Path) -> None:
    record = finished_record()
    record["events"][-3]["move"] = record["events"][1]["move"]
    refused(tmp_path, json.dumps(record), "refused: event ")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "cannot read: record.json is not a JSON game record (line 1, column 2"),
        ("[1, 2]", "refused: a record is a JSON object"),
        ("", "cannot read"),
    ],
)
def test_files_that_are_no_record(tmp_path: Path, content: str, reason: str) -> None:
    refused(tmp_path, content, reason)


def test_a_good_record_is_told_with_its_players_names(tmp_path: Path) -> None:
    (tmp_path / "record.json").write_text(json.dumps(finished_record()))
    child = spawn("replay", "record.json", cwd=tmp_path)
    child.expect("Final standings")
    child.expect("ann|bob")
    ended(child)
    assert child.exitstatus == 0
