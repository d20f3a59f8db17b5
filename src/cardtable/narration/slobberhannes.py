"""Slobberhannes told: each trick with the penalties it costs its taker, each hand by its number."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..core.story import Fact
from .lines import Cards, Line, Phrase, Seat
from .tricks import TRICK_WORDS, PiquetNarrator


class SlobberhannesNarrator(PiquetNarrator):
    words: ClassVar[Mapping[str, str]] = {
        **TRICK_WORDS,
        "slobberhannes.deal": "Hand {number}: cards dealt, {leads}",
        "slobberhannes.trick": "{seat} takes the trick ({cards}): {penalties}",
        "slobberhannes.trick/you": "You take the trick ({cards}): {penalties}",
        "penalty.first": "first trick −1",
        "penalty.queen": "{card} −1",
        "penalty.last": "last trick −1",
    }

    def fact_deal(self, fact: Fact) -> list[Line]:
        params = {
            "number": fact.args["hand"],
            "leads": Phrase("role.leads", {"seat": Seat(fact.args["leader"])}),
        }
        return [Line("section", "slobberhannes.deal", params)]

    def fact_trick(self, fact: Fact) -> list[Line]:
        penalties = tuple(
            Phrase(f"penalty.{penalty}", {"card": Cards(("QC",))}) for penalty in fact.args["penalties"]
        )
        if not penalties:
            return super().fact_trick(fact)
        params = {**self.trick_params(fact), "penalties": penalties}
        return [Line("note", "slobberhannes.trick", params, fact.seat)]


NARRATOR = SlobberhannesNarrator()
