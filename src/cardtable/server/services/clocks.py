"""The clocks of a table, as pure functions of a table and a moment: when the person to act runs out of
time, how much game time a move used, and what the clocks show. Nothing here reads the time or sets a
timer (``turns`` does), so each answer follows from its arguments alone.

A table may limit the time per decision (``move_seconds``) and/or per game (``game_seconds``), counted
from ``turn_since``, the moment the decision waiting began. Only a person's own decisions are timed: bots
and the stand-in bot are not.

Decisions:
- Time a person spends is charged up to the deadline only: past it the stand-in bot was thinking.
- ``CLOCK_SLACK`` absorbs float rounding, so a game clock charged to its deadline counts as run out.

>>> deadline_of(100.0, 30, 600, 590.0)
110.0
>>> deadline_of(None, 30, None, 0.0) is None
True
"""

from __future__ import annotations

from ..schemas import ClockState
from .live import Live

CLOCK_SLACK = 1e-6
"""Seconds of float rounding under which a game clock counts as run out."""


def deadline_of(
    turn_since: float | None, move_seconds: int | None, game_seconds: int | None, time_used: float
) -> float | None:
    """When a person's time for the current decision ends (Unix seconds); None when no clock limits it."""
    limits = [float(move_seconds)] if move_seconds else []
    if game_seconds:
        limits.append(max(0.0, game_seconds - time_used))
    return None if turn_since is None or not limits else turn_since + min(limits)


def deadline(live: Live) -> float | None:
    """When the person to act runs out of time for this decision; None when no clock runs."""
    state = live.state
    seat = state.current_player() if state is not None and live.status == "playing" else None
    if seat is None or live.seat_users[seat] is None or seat in live.away:
        return None
    used = live.time_used[seat] if seat < len(live.time_used) else 0.0
    return deadline_of(live.turn_since, live.move_seconds, live.game_seconds, used)


def charge(live: Live, seat: int, moved_at: float) -> float | None:
    """The game time ``seat``'s person has used once the decision made at ``moved_at`` counts (None:
    nothing to charge: no game clock, a bot's seat, or the stand-in's move)."""
    if not live.game_seconds or live.seat_users[seat] is None or live.turn_since is None:
        return None
    if seat in live.away:
        return None
    ends = deadline(live)
    until = moved_at if ends is None else min(moved_at, ends)
    return live.time_used[seat] + max(0.0, until - live.turn_since)


def out_of_game_time(live: Live, seat: int, ends: float) -> bool:
    """Whether ``seat``'s game time is used up once its decision runs to ``ends``, its deadline."""
    if not live.game_seconds:
        return False
    spent = live.time_used[seat] + (ends - (live.turn_since or ends))
    return spent >= live.game_seconds - CLOCK_SLACK


def clock_state(live: Live, now: float) -> ClockState | None:
    """The clocks as of ``now``, for a table message (None: the table has no clock)."""
    if not (live.move_seconds or live.game_seconds):
        return None
    ends = deadline(live)
    to_act = live.state_seat()
    left: list[float | None] = []
    for seat, user in enumerate(live.seat_users):
        if user is None or not live.game_seconds:
            left.append(None)
            continue
        spent = live.time_used[seat] if seat < len(live.time_used) else 0.0
        if seat == to_act and ends is not None and live.turn_since is not None:
            spent += min(now, ends) - live.turn_since
        left.append(round(max(0.0, live.game_seconds - spent), 1))
    turn_left = None if ends is None else round(max(0.0, ends - now), 1)
    return ClockState(
        move_seconds=live.move_seconds, game_seconds=live.game_seconds, left=left, turn_left=turn_left
    )
