"""The parts of a terminal view every game shares: numbered choices, input expansion, help, and
layouts that fit the terminal's width. What happens in a game is told by its narrator
(``cardtable.narration``), not by its view.

Decisions:
- What may be played is marked in the text itself, not only in colour: a playable choice is written in
  [brackets], so it stays marked with ``NO_COLOR``, on ``TERM=dumb`` and in a file. Colour repeats it.
- A table too wide for the terminal is drawn in a narrower layout (``Fitted``) instead of being cut
  or wrapped cell by cell.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.errors import InvalidNotation
from ...core.game import State
from ...core.reasons import Reason
from ...core.story import Fact
from ...i18n import DEFAULT
from ...narration import Narrator, say_reason
from ..layout import Fitted
from ..words import N_, _

Observation = dict[str, Any]
SeatColumns = Mapping[str, Sequence[str | Text]]
"""Per-seat columns of a seats table: name → one value per seat."""
PLAYABLE = "bold"
"""The style of a choice that may be played (with its brackets); the others are dim."""
NUMBERED = N_(
    "a number picks from the numbered list; the choices you may play now are in [brackets], and"
    " '(legal: …)' lists them in notation"
)
AT_ANY_PROMPT = (
    N_("the arrows edit the line; up and down bring back earlier lines"),
    N_("? shows this help; q, Ctrl-C or Ctrl-D leaves the table (with --save the record is still written)"),
)
ROLE = N_("role")
"""The seats table's column said without its name (``seats_table``)."""


class View:
    """A game's look at the terminal. Subclasses draw the table; the defaults are generic."""

    rules: tuple[str, ...] = ()
    """The game in a few paragraphs, for ``help`` at the prompt (English, marked ``N_``: said with ``_``)."""
    notation: tuple[str, ...] = ()
    """What to type at this game's prompt, one item each, for ``help`` (marked ``N_`` too)."""
    lowest_score_first = False
    """Whether the final standings list the lowest score first (a score that counts down to a win)."""
    numbers_choices = True
    """Whether the table numbers the choices (``choices``) for typing."""

    def table(self, obs: Observation, legal: list[str]) -> RenderableType:
        """Everything the seat to act sees, with its legal moves marked."""
        return Group(Text(str(obs)), self.choices_table(self.choices(obs, legal), legal))

    def choices(self, obs: Observation, legal: list[str]) -> list[str]:
        """The numbered list a player may answer by number (default: the legal moves)."""
        return legal

    def choices_table(self, choices: list[str], legal: list[str]) -> RenderableType:
        """The numbered choices in rows, the playable ones in brackets."""
        return choice_rows(
            numbered(number, Text(self.label(choice)), choice in legal)
            for number, choice in enumerate(choices, start=1)
        )

    def label(self, choice: str) -> str:
        """How one choice is shown (default: its notation)."""
        return choice

    def expand(self, text: str, state: State, choices: list[str]) -> list[str]:
        """Turn what a player typed into moves, in notation. A number picks from ``choices``.
        Raises InvalidNotation for text that names no move."""
        words = text.strip()
        if words.isdecimal():
            number = int(words)
            if not 1 <= number <= len(choices):
                message = _("there is no choice {number}: pick 1 to {last}")
                raise InvalidNotation(message.format(number=number, last=len(choices)))
            return [choices[number - 1]]
        move = state.action_to_string(state.string_to_action(words))
        return [move]

    def preview(self, state: State, moves: list[str]) -> RenderableType | None:
        """What the table would look like after ``moves``, shown for confirmation before they are
        made; None (the default) makes them at once."""
        return None

    def explain(
        self, reason: str, seat: int, narrator: Narrator | None = None, names: Sequence[str] = ()
    ) -> str:
        """A refusal's reason said to the person at ``seat``: the rules write about seats ("seat 0 cannot
        play KS: it is not in their hand"), the table speaks to its player ("You cannot play K♠: it is
        not in your hand"), with the rules' codes as this view shows them (``shown``). A ``narrator`` of
        another language than English says the rules' reasons in it (``narration.say_reason``)."""
        if narrator is not None and narrator.language != DEFAULT and isinstance(reason, Reason):
            return self.shown(say_reason(narrator, reason, names, you=seat))
        return self.shown(addressed(reason, seat))

    def shown(self, reason: str) -> str:
        """``reason`` with the rules' codes (cards, abilities) as this view shows them (default: as
        written)."""
        return reason

    def help(self) -> Group:
        """The rules in brief and what to type, for ``?`` at the prompt."""
        items = Table.grid(padding=(0, 1))
        items.add_column(no_wrap=True)
        items.add_column()
        for item in (*self.notation, *([NUMBERED] if self.numbers_choices else []), *AT_ANY_PROMPT):
            items.add_row("  ·", Text(_(item)))
        rules = [Text(_(paragraph)) for paragraph in self.rules]
        return Group(*rules, Text("\n" + _("What to type:"), style="bold"), items)

    def standings(self, obs: Observation, names: list[str]) -> RenderableType:
        """The end of the game: every seat with its score and who won."""
        table = Table(title=_("Final standings"))
        table.add_column(_("seat"))
        table.add_column(_("player"))
        has_scores = "scores" in obs
        if has_scores:
            table.add_column(_("score"), justify="right")
        table.add_column("")
        order: list[int] = list(range(len(names)))
        if has_scores:
            order.sort(key=lambda s: obs["scores"][s], reverse=not self.lowest_score_first)
        order.sort(key=lambda s: s not in obs["winners"])  # stable: the winners first, each part by score
        for seat in order:
            row: list[str | Text] = [str(seat), Text(names[seat])]
            if has_scores:
                row.append(str(obs["scores"][seat]))
            row.append(_("winner") if seat in obs["winners"] else "")
            table.add_row(*row)
        return table

    def card_text(self, code: str) -> Text:
        """One card as this view draws it (default: its code)."""
        return Text(code)

    def cards_text(self, codes: list[str]) -> Text:
        """Cards in a row, a space between them."""
        return Text(" ").join(self.card_text(code) for code in codes)

    def deal(self, seen: Sequence[Observation], names: Sequence[str]) -> RenderableType | None:
        """Every seat's cards as dealt, from each seat's own observation (``seen``), for a replay: a
        record is a finished file its reader holds whole, so every hand may be shown. None while the
        deal is not all out yet (default: each seat's ``hand``, or None for a game without hands)."""
        if any(obs.get("hand") is None for obs in seen):
            return None
        return seat_rows(names, [self.cards_text(obs["hand"]) for obs in seen])

    def ending(self, obs: Observation, facts: Sequence[Fact], names: Sequence[str]) -> RenderableType | None:
        """The last picture of a finished game, from the public observation and the facts of its last
        step, shown by a replay before the standings (default: none)."""
        return None


