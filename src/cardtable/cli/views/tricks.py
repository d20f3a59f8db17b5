"""The terminal view shared by the trick-taking games: the trick, the last trick, a hand by suit."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .base import Observation, View, describe_event

SUIT_STYLE = {"S": "white", "H": "red", "D": "red", "C": "white"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class TrickView(View):
    """A trick game's table: override ``header``, ``seat_columns`` and ``card_text`` as needed."""

    title = ""

    def card_text(self, code: str) -> Text:
        """One card, coloured by suit."""
        rank, suit = code[:-1], code[-1]
        return Text(
            f"{'10' if rank == 'T' else rank}{SUIT_SYMBOL.get(suit, suit)}", style=SUIT_STYLE.get(suit, "")
        )

    def header(self, obs: Observation) -> str:
        return self.title

    def seat_columns(self, obs: Observation) -> dict[str, list[str]]:
        """Extra per-seat columns of the score table (name → value per seat)."""
        return {}

    def table(self, obs: Observation, legal: list[str]) -> RenderableType:
        parts: list[RenderableType] = [Text(self.header(obs), style="bold"), self.seats_table(obs)]
        parts.append(self.trick_line("On the table:", obs["trick"]))
        if obs.get("last_trick"):
            last = obs["last_trick"]
            parts.append(self.trick_line("Last trick:", last["cards"], f" → seat {last['winner']}"))
        parts.extend(self.extra(obs))
        if obs.get("hand") is not None:
            parts.append(Text("Your hand (legal cards numbered in green):"))
            parts.append(self.choices_table(self.choices(obs, legal), legal))
        return Group(*parts)

    def seats_table(self, obs: Observation) -> Table:
        """One row per seat: who is to act, which seat is yours, and the ``seat_columns``."""
        seats = Table(box=None, pad_edge=False)
        seats.add_column("seat")
        columns = self.seat_columns(obs)
        for name in columns:
            seats.add_column(name, justify="right")
        for seat in range(obs["players"]):
            marker = "▶ " if obs["to_act"] == seat else "  "
            you = " (you)" if seat == obs["seat"] else ""
            seats.add_row(f"{marker}{seat}{you}", *(str(values[seat]) for values in columns.values()))
        return seats

    def extra(self, obs: Observation) -> list[RenderableType]:
        """Game-specific lines under the trick."""
        return []

    def trick_line(self, label: str, plays: list[dict[str, Any]], tail: str = "") -> Text:
        line = Text(f"{label} ")
        if not plays:
            line.append("nothing yet", style="dim")
        for play in plays:
            line.append(f"seat {play['seat']} ")
            line.append_text(self.card_text(play["card"]))
            line.append("  ")
        line.append(tail)
        return line

    def choices(self, obs: Observation, legal: list[str]) -> list[str]:
        return list(obs["hand"]) if obs.get("hand") is not None else legal

    def choices_table(self, choices: list[str], legal: list[str]) -> RenderableType:
        line = Text()
        for number, card in enumerate(choices, start=1):
            playable = card in legal
            line.append(f"{number}:", style="cyan" if playable else "dim")
            text = self.card_text(card)
            if not playable:
                text.stylize("dim")
            else:
                text.stylize("bold")
            line.append_text(text)
            line.append("  ")
        return line

    def narrate(self, before: Observation, after: Observation, events: list[dict[str, Any]]) -> list[str]:
        lines = []
        for event in events:
            if "deal" in event:
                lines.append(self.deal_line(event["deal"], after))
            elif "move" in event:
                lines.append(describe_event(event))
                if after.get("last_trick") and after["last_trick"] != before.get("last_trick"):
                    last = after["last_trick"]
                    cards = " ".join(play["card"] for play in last["cards"])
                    lines.append(f"  trick {cards} → seat {last['winner']}")
            else:
                lines.append(describe_event(event))
        return lines

    def deal_line(self, deal: dict[str, Any], after: Observation) -> str:
        roles = ", ".join(f"{k} {v}" for k, v in deal.items() if k != "deck")
        return f"— new deal: {roles} —"
