"""Troeven at the terminal: trumps, scores and points, the trick, and in version 1 both layouts as
piles (each pile's face-up card and how many face-down cards lie under it). What happens is told by
Troeven's narrator (``cardtable.narration.troeven``), not here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.cards import SUIT_NAMES
from ...core.errors import InvalidNotation
from ...core.game import State
from ...narration.cards import pack_words_in
from ..words import N_, _, current, ngettext
from .base import ROLE, Observation, SeatColumns, choice_rows, numbered, seat_rows
from .tricks import SUIT_STYLE, SUIT_SYMBOL, TrickView

SUIT_WORDS = SUIT_NAMES
TRUMP_WORDS = {
    **{letter: letter for letter in SUIT_WORDS},
    **{word: letter for letter, word in SUIT_WORDS.items()},
    **{word[:-1]: letter for letter, word in SUIT_WORDS.items()},
    **{symbol: letter for letter, symbol in SUIT_SYMBOL.items()},
}
"""What a person may type to call trumps: ``h``, ``hearts``, ``heart`` or ``♥``."""
FACE_DOWN = "▒"
EMPTY_PILE = ""
"""Version 1's choice for a pile without a card: its number stays free, so a card's number is its pile's."""


class TroevenView(TrickView):
    title = "Troeven"
    lowest_score_first = True
    rules = (
        N_(
            "Troeven: a trick game with trumps for two. The caller sees four cards, calls any suit as"
            " trumps, and leads. A trump beats any other suit; otherwise the higher card of the suit led"
            " wins."
        ),
        N_(
            "A 4, K 3, Q 2, J 1 card points, 40 in a round of 16 tricks. Whoever takes more points counts"
            " their score down by 1 (if that is the dealer, the caller's goes up 1); scores start at 7, and"
            " the first to reach 0 wins."
        ),
        N_(
            "Version 1: you play from 8 face-up piles, and playing a card turns up the one under it. Holding"
            " the suit led, you must follow it or trump."
        ),
        N_(
            "Version 2: 8 cards in hand and a stock; after each trick the winner draws, then the other"
            " player. Any card may be played until the stock is empty; then, holding the suit led or a"
            " trump, you must play one of them."
        ),
    )
    notation = (
        N_("calling trumps: a suit, S, H, D or C (or spades, hearts, diamonds, clubs), or trump H"),
        N_("a card: rank then suit, in any case: QC is Q♣, TD is 10♦ (T for ten); or its number on screen"),
    )

    def header(self, obs: Observation) -> str:
        version = _("v1: layouts") if obs["version"] == 1 else _("v2: hand and stock")
        if obs["phase"] == "trump":
            stage = _("seat {seat} calls trumps").format(seat=obs["caller"])
        else:
            stage = _("trick {trick} of {tricks}").format(
                trick=obs["trick_number"], tricks=obs["tricks_per_round"]
            )
        header = _("Troeven {version} — round {round}, {stage} — first to 0 wins")
        return header.format(version=version, round=obs["round"], stage=stage)

    def seat_columns(self, obs: Observation) -> SeatColumns:
        roles = ["", ""]
        roles[obs["dealer"]] = _("dealer")
        roles[obs["caller"]] = _("caller")
        columns: dict[str, list[str]] = {
            _("score"): [str(s) for s in obs["scores"]],
            _("points"): [str(p) for p in obs["points"]],
            _("tricks"): [str(t) for t in obs["tricks_won"]],
            _(ROLE): roles,
        }
        if obs["version"] == 2:
            columns[_("cards")] = [str(n) for n in obs["hand_sizes"]]
        return columns

    def trump_text(self, obs: Observation) -> Text:
        line = Text(_("Trumps: "))
        if obs["trump"] is None:
            line.append(_("not called yet (seat {seat} calls)").format(seat=obs["caller"]), style="dim")
        else:
            suit = obs["trump"]
            line.append(f"{SUIT_SYMBOL[suit]} {suit_word(suit)}", style=f"bold {SUIT_STYLE[suit]}")
            line.append(_(", called by seat {seat}").format(seat=obs["caller"]))
        if obs["version"] == 2:
            count = obs["stock"]
            stock = (
                _("not dealt yet")
                if count is None
                else ngettext("{count} card", "{count} cards", count).format(count=count)
            )
            line.append("   " + _("Stock: {stock}").format(stock=stock))
        return line

    def layout_table(self, obs: Observation, seat: int) -> Table:
        """One player's 8 piles: the face-up card on top and the face-down cards under it."""
        title = _("Seat {seat}'s layout (you)") if seat == obs["seat"] else _("Seat {seat}'s layout")
        table = Table(title=title.format(seat=seat), title_justify="left", box=None, padding=0)
        table.add_column(_("pile"), min_width=6)
        for pile in range(1, len(obs["layouts"][seat]) + 1):
            table.add_column(str(pile), justify="center", min_width=4)
        up: list[Text | str] = [_("up")]
        down: list[Text | str] = [_("under")]
        for pile in obs["layouts"][seat]:
            if pile["top"] is not None:
                up.append(self.card_text(pile["top"]))
            else:
                up.append(Text("·" if pile["face_down"] == 0 else "", style="dim"))
            down.append(Text(FACE_DOWN * pile["face_down"] or "–", style="dim"))
        table.add_row(*up)
        table.add_row(*down)
        return table

    def table(self, obs: Observation, legal: list[str]) -> RenderableType:
        parts: list[RenderableType] = [
            Text(self.header(obs), style="bold"),
            self.seats_table(obs),
            self.trump_text(obs),
        ]
        if obs["version"] == 1:
            me = obs["seat"] if obs["seat"] is not None else 0
            parts += [self.layout_table(obs, 1 - me), self.layout_table(obs, me)]
        parts.extend(self.trick_lines(obs))
        if obs["seat"] is not None:
            if obs["phase"] == "trump":
                if obs["hand"]:
                    parts.append(
                        Text(_("The cards you have seen: ")).append_text(self.cards_text(obs["hand"]))
                    )
                parts.append(Text(_("Call trumps (any suit):")))
            elif obs["version"] == 1:
                parts.append(Text(_("Your face-up cards (you may play the cards in [brackets]):")))
            else:
                parts.append(Text(_("Your hand (you may play the cards in [brackets]):")))
            parts.append(self.choices_table(self.choices(obs, legal), legal))
        return Group(*parts)

    def cards_text(self, codes: list[str]) -> Text:
        line = Text()
        for code in codes:
            line.append_text(self.card_text(code))
            line.append(" ")
        return line

    def deal(self, seen: Sequence[Observation], names: Sequence[str]) -> RenderableType | None:
        """Once trumps are called (the caller sees four cards before, the rest is dealt after): in version
        1 each seat's layout, a pile its face-up card with a ▒ per card face down under it; in version 2
        each hand."""
        if seen[0]["phase"] == "trump":
            return None
        if seen[0]["version"] == 2:
            return super().deal(seen, names)
        piles = seat_rows(names, [self.piles_text(obs["layouts"][seat]) for seat, obs in enumerate(seen)])
        return Group(piles, Text(f"  {FACE_DOWN} " + _("a card face down under a pile"), style="dim"))

    def piles_text(self, layout: list[dict[str, Any]]) -> Text:
        """A layout in one row: ``7♥▒ J♠▒ ·`` (``·``: an empty pile)."""
        piles = []
        for pile in layout:
            if pile["top"] is not None:
                piles.append(self.card_text(pile["top"]))
            else:
                piles.append(Text("" if pile["face_down"] else "·", style="dim"))
            piles[-1].append(FACE_DOWN * pile["face_down"], style="dim")
        return Text(" ").join(piles)

    def choices(self, obs: Observation, legal: list[str]) -> list[str]:
        if obs.get("phase") == "trump":
            return [f"trump {suit}" for suit in SUIT_WORDS]
        if obs["version"] == 1 and obs["seat"] is not None:  # numbered as the layout numbers its piles
            return [pile["top"] or EMPTY_PILE for pile in obs["layouts"][obs["seat"]]]
        return super().choices(obs, legal)

    def choices_table(self, choices: list[str], legal: list[str]) -> RenderableType:
        if not choices or not choices[0].startswith("trump "):
            return super().choices_table(choices, legal)
        return choice_rows(
            numbered(number, self.suit_text(choice[-1]), choice in legal)
            for number, choice in enumerate(choices, start=1)
        )

    def suit_text(self, suit: str) -> Text:
        return Text(f"{SUIT_SYMBOL[suit]} {suit_word(suit)}", style=SUIT_STYLE[suit])

    def expand(self, text: str, state: State, choices: list[str]) -> list[str]:
        """Besides numbers and notation, a suit alone (``h``, ``hearts``, ``♥``) calls trumps."""
        word = text.strip()
        calling = bool(choices) and choices[0].startswith("trump ")
        suit = TRUMP_WORDS.get(word.upper()) or TRUMP_WORDS.get(word.lower())
        if calling and suit is not None:
            return [f"trump {suit}"]
        if word.isdecimal() and 1 <= int(word) <= len(choices) and choices[int(word) - 1] == EMPTY_PILE:
            raise InvalidNotation(
                _("pile {pile} is empty: pick a pile with a card face up").format(pile=word)
            )
        try:
            return super().expand(text, state, choices)
        except InvalidNotation:
            if calling and not word.isdecimal():
                message = _("{word!r} is no suit: call trumps with S, H, D or C (or a number 1–4)")
                raise InvalidNotation(message.format(word=word)) from None
            raise

    def standings(self, obs: Observation, names: list[str]) -> RenderableType:
        table = super().standings(obs, names)
        if not obs["winners"]:
            nobody = _("Nobody wins: the round limit ({limit}) was reached.").format(limit=obs["round_limit"])
            return Group(table, Text(nobody))
        return table


def suit_word(suit: str) -> str:
    """A suit's name in the terminal's language, as the game's words name it (``narration.cards``)."""
    return pack_words_in("piquet", current())[f"suit.{suit}"]


VIEW = TroevenView()
