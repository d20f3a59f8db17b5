"""Driving ``cardtable`` in a pseudo-terminal, as a person would (pexpect)."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect

CARDTABLE = str(Path(sys.executable).with_name("cardtable"))
PROMPT = r"Your move \(\? help, q quit\): "
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
"""Colour, cursor and title sequences, and carriage returns: what is not text on the screen."""


def spawn(*args: str, cwd: Path | None = None, columns: int = 140, colour: bool = False) -> pexpect.spawn:
    """Start ``cardtable`` in a terminal ``columns`` wide (its size, not ``COLUMNS``, tells the width):
    colourless (``NO_COLOR``, ``TERM=dumb``), or an xterm with colours."""
    env = {name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES")}
    if colour:
        env.pop("NO_COLOR", None)
        env["TERM"] = "xterm-256color"
    else:
        env.update(NO_COLOR="1", TERM="dumb")
    return pexpect.spawn(
        CARDTABLE,
        list(args),
        env=env,
        cwd=cwd,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, columns),
        preexec_fn=ctrl_c_as_at_a_terminal,
    )


def ctrl_c_as_at_a_terminal() -> None:
    """Let Ctrl-C reach the command even when the suite itself was started in the background: a shell
    starts background jobs with SIGINT ignored, an ignored signal stays ignored across exec, and then
    every Ctrl-C test waited for its timeout."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ended(child: pexpect.spawn) -> int | None:
    """Read to the end of a command's output, wait for the command to exit and return its exit status.
    The wait matters on a busy machine: a process may close its output a moment before it exits, and
    closing its terminal in that moment kills it, losing the status the test checks."""
    child.expect(pexpect.EOF)
    status: int | None = child.wait()
    child.close()
    return status


def text(screen: str) -> str:
    """What a screen shows, without escape sequences."""
    return ESCAPES.sub("", screen)


def play_through(child: pexpect.spawn, answer: str = "1", limit: int = 5000) -> int:
    """Answer every prompt until the game ends; returns how many prompts were answered. Answering the
    number of the first card may be illegal, so after a refusal the first *legal* choice is typed."""
    prompts = 0
    while prompts < limit:
        index = child.expect([PROMPT, "Final standings", pexpect.EOF])
        if index:
            return prompts
        child.sendline(first_legal(child.before) or answer)
        prompts += 1
    raise AssertionError("the game did not end")


def first_legal(screen: str) -> str | None:
    """The notation of the first legal move the table listed (rendered as '(legal: a, b)')."""
    marker = "legal: "
    if marker not in screen:
        return None
    return screen.rsplit(marker, 1)[1].split(")")[0].split(",")[0].strip()
