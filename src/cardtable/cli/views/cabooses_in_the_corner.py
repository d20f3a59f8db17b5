"""Cabooses in the Corner at the terminal: the compass of railways and corners as a 3×3 grid with every
pile bottom to top, the depot in the middle (one line per place where the grid is too wide), the hand
grouped by colour, and short forms for typing several actions at once (``R4 N, E 2 N, end``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.errors import InvalidNotation
from ...core.game import State
from ..layout import Fitted
from ..words import N_, _, ngettext
from .base import Observation, View, seat_rows

GRID = (("NW", "N", "NE"), ("W", None, "E"), ("SW", "S", "SE"))
"""The compass of rules §3; None is the depot."""
RAILWAYS = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")
CARD = re.compile(r"^([BRW][1-7]|P8|OB)$")
COLOUR_STYLE = {
    "B": "bold blue",
    "R": "bold red",
    "W": "bold white",
    "P": "bold magenta",
    "O": "bold dark_orange",
}
HAND_GROUPS = ((N_("blue"), "B"), (N_("red"), "R"), (N_("white"), "W"), (N_("cabooses"), "PO"))
OUTCOME_TITLE = {
    "win": N_("Final standings — a win"),
    "stalemate": N_("Final standings — a stalemate"),
    "draw": N_("Final standings — a draw"),
}


class CaboosesView(View):
    """The Cabooses table; typed text may be full notation, a short form, or several of them."""

    rules = (
        N_(
            "Cabooses in the Corner: empty your hand first. Four railways (N, E, S, W) each start with one"
            " card, and four corners (NE, SE, SW, NW) start empty, around the depot (the draw pile)."
        ),
        N_(
            "A pile builds down by one in one colour (a red 4 on a red 5). Any train card may start an empty"
            " railway; only a caboose (P8, OB) may start a corner. A purple caboose takes a 7 of any colour;"
            " nothing goes on a 1 or on a broken caboose (OB). A corner holding a caboose and a whole train"
            " from 7 to 1 departs, and the corner is free again."
        ),
        N_(
            "Your turn: draw (while the depot lasts; if nothing can be played you keep drawing), play at"
            " least one card (exactly one on your first turn), move piles as you like, then end the turn."
        ),
        N_("If the depot is empty and the player to act cannot play, whoever holds the most cards loses."),
    )
    notation = (
        N_("play R4 N (or R4 N) plays a card; R4 alone when it fits only one place"),
        N_("move E 2 N (or E 2 N) moves the top 2 cards of railway E onto N"),
        N_("relocate N NE (or N NE) moves a railway that starts with a caboose to an empty corner"),
        N_("end (or e) ends the turn; several at once, separated by commas: R4 N, E 2 N, end"),
    )

    def card_text(self, code: str) -> Text:
        return Text(code, style=COLOUR_STYLE.get(code[0], ""))

    def table(self, obs: Observation, legal: list[str]) -> RenderableType:
        parts: list[RenderableType] = [
            Text(self.header(obs), style="bold"),
            self.seats(obs),
            self.compass(obs),
        ]
        if obs.get("hand") is not None:
            parts.append(self.hand_line(obs["hand"]))
            parts.append(Text(_("Your moves (a number, the notation, or a short form like R4 N or E 2 N):")))
            parts.append(self.choices_table(self.choices(obs, legal), legal))
        return Group(*parts)

    def header(self, obs: Observation) -> str:
        seat = obs["to_act"]
        if seat is None:
            return _("Cabooses in the Corner — game over")
        notes = [
            _("drew {count}").format(count=obs["drawn"]) if obs["drawn"] else _("no draw: the depot is empty")
        ]
        if obs["played"]:
            notes.append(_("played {count} this turn").format(count=obs["played"]))
        else:
            notes.append(_("play a card before 'end'"))
        if obs["first_turn"][seat]:
            notes.append(_("first turn: one play only"))
        return _("Cabooses in the Corner — seat {seat} to act").format(seat=seat) + " · " + " · ".join(notes)

    def seats(self, obs: Observation) -> Columns:
        return Columns(
            [
                ("▶ " if obs["to_act"] == seat else "  ")
                + (_("seat {seat} (you)") if seat == obs["seat"] else _("seat {seat}")).format(seat=seat)
                + ": "
                + cards(size)
                for seat, size in enumerate(obs["hand_sizes"])
            ],
            padding=(0, 3),
        )

    def compass(self, obs: Observation) -> Fitted:
        """The 3×3 grid: corners, railways, and the depot in the middle; piles bottom to top. Where that
        is too wide, one line per place in the same order."""
        grid = Table(show_header=False, box=box.SQUARE, show_lines=True, padding=(0, 1))
        for _column in range(3):
            grid.add_column(min_width=14, max_width=34)
        lines = Table.grid(padding=(0, 1))
        lines.add_column(no_wrap=True)
        lines.add_column()
        for row in GRID:
            grid.add_row(*(self.cell(obs, place) for place in row))
            for place in row:
                if place is None:
                    lines.add_row(Text(_("depot"), style="dim"), " · ".join(self.depot_facts(obs)))
                else:
                    lines.add_row(Text(place, style="dim"), self.cell(obs, place)[len(place) + 1 :])
        return Fitted(grid, lines)

    def cell(self, obs: Observation, place: str | None) -> Text:
        if place is None:
            return Text("\n".join([_("DEPOT"), *self.depot_facts(obs)]), style="bold")
        pile = obs["piles"][place]
        text = Text(f"{place} ", style="dim")
        if not pile:
            text.append(_("empty"), style="dim")
        for number, code in enumerate(pile):
            text.append_text(self.card_text(code))
            if number < len(pile) - 1:
                text.append(" ")
        return text

    def depot_facts(self, obs: Observation) -> list[str]:
        """The depot's size, and how many trains have departed."""
        facts = [cards(obs["depot"])]
        if obs["departed"]:
            facts.append(_("departed: {count}").format(count=len(obs["departed"])))
        return facts

    def hand_line(self, hand: list[str]) -> Text:
        """The seat's hand, grouped by colour."""
        return Text(_("Your hand: ")).append_text(self.grouped(hand))

    def grouped(self, hand: list[str]) -> Text:
        """Cards by colour, each group named: blue, red, white, then the cabooses."""
        line = Text()
        for name, letters in HAND_GROUPS:
            cards = [code for code in hand if code[0] in letters]
            if not cards:
                continue
            line.append(f"{_(name)} ", style="dim")
            for code in cards:
                line.append_text(self.card_text(code))
                line.append(" ")
            line.append("  ")
        return line

    def deal(self, seen: Sequence[Observation], names: Sequence[str]) -> RenderableType:
        """Every hand by colour (the first player's first draw already in it), then the railways'
        first cards."""
        railways = Text(" · ").join(self.cell(seen[0], place) for place in RAILWAYS)
        return Group(
            seat_rows(names, [self.grouped(obs["hand"]) for obs in seen]), Text("  ").append_text(railways)
        )

    def expand(self, text: str, state: State, choices: list[str]) -> list[str]:
        """Numbers, notation and short forms, several separated by ',' or ';': ``R4 N`` plays, ``E 2 N``
        moves, ``N NE`` relocates, ``R4`` plays where only one place takes it, ``e`` ends the turn."""
        moves: list[str] = []
        for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
            moves.append(self.one_move(part, state, choices))
        if not moves:
            raise InvalidNotation(_("type a move, e.g. 'R4 N', 'move E 2 N' or 'end'"))
        return moves

    def one_move(self, text: str, state: State, choices: list[str]) -> str:
        """One move of ``expand`` (numbers refer to the choices shown before the first move)."""
        if text.isdecimal():
            return super().expand(text, state, choices)[0]
        words = text.split()
        verb = words[0].lower()
        if verb in ("play", "move", "relocate", "end"):
            return state.action_to_string(state.string_to_action(text))
        if verb == "e" and len(words) == 1:
            return "end"
        upper = [word.upper() for word in words]
        if len(words) == 1:
            return self.only_place(upper[0], state)
        if len(words) == 2:
            verb = "relocate" if upper[0] in RAILWAYS and upper[1] in CORNERS else "play"
        elif len(words) == 3:
            verb = "move"
        else:
            return state.action_to_string(state.string_to_action(text))  # reports what is wrong
        return state.action_to_string(state.string_to_action(f"{verb} {' '.join(upper)}"))

    def only_place(self, card: str, state: State) -> str:
        """``R4`` alone: the one legal place for it, or a reason."""
        plays = [
            state.action_to_string(a)
            for a in state.legal_actions()
            if state.action_to_string(a).startswith(f"play {card} ")
        ]
        if len(plays) == 1:
            return plays[0]
        if plays:
            places = ", ".join(move.split()[2] for move in plays)
            message = _("{card} may go on {places}: say which, e.g. '{card} {place}'")
            raise InvalidNotation(message.format(card=card, places=places, place=plays[0].split()[2]))
        if not CARD.match(card):
            message = _("{card!r} is no move or card: try 'R4 N', 'move E 2 N', 'end' or a number")
            raise InvalidNotation(message.format(card=card))
        raise InvalidNotation(_("{card} cannot be played anywhere now").format(card=card))

    def standings(self, obs: Observation, names: list[str]) -> RenderableType:
        table = Table(title=_(OUTCOME_TITLE.get(obs["outcome"], N_("Final standings — over"))))
        table.add_column(_("rank"), justify="right")
        for column in (_("seat"), _("player")):
            table.add_column(column)
        table.add_column(_("cards"), justify="right")
        table.add_column("")
        ranks = obs["ranking"] or [1] * len(names)
        for seat in sorted(range(len(names)), key=lambda s: (ranks[s], s)):
            mark = _("winner") if seat in obs["winners"] else _("loser") if seat in obs["losers"] else ""
            table.add_row(str(ranks[seat]), str(seat), Text(names[seat]), str(obs["hand_sizes"][seat]), mark)
        return table


def cards(count: int) -> str:
    """``1 card``, ``3 cards``, in the terminal's language."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


VIEW = CaboosesView()
