"""The event log's entries and their record form: what a state writes as it plays, and how the chance in
a record is read back and checked.

A state logs a move as a ``(seat, action)`` pair, cheap to append in simulations, and every other event
(``deal``, ``shuffle``, ``score``) as the object the record holds. ``record_form`` turns an entry into
the record's event; ``State.events(since)`` and ``State.record()`` give them out. In a replay,
``ChanceScript`` hands the state each recorded chance outcome instead of the seed's, and the game checks
it (``check_deal`` for a deal) before using it.

>>> record_form((2, 5), lambda action: f"action {action}")
{'seat': 2, 'move': 'action 5'}
>>> deal = {"dealer": 1, "deck": ["B", "A"]}
>>> check_deal(deal, role="dealer", seats=2, fixed=0, duty="deal", cards=["A", "B"])
Traceback (most recent call last):
...
ValueError: seat 0 must deal, not seat 1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .errors import RecordError

RECORD_FORMAT = "cardtable-record/1"
"""The ``format`` of every record."""
JsonDict = dict[str, Any]
Move = tuple[int, int]
"""A decision in the log: (seat, action id)."""
Entry = Move | JsonDict
"""One event of the log: a move, or a chance or score event as the record holds it."""


def record_form(entry: Entry, notation: Callable[[int], str]) -> JsonDict:
    """The record's event for a log entry (a copy: it shares nothing with the log)."""
    if isinstance(entry, tuple):
        seat, action = entry
        return {"seat": seat, "move": notation(action)}
    return json_copy(entry)  # type: ignore[no-any-return]


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Types ``json_copy`` keeps as they are without a call: most of a deal's values (a deck of codes)."""


def json_copy(value: Any) -> Any:
    """A copy of JSON-like data (tuples become lists), so a record never shares lists with a live state."""
    if isinstance(value, dict):
        return {k: v if type(v) in _SCALARS else json_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [v if type(v) in _SCALARS else json_copy(v) for v in value]
    return value


class ChanceScript:
    """Chance outcomes taken from a record being replayed, instead of from the seed."""

    def __init__(self, events: list[Any]) -> None:
        self.events = events

    def outcome(self, kind: str, index: int) -> Any:
        """The payload of event ``index``, which must be a ``kind`` event; raises RecordError."""
        if index >= len(self.events):
            raise RecordError(f"the record ends where the rules need a '{kind}' event", index=index)
        event = self.events[index]
        if not isinstance(event, dict) or list(event) != [kind]:
            raise RecordError(f"expected a '{kind}' event here, found {event!r}", index=index)
        return event[kind]


def check_deal(
    deal: Any, *, role: str, seats: int, fixed: int | None, duty: str, cards: Sequence[str]
) -> None:
    """Raise ValueError unless ``deal`` is a deal event's payload: ``role`` (the seat the deal gives a
    part, such as ``dealer``) and ``deck`` and nothing else; the seat one of ``seats``, and ``fixed``
    where the rules fix it (``duty`` says what the seat does then, e.g. "lead this hand"); the deck
    the codes of ``cards`` in any order, each as often as there."""
    if not isinstance(deal, dict) or set(deal) != {role, "deck"}:
        raise ValueError(f"a deal holds '{role}' and 'deck'")
    seat = deal[role]
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(seats):
        raise ValueError(f"{role} must be a seat 0..{seats - 1} (got {seat!r})")
    if fixed is not None and seat != fixed:
        raise ValueError(f"seat {fixed} must {duty}, not seat {seat}")
    _check_deck(deal["deck"], cards)


def _check_deck(deck: Any, expected: Sequence[str]) -> None:
    """Raise ValueError unless ``deck`` is a list holding exactly the codes ``expected`` (any order)."""
    if not isinstance(deck, list) or not all(isinstance(code, str) for code in deck):
        raise ValueError("deck must be a list of card codes")
    if sorted(deck) != sorted(expected):
        missing = sorted(set(expected) - set(deck))
        extra = sorted(set(deck) - set(expected))
        detail = f"missing {missing}" if missing else f"unexpected {extra}" if extra else "wrong copies"
        raise ValueError(f"deck must hold the {len(expected)} cards of this pack ({detail})")
