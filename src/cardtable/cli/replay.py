"""``cardtable replay``: a game told move by move from its record, after the whole record is checked,
by the game's narrator (``cardtable.narration``) from the public side: every player named, no hidden
card told.

Decisions:
- The record is checked whole before anything is printed (every event by the rules, and the players'
  names: one text per seat, or none at all), so a bad record prints its reason and nothing else.
- A refused or unreadable record exits with code 1, its reason on stderr (``errors``).
- A header names the game, its options as ``play`` takes them and the players; each deal starts a
  section (a blank line, bold), and each hand or round ends with its result line.
- Players are named as the table named them (``bot:easy`` is "easy bot"; see ``player_names``). The
  story is the public one, but a seat named "you" (``cardtable play``'s default ``--name``) is said as
  "you" ("You play Q♣", not "You plays Q♣"), as the table said it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

import cardtable

from ..core.errors import RecordError
from ..narration import narrator_for, told_steps
from ..narration.words import player_names
from .errors import fail, unreadable
from .layout import terminal_console
from .narrated import print_lines
from .options import option_flags
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
    tell(record, state, names)


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


def tell(record: dict[str, Any], state: cardtable.State, names: list[str]) -> None:
    """Tell a checked record (``state``: where it ends) step by step from the public side, then the
    standings or where it stops."""
    narrator = narrator_for(record["game"])
    names = player_names(names, first_seat=0)
    header(record, state.game.title, names)
    you = names.index("you") if names.count("you") == 1 else None
    for _, told in told_steps(record):
        print_lines(console, narrator, narrator.step_lines(told.facts, None), names, you)
    console.print()
    if state.is_terminal():
        console.print(view_for(record["game"]).standings(state.observation(None), names))
    else:
        console.print("The record stops before the end of the game.")


def header(record: dict[str, Any], title: str, names: list[str]) -> None:
    """The game, its options (as ``cardtable play`` takes them) and its seed, and who sat where."""
    seed = "" if record.get("seed") is None else f" · seed {record['seed']}"
    console.print(Text(title, style="bold"))
    console.print(Text(f"{record['game']} {option_flags(record['options'])}{seed}"))
    console.print(Text("Players: " + ", ".join(names)))
