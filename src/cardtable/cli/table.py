"""The terminal table: one person plays a seat, bots play the others, every move told by the game's
narrator (``cardtable.narration``), as the site's log tells it but saying "you" to the person.

Decisions:
- ``q``, Ctrl-C and Ctrl-D leave the table at any prompt, and Ctrl-C also while a bot thinks; the game
  is then left unfinished and the caller still writes its record. Ctrl-C is held back while a move is
  being applied, so a record is never taken from a half-made move.
- Moves are told from the person's seat: what only they may see (the card they drew) is told to
  them, and nothing hidden from them is. The deal the table starts with is told before the first move.
- The other seats are named as the site names them ("random bot"; seats of one name with their seat
  number, counted from 0 as the table counts them).
- A bot that thinks longer than a moment gets an indicator: a spinner on a terminal that can redraw,
  one plain line on one that cannot (``TERM=dumb``) or in a file.
- A line longer than ``LONGEST_LINE`` is refused without being echoed back.
"""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from ..bots import Bot
from ..core.errors import IllegalAction, InvalidNotation
from ..core.game import State
from ..core.story import Fact
from ..narration import narrator_for
from ..narration.words import player_names
from .narrated import print_lines
from .prompt import LeftTable, ask
from .views import View
from .words import _, current, ngettext

LEGAL_SHOWN = 24
"""How many legal moves the prompt lists in words (they are also marked in the picture)."""
LONGEST_LINE = 200
"""Longer input is no move (a whole Mü bid or a line of Cabooses moves is far shorter)."""
THINKING_NOTE_AFTER = 1.0
"""Seconds a bot thinks before a terminal that cannot redraw is told so."""
QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "help")


class TerminalTable:
    """Runs a match at the terminal for the one seat without a bot."""

    def __init__(
        self, state: State, view: View, bots: dict[int, Bot], names: list[str], console: Console
    ) -> None:
        self.state = state
        self.view = view
        self.bots = bots
        self.names = names
        self.console = console
        self.seat = next(s for s in range(state.game.players) if s not in bots)
        self.narrator = narrator_for(state.game.name, current())
        self.said_names = player_names(names, first_seat=0, language=current())

    def run(self) -> bool:
        """Play until the match ends (True) or the person leaves (False)."""
        self.tell(self.state.opening())
        try:
            while not self.state.is_terminal():
                seat = self.state.current_player()
                assert seat is not None
                if seat in self.bots:
                    with self.thinking(seat):
                        action = self.bots[seat].choose(self.state)
                    self.step(action)
                else:
                    self.human_turn(seat)
        except (LeftTable, KeyboardInterrupt):
            return False
        self.console.print(self.view.standings(self.state.observation(None), self.said_names))
        return True

    def step(self, action: int) -> None:
        """Make one move and tell what it did, as the person's seat sees it."""
        with interrupts_held():
            facts = self.state.tell(action)
        self.tell(facts)

    def tell(self, facts: list[Fact]) -> None:
        """The narrator's lines for ``facts``, said to the person's seat."""
        lines = self.narrator.step_lines(facts, self.seat)
        print_lines(self.console, self.narrator, lines, self.said_names, you=self.seat)

    def human_turn(self, seat: int) -> None:
        """Show the table to ``seat`` and take its moves; raises LeftTable if the person leaves."""
        obs = self.state.observation(seat)
        legal = [self.state.action_to_string(a) for a in self.state.legal_actions()]
        choices = self.view.choices(obs, legal)
        self.console.print()
        self.console.print(self.view.table(obs, legal))
        more = len(legal) - LEGAL_SHOWN
        shown = ", ".join(legal[:LEGAL_SHOWN]) + (
            ", … " + ngettext("{count} more", "{count} more", more).format(count=more) if more > 0 else ""
        )
        self.console.print(_("(legal: {moves})").format(moves=shown), highlight=False, markup=False)
        while True:
            text = ask(_("Your move (? help, q quit): ")).strip()
            if text.lower() in QUIT_WORDS:
                raise LeftTable
            if text.lower() in HELP_WORDS:
                self.console.print(self.view.help())
                continue
            if not text:
                continue
            if len(text) > LONGEST_LINE:
                message = _("that line is {length} characters long; a move is a few words")
                error: str | None = message.format(length=len(text))
            else:
                error = self.try_moves(seat, text, choices)
            if error is None:
                return
            said = self.view.explain(error, seat, self.narrator, self.said_names)
            self.console.print(f"[red]✗[/red] {escape(said)}", highlight=False)

    def try_moves(self, seat: int, text: str, choices: list[str]) -> str | None:
        """Apply the moves ``text`` stands for; the reason for the first one refused, or None."""
        try:
            moves = self.view.expand(text, self.state, choices)
        except (InvalidNotation, ValueError) as error:
            return refusal(error)
        picture = self.view.preview(self.state, moves)
        if picture is not None:
            self.console.print(picture)
            answer = ask(_("Make this move? [Y/n] "), remember=False).strip().lower()
            if answer not in ("", "y", "yes", _("y"), _("yes")):
                return _("move not made")
        for move in moves:
            if self.state.current_player() != seat:
                return _("{move}: it is no longer your turn").format(move=move)
            try:
                self.step(self.state.string_to_action(move))
            except (IllegalAction, InvalidNotation) as error:
                return refusal(error)
        return None

    @contextmanager
    def thinking(self, seat: int) -> Iterator[None]:
        """An indicator while the bot at ``seat`` chooses (see the module docstring)."""
        note = _("{player} is thinking…").format(player=self.said_names[seat])
        if self.console.is_interactive:
            with self.console.status(escape(note)):
                yield
            return
        timer = threading.Timer(THINKING_NOTE_AFTER, self.console.print, [note], {"markup": False})
        timer.start()
        try:
            yield
        finally:
            timer.cancel()


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold a Ctrl-C that arrives inside the block until the block is done (main thread only)."""
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: held.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if held:
            raise KeyboardInterrupt


def save_record(state: State, path: Path, names: list[str]) -> None:
    """Write the game record as JSON to a new file; raises OSError when the file cannot be written
    (FileExistsError when it exists: a record is never overwritten)."""
    with path.open("x", encoding="utf-8") as file:
        file.write(json.dumps(state.record(players=names), indent=1) + "\n")


def refusal(error: ValueError) -> str:
    """What a refused move says: the rules' own reason (a ``core.reasons.Reason``, which the table says
    in its language) for an illegal move, else the error's text."""
    if isinstance(error, IllegalAction) and error.args and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)
