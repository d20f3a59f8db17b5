"""The open database: every finished game of the server, as streamed NDJSON, for research.

Decisions:
- A line per finished table (status ``over``), oldest first: ``{"table", "game", "finished", "ended",
  "record"}``. ``record`` is the game's record as ``/api/tables/{id}/record`` publishes it (seed
  withheld), rebuilt by replaying the stored events (each checked by the rules); ``ended`` is the
  table's result when the game stopped before its rules ended it (conceded, abandoned: ``endings``),
  as a replay shows it, else null. Nothing is shown that a finished table's replay does not show.
- Guests are anonymised: a guest's seat is labelled ``guest``, not with the guest's name, which could
  be anything a person typed. Accounts keep their names, as their public profiles and replays show
  them; bots are ``bot:<level>``; deleted accounts are already ``Former player``.
- ``finished`` is the time of the game's last move (``turn_since``, as tournaments read it), in UTC,
  to the millisecond. ``since`` keeps the games finished in a later millisecond, so a client resumes
  with the last line's ``finished`` and never gets that game again (a game that finished in the same
  millisecond but fell beyond ``limit`` is missed too: the one gap of the cursor). Lines are ordered by
  that time, then by table, and read from the database in batches (keyset pages: a batch is one short
  read, and the stream holds no transaction open while it is sent).
- One request streams at most ``MAX_GAMES`` games (``limit``); the next request goes on from the last.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

import cardtable

from ..db.database import Database
from ..db.models import GameTable
from .endings import ended_early
from .game_log import table_labels
from .live import stored_record
from .table_store import seat_public

BATCH = 50
"""Tables read from the database at a time."""
MAX_GAMES = 10_000
DEFAULT_GAMES = 1_000
GUEST = "guest"
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def finished_games(db: Database, *, game: str | None, since: datetime | None, limit: int) -> Iterator[str]:
    """The NDJSON lines of up to ``limit`` finished games (of ``game``, or every game), finished after
    ``since`` (a naive time is UTC), oldest first."""
    start = None if since is None else GameTable.turn_since >= (_milliseconds(since) + 1) / 1000
    after: tuple[float, int] | None = None
    """The last table sent: (its ``turn_since``, its id)."""
    sent = 0
    while sent < limit:
        query = (
            select(GameTable)
            .where(GameTable.status == "over", GameTable.turn_since.is_not(None))
            .order_by(GameTable.turn_since, GameTable.id)
            .limit(min(BATCH, limit - sent))
        )
        if game is not None:
            query = query.where(GameTable.game == game)
        if start is not None:
            query = query.where(start)
        if after is not None:
            moment, table_id = after
            later = and_(GameTable.turn_since == moment, GameTable.id > table_id)
            query = query.where(or_(GameTable.turn_since > moment, later))
        with db.read() as session:
            tables = list(session.scalars(query))
            lines = [_line(session, table) for table in tables]
        yield from lines
        sent += len(lines)
        if len(tables) < BATCH or not tables:
            return
        last = tables[-1]
        assert last.turn_since is not None
        after = (last.turn_since, last.id)


def _line(session: Session, table: GameTable) -> str:
    """One finished table as its export line."""
    seats = [seat_public(seat) for seat in table.seats]
    labels = [GUEST if seat.guest else label for seat, label in zip(seats, table_labels(seats), strict=True)]
    record = cardtable.replay(stored_record(session, table)).record(players=labels)
    record["seed"] = None
    assert table.turn_since is not None
    at = EPOCH + timedelta(milliseconds=math.floor(table.turn_since * 1000))
    finished = at.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    line = {
        "table": table.id,
        "game": table.game,
        "finished": finished,
        "ended": ended_early(table.result),
        "record": record,
    }
    return json.dumps(line, separators=(",", ":")) + "\n"


def _milliseconds(moment: datetime) -> int:
    """A time as whole milliseconds since the epoch, counted exactly (a naive time is read as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return (moment - EPOCH) // timedelta(milliseconds=1)
