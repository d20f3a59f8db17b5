"""The tables waiting for a person's move ("Your turn at N tables" in the header and the lobby).

Decisions:
- Read from the database, not from the tables held in memory: the list is the same on every server, and
  includes tables no server holds right now.
- A seat the stand-in bot plays is not waiting for its person; a real-time table waiting for you counts
  as much as a turn-based one.
"""

from __future__ import annotations

import time

from ..db.database import Database
from ..db.models import GameTable
from ..schemas import TurnPublic
from . import clocks, table_store
from .rule_sets import board_of


def turns_waiting(db: Database, user_id: int) -> list[TurnPublic]:
    """The tables where it is ``user_id``'s move, longest waiting first, with when the stand-in moves."""
    now = time.time()
    with db.read() as session:
        return [_turn(table, now) for table in table_store.waiting_for(session, user_id=user_id)]


def _turn(table: GameTable, now: float) -> TurnPublic:
    used = table.seats[table.to_act].time_used if table.to_act is not None else 0.0
    deadline = clocks.deadline_of(table.turn_since, table.move_seconds, table.game_seconds, used)
    return TurnPublic(
        table=table.id,
        game=table.game,
        board=board_of(table.game, table.options),
        turn_based=table.turn_based,
        since=table.turn_since,
        deadline=deadline,
        left=None if deadline is None else round(max(0.0, deadline - now), 1),
    )
