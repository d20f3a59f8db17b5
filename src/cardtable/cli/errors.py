"""How the commands report a failure: one line on stderr, in the program's words.

Decisions:
- Every error goes to stderr, so a command's output (a replay, ``--json``) can be piped or saved
  without it, and it stays one line however narrow the terminal or when piped (no wrapping): a script
  reading it gets the whole reason.
- A file that cannot be read or written is named with what is wrong with it ("is a folder", "there is
  no file …", "is not text"), never with the operating system's or a codec's message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NoReturn

import typer
from rich.markup import escape

from .layout import terminal_console


def fail(message: str, code: int, *, label: str = "error") -> NoReturn:
    """Print ``label: message`` on stderr as one line and end the command with exit code ``code``."""
    err = terminal_console(stderr=True)
    err.print(f"[red]{label}:[/red] {escape(' '.join(message.split()))}", soft_wrap=True)
    raise typer.Exit(code)


def unreadable(path: Path, error: BaseException) -> str:
    """Why ``path`` gave no game record, for ``error`` raised while reading or parsing it."""
    if isinstance(error, IsADirectoryError):
        return f"{path} is a folder; name a game record (a JSON file)"
    if isinstance(error, FileNotFoundError):
        return f"there is no file {path}"
    if isinstance(error, PermissionError):
        return f"{path} cannot be read: permission denied"
    if isinstance(error, UnicodeDecodeError):
        return f"{path} is not text (a game record is a JSON file in UTF-8)"
    if isinstance(error, json.JSONDecodeError):
        return f"{path} is not a JSON game record (line {error.lineno}, column {error.colno}: {error.msg})"
    if isinstance(error, RecursionError):
        return f"{path} nests too deeply to be a game record"
    if isinstance(error, OSError):
        return f"{path} cannot be read: {error.strerror or error}"
    return f"{path} cannot be read: {error}"


def unwritable(path: Path, error: OSError) -> str:
    """Why ``path`` could not be written."""
    if isinstance(error, IsADirectoryError):
        return f"{path} is a folder; name a file"
    if isinstance(error, FileExistsError):
        return f"{path} exists already, and a record is never overwritten"
    if isinstance(error, FileNotFoundError):
        return f"there is no folder {path.parent}"
    if isinstance(error, PermissionError):
        return f"{path} cannot be written: permission denied"
    return f"{path} cannot be written: {error.strerror or error}"
