"""The terminal table: one person plays a seat, bots play the others, every move narrated."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from ..bots import Bot
from ..core.errors import IllegalAction, InvalidNotation
from ..core.game import State
from ..core.records import events_since
from .views import View

LEGAL_SHOWN = 24
"""How many legal moves the prompt lists in words (they are also marked in the picture)."""


class TerminalTable:
    """Runs a match at the terminal. ``ask`` reads a line (raises EOFError when input ends)."""

    def __init__(
        self,
        state: State,
        view: View,
        bots: dict[int, Bot],
        names: list[str],
        console: Console,
        ask: Callable[[str], str],
    ) -> None:
        self.state = state
        self.view = view
        self.bots = bots
        self.names = names
        self.console = console
        self.ask = ask

    def run(self) -> bool:
        """Play until the match ends (True) or the person quits (False)."""
        while not self.state.is_terminal():
            seat = self.state.current_player()
            assert seat is not None
            if seat in self.bots:
                self.step(self.bots[seat].choose(self.state))
            elif not self.human_turn(seat):
                return False
        self.console.print(self.view.standings(self.state.observation(None), self.names))
        return True

    def step(self, action: int) -> None:
        """Apply one action and narrate what it did."""
        before = self.state.observation(None)
        first_new = self.state.event_count()
        self.state.apply_action(action)
        events = events_since(self.state, first_new)
        for line in self.view.narrate(before, self.state.observation(None), events):
            self.console.print(line, highlight=False)

    def human_turn(self, seat: int) -> bool:
        """Show the table to ``seat`` and take its moves; False if the person quits."""
        obs = self.state.observation(seat)
        legal = [self.state.action_to_string(a) for a in self.state.legal_actions()]
        choices = self.view.choices(obs, legal)
        self.console.print()
        self.console.print(self.view.table(obs, legal))
        shown = ", ".join(legal[:LEGAL_SHOWN]) + (
            f", … {len(legal) - LEGAL_SHOWN} more" if len(legal) > LEGAL_SHOWN else ""
        )
        self.console.print(f"(legal: {shown})", highlight=False)
        while True:
            try:
                text = self.ask("Your move (notation or number, 'q' to quit): ").strip()
            except (EOFError, KeyboardInterrupt):
                return False
            if text.lower() in ("q", "quit", "exit"):
                return False
            if not text:
                continue
            error = self.try_moves(seat, text, choices)
            if error is None:
                return True
            self.console.print(f"[red]✗[/red] {error}", highlight=False)

    def try_moves(self, seat: int, text: str, choices: list[str]) -> str | None:
        """Apply the moves ``text`` stands for; the reason for the first one refused, or None."""
        try:
            moves = self.view.expand(text, self.state, choices)
        except (InvalidNotation, ValueError) as error:
            return str(error)
        picture = self.view.preview(self.state, moves)
        if picture is not None:
            self.console.print(picture)
            answer = self.ask("Make this move? [Y/n] ").strip().lower()
            if answer not in ("", "y", "yes"):
                return "move not made"
        for move in moves:
            if self.state.current_player() != seat:
                return f"{move}: it is no longer your turn"
            try:
                self.step(self.state.string_to_action(move))
            except (IllegalAction, InvalidNotation) as error:
                return str(error)
        return None


def save_record(state: State, path: Path, names: list[str]) -> None:
    """Write the game record as JSON."""
    path.write_text(json.dumps(state.record(players=names), indent=1) + "\n")
