"""Who gets which game log: a table's log as the caller may see it (their seat's view, or the public one),
and a replay's log from the seat the viewer chose.

Decisions:
- A seated person gets their seat's log even after the game ended: the log of a table reads the same
  before and after a reload. A finished game's replay shows every hand, so its log may be asked for
  from any seat (``seat`` None: the public view).
- Players are named as the table names them (``narration.words.player_names``): a bot by its level
  ("easy bot"); two seats of one name get their seat number added, so a log never leaves a line's
  player in doubt.
- The log of a finished game is told once per record, seat and names and kept (``TOLD``, least recently
  used dropped beyond ``TOLD_ENTRIES`` entries): a long game's log (1,400 events) took 50 ms a request
  on an idle machine, 0.4 s on a busy one (``benchmarks/watch_cost.py``). It is kept by a digest of the
  record itself, so a record that differs in anything (another game, an upload) is another entry.
- A running table's log is never told from its record: the table keeps its story as its moves are made
  (``game_log.Story`` on its ``Live``), and a request words only the steps after its ``since``, outside
  the table's lock (the whole log of a 1,000-move game, asked once by a page that loads late, holds
  no move up). Each table message carries its latest step's entries (``updates``), so a page that
  follows the table asks again only when it missed a message.
- A table's log (live or replayed) says which moves the stand-in made, from the marks stored beside its
  events (``decided``; a running table keeps them with its story); an upload has none.
- A log is in its reader's language (``server.language``): a finished game's log is kept per language
  asked for, like per seat.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

import cardtable
from cardtable.i18n import DEFAULT
from cardtable.narration.words import player_names

from ..errors import Invalid
from ..schemas import GameLogPublic, LogEntryPublic, SheetRowPublic
from . import decided
from .decided import NONE, Marks
from .game_log import Entry, SheetRow, table_labels, tell
from .replay_cache import Kept
from .replays import unnamed_seats
from .tables import TableService

TOLD_ENTRIES = 100_000
"""About 30 MB of entries (some 300 bytes each): dozens of long games' logs, hundreds of short ones."""
Told = tuple[list[Entry], list[SheetRow]]
TOLD: Kept[tuple[bytes, int | None, tuple[str, ...], tuple[Any, ...], str], Told] = Kept(
    budget=TOLD_ENTRIES, weight=lambda told: len(told[0]) + len(told[1]) + 1
)
"""Finished games' logs as ``tell`` tells them, by (digest of the record, seat, names, the marks of who
decided, language): the same for every app. Kept as told, not as the answer's models, which take four
times the memory."""


def table_log(
    tables: TableService, table_id: int, user_id: int, since: int = 0, language: str = DEFAULT
) -> GameLogPublic:
    """The log of a table as ``user_id`` may see it, in ``language``, from the entries after record
    version ``since``: a running table's from its kept story (``game_log.Story``), a finished one's told
    from its record."""
    with tables.live.lock(table_id):
        live = tables.live.load(table_id)
        seat = live.seat_of(user_id)
        story = live.story if live.status == "playing" else None
        if story is not None:  # a copy of what is asked for, worded outside the lock
            steps, scores, version = story.after(since), list(story.scores), story.version
        record = live.state.record() if live.state is not None and story is None else None
        names = player_names(table_labels(live.seats), language=language)
    if story is not None:
        entries = story.entries(steps, seat, language)
        return log_public(seat, names, version, entries, story.sheet(scores, language))
    if record is None:
        return log_public(seat, names, 0, [], [])
    record["seed"] = None  # the log is told from the record's events alone
    marks = table_marks(tables, table_id)
    finished = live.status == "over"
    return public_log(record, seat, names, since, finished=finished, marks=marks, language=language)


def table_marks(tables: TableService, table_id: int) -> Marks:
    """Which moves of a table the stand-in made, and its seats' hand-offs (``decided``)."""
    with tables.db.read() as session:
        return decided.read(session, table_id)


def replay_log(
    record: dict[str, Any], seat: int | None, marks: Marks = NONE, language: str = DEFAULT
) -> GameLogPublic:
    """A replay's log from ``seat`` (None: the public view) in ``language``, with a table's ``marks`` of
    who decided; Invalid for a seat the game has not."""
    players = cardtable.make(record["game"], **record["options"]).players
    if seat is not None and not 0 <= seat < players:
        raise Invalid("this game has seats 0 to {last}", code="no-such-seat", last=players - 1)
    labels = record.get("players") or unnamed_seats(record["game"], players, language)
    names = player_names(labels, language=language)
    return public_log(record, seat, names, 0, finished=True, marks=marks, language=language)


def public_log(
    record: dict[str, Any],
    seat: int | None,
    names: list[str],
    since: int,
    *,
    finished: bool = False,
    marks: Marks = NONE,
    language: str = DEFAULT,
) -> GameLogPublic:
    """The log of ``record`` from ``seat`` after version ``since`` in ``language``, with the whole score
    sheet; a ``finished`` game's whole log is told once per language and kept (``TOLD``)."""
    if finished:
        key = (_digest(record), seat, tuple(names), marks.key(), language)
        entries, sheet = TOLD.get(key, lambda: tell(record, seat, names, marks, language))
    else:
        entries, sheet = tell(record, seat, names, marks, language)
    version = len(record["events"])
    return log_public(seat, names, version, [e for e in entries if e.version > since], sheet)


def log_public(
    seat: int | None, names: list[str], version: int, entries: list[Entry], sheet: list[SheetRow]
) -> GameLogPublic:
    """The answer of a log request."""
    return GameLogPublic(
        seat=seat,
        names=names,
        version=version,
        entries=[
            LogEntryPublic(step=e.step, version=e.version, kind=e.kind, text=e.text, seat=e.seat)  # type: ignore[arg-type]
            for e in entries
        ],
        sheet=[
            SheetRowPublic(label=r.label, deltas=r.deltas, totals=r.totals, note=r.note, version=r.version)
            for r in sheet
        ],
    )


def _digest(record: dict[str, Any]) -> bytes:
    """What tells one record from every other (its canonical JSON's SHA-256)."""
    return hashlib.sha256(
        orjson.dumps(record, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    ).digest()
