"""What the trick games' narrators share: a card played and a trick taken."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..core.story import Fact
from .base import Narrator
from .cards import PIQUET_SHORT_WORDS, piquet_short
from .lines import Cards, Line, Seat

TRICK_WORDS: Mapping[str, str] = {
    "play": "{seat} plays {card}",
    "play/you": "You play {card}",
    "play/move": "{card}",
    "trick": "{seat} takes the trick ({cards})",
    "trick/you": "You take the trick ({cards})",
}


class TrickNarrator(Narrator):
    """A trick game's narrator: ``play`` and ``trick`` facts."""

    words: ClassVar[Mapping[str, str]] = TRICK_WORDS

    def fact_play(self, fact: Fact) -> list[Line]:
        return [
            Line(
                "move", "play", {"seat": Seat(fact.seat or 0), "card": Cards((fact.args["card"],))}, fact.seat
            )
        ]

    def fact_trick(self, fact: Fact) -> list[Line]:
        return [Line("note", "trick", self.trick_params(fact), fact.seat)]

    def trick_params(self, fact: Fact) -> dict[str, object]:
        return {"seat": Seat(fact.seat or 0), "cards": Cards(tuple(fact.args["cards"]))}


class PiquetNarrator(TrickNarrator):
    """The piquet pack's games: cards named ``Q♣``, ``10♦`` (a Dutch ``V♣``)."""

    card_words: ClassVar[Mapping[str, str]] = PIQUET_SHORT_WORDS

    def card(self, code: str) -> str:
        return piquet_short(code, self.all_words)
