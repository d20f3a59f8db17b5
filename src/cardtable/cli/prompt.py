"""Reading a line at the table's prompt: line editing and history, and one way out of every prompt.

Decisions:
- Editing and history come from the standard library's ``readline`` (GNU readline or libedit): once it
  is imported, ``input()`` on a terminal moves the cursor with the arrows and recalls earlier lines
  with up and down, for this session. Where the platform has no readline, lines are read plainly.
- The prompt is passed to ``input()`` itself, never printed before it, so that readline knows its
  width and redraws the line correctly while it is edited.
- Ctrl-C and Ctrl-D mean the same at every prompt: the person leaves the table (``LeftTable``), and
  the caller still writes the record.
- Yes/no answers are kept out of the history: up-arrow brings back moves, not a "y".
"""

from __future__ import annotations

try:
    import readline
except ImportError:  # pragma: no cover - platforms without readline read lines plainly
    readline = None  # type: ignore[assignment]


class LeftTable(Exception):
    """The person left the table: ``q``, Ctrl-C or Ctrl-D."""


def ask(question: str, *, remember: bool = True) -> str:
    """A line typed after ``question``; raises LeftTable on Ctrl-C or Ctrl-D. ``remember=False`` keeps
    the line out of the history."""
    try:
        line = input(question)
    except (EOFError, KeyboardInterrupt):
        print()  # the prompt's line is left open by the interruption
        raise LeftTable from None
    if not remember and readline is not None:
        length = readline.get_current_history_length()
        if length and readline.get_history_item(length) == line:
            readline.remove_history_item(length - 1)
    return line
