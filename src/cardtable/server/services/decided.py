"""Who decided: which moves of a table the stand-in bot made, and when a seat was handed to it or taken
back, so the game log can say "Bob's stand-in plays A♦ (time ran out)", "Carol stepped away", "Carol is
back".

The record (``cardtable-record/1``) cannot carry this: a move event is exactly ``{"seat", "move"}`` and
the engine refuses anything more (``docs/records.md``). So the server keeps it beside the events, in the
stored event rows themselves, under ``MARKS`` (no schema change):

- a stand-in's move event gets ``{"by": "stand-in", "why": W}``: ``time`` (the move's time ran out),
  ``away`` (its person is away) or ``out-of-time`` (their game time ran out);
- a seat handed to the stand-in or back while the table is at version V adds ``{"seat": S, "away": A}`` to
  event V - 1 (the last one stored): ``away`` (stepped away), ``gone`` (no connection past the grace
  period), ``time`` (game time ran out), ``left`` (the account was deleted) or None (taken back);
- a game stopped at version V before its rules ended it adds ``{"ended": HOW, "seat": S}`` to event V - 1:
  ``conceded`` (seat S conceded) or ``abandoned`` (by everyone's vote; no seat) (``endings``).

Decisions:
- Every reader of stored events gets them without ``MARKS`` (``record_events``), so the engine, the cluster's
  catch-up and every record see exactly the engine's events; only the game log reads the marks (``read``).
- A seat's hand-off is told with the step after it (the log is fetched by version, and a hand-off makes no
  new version): "Carol stepped away" comes just before her stand-in's first move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Connection, String, cast, select, update
from sqlalchemy.orm import Session

from ..db.models import Event

MARKS = "marks"
"""The key of a stored event row's data that holds who decided (never part of the record)."""


@dataclass(frozen=True)
class Marks:
    """Who decided, by record event index: the stand-in's moves (and why), and the seats' hand-offs."""

    moves: dict[int, str] = field(default_factory=dict)
    """Event index of a move the stand-in made → why (``time``, ``away``, ``out-of-time``)."""
    handoffs: dict[int, list[tuple[int, str | None]]] = field(default_factory=dict)
    """Version → the seats handed to the stand-in (why) or back (None) at that version, in order."""
    ends: dict[int, tuple[str, int | None]] = field(default_factory=dict)
    """Version → how the game stopped there before its rules ended it (``conceded``, ``abandoned``), and
    the seat that conceded."""

    def key(self) -> tuple[Any, ...]:
        """A hashable form, for caches of told logs."""
        return (
            tuple(sorted(self.moves.items())),
            tuple(sorted((v, tuple(h)) for v, h in self.handoffs.items())),
            tuple(sorted(self.ends.items())),
        )


NONE = Marks()


def stand_in_move(events: list[dict[str, Any]], why: str) -> list[dict[str, Any]]:
    """A stand-in's move's events as stored: the move event (the first) marked with ``why``."""
    first = {**events[0], MARKS: [{"by": "stand-in", "why": why}]}
    return [first, *events[1:]]


def mark_handoff(connection: Connection, *, table_id: int, version: int, seat: int, away: str | None) -> None:
    """Note beside the last stored event (``version`` - 1) that ``seat`` went to the stand-in (``away``
    says how) or back to its person (None). Nothing at version 0 (no game yet)."""
    _mark(connection, table_id=table_id, version=version, mark={"seat": seat, "away": away})


def mark_end(connection: Connection, *, table_id: int, version: int, how: str, seat: int | None) -> None:
    """Note beside the last stored event (``version`` - 1) that the game stopped there: ``how``
    (``conceded``, by ``seat``; ``abandoned``)."""
    _mark(connection, table_id=table_id, version=version, mark={"ended": how, "seat": seat})


def _mark(connection: Connection, *, table_id: int, version: int, mark: dict[str, Any]) -> None:
    """Add ``mark`` to the marks of stored event ``version`` - 1 (nothing at version 0: no game yet)."""
    if version < 1:
        return
    where = (Event.table_id == table_id, Event.idx == version - 1)
    data = connection.execute(select(Event.data).where(*where)).scalar_one_or_none()
    if data is None:
        return
    data = dict(data)
    data[MARKS] = [*data.get(MARKS, []), mark]
    connection.execute(update(Event).where(*where).values(data=data))


def record_events(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored event rows as the record's events (without ``MARKS``)."""
    return [{k: v for k, v in row.items() if k != MARKS} if MARKS in row else row for row in rows]


def _marked(table_id: int) -> tuple[ColumnElement[bool], ...]:
    """The stored event rows of a table that carry marks."""
    return Event.table_id == table_id, cast(Event.data, String).contains(f'"{MARKS}"')


def read(session: Session, table_id: int) -> Marks:
    """The marks of a table's stored events (only the rows that have some are read)."""
    query = select(Event.idx, Event.data).where(*_marked(table_id)).order_by(Event.idx)
    marks = Marks()
    for idx, data in session.execute(query):
        for mark in data.get(MARKS, []):
            if mark.get("by") == "stand-in":
                marks.moves[idx] = str(mark.get("why"))
            elif "ended" in mark:
                marks.ends[idx + 1] = (str(mark["ended"]), mark.get("seat"))
            elif "seat" in mark:
                marks.handoffs.setdefault(idx + 1, []).append((int(mark["seat"]), mark.get("away")))
    return marks


def timeouts(connection: Connection, table_id: int) -> Counter[int]:
    """Per seat, the moves the stand-in made at a table because the move's time ran out (for
    ``reputation``, in the transaction of the game's last move)."""
    counts: Counter[int] = Counter()
    for data in connection.scalars(select(Event.data).where(*_marked(table_id))):
        if any(mark.get("by") == "stand-in" and mark.get("why") == "time" for mark in data.get(MARKS, [])):
            counts[int(data["seat"])] += 1
    return counts
