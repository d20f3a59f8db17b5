"""Leaving the table early: q, Ctrl-C and Ctrl-D at every prompt, and Ctrl-C while a bot thinks, all
leave the game unfinished and still write the record given with --save."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pexpect
import pytest

import cardtable

from .terminal import PROMPT, ended, spawn

CONFIRM = r"Make this move\? \[Y/n\] "
KEYS = {
    "q": lambda child: child.sendline("q"),
    "Ctrl-C": pexpect.spawn.sendintr,
    "Ctrl-D": pexpect.spawn.sendeof,
}


def left_with_the_record(child: pexpect.spawn, path: Path) -> dict[str, Any]:
    """The game ends as left unfinished, the record is written, the command exits 0; the record."""
    child.expect("Game left unfinished")
    child.expect(f"Record written to {path.name}")
    ended(child)
    assert "Traceback" not in child.before and child.exitstatus == 0, child.before
    record: dict[str, Any] = json.loads(path.read_text())
    assert record["result"] is None and "you" in record["players"]
    assert not cardtable.replay(record).is_terminal()
    return record


@pytest.mark.parametrize("key", KEYS)
def test_the_move_prompt(tmp_path: Path, key: str) -> None:
    child = spawn("play", "slobberhannes", "--seed", "7", "--save", "game.json", cwd=tmp_path)
    child.expect(PROMPT)
    KEYS[key](child)
    record = left_with_the_record(child, tmp_path / "game.json")
    assert record["events"]  # the deal, and the bots' moves before the person's first turn


@pytest.mark.parametrize("key", ["Ctrl-C", "Ctrl-D"])
def test_the_confirmation_prompt(tmp_path: Path, key: str) -> None:
    """Game of Trains asks before a move is made; leaving there makes no move and keeps the record."""
    child = spawn(
        "play", "game-of-trains", "--seed", "3", "--first-player", "0", "--save", "g.json", cwd=tmp_path
    )
    child.expect(PROMPT)
    child.sendline("5")
    child.expect(CONFIRM)
    KEYS[key](child)
    record = left_with_the_record(child, tmp_path / "g.json")
    assert not any(event.get("move") for event in record["events"])


def test_ctrl_c_while_a_bot_thinks(tmp_path: Path) -> None:
    """A bot with a minute to think is interrupted; its move is not made and the record is written."""
    child = spawn(
        "play", "mue", "--players", "4", "--first-dealer", "0", "--seat", "2", "--seed", "1",
        "--bots", "ismcts:seconds=60", "--save", "m.json", cwd=tmp_path,
    )  # fmt: skip
    child.expect(r"ismcts:seconds=60 bot \(seat 0\) is thinking…")
    child.sendintr()
    record = left_with_the_record(child, tmp_path / "m.json")
    assert [list(event) for event in record["events"]] == [["deal"]]
