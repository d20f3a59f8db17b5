"""Game of Trains told: each draw (its card to the drawer alone), placement and market card used, with
what the card's ability did. Cards are named by their numbers (the codes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..core.story import Fact
from .base import Narrator
from .lines import Cards, Line, Phrase, Seat


class GameOfTrainsNarrator(Narrator):
    words: ClassVar[Mapping[str, str]] = {
        "game-of-trains.deal": "Cards dealt: {first}",
        "game-of-trains.draw": "{seat} draws a card",
        "game-of-trains.draw/you": "You draw a card",
        "game-of-trains.draw/move": "draw a card",
        "game-of-trains.draw.seen": "{seat} draws {card} (only you see it)",
        "game-of-trains.draw.seen/you": "You draw {card} (only you see it)",
        "game-of-trains.place": "{seat} places {card} at position {position}, {replaced} goes to the market",
        "game-of-trains.place/you": "You place {card} at position {position}, {replaced} goes to the market",
        "game-of-trains.place/move": "{card} at position {position}, {replaced} to the market",
        "game-of-trains.use": "{seat} uses {card} from the market: {effect}",
        "game-of-trains.use/you": "You use {card} from the market: {effect}",
        "game-of-trains.use/move": "{card} from the market: {effect}",
        "game-of-trains.swap": "swaps the cars at positions {first} and {second} ({car} and {other})",
        "game-of-trains.move": "moves car {car} from position {position} to {to}",
        "game-of-trains.protect": "protects car {car} at position {position}",
        "game-of-trains.ability": "{ability}",
        "game-of-trains.remove": "every train loses its car at position {position} unless it is protected",
    }

    def fact_deal(self, fact: Fact) -> list[Line]:
        return [
            Line(
                "section",
                "game-of-trains.deal",
                {"first": Phrase("role.plays-first", {"seat": Seat(fact.args["first"])})},
            )
        ]

    def fact_draw(self, fact: Fact) -> list[Line]:
        """The card drawn is named only to the drawer (``Fact.seen_by`` left the secret to it alone)."""
        params: dict[str, object] = {"seat": Seat(fact.seat or 0)}
        if fact.secret is None:
            return [Line("move", "game-of-trains.draw", params, fact.seat)]
        params["card"] = Cards((fact.secret["card"],))
        return [Line("move", "game-of-trains.draw.seen", params, fact.seat)]

    def fact_place(self, fact: Fact) -> list[Line]:
        args = fact.args
        params = {
            "seat": Seat(fact.seat or 0),
            "card": Cards((args["card"],)),
            "position": args["position"],
            "replaced": Cards((args["replaced"],)),
        }
        return [Line("move", "game-of-trains.place", params, fact.seat)]

    def fact_use(self, fact: Fact) -> list[Line]:
        params = {"seat": Seat(fact.seat or 0), "card": Cards((fact.args["card"],)), "effect": effect(fact)}
        return [Line("move", "game-of-trains.use", params, fact.seat)]

    def fact_trains(self, fact: Fact) -> list[Line]:
        """The final trains are for a replay's last picture; the log's last line is the game's end."""
        return []


def effect(fact: Fact) -> Phrase:
    """What a market card's ability did, as the engine says it (positions 1–7, cars by number)."""
    args = fact.args
    kind = args.get("effect")
    if kind is None:  # a form of ``use`` the card never takes (described, never made)
        return Phrase("game-of-trains.ability", {"ability": args["ability"].lower()})
    if kind == "swap":
        (first, second), (car, other) = args["positions"], args["cars"]
        params = {"first": first, "second": second, "car": Cards((car,)), "other": Cards((other,))}
    elif kind == "move":
        params = {"car": Cards((args["car"],)), "position": args["from"], "to": args["to"]}
    elif kind == "protect":
        params = {"car": Cards((args["car"],)), "position": args["position"]}
    else:
        params = {"position": args["position"]}
    return Phrase(f"game-of-trains.{kind}", params)


NARRATOR = GameOfTrainsNarrator()
