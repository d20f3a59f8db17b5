"""The terminal view shared by the trick-taking games: the trick, the last trick, a hand by suit.

Decisions:
- "Last trick" shows the last trick of the hand being played: on a new hand's first screen there is
  none yet, though the engine still reports the previous hand's.
- Cards may be typed as they are shown (``Q♣``, ``10♥``) as well as in notation (``QC``, ``th``, ``7h``):
  suit symbols (filled or hollow) become the notation's letters and a ten's ``10`` its ``T``. Shown in
  another language, a card's rank letter is that language's (a German ``D♣``, a Dutch ``V♣``): before
  a suit symbol it is read as the notation's rank (``QC``), so what the table shows can be typed.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...core.cards import SUIT_SYMBOLS
from ...core.game import State
from ...narration.cards import short_name
from ..layout import Fitted
from ..words import _, current
from .base import Observation, SeatColumns, View, choice_rows, numbered, seats_table

SUIT_STYLE = {"S": "white", "H": "red", "D": "red", "C": "white"}
SUIT_SYMBOL = SUIT_SYMBOLS
TYPED_SUITS = str.maketrans({"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"})
TEN = re.compile(r"\b10(?=[SHDCshdc]\b)")
"""A ten typed as shown, followed by its suit letter (a symbol already made a letter)."""
CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")
"""A card as the rules write it (``KS``, ``TD``)."""
SHOWN_RANK = re.compile(r"(?<!\w)([^\W\d_])(?=[♠♤♥♡♦♢♣♧])")
"""A rank letter as shown, before a suit symbol (``D♣``)."""


class TrickView(View):
    """A trick game's table: override ``header``, ``seat_columns`` and ``card_text`` as needed."""

    title = ""

    def card_text(self, code: str) -> Text:
        """One card, coloured by suit, named as the game's log names it in the terminal's language."""
        return Text(short_name(code, current()), style=SUIT_STYLE.get(code[-1], ""))

    def header(self, obs: Observation) -> str:
        return self.title

    def seat_columns(self, obs: Observation) -> SeatColumns:
        """Extra per-seat columns of the score table (name → value per seat)."""
        return {}

    def table(self, obs: Observation, legal: list[str]) -> RenderableType:
        parts: list[RenderableType] = [Text(self.header(obs), style="bold"), self.seats_table(obs)]
        parts.extend(self.trick_lines(obs))
        parts.extend(self.extra(obs))
        if obs.get("hand") is not None:
            parts.append(Text(_("Your hand (you may play the cards in [brackets]):")))
            parts.append(self.choices_table(self.choices(obs, legal), legal))
        return Group(*parts)

    def trick_lines(self, obs: Observation) -> list[Text]:
        """The trick on the table, and the hand's last trick once there is one."""
        lines = [self.trick_line(_("On the table:"), obs["trick"])]
        last = obs.get("last_trick")
        if last and sum(obs["tricks_won"]):
            taker = " → " + _("seat {seat}").format(seat=last["winner"])
            lines.append(self.trick_line(_("Last trick:"), last["cards"], taker))
        return lines

    def seats_table(self, obs: Observation) -> Fitted:
        return seats_table(obs, self.seat_columns(obs))

    def extra(self, obs: Observation) -> list[RenderableType]:
        """Game-specific lines under the trick."""
        return []

    def trick_line(self, label: str, plays: list[dict[str, Any]], tail: str = "") -> Text:
        line = Text(f"{label} ")
        if not plays:
            line.append(_("nothing yet"), style="dim")
        for play in plays:
            line.append(_("seat {seat}").format(seat=play["seat"]) + " ")
            line.append_text(self.card_text(play["card"]))
            line.append("  ")
        line.append(tail)
        return line

    def choices(self, obs: Observation, legal: list[str]) -> list[str]:
        return list(obs["hand"]) if obs.get("hand") is not None else legal

    def expand(self, text: str, state: State, choices: list[str]) -> list[str]:
        """Cards typed as shown (``Q♣``, ``10♥``, a German ``D♣``) are read as their notation."""
        ranks = shown_ranks(current())
        text = SHOWN_RANK.sub(lambda letter: ranks.get(letter.group().upper(), letter.group()), text)
        return super().expand(TEN.sub("T", text.translate(TYPED_SUITS)), state, choices)

    def shown(self, reason: str) -> str:
        """The rules' card codes as the table draws them: KS is K♠, TD is 10♦."""
        return CARD_CODE.sub(lambda code: self.card_text(code.group()).plain, reason)

    def choices_table(self, choices: list[str], legal: list[str]) -> RenderableType:
        """The cards by number; an empty choice (a pile without a card) keeps its number unshown."""
        return choice_rows(
            numbered(number, self.card_text(card), card in legal)
            for number, card in enumerate(choices, start=1)
            if card
        )


@cache
def shown_ranks(language: str) -> dict[str, str]:
    """The rank letters ``language`` shows that the notation writes otherwise: German ``{"D": "Q", "B":
    "J"}``; none in English."""
    letters = {short_name(rank + "S", language)[:-1].upper(): rank for rank in "JQKA"}
    return {letter: rank for letter, rank in letters.items() if letter != rank}
