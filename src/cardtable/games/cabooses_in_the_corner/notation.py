"""Cabooses in the Corner's move notation (``docs/records.md``: ``play C X``, ``move X K Y``,
``relocate X C``, ``end``): the text of an action id, and the id of a text, refused with a reason
(InvalidNotation) when it is not a move.
"""

from __future__ import annotations

from ...core.errors import InvalidNotation
from .board import (
    CARD_IDS,
    CODES,
    CORNERS,
    END_ACTION,
    MAX_K,
    MOVE_BASE,
    MOVE_OF,
    NUM_PLACES,
    PLACE_IDS,
    PLACES,
    PLAY_BASE,
    RELOCATE_BASE,
    move_id,
    relocate_id,
)

PLACE_LIST = " ".join(PLACES)
K_WORDS = {str(k): k for k in range(1, MAX_K + 1)}


def _card(text: str, move: str) -> int:
    card = CARD_IDS.get(text.upper())
    if card is None:
        raise InvalidNotation(f"{move!r}: {text!r} is not a card (B1-B7, R1-R7, W1-W7, P8, OB)")
    return card


def _place(text: str, move: str) -> int:
    place = PLACE_IDS.get(text.upper())
    if place is None:
        raise InvalidNotation(f"{move!r}: {text!r} is not a place ({PLACE_LIST})")
    return place


def action_text(action: int) -> str:
    """The notation of ``docs/records.md`` for an action id."""
    if action < MOVE_BASE:
        card, place = divmod(action - PLAY_BASE, NUM_PLACES)
        return f"play {CODES[card]} {PLACES[place]}"
    if action < RELOCATE_BASE:
        x, k, y = MOVE_OF[action - MOVE_BASE]
        return f"move {PLACES[x]} {k} {PLACES[y]}"
    if action < END_ACTION:
        railway, corner = divmod(action - RELOCATE_BASE, len(CORNERS))
        return f"relocate {PLACES[railway]} {PLACES[corner + CORNERS.start]}"
    return "end"


def parse_action(text: str) -> int:
    """The id of a move written as ``docs/records.md`` says (any case); raises InvalidNotation."""
    words = text.split() if isinstance(text, str) else []
    verb = words[0].lower() if words else ""
    match verb, words[1:]:
        case "play", [card, place]:
            return PLAY_BASE + _card(card, text) * NUM_PLACES + _place(place, text)
        case "move", [source, count, target]:
            x, y = _place(source, text), _place(target, text)
            if x >= CORNERS.start:
                raise InvalidNotation(f"{text!r}: only a railway (N E S W) is a move source, never a corner")
            if count not in K_WORDS:
                raise InvalidNotation(f"{text!r}: K is the number of cards to move, 1 to {MAX_K}")
            if x == y:
                raise InvalidNotation(f"{text!r}: a pile cannot move onto itself")
            return move_id(x, K_WORDS[count], y)
        case "relocate", [source, target]:
            x, corner = _place(source, text), _place(target, text)
            if x >= CORNERS.start or corner < CORNERS.start:
                raise InvalidNotation(
                    f"{text!r}: relocate names a railway then a corner, e.g. 'relocate N NE'"
                )
            return relocate_id(x, corner)
        case "end", []:
            return END_ACTION
    raise InvalidNotation(
        f"{text!r} is not a move: write 'play C X', 'move X K Y', 'relocate X C' or 'end'"
        " (e.g. 'play R4 N', 'move E 2 N', 'relocate N NE')"
    )
