"""The parts of a terminal view every game shares: numbered choices, input expansion, narration."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.errors import InvalidNotation
from ...core.game import State

Observation = dict[str, Any]


class View:
    """A game's look at the terminal. Subclasses draw the table; the defaults are generic."""

    def table(self, obs: Observation, legal: list[str]) -> RenderableType:
        """Everything the seat to act sees, with its legal moves marked."""
        return Group(Text(str(obs)), self.choices_table(self.choices(obs, legal), legal))

    def choices(self, obs: Observation, legal: list[str]) -> list[str]:
        """The numbered list a player may answer by number (default: the legal moves)."""
        return legal

    def choices_table(self, choices: list[str], legal: list[str]) -> RenderableType:
        """The numbered choices in a row, legal ones bright and illegal ones dim."""
        line = Text()
        for number, choice in enumerate(choices, start=1):
            style = "bold green" if choice in legal else "dim"
            line.append(f"{number}:", style="cyan" if choice in legal else "dim")
            line.append(f"{self.label(choice)}  ", style=style)
        return line

    def label(self, choice: str) -> str:
        """How one choice is shown (default: its notation)."""
        return choice

    def expand(self, text: str, state: State, choices: list[str]) -> list[str]:
        """Turn what a player typed into moves, in notation. A number picks from ``choices``.
        Raises InvalidNotation for text that names no move."""
        words = text.strip()
        if words.isdigit():
            number = int(words)
            if not 1 <= number <= len(choices):
                raise InvalidNotation(f"there is no choice {number}: pick 1 to {len(choices)}")
            return [choices[number - 1]]
        move = state.action_to_string(state.string_to_action(words))
        return [move]

    def preview(self, state: State, moves: list[str]) -> RenderableType | None:
        """What the table would look like after ``moves``, shown for confirmation before they are
        made; None (the default) makes them at once."""
        return None

    def narrate(self, before: Observation, after: Observation, events: list[dict[str, Any]]) -> list[str]:
        """Lines telling what the events of one step did (used by play and replay)."""
        return [describe_event(event) for event in events]

    def standings(self, obs: Observation, names: list[str]) -> RenderableType:
        """The end of the game: every seat with its score and who won."""
        table = Table(title="Final standings")
        table.add_column("seat")
        table.add_column("player")
        has_scores = "scores" in obs
        if has_scores:
            table.add_column("score", justify="right")
        table.add_column("")
        order = (
            sorted(range(len(names)), key=lambda s: -obs["scores"][s]) if has_scores else range(len(names))
        )
        for seat in order:
            row = [str(seat), names[seat]]
            if has_scores:
                row.append(str(obs["scores"][seat]))
            row.append("winner" if seat in obs["winners"] else "")
            table.add_row(*row)
        return table


def describe_event(event: dict[str, Any]) -> str:
    """A one-line account of any record event."""
    if "move" in event:
        return f"seat {event['seat']}: {event['move']}"
    if "score" in event:
        score = event["score"]
        deltas = " ".join(f"{d:+d}" for d in score["deltas"])
        return f"score: {deltas}  →  {' '.join(str(s) for s in score['scores'])}"
    if "shuffle" in event:
        return f"the discard pile is shuffled into a new draw pile of {len(event['shuffle'])} cards"
    kind, payload = next(iter(event.items()))
    roles = ", ".join(f"{k} {v}" for k, v in payload.items() if k != "deck")
    return f"{kind}: {roles}"
