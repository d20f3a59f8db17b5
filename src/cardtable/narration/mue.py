"""Mü told: a bid as one decision at its ``done``, the auction's outcome, the trump calls, the partner,
the tricks, and each hand's result by how it ended (void, éclat, made or failed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..core.story import Fact
from .cards import PACK_WORDS, named_card
from .lines import Cards, Count, Line, Phrase, Seat
from .tricks import TRICK_WORDS, TrickNarrator


class MueNarrator(TrickNarrator):
    words: ClassVar[Mapping[str, str]] = {
        **TRICK_WORDS,
        "mue.deal": "Hand {number}: {dealer}",
        "mue.deals": "{seat} deals",
        "mue.deals/you": "you deal",
        "mue.deals.out": "{seat} deals and sits out",
        "mue.deals.out/you": "you deal and sit out",
        "mue.bid": "{seat} shows {cards} ({count} face up)",
        "mue.bid/you": "You show {cards} ({count} face up)",
        "mue.bid/move": "bid {cards} ({count} face up)",
        "mue.show": "{seat} shows {card}",
        "mue.show/move": "show {card}",
        "mue.pass": "{seat} passes",
        "mue.pass/you": "You pass",
        "mue.pass/move": "pass",
        "mue.auction": "Auction over: {chief}; {vice}",
        "mue.chief": "{seat} is Chief with {bid} up (target {target})",
        "mue.chief/you": "you are Chief with {bid} up (target {target})",
        "mue.vice": "{seat} is Vice",
        "mue.vice/you": "you are Vice",
        "mue.no-vice": "no Vice",
        "mue.trump": "{seat} ({role}) names trump: {trump}",
        "mue.trump/you": "You ({role}) name trump: {trump}",
        "mue.trump/move": "trump: {trump}",
        "mue.trump.none": "{seat} ({role}) names no trump",
        "mue.trump.none/you": "You ({role}) name no trump",
        "mue.trump.none/move": "no trump",
        "mue.every": "every {number}",
        "mue.role.vice": "Vice",
        "mue.role.chief": "Chief",
        "mue.partner": "{seat} names {partner} as partner; together they need {target} points",
        "mue.partner/you": "You name {partner} as partner; together you need {target} points",
        "mue.partner/move": "{partner} as partner",
        "mue.void": "nobody bid",
        "mue.eclat": "éclat at {bid} between {tied}; {latecomer} came last",
        "mue.made": "{team} made it with {points} of {target}",
        "mue.failed": "{team} failed it with {points} of {target}",
    }
    card_words: ClassVar[Mapping[str, str]] = PACK_WORDS["five-colours"]
    card_separator: ClassVar[str] = ", "

    def card(self, code: str) -> str:
        return named_card("five-colours", code, self.all_words)

    def fact_deal(self, fact: Fact) -> list[Line]:
        deals = Phrase(
            "mue.deals.out" if fact.args["sits_out"] else "mue.deals", {"seat": Seat(fact.args["dealer"])}
        )
        return [Line("section", "mue.deal", {"number": fact.args["hand"], "dealer": deals})]

    def fact_show(self, fact: Fact) -> list[Line]:
        """A card shown is told with the whole bid, at its ``done``."""
        return []

    def choice_lines(self, fact: Fact) -> list[Line]:
        """A card shown, as one choice of a bid's step ("show red 7")."""
        if fact.kind != "show":
            return self.lines(fact)
        params = {"seat": Seat(fact.seat or 0), "card": Cards((fact.args["card"],))}
        return [Line("move", "mue.show", params, fact.seat)]

    def fact_bid(self, fact: Fact) -> list[Line]:
        params = {
            "seat": Seat(fact.seat or 0),
            "cards": Cards(tuple(fact.args["cards"])),
            "count": fact.args["count"],
        }
        return [Line("move", "mue.bid", params, fact.seat)]

    def fact_pass(self, fact: Fact) -> list[Line]:
        return [Line("move", "mue.pass", {"seat": Seat(fact.seat or 0)}, fact.seat)]

    def fact_auction(self, fact: Fact) -> list[Line]:
        args = fact.args
        chief = Phrase(
            "mue.chief",
            {"seat": Seat(args["chief"]), "bid": Count(args["bid"], "card"), "target": args["target"]},
        )
        vice = (
            Phrase("mue.no-vice")
            if args["vice"] is None
            else Phrase("mue.vice", {"seat": Seat(args["vice"])})
        )
        return [Line("note", "mue.auction", {"chief": chief, "vice": vice})]

    def fact_trump(self, fact: Fact) -> list[Line]:
        args = fact.args
        params: dict[str, object] = {"seat": Seat(fact.seat or 0), "role": Phrase(f"mue.role.{args['role']}")}
        if args["kind"] == "none":
            return [Line("move", "mue.trump.none", params, fact.seat)]
        trump = args["trump"]
        params["trump"] = (
            self.all_words[f"mue.colour.{trump}"]
            if args["kind"] == "colour"
            else Phrase("mue.every", {"number": trump})
        )
        return [Line("move", "mue.trump", params, fact.seat)]

    def fact_partner(self, fact: Fact) -> list[Line]:
        params = {
            "seat": Seat(fact.seat or 0),
            "partner": Seat(fact.args["partner"]),
            "target": fact.args["target"],
        }
        return [Line("move", "mue.partner", params, fact.seat)]

    def score_note(self, fact: Fact) -> Phrase:
        """How the hand ended, for its result line and the score sheet."""
        args = fact.args
        outcome = args["outcome"]
        if outcome == "void":
            return Phrase("mue.void")
        if outcome == "eclat":
            tied = tuple(Seat(seat) for seat in args["tied"])
            return Phrase(
                "mue.eclat", {"bid": args["bid"], "tied": tied, "latecomer": Seat(args["latecomer"])}
            )
        team = tuple(Seat(seat) for seat in (args["chief"], args["partner"]) if seat is not None)
        return Phrase(
            f"mue.{outcome}", {"team": team, "points": args["team_points"], "target": args["target"]}
        )


NARRATOR = MueNarrator()
