"""The arena's refusals are errors like every command's: one line on stderr however narrow the
terminal, so a script reading it gets the whole reason (``cli/errors.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable

SOURCE = str(Path(cardtable.__file__).resolve().parents[1])
"""The cardtable these tests import, so the command run is the code under test."""


def arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``cardtable arena`` with its output piped, stdin closed, 40 columns."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "COLUMNS": "40", "TERM": "dumb"}
    env["PYTHONPATH"] = SOURCE
    return subprocess.run(
        [sys.executable, "-m", "cardtable", "arena", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--bots", "random"], "an arena needs at least two bots to compare (name one twice"),
        (["--bots", "random", "nosuch"], "unknown bot 'nosuch'; the bots are:"),
        (["--bots", "random", "random", "--colour", "3"], "troeven has no option --colour; its options:"),
        (["--bots", "random", "random", "--backend", "foo"], "unknown backend 'foo'; the backends are:"),
    ],
)
def test_an_arena_refusal_is_one_line_of_stderr(tmp_path: Path, args: list[str], reason: str) -> None:
    done = arena("troeven", *args, "--games", "2", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    assert done.stderr.startswith("error: ") and reason in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and len(done.stderr) > 40, done.stderr
