"""Cabooses in the Corner told: plays, moves and relocations by place, departing trains, each turn's
draws (how many, and how many because no play was possible) and the depot running out.

Cards are named in words, as the pack names them (``card_words``: "red 4", "purple caboose", "blue engine
1"), not by their codes; places by the letters the table shows (``N``, ``NE``). Which cards a seat drew
is in the draw fact's secret; the log says how many, as the table does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..core.story import Fact
from .base import Narrator
from .cards import PACK_WORDS, named_card
from .lines import Cards, Count, Line, Phrase, Seat


class CaboosesNarrator(Narrator):
    words: ClassVar[Mapping[str, str]] = {
        "cabooses.deal": "{deals}; {starts}",
        "cabooses.play": "{seat} plays {card} to {place}",
        "cabooses.play/you": "You play {card} to {place}",
        "cabooses.play/move": "{card} to {place}",
        "cabooses.move": "{seat} moves {count} from {source} to {target}",
        "cabooses.move/you": "You move {count} from {source} to {target}",
        "cabooses.move/move": "{count} from {source} to {target}",
        "cabooses.relocate": "{seat} moves the caboose pile on {source} to the corner {corner}",
        "cabooses.relocate/you": "You move the caboose pile on {source} to the corner {corner}",
        "cabooses.relocate/move": "the caboose pile on {source} to the corner {corner}",
        "cabooses.end-turn": "{seat} ends the turn",
        "cabooses.end-turn/you": "You end the turn",
        "cabooses.end-turn/move": "end the turn",
        "cabooses.depart": "A complete train departs: {cards}",
        "cabooses.draw": "{seat} draws {count}",
        "cabooses.draw/you": "You draw {count}",
        "cabooses.draw.forced": "{seat} draws {count} ({forced} more: no play was possible)",
        "cabooses.draw.forced/you": "You draw {count} ({forced} more: no play was possible)",
        "cabooses.draw.more": "{seat} draws {forced} more: no play was possible",
        "cabooses.draw.more/you": "You draw {forced} more: no play was possible",
        "cabooses.depot-empty": "The depot is empty: turns now start without a draw",
    }
    card_words: ClassVar[Mapping[str, str]] = PACK_WORDS["cabooses"]
    card_separator: ClassVar[str] = ", "

    def card(self, code: str) -> str:
        return named_card("cabooses", code, self.all_words)

    def fact_deal(self, fact: Fact) -> list[Line]:
        params = {
            "deals": Phrase("role.deals", {"seat": Seat(fact.args["dealer"])}),
            "starts": Phrase("role.starts", {"seat": Seat(fact.args["first"])}),
        }
        return [Line("section", "cabooses.deal", params)]

    def fact_play(self, fact: Fact) -> list[Line]:
        params = {"card": Cards((fact.args["card"],)), "place": fact.args["place"]}
        return [self.move_line(fact, "cabooses.play", params)]

    def fact_move(self, fact: Fact) -> list[Line]:
        params = {
            "count": Count(fact.args["count"], "card"),
            "source": fact.args["from"],
            "target": fact.args["to"],
        }
        return [self.move_line(fact, "cabooses.move", params)]

    def fact_relocate(self, fact: Fact) -> list[Line]:
        params = {"source": fact.args["from"], "corner": fact.args["corner"]}
        return [self.move_line(fact, "cabooses.relocate", params)]

    def fact_end_turn(self, fact: Fact) -> list[Line]:
        return [self.move_line(fact, "cabooses.end-turn", {})]

    def move_line(self, fact: Fact, key: str, params: Mapping[str, object]) -> Line:
        seat = fact.seat or 0
        return Line("move", key, {"seat": Seat(seat), **params}, seat)

    def fact_depart(self, fact: Fact) -> list[Line]:
        return [Line("note", "cabooses.depart", {"cards": Cards(tuple(fact.args["cards"]))})]

    def fact_draw(self, fact: Fact) -> list[Line]:
        """A turn's draws ("draws 3 cards (2 more: no play was possible)"), or the forced draws after a
        move or relocation, all of them because no play was possible ("draws 1 more: ...")."""
        count, forced = fact.args["count"], fact.args["forced"]
        key = (
            "cabooses.draw.more" if forced == count else "cabooses.draw.forced" if forced else "cabooses.draw"
        )
        params = {"seat": Seat(fact.seat or 0), "count": Count(count, "card"), "forced": forced}
        return [Line("note", key, params, fact.seat)]

    def fact_depot_empty(self, fact: Fact) -> list[Line]:
        return [Line("note", "cabooses.depot-empty")]


NARRATOR = CaboosesNarrator()
