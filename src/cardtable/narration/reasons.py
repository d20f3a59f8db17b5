"""The rules' reasons for refusing a move, said to the player in their language.

The engine's reasons (``core.reasons``) are English sentences about seats ("seat 0 cannot play QC: it is
not in their hand") that keep their template and typed parameters; ``say_reason`` says one in a
narrator's language from these: the template through the ``narration`` catalog (context ``reason``), a
seat as "you" or a player's name, cards by the game's names for them, a reason inside a reason in turn.

Decisions:
- English is said as the engine wrote it, byte for byte: the English reason is what the API's ``detail``,
  the records' tools and the tests read. Every other language is worded from the template; English too
  for an answer only a person reads (``for_person``: the site's "why not?"), whose seats and cards then
  read as at the table ("you cannot play red 7"), not as the engine numbers and codes them.
- A translation speaks to the player whose move was refused (``{seat}`` is "you"): every edge asks about
  its own player's move (the site answers "why not?" only about the asker's own decision), so ``you`` is
  that seat; another seat in a reason ("Bob is the Vice") is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.reasons import CardCode, CardCodes, Reason, SeatNo
from ..i18n import DEFAULT
from .base import Narrator
from .catalog import REASON_CONTEXT


def say_reason(
    narrator: Narrator, reason: str, names: Sequence[str], you: int | None = None, *, for_person: bool = False
) -> str:
    """``reason`` in the narrator's language, said to the player at ``you`` (names per seat for the
    others); text that is no ``Reason`` (a server's own words) comes back as it is, and so does English
    unless ``for_person``."""
    if (narrator.language == DEFAULT and not for_person) or not isinstance(reason, Reason):
        return str(reason)
    said = _said(narrator, reason, names, you)
    return said[:1].upper() + said[1:]


def _said(narrator: Narrator, reason: Reason, names: Sequence[str], you: int | None) -> str:
    return reason.worded(
        lambda template: narrator.catalog.pgettext(REASON_CONTEXT, template),
        lambda value: _value(narrator, value, names, you),
    )


def _value(narrator: Narrator, value: Any, names: Sequence[str], you: int | None) -> Any:
    """A parameter in words: typed ones as the game and the reader say them, others as they are."""
    if isinstance(value, SeatNo):
        if value == you:
            return narrator.all_words["you"]
        seat = int(value)
        return names[seat] if 0 <= seat < len(names) else narrator.all_words["seat"].format(seat=seat)
    if isinstance(value, CardCode):
        return narrator.card(value)
    if isinstance(value, CardCodes):
        return narrator.card_separator.join(narrator.card(code) for code in value)
    return value
