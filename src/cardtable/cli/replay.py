"""``cardtable replay``: a game told move by move from its record, after the whole record is checked,
by the game's narrator (``cardtable.narration``) from the public side: every player named, no hidden
card told.

Decisions:
- The record is checked whole before anything is printed (every event by the rules, and the players'
  names: one text per seat, or none at all), so a bad record prints its reason and nothing else.
- A refused or unreadable record exits with code 1, its reason on stderr (``errors``).
- A header names the game, its options as ``play`` takes them and the players; each deal starts a
  section (a blank line, bold), and each hand or round ends with its result line.
- Each deal is drawn under its line with the game's view (``View.deal``), every seat's cards: a record
  is a finished file its reader holds whole. A deal is drawn once all of it is out (Troeven deals the
  rest after trumps are called), from each seat's own observation, never from the engine's insides.
- Each move carries its record event index (``Told.start``), the ``event`` ``cardtable review`` cites;
  moves told together (a Mü bid, told at its ``done``) carry the first one's, as the review does.
- At a terminal (stdin and stdout both) the replay waits for Enter before each new deal, and q stops it
  there; ``--all``, a pipe or a file get the whole game at once.
- A finished game ends with the view's last picture (``View.ending``: Game of Trains' final trains and
  why the winner won), then the standings, winners first.
- Players are named as the table named them (``bot:easy`` is "easy bot"; see ``player_names``). The
  story is the public one, but a seat named "you" (``cardtable play``'s default ``--name``) is said as
  "you" ("You play Q♣", not "You plays Q♣"), as the table said it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

import cardtable

from ..core.errors import RecordError
from ..core.story import Fact
from ..narration import Told, narrator_for, told_steps
from ..narration.words import player_names
from .errors import fail, unreadable
from .layout import terminal_console
from .narrated import print_in_event_column, print_lines
from .narrated import told as told_line
from .options import option_flags
from .prompt import LeftTable, ask
from .views import view_for
from .words import N_, Lang, _, current

console = terminal_console()
EVENT_WIDTH = 4
"""The least width of the event column (wider for a record of 10 000 events or more)."""
HELP = _(
    "Print a game from its record, checking every move; a record that breaks the rules is refused. At a"
    " terminal it stops after each hand until Enter is pressed."
)
KEYS = N_("After each hand, Enter shows the next one; q (then Enter) stops.")
PAUSE = "> "
"""The prompt between hands (the keys are said once, at the start)."""


def replay_command(
    path: Annotated[Path, typer.Argument(help=_("a game record (JSON)"))],
    whole: Annotated[
        bool,
        typer.Option(
            "--all", help=_("print the whole game at once, without waiting for Enter between hands")
        ),
    ] = False,
    lang: Lang = None,
) -> None:
    """``HELP``."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        fail(unreadable(path, error), 1, label=_("cannot read"))
    try:
        state = cardtable.replay(record)
        names = seat_names(record, state.game.players)
    except RecordError as error:
        fail(str(error), 1, label=_("refused"))
    tell(record, state, names, stepping=not whole and sys.stdin.isatty() and console.is_terminal)


def seat_names(record: dict[str, Any], seats: int) -> list[str]:
    """The record's player names (``replay`` checked them: one text per seat), or ``seat 0``… when it
    has none."""
    players: list[str] | None = record.get("players")
    if players is None:
        return [_("seat {seat}").format(seat=seat) for seat in range(seats)]
    return players


def tell(record: dict[str, Any], state: cardtable.State, names: list[str], *, stepping: bool = False) -> None:
    """Tell a checked record (``state``: where it ends) step by step from the public side, then the
    standings or where it stops; ``stepping`` waits for Enter before each new deal."""
    names = player_names(names, first_seat=0, language=current())
    header(record, state.game.title, names)
    if stepping:
        console.print(Text(_(KEYS), style="dim"))
    teller = Teller(record["game"], names, len(record["events"]), stepping)
    facts: tuple[Fact, ...] = ()
    for step, told in told_steps(record):
        if not teller.step(step, told):
            return
        facts = told.facts
    console.print()
    if not state.is_terminal():
        console.print(_("The record stops before the end of the game."))
        return
    public = state.observation(None)
    ending = teller.view.ending(public, facts, names)
    if ending is not None:
        console.print(ending)
        console.print()
    console.print(teller.view.standings(public, names))


class Teller:
    """Tells one record step by step: each line in the event column, each deal drawn once it is all out,
    and (``stepping``) a wait for Enter before every deal after the first."""

    def __init__(self, game: str, names: list[str], events: int, stepping: bool) -> None:
        self.narrator = narrator_for(game, current())
        self.view = view_for(game)
        self.names = names
        self.you = names.index("you") if names.count("you") == 1 else None
        self.width = max(EVENT_WIDTH, len(str(events)))
        self.stepping = stepping
        self.dealing = False
        """A deal was told and is not drawn yet."""
        self.hand_over = False
        """A hand's result was told since the last deal."""
        self.untold: int | None = None
        """The event of the first move the narrator told nothing of yet: it tells it with a later one."""

    def step(self, state: cardtable.State, told: Told) -> bool:
        """Print one step's lines; False when the reader stops before the next deal."""
        lines = self.narrator.step_lines(told.facts, None)
        if told.step and not lines:  # a move told with the next (a card of a Mü bid, told at its end)
            self.untold = told.start if self.untold is None else self.untold
            return True
        event = self.event_label(told) if told.step else ""  # the set-up (step 0) has no move
        for line in lines:
            if line.kind == "section":
                if self.hand_over and self.stepping and not next_hand():
                    return False
                self.hand_over = False
                print_lines(console, self.narrator, [line], self.names, self.you)
                self.dealing = True
                self.draw_deal(state)
                continue
            text = told_line(self.narrator, line, self.names, self.you)
            print_in_event_column(console, text, line.kind, event if line.kind == "move" else "", self.width)
            if line.kind == "move":
                event = ""
            self.hand_over |= line.kind == "result"
        if self.dealing:
            self.draw_deal(state)
        return True

    def event_label(self, told: Told) -> str:
        """The event of the step's move, or of the first move told with it (a Mü bid's first card: the
        event a review cites for the whole bid)."""
        first, self.untold = self.untold, None
        return str(told.start if first is None else first)

    def draw_deal(self, state: cardtable.State) -> None:
        """The deal as every seat sees it, once the view says it is all out."""
        seen = [state.observation(seat) for seat in range(state.game.players)]
        deal = self.view.deal(seen, self.names)
        if deal is not None:
            console.print(deal)
            self.dealing = False


def next_hand() -> bool:
    """Wait for Enter before the next deal; False when the reader stops (q, Ctrl-C or Ctrl-D)."""
    try:
        return ask(PAUSE, remember=False).strip().lower() != "q"
    except LeftTable:
        return False


def header(record: dict[str, Any], title: str, names: list[str]) -> None:
    """The game, its options (as ``cardtable play`` takes them) and its seed, and who sat where."""
    seed = "" if record.get("seed") is None else " · " + _("seed {seed}").format(seed=record["seed"])
    console.print(Text(title, style="bold"))
    console.print(Text(f"{record['game']} {option_flags(record['options'])}{seed}"))
    console.print(Text(_("Players: {names}").format(names=", ".join(names))))