def seat_rows(names: Sequence[str], rows: Sequence[Text]) -> Table:
    """One row per seat, its name then ``rows[seat]``; a row too long for the width wraps at its spaces
    under itself, never under the names."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for name, row in zip(names, rows, strict=True):
        grid.add_row(Text(f"  {name}:"), row)
    return grid


def addressed(reason: str, seat: int) -> str:
    """``reason``, written about seats, said to the person at ``seat``: that seat is "you", and the
    pronouns that stand for it ("their hand", "they drew", "(holds 9S)") become "your hand", "you
    drew", "(you hold 9S)", except in a clause whose "they" is another subject (``OTHER_THEY``).
    Starting with "you", it starts with a capital."""
    said = re.sub(rf"\bseat {seat}'s\b", "your", reason)
    said = re.sub(rf"\bseat {seat}\b", "you", said).replace("(holds ", "(you hold ")
    said = "".join(
        part if OTHER_THEY.search(part) else THEY.sub(lambda they: YOURS[they.group()], part)
        for part in CLAUSES.split(said)
    )
    return said[:1].upper() + said[1:] if said.startswith("you") else said


CLAUSES = re.compile(r"([,;:(])")
"""Where a reason's clauses part (kept in the split, to join them back)."""
OTHER_THEY = re.compile(r"\beach player\b|\bcards move\b")
"""The clauses of the rules' reasons whose "they" is not the mover: every player ("in setup each player
places one of the cards they drew") or the cards ("cards move only onto a pile they fit")."""
THEY = re.compile(r"\b(their|they)\b")
YOURS = {"their": "your", "they": "you"}


def choice_rows(choices: Iterable[Text]) -> Columns:
    """Numbered choices side by side, as many to a row as fit; a choice is never split over lines."""
    return Columns(list(choices), padding=(0, 2))


def numbered(number: int, shown: Text, playable: bool) -> Text:
    """One numbered choice: ``[3:Q♣]`` when it may be played, ``3:Q♣`` dim otherwise."""
    text = Text()
    if playable:
        text.append("[", style=PLAYABLE)
        text.append(f"{number}:", style="bold cyan")
        shown.stylize(PLAYABLE)
        text.append_text(shown)
        text.append("]", style=PLAYABLE)
    else:
        text.append(f"{number}:", style="dim")
        shown.stylize("dim")
        text.append_text(shown)
    return text


def seats_table(obs: Observation, columns: SeatColumns) -> Fitted:
    """Every seat with its ``columns``, who is to act and which seat is yours: a grid, or where that is
    too wide one line per seat (``▶ 0 (you): score 7 · tricks 2 · dealer``, a ``role`` without its
    column's name)."""
    grid = Table(box=None, pad_edge=False, collapse_padding=True)
    grid.add_column(_("seat"))
    for name, values in columns.items():
        numbers = all(str(value).lstrip("+-").isdigit() for value in values if str(value))
        grid.add_column(name, justify="right" if numbers else "left")
    lines = Table.grid(padding=(0, 1))
    lines.add_column(no_wrap=True)
    lines.add_column()
    for seat in range(obs["players"]):
        you = " " + _("(you)") if seat == obs["seat"] else ""
        label = f"{'▶ ' if obs['to_act'] == seat else '  '}{seat}{you}"
        grid.add_row(label, *(values[seat] for values in columns.values()))
        facts = Text(" · ").join(
            Text.assemble("" if name == _(ROLE) else f"{name} ", values[seat])
            for name, values in columns.items()
            if str(values[seat])
        )
        lines.add_row(f"{label}:", facts)
    return Fitted(grid, lines)
