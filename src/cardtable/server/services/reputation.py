"""Reputation: how reliably an account plays its games to the end, as counts and a score from 0 to 100,
and the minimum a table may ask of the people who sit down at it.

What counts, for each account seated when a game ends by its last move:
- a game *left*: its seat was with the stand-in bot at the end because its person was away (stepped
  away, or gone past the grace period: ``away``) and did not take it back;
- a game *finished*: any other (also a seat whose game time ran out: the person stayed, the clock did not);
- a *timeout*: each move the stand-in made because the move's time ran out (marked beside the events,
  ``decided``), and a game time run out (once: the stand-in plays that seat to the end).

Decisions:
- The counts are columns of the account (``users``), added to in the transaction that stores the game's
  last move, as the ratings are: read with the account at no cost, written exactly once per game.
- The score is Bayesian: every account starts as if it had finished ``PRIOR_FINISHED`` games of
  ``PRIOR_GAMES`` (so a new account starts at 90, the benefit of the doubt a reliable player gets), a game
  left weighs as one game not finished, and ``TIMEOUTS_PER_GAME`` timeouts as one. A few games left move
  a new account (two: 75); a long record of finished games is not undone by one. ``FORMULA`` says it in
  words for the profile page (and the README repeats it).
- Bots and guests have no reputation: a guest has no lasting identity to keep one under (leaving would
  cost it nothing), so a table with a minimum takes accounts only; a table without one takes anyone.
- The minimum is checked when someone sits down; a seat the creator kept for an account (an invitation)
  is exempt, and the creator's own seat too: they chose those people. Refused with 403, code
  ``reputation``, saying what the table asks (not the score of the person refused).

>>> score(0, 0, 0), score(0, 1, 0), score(0, 2, 0), score(10, 0, 0), score(10, 1, 4)
(90, 82, 75, 95, 86)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from sqlalchemy import Connection, update
from sqlalchemy.orm import Session

from ...i18n import DEFAULT, translations
from ..db.models import User
from ..errors import N_, Forbidden
from ..schemas import ReputationPublic, SeatPublic
from . import decided

PRIOR_GAMES = 10
PRIOR_FINISHED = 9
TIMEOUTS_PER_GAME = 4
"""So many timeouts weigh as much as one game not finished."""

FORMULA = N_(
    "100 × (games finished + {prior_finished}) ÷ (games finished + games left + timeouts ÷ {timeouts} +"
    " {prior_games}), rounded. Every account starts as if it had finished {prior_finished} games of"
    " {prior_games}, at {start}; a game left to the stand-in bot counts as a game not finished, and"
    " {timeouts} timeouts (a move the stand-in made because the time ran out, or a game time run out) as one."
)
"""The score in words, as the profile page shows it (``formula``: its numbers filled in)."""


def formula(language: str = DEFAULT) -> str:
    """``FORMULA`` in ``language``, with this module's numbers."""
    return (
        translations(language, "site")
        .gettext(FORMULA)
        .format(
            prior_finished=PRIOR_FINISHED,
            prior_games=PRIOR_GAMES,
            timeouts=TIMEOUTS_PER_GAME,
            start=100 * PRIOR_FINISHED // PRIOR_GAMES,
        )
    )


def score(finished: int, left: int, timeouts: int) -> int:
    """The reputation of these counts, 0 to 100 (``FORMULA``)."""
    games = finished + left + timeouts / TIMEOUTS_PER_GAME + PRIOR_GAMES
    return round(100 * (finished + PRIOR_FINISHED) / games)


def reputation_of(user: User, language: str = DEFAULT) -> ReputationPublic | None:
    """An account's reputation, its formula in ``language``; None for a guest (or a deleted account)."""
    if user.username is None or user.deleted:
        return None
    return ReputationPublic(
        finished=user.games_finished,
        left=user.games_left,
        timeouts=user.timeouts,
        score=score(user.games_finished, user.games_left, user.timeouts),
        formula=formula(language),
    )


BELOW = {
    "table": N_("table {number} asks for a reputation of {minimum} or more (see your profile for yours)"),
    "tournament": N_(
        "tournament {number} asks for a reputation of {minimum} or more (see your profile for yours)"
    ),
}
GUESTS_BELOW = {
    "table": N_(
        "table {number} asks for a reputation of {minimum} or more, which only accounts have: "
        "sign up to sit here"
    ),
    "tournament": N_(
        "tournament {number} asks for a reputation of {minimum} or more, which only accounts have: "
        "sign up to sit here"
    ),
}
"""What a player is told who may not sit down, by the place that asks (one sentence each, translated)."""


def check_minimum(
    session: Session, user_id: int, *, place: Literal["table", "tournament"], number: int, minimum: int | None
) -> None:
    """Forbidden (code ``reputation``) when user ``user_id`` may not sit down at ``place`` ``number``
    (table 3, tournament 2) asking ``minimum``."""
    if not minimum:
        return
    user = session.get(User, user_id)
    reputation = reputation_of(user) if user is not None else None
    if reputation is None:
        raise Forbidden(GUESTS_BELOW[place], code="reputation", number=number, minimum=minimum)
    if reputation.score < minimum:
        raise Forbidden(BELOW[place], code="reputation", number=number, minimum=minimum)


def count_table(
    connection: Connection, *, table_id: int, seats: Sequence[SeatPublic], away: Mapping[int, str]
) -> None:
    """Add a game that just ended to the counts of its accounts, inside the transaction of its last move:
    ``away`` is who the stand-in plays for at the end, and why (``Live.away``)."""
    timed_out = decided.timeouts(connection, table_id)
    for seat in seats:
        if seat.kind != "player" or seat.user_id is None or seat.guest:
            continue
        left = away.get(seat.seat) == "away"
        connection.execute(
            update(User)
            .where(User.id == seat.user_id, User.username.is_not(None), User.deleted.is_(False))
            .values(
                games_finished=User.games_finished + int(not left),
                games_left=User.games_left + int(left),
                timeouts=User.timeouts + timed_out[seat.seat] + int(away.get(seat.seat) == "time"),
            )
        )
