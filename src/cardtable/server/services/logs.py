"""Who gets which game log: a table's log as the caller may see it (their seat's view, or the public one),
and a replay's log from the seat the viewer chose.

Decisions:
- A seated person gets their seat's log even after the game ended: the log of a table reads the same
  before and after a reload. A finished game's replay shows every hand, so its log may be asked for
  from any seat (``seat`` None: the public view).
- Players are named as the table names them (``seat_names``): a bot by its level ("easy bot"); two
  seats of one name get their seat number added, so a log never leaves a line's player in doubt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardtable

from ..errors import Invalid
from ..schemas import GameLogPublic, LogEntryPublic, SeatPublic, SheetRowPublic
from .game_log import tell
from .tables import TableService


def seat_names(labels: Sequence[str]) -> list[str]:
    """Names from a record's player labels (``bot:easy`` is "easy bot"), duplicates told apart by seat."""
    names = [f"{label[4:]} bot" if label.startswith("bot:") else label for label in labels]
    return [f"{name} (seat {seat})" if names.count(name) > 1 else name for seat, name in enumerate(names)]


def table_labels(seats: Sequence[SeatPublic]) -> list[str]:
    """The record labels of a table's seats (as ``Lobby.record`` writes them)."""
    return [f"bot:{s.name}" if s.kind == "bot" else s.name or f"seat {s.seat}" for s in seats]


def table_log(tables: TableService, table_id: int, user_id: int, since: int = 0) -> GameLogPublic:
    """The log of a table as ``user_id`` may see it, from the entries after record version ``since``."""
    with tables.live.lock(table_id):
        live = tables.live.load(table_id)
        record = live.state.record() if live.state is not None else None
        seat = live.seat_of(user_id)
        names = seat_names(table_labels(live.seats))
    if record is None:
        return GameLogPublic(seat=seat, names=names, entries=[], sheet=[])
    record["seed"] = None  # the log is told from the record's events alone
    return public_log(record, seat, names, since)


def replay_log(record: dict[str, Any], seat: int | None) -> GameLogPublic:
    """A replay's log from ``seat`` (None: the public view); Invalid for a seat the game has not."""
    players = cardtable.make(record["game"], **record["options"]).players
    if seat is not None and not 0 <= seat < players:
        raise Invalid(f"this game has seats 0 to {players - 1}", code="no-such-seat")
    labels = record.get("players") or [f"seat {s}" for s in range(players)]
    return public_log(record, seat, seat_names(labels), 0)


def public_log(record: dict[str, Any], seat: int | None, names: list[str], since: int) -> GameLogPublic:
    """The log of ``record`` from ``seat`` after version ``since``, with the whole score sheet."""
    entries, sheet = tell(record, seat, names)
    return GameLogPublic(
        seat=seat,
        names=names,
        entries=[
            LogEntryPublic(step=e.step, version=e.version, kind=e.kind, text=e.text, seat=e.seat)  # type: ignore[arg-type]
            for e in entries
            if e.version > since
        ],
        sheet=[SheetRowPublic(label=r.label, deltas=r.deltas, totals=r.totals, note=r.note) for r in sheet],
    )
