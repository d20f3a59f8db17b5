"""A log line before it has words: its kind, a message key and typed parameters.

Parameters are typed so the edge can word them: a ``Seat`` becomes a player's name (or "you"), ``Cards``
the game's card names, a ``Count`` a number with its noun in the right form, ``Scores`` the seats with
their points, a ``Phrase`` a nested message (a score sheet's label and note). Plain ints and strings are
said as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Seat(NamedTuple):
    """A seat, said as its player's name (or "you")."""

    seat: int


class Cards(NamedTuple):
    """Cards by their codes, said as the game names them (``Q♣ 10♣``, ``red 7, blue 3``)."""

    codes: tuple[str, ...]


class Count(NamedTuple):
    """A number of things: ``Count(2, "card")`` is "2 cards" (the noun is a key of the words)."""

    number: int
    noun: str


class Scores(NamedTuple):
    """A value per seat: ``changes`` says the seats whose value is not 0, signed ("Alice −2, Carol +1", or
    "no change"); otherwise every seat with its total ("Alice 3, Bob 5")."""

    values: tuple[int, ...]
    changes: bool = False


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message inside a message: its key and parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a log, before words."""

    kind: str
    """"section" (a deal), "move", "note" (what the rules did on their own), "result", or "end" (the
    server stopped the game before its rules ended it: a concession, an abandonment)."""
    key: str
    """The message's key in the words (``play``, ``trick``, ``slobberhannes.trick``)."""
    params: Mapping[str, Any] = field(default_factory=dict)
    seat: int | None = None
    """The seat the line is about (the mover; the subject of a "you" wording)."""
    stand_in: str | None = None
    """For a move the stand-in made: why (``time``, ``out-of-time``, ``away``)."""
