"""What every command prints holds no line that ends in spaces (Rich pads tables and text to the width
it draws in): into a pipe, and at the table in terminals of several widths."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest

from .terminal import CARDTABLE, ended, play_through, spawn, text

COMMANDS = [[], ["play"], ["arena"], ["replay"], ["review"], ["serve"], ["games"]]


def padded(output: str) -> list[str]:
    """The lines of ``output`` (escape sequences aside) that end in a space or a tab."""
    return [line for line in text(output).split("\n") if line != line.rstrip(" \t")]


def piped(*args: str, cwd: Path | None = None, columns: int = 80) -> str:
    """What ``cardtable args`` prints into a pipe ``columns`` wide, stdout then stderr."""
    env = {**os.environ, "COLUMNS": str(columns)}
    done = subprocess.run(
        [CARDTABLE, *args], capture_output=True, text=True, cwd=cwd, env=env, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout + done.stderr


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(command) or "cardtable")
def test_help_lines_end_without_spaces(command: list[str]) -> None:
    shown = piped(*command, "--help")
    assert "Usage:" in shown and not padded(shown), padded(shown)


def test_the_games_list_ends_its_lines_without_spaces() -> None:
    shown = piped("games")
    assert "--round-limit" in shown and not padded(shown), padded(shown)


def test_an_arena_report_ends_its_lines_without_spaces() -> None:
    shown = piped("arena", "troeven", "--bots", "random", "random", "--games", "2", "--single-hand", "true")
    assert "random" in shown and not padded(shown), padded(shown)


@pytest.mark.parametrize("columns", [40, 60, 100])
def test_a_game_its_replay_and_its_review_end_their_lines_without_spaces(
    columns: int, tmp_path: Path
) -> None:
    """A whole Troeven hand at the table (seats, layouts, choices, standings), then the record replayed
    and reviewed, at the same width."""
    child = spawn(
        "play", "troeven", "--single-hand", "true", "--seed", "3", "--save", "game.json",
        cwd=tmp_path, columns=columns,
    )  # fmt: skip
    child.logfile_read = screen = io.StringIO()
    assert play_through(child) >= 16
    ended(child)
    assert "Final standings" in screen.getvalue() and not padded(screen.getvalue()), padded(screen.getvalue())
    for command, title in (
        (["replay", "game.json"], "Troeven"),
        (["review", "game.json", "--seat", "0", "--iterations", "5"], "Review of seat 0"),
    ):
        shown = piped(*command, cwd=tmp_path, columns=columns)
        assert title in shown and not padded(shown), (command, padded(shown))
