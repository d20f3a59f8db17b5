"""Why the rules refuse a move: the English the engine always said, and the message it was made from.

Decisions:
- A ``Reason`` is a ``str``, its value the English (records, tests, the API's English ``detail`` and the
  learners read it unchanged), that also keeps its ``template`` and ``params``: an edge says it in the
  reader's language (``narration.say_reason``) from these, without parsing English.
- Params are typed so the edge can word them: a ``SeatNo`` is a player (English "seat 2"; at the edge
  the player's name, or "you"), a ``CardCode`` or ``CardCodes`` cards by their codes (the narrator names
  them), a nested ``Reason`` words of their own (translated in turn); anything else (notation, numbers)
  is said as it is.
- Templates are literal strings at each ``reason()`` call: ``narration.catalog`` finds them in the
  engine's sources for the ``narration`` catalog (context ``reason``), so no reason goes untranslated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any


class SeatNo(int):
    """A seat a reason is about: "seat 2" in the engine's English."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return f"seat {int(self)}"


class CardCode(str):
    """A card by its code ("QC", "R7", "P8"), as the record writes it."""

    __slots__ = ()


class CardCodes(tuple[str, ...]):
    """Cards by their codes, in a row: "7C 8C" in the engine's English."""

    __slots__ = ()

    def __new__(cls, codes: Iterable[str]) -> CardCodes:
        return super().__new__(cls, codes)

    def __format__(self, spec: str) -> str:
        return " ".join(self)


class Reason(str):
    """A reason's English (its ``str``), with the ``template`` and ``params`` it was made from."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any]) -> Reason:
        made = super().__new__(cls, template.format_map(params) if params else template)
        made.template, made.params = template, params
        return made

    def worded(self, template: Callable[[str], str], value: Callable[[Any], Any]) -> str:
        """This reason in other words: its template, and each nested reason's, through ``template`` (a
        catalog's lookup), every other parameter through ``value`` (the edge's naming of seats, cards)."""
        return template(self.template).format_map(
            {
                name: param.worded(template, value) if isinstance(param, Reason) else value(param)
                for name, param in self.params.items()
            }
        )

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the template
        return (Reason, (self.template, dict(self.params)))


def reason(template: str, **params: Any) -> Reason:
    """The reason ``template`` says with ``params`` (``template`` a literal: the catalog is read from it)."""
    return Reason(template, params)
