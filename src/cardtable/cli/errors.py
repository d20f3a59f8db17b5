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
from .words import _


def fail(message: str, code: int, *, label: str | None = None) -> NoReturn:
    """Print ``label: message`` on stderr as one line (the label "error" unless another is given, in the
    terminal's language) and end the command with exit code ``code``."""
    err = terminal_console(stderr=True)
    label = _("error") if label is None else label
    err.print(f"[red]{label}:[/red] {escape(' '.join(message.split()))}", soft_wrap=True)
    raise typer.Exit(code)


def unreadable(path: Path, error: BaseException) -> str:
    """Why ``path`` gave no game record, for ``error`` raised while reading or parsing it."""
    if isinstance(error, IsADirectoryError):
        return _("{path} is a folder; name a game record (a JSON file)").format(path=path)
    if isinstance(error, FileNotFoundError):
        return _("there is no file {path}").format(path=path)
    if isinstance(error, PermissionError):
        return _("{path} cannot be read: permission denied").format(path=path)
    if isinstance(error, UnicodeDecodeError):
        return _("{path} is not text (a game record is a JSON file in UTF-8)").format(path=path)
    if isinstance(error, json.JSONDecodeError):
        message = _("{path} is not a JSON game record (line {line}, column {column}: {why})")
        return message.format(path=path, line=error.lineno, column=error.colno, why=error.msg)
    if isinstance(error, RecursionError):
        return _("{path} nests too deeply to be a game record").format(path=path)
    if isinstance(error, OSError):
        return _("{path} cannot be read: {why}").format(path=path, why=error.strerror or error)
    return _("{path} cannot be read: {why}").format(path=path, why=error)


def unwritable(path: Path, error: OSError) -> str:
    """Why ``path`` could not be written."""
    if isinstance(error, IsADirectoryError):
        return _("{path} is a folder; name a file").format(path=path)
    if isinstance(error, FileExistsError):
        return _("{path} exists already, and a record is never overwritten").format(path=path)
    if isinstance(error, FileNotFoundError):
        return _("there is no folder {folder}").format(folder=path.parent)
    if isinstance(error, PermissionError):
        return _("{path} cannot be written: permission denied").format(path=path)
    return _("{path} cannot be written: {why}").format(path=path, why=error.strerror or error)
