"""``cardtable replay``: a game told move by move from its record, after the whole record is checked.

Decisions:
- The record is checked whole before anything is printed (every event by the rules, and the players'
  names: one text per seat, or none at all), so a bad record prints its reason and nothing else.
- A refused or unreadable record exits with code 1, its reason on stderr (``errors``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

import cardtable

from ..core.errors import RecordError
from .errors import fail, unreadable
from .layout import terminal_console
from .views import view_for

console = terminal_console()


def replay_command(path: Annotated[Path, typer.Argument(help="a game record (JSON)")]) -> None:
    """Print a game from its record, checking every move; a record that breaks the rules is refused."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        fail(unreadable(path, error), 1, label="cannot read")
    try:
        state = cardtable.replay(record)
        names = seat_names(record, state.game.players)
    except RecordError as error:
        fail(str(error), 1, label="refused")
    tell(record, names)


def seat_names(record: dict[str, Any], seats: int) -> list[str]:
    """The record's player names, or ``seat 0``… when it has none; raises RecordError unless
    ``players`` is a list of one text per seat."""
    players = record.get("players")
    if players is None:
        return [f"seat {seat}" for seat in range(seats)]
    if not isinstance(players, list) or len(players) != seats:
        raise RecordError(f"players must be a list of {seats} names, one per seat, got {players!r}")
    if not all(isinstance(name, str) for name in players):
        raise RecordError(f"every player's name must be text, got {players!r}")
    return players


def tell(record: dict[str, Any], names: list[str]) -> None:
    """Narrate a checked record, event by event, then the standings or where it stops."""
    shown, before, state = 0, None, None
    view = view_for(record["game"])
    for state, _, _ in cardtable.replay_steps(record):
        after = state.observation(None)
        for line in view.narrate(before or after, after, state.events(shown)):
            console.print(line, markup=False)
        shown, before = state.event_count(), after
    assert state is not None
    if state.is_terminal():
        console.print(view.standings(state.observation(None), names))
    else:
        console.print("The record stops before the end of the game.")
