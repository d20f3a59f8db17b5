"""The game's narrator at the terminal: its lines in words, for the person's seat or for the public.

Decisions:
- The terminal says "you" to the seat it is addressed to (``say``'s ``you``) and names every other seat;
  a replay is told from the public side, naming everybody.
- A deal (a "section" line) stands out: a blank line before it, and bold where the terminal shows
  styles (in a file, the blank line alone).
- A line too long for the terminal wraps at its spaces only, never inside a word ("10♣", "Q♣"): a word
  longer than the whole width is the only thing ever folded.
- A replay numbers each move with its record event index, the ``event`` a review cites, in a column of
  its own; what the rules did then (a trick taken, a card turned up) is indented under the move, and a
  line that wraps stays in its column.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Console
from rich.text import Text

from ..narration import Line, Narrator, say


def told(narrator: Narrator, line: Line, names: Sequence[str], you: int | None) -> Text:
    """One line in words, styled by its kind."""
    text = Text(say(narrator, line, names, you), overflow="fold", no_wrap=False)
    if line.kind == "section":
        text.stylize("bold")
    return text


def print_lines(
    console: Console, narrator: Narrator, lines: Iterable[Line], names: Sequence[str], you: int | None = None
) -> None:
    """Print ``lines`` in words (``you``: the seat addressed as "you", or None for the public)."""
    for line in lines:
        if line.kind == "section":
            console.print()
        console.print(told(narrator, line, names, you), soft_wrap=False, highlight=False)


def print_in_event_column(console: Console, text: Text, kind: str, event: str, width: int) -> None:
    """A replay's line beside its event index (``event``: the number, or "" for none; ``width``: the
    column's), a note indented under its move, every line it wraps into in its column."""
    number = event.rjust(width)
    indent = len(number) + (4 if kind == "note" else 2)
    for index, line in enumerate(text.wrap(console, max(console.width - indent, 1))):
        line.rstrip()
        head = f"{number}  " if index == 0 else ""
        console.print(Text(head.ljust(indent)).append_text(line), soft_wrap=True, highlight=False)
