"""The answer to "why may I not make this move, or play this card, now?" (a ``hint`` message).

Decisions:
- ``why`` answers with the engine's reason for the asking seat's own decision only: asked out of turn it
  says whose turn it is and asks the engine nothing, so no reason about another seat's hand can reach it.
- A card that several moves use (``play R4 N``) is answered with the reasons against those moves, at most
  ``HINT_REASONS`` different ones; it is legal when one of them is. Which moves use it the engine says
  (``State.describe``: the move's ``card``), not the moves' notation.
"""

from __future__ import annotations

import cardtable
from cardtable.core.game import State

from ..schemas import HintMessage
from .live import Live, away_text

HINT_REASONS = 3
"""At most this many different reasons answer a ``why`` about a card that several moves use."""


def hint(live: Live, user_id: int, text: str) -> HintMessage:
    """Why ``user_id`` may or may not make the move (or play the card) ``text`` now; Forbidden when they
    have no seat, Refused when the game is not being played."""
    seat, state = live.playing_seat(user_id)
    held = live.held_by(seat)
    if held is not None:  # asked during their turn in progress: about the state they see
        state = held.state
    to_act = state.current_player()
    reason: str | None
    if to_act != seat:
        reason = f"it is not your turn: seat {to_act} is to play"
    elif seat in live.away:
        reason = away_text(live.away[seat])
    else:
        reason = engine_reason(state, text)
    return HintMessage(table=live.id, move=text, legal=reason is None, reason=reason)


def engine_reason(state: State, text: str) -> str | None:
    """The engine's reason against a move, for the seat to act. For a word that is no move (a card that
    moves name with more words, e.g. ``play R4 N``) the reasons against the moves that use it; None when
    one of them is legal."""
    try:
        return state.why_illegal(state.string_to_action(text))
    except cardtable.InvalidNotation:
        pass
    using = [a for a in range(state.game.num_actions) if state.describe(a).args.get("card") == text]
    if not using:
        return f"{text!r} is neither a move nor a card of {state.game.name}"
    reasons: list[str] = []
    for action in using:
        reason = state.why_illegal(action)
        if reason is None:
            return None
        if reason not in reasons:
            reasons.append(reason)
    return "; ".join(reasons[:HINT_REASONS]) + ("; ..." if len(reasons) > HINT_REASONS else "")
