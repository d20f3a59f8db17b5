"""What happened in a match, as the engine knows it: facts, for whoever tells the game.

A move's meaning and what the rules then did on their own (a trick taken, cards drawn, cars removed, a
hand scored, a new deal) come from the engine as ``Fact`` values: a kind, the seat it concerns and its
arguments (cards as codes, seats as numbers). ``State.describe`` gives a move's fact before it is made,
``State.tell`` makes a move and gives every fact it led to, ``State.opening`` those of the set-up. The
narrators (``cardtable.narration``) turn facts into words; nothing outside ``games/`` reads a move's
notation or compares observations to learn what happened.

Hidden information: a fact's ``args`` are public; what only its seat may know (the card it drew) is in
``secret``, which ``seen_by`` keeps for that seat alone. A deal's deck is never a fact.

>>> fact = Fact("draw", 1, {"pile": "deck"}, secret={"card": "12"})
>>> fact.seen_by(1).secret, fact.seen_by(0).secret, fact.seen_by(None).secret
({'card': '12'}, None, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing that happened: a move (``move`` True, ``kind`` its verb) or what the rules did."""

    kind: str
    seat: int | None = None
    """The seat the fact is about (the mover, the trick's taker, the drawer), or None."""
    args: Mapping[str, Any] = field(default_factory=dict)
    """What anyone at the table may know of it: JSON values, cards as their codes."""
    secret: Mapping[str, Any] | None = None
    """What only ``seat`` may know of it (the card it drew)."""
    move: bool = False
    """True for a decision a seat made (told as its move), False for what the rules did."""

    def seen_by(self, viewer: int | None) -> Fact:
        """The fact as ``viewer`` (a seat, or None for the public) may know it."""
        if self.secret is None or viewer == self.seat:
            return self
        return replace(self, secret=None)


def logged_facts(events: list[Mapping[str, Any]]) -> list[Fact]:
    """The facts of the engine's own record events (deals, scores, shuffles), without what is hidden: a
    deal's seats but not its deck, a shuffle's size but not its order."""
    facts = []
    for event in events:
        kind, payload = next(iter(event.items()))
        if kind == "score":
            facts.append(
                Fact("score", None, {"deltas": list(payload["deltas"]), "totals": list(payload["scores"])})
            )
        elif kind == "shuffle":
            facts.append(Fact("shuffle", None, {"cards": len(payload)}))
        else:
            facts.append(Fact(kind, None, {k: v for k, v in payload.items() if k != "deck"}))
    return facts
