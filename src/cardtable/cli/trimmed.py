"""What the command prints, without spaces at the ends of its lines.

Rich fills a table's cells, a padded text and the blank lines around typer's help with spaces up to
the width it draws in; a line copied from the terminal, or printed into a file or a pipe, would carry
them. Rather than each layout undoing its own padding, the command's two streams are wrapped once, at
its entry point (``trim_output``), so that every printer is trimmed: our consoles, typer's help and
errors, and plain prints alike.
"""

from __future__ import annotations

import re
import sys
from typing import Any, TextIO

STYLE = re.compile(r"\x1b\[[0-9;]*m")
"""A colour or style code (kept where the spaces around it are dropped)."""
LINE_END_SPACES = re.compile(r"(?:[ \t]|\x1b\[[0-9;]*m)+(?=\n)")
"""The spaces that end a line, with the style codes among them."""


class TrimmedLines:
    """A text stream that writes each line without the spaces that end it; anything else is the
    wrapped stream's (its encoding, ``isatty``, ``fileno``: a terminal stays a terminal)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(LINE_END_SPACES.sub(lambda spaces: "".join(STYLE.findall(spaces.group())), text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def trim_output() -> None:
    """Trim the lines of everything this process prints from now on, on stdout and stderr."""
    sys.stdout = TrimmedLines(sys.stdout)
    sys.stderr = TrimmedLines(sys.stderr)
