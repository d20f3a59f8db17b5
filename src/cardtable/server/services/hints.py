"""The answer to "why may I not make this move, or play this card, now?" (a ``hint`` message).

Decisions:
- The answer is for a person, in every language English included: the engine's reason with its seats and
  cards as the table names them (``say_reason``'s ``for_person``), not the codes of the API's ``detail``.
- ``why`` answers with the engine's reason for the asking seat's own decision only: asked out of turn it
  says whose turn it is and asks the engine nothing, so no reason about another seat's hand can reach it.
- A card that several moves use (``play R4 N``) is answered with the reasons against those moves, at most
  ``HINT_REASONS`` different ones; it is legal when one of them is. Which moves use it the engine says
  (``State.describe``: the move's ``card``), not the moves' notation.
"""

from __future__ import annotations

from collections.abc import Callable

import cardtable
from cardtable.core.game import State
from cardtable.i18n import DEFAULT, translations
from cardtable.narration import narrator_for, say_reason
from cardtable.narration.words import player_names

from ..schemas import HintMessage
from .game_log import table_labels
from .live import Live, away_text

HINT_REASONS = 3
"""At most this many different reasons answer a ``why`` about a card that several moves use."""


def hint(live: Live, user_id: int, text: str, language: str = DEFAULT) -> HintMessage:
    """Why ``user_id`` may or may not make the move (or play the card) ``text`` now, in ``language`` (the
    server's own words, and the engine's reasons said to them: ``narration.say_reason``); Forbidden when
    they have no seat, Refused when the game is not being played."""
    _ = translations(language, "site").gettext
    seat, state = live.playing_seat(user_id)
    held = live.held_by(seat)
    if held is not None:  # asked during their turn in progress: about the state they see
        state = held.state
    to_act = state.current_player()
    reason: str | None
    if to_act != seat:
        # people count seats from 1, as the table shows them ("Seat 2" is the API's seat 1)
        reason = _("it is not your turn: seat {seat} is to play").format(seat=to_act + 1)
    elif seat in live.away:
        reason = _(away_text(live.away[seat]))
    else:
        names = player_names(table_labels(live.seats), language=language)
        narrator = narrator_for(live.game, language)
        reason = engine_reason(
            state, text, _, lambda said: say_reason(narrator, said, names, you=seat, for_person=True)
        )
    return HintMessage(table=live.id, move=text, legal=reason is None, reason=reason)


def engine_reason(
    state: State, text: str, _: Callable[[str], str] = str, say: Callable[[str], str] = str
) -> str | None:
    """The engine's reason against a move, for the seat to act. For a word that is no move (a card that
    moves name with more words, e.g. ``play R4 N``) the reasons against the moves that use it; None when
    one of them is legal. ``_`` says the server's own words in the reader's language, ``say`` the
    engine's reasons (``narration.say_reason``)."""
    try:
        action = state.string_to_action(text)
    except cardtable.InvalidNotation:
        action = None
    if action is not None:
        found = state.why_illegal(action)
        return None if found is None else say(found)
    using = [a for a in range(state.game.num_actions) if state.describe(a).args.get("card") == text]
    if not using:
        return _("{text} is neither a move nor a card of {game}").format(
            text=repr(text), game=state.game.name
        )
    reasons: list[str] = []
    for action in using:
        reason = state.why_illegal(action)
        if reason is None:
            return None
        said = say(reason)
        if said not in reasons:
            reasons.append(said)
    return "; ".join(reasons[:HINT_REASONS]) + ("; ..." if len(reasons) > HINT_REASONS else "")
