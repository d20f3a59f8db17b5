"""Troeven told: each round by its number, dealer and caller, the trumps called, the cards turned up
(version 1) or drawn (version 2), and what decided the round (the card points, the caller's climb)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..core.cards import SUIT_SYMBOLS
from ..core.story import Fact
from .lines import Cards, Line, Phrase, Seat
from .tricks import TRICK_WORDS, PiquetNarrator


class TroevenNarrator(PiquetNarrator):
    words: ClassVar[Mapping[str, str]] = {
        **TRICK_WORDS,
        "troeven.deal": "Round {number}: {deals}, {calls}",
        "troeven.trump": "{seat} calls trumps: {suit}",
        "troeven.trump/you": "You call trumps: {suit}",
        "troeven.trump/move": "{suit} as trumps",
        "troeven.turn-up": "{seat} turns up {card} on pile {pile}",
        "troeven.turn-up/you": "You turn up {card} on pile {pile}",
        "troeven.draw": "{seat} draws a card",
        "troeven.draw/you": "You draw a card",
        "troeven.draw.seen": "{seat} draws {card} (only you see it)",
        "troeven.draw.seen/you": "You draw {card} (only you see it)",
        "troeven.round.tie": "card points {first}–{second}, nobody wins the round",
        "troeven.round.won": "card points {first}–{second}, won by {winner}",
        "troeven.round.climb": (
            "card points {first}–{second}, won by {winner}; {caller}, who called trumps, climbs 1"
        ),
    }

    def fact_deal(self, fact: Fact) -> list[Line]:
        dealer = fact.args["dealer"]
        params = {
            "number": fact.args["round"],
            "deals": Phrase("role.deals", {"seat": Seat(dealer)}),
            "calls": Phrase("role.calls-trumps", {"seat": Seat(fact.args["caller"])}),
        }
        return [Line("section", "troeven.deal", params)]

    def fact_trump(self, fact: Fact) -> list[Line]:
        params = {"seat": Seat(fact.seat or 0), "suit": SUIT_SYMBOLS[fact.args["suit"]]}
        return [Line("move", "troeven.trump", params, fact.seat)]

    def fact_turn_up(self, fact: Fact) -> list[Line]:
        params = {
            "seat": Seat(fact.seat or 0),
            "card": Cards((fact.args["card"],)),
            "pile": fact.args["pile"],
        }
        return [Line("note", "troeven.turn-up", params, fact.seat)]

    def fact_draw(self, fact: Fact) -> list[Line]:
        """A card drawn: named only to its drawer (the fact's secret is gone for anyone else)."""
        seat = Seat(fact.seat or 0)
        if fact.secret is None:
            return [Line("note", "troeven.draw", {"seat": seat}, fact.seat)]
        params = {"seat": seat, "card": Cards((fact.secret["card"],))}
        return [Line("note", "troeven.draw.seen", params, fact.seat)]

    def score_note(self, fact: Fact) -> Phrase | None:
        """The round's card points, who won it and whether the caller climbs (the engine's facts)."""
        if "points" not in fact.args:
            return None
        first, second = fact.args["points"]
        winner = fact.args["winner"]
        if winner is None:
            return Phrase("troeven.round.tie", {"first": first, "second": second})
        params = {"first": first, "second": second, "winner": Seat(winner)}
        if fact.args["caller_climbs"]:
            return Phrase("troeven.round.climb", {**params, "caller": Seat(fact.args["caller"])})
        return Phrase("troeven.round.won", params)


NARRATOR = TroevenNarrator()
