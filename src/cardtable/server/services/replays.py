"""Replays: step through a finished game, or an uploaded record, move by move, with every hand shown.

Decisions:
- A replay is made from a record and nothing else: a finished table's stored record (as
  ``/api/tables/{id}/record`` publishes it, seed withheld) or a record someone uploaded. An upload is
  checked by ``cardtable.replay`` first, so a record the rules refuse is refused with the engine's reason
  and the index of the first bad event, and nothing is stored.
- A frame shows ``observation(seat)`` for every seat, plus the public view: a replay is made from a
  whole record, which holds every deal, so it hides nothing. A table's replay therefore exists only once
  its game is over, like its record.
- Frames are computed when asked for, by replaying the record up to the step (``replay_steps``): a few
  milliseconds even for the longest games, so nothing but the records (small, and unchanging) is cached.
- Uploads are kept (so a replay has an address to share), at most ``upload_max_bytes`` each.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from itertools import islice
from typing import Any

from sqlalchemy import select

import cardtable

from ..db.database import Database
from ..db.models import Upload
from ..errors import Invalid, NotFound
from ..schemas import ReplayFrame, ReplayPublic, ReplayStep, UploadPublic, UserPublic
from .accounts import now
from .lobby import Lobby

CACHE_SIZE = 64
UPLOADS_LISTED = 50
_UNREPLAYABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)
"""What a hostile upload can make the replay raise: each means "not a record of a game"."""


class ReplayService:
    """Replays of finished tables and of uploaded records."""

    def __init__(self, db: Database, lobby: Lobby) -> None:
        self.db = db
        self.lobby = lobby
        self._cache: OrderedDict[str, tuple[dict[str, Any], list[ReplayStep]]] = OrderedDict()
        self._lock = threading.Lock()

    # -- finished tables ------------------------------------------------------------------------------

    def of_table(self, table_id: int) -> ReplayPublic:
        """The replay of a finished table; Refused while its game runs."""
        return self._public(f"table/{table_id}", *self._table(table_id))

    def table_frame(self, table_id: int, step: int) -> ReplayFrame:
        """Step ``step`` of a finished table's replay."""
        return _frame(*self._table(table_id), step)

    def _table(self, table_id: int) -> tuple[dict[str, Any], list[ReplayStep]]:
        return self._cached(f"table/{table_id}", lambda: self.lobby.record(table_id))

    # -- uploads ----------------------------------------------------------------------------------------

    def upload(self, user: UserPublic, record: Any) -> ReplayPublic:
        """Check an uploaded record with ``cardtable.replay`` and keep it; Invalid says what is wrong."""
        if not isinstance(record, Mapping):
            raise Invalid("a record is a JSON object (cardtable-record/1)", code="bad-record")
        try:
            cardtable.replay(record)
            steps = _steps(record)
        except cardtable.RecordError as error:
            raise Invalid(f"this record cannot be replayed: {error}", code="bad-record") from None
        except _UNREPLAYABLE as error:
            raise Invalid(f"this record cannot be replayed: {error!r}", code="bad-record") from None
        kept = dict(record)
        with self.db.write() as session:
            row = Upload(user_id=user.id, game=str(kept["game"]), record=kept, created_at=now())
            session.add(row)
            session.flush()
            source = f"upload/{row.id}"
        self._remember(source, kept, steps)
        return self._public(source, kept, steps)

    def of_upload(self, upload_id: int) -> ReplayPublic:
        """The replay of an uploaded record; NotFound if there is none."""
        return self._public(f"upload/{upload_id}", *self._upload(upload_id))

    def upload_frame(self, upload_id: int, step: int) -> ReplayFrame:
        """Step ``step`` of an uploaded record's replay."""
        return _frame(*self._upload(upload_id), step)

    def upload_record(self, upload_id: int) -> dict[str, Any]:
        """An uploaded record, as it was uploaded."""
        return self._upload(upload_id)[0]

    def uploads_of(self, user: UserPublic) -> list[UploadPublic]:
        """The user's uploads, newest first."""
        query = (
            select(Upload.id, Upload.game, Upload.created_at)
            .where(Upload.user_id == user.id)
            .order_by(Upload.id.desc())
            .limit(UPLOADS_LISTED)
        )
        with self.db.read() as session:
            return [UploadPublic(id=i, game=g, created_at=c) for i, g, c in session.execute(query)]

    def _upload(self, upload_id: int) -> tuple[dict[str, Any], list[ReplayStep]]:
        def read() -> dict[str, Any]:
            with self.db.read() as session:
                row = session.get(Upload, upload_id)
                if row is None:
                    raise NotFound(f"there is no uploaded record {upload_id}", code="unknown-upload")
                return dict(row.record)

        return self._cached(f"upload/{upload_id}", read)

    # -- inside -------------------------------------------------------------------------------------------

    def _cached(self, source: str, read: Any) -> tuple[dict[str, Any], list[ReplayStep]]:
        with self._lock:
            found = self._cache.get(source)
            if found is not None:
                self._cache.move_to_end(source)
                return found
        record = read()
        steps = _steps(record)
        self._remember(source, record, steps)
        return record, steps

    def _remember(self, source: str, record: dict[str, Any], steps: list[ReplayStep]) -> None:
        with self._lock:
            self._cache[source] = (record, steps)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    @staticmethod
    def _public(source: str, record: dict[str, Any], steps: list[ReplayStep]) -> ReplayPublic:
        players = cardtable.make(record["game"], **record["options"]).players
        labels = record.get("players") or [f"seat {seat}" for seat in range(players)]
        return ReplayPublic(
            source=source,
            game=record["game"],
            options=dict(record["options"]),
            players=[str(label) for label in labels],
            result=record["result"],
            steps=steps,
        )


def _steps(record: Mapping[str, Any]) -> list[ReplayStep]:
    """Step 0 (the set-up) and one step per move, with the record events each step reaches."""
    return [
        ReplayStep(step=index, seat=seat, move=move, version=state.event_count())
        for index, (state, seat, move) in enumerate(cardtable.replay_steps(record))
    ]


def _frame(record: dict[str, Any], steps: list[ReplayStep], step: int) -> ReplayFrame:
    if not 0 <= step < len(steps):
        raise NotFound(f"this replay has steps 0 to {len(steps) - 1}", code="no-such-step")
    state = next(islice(cardtable.replay_steps(record), step, None)).state
    return ReplayFrame(
        step=step,
        version=steps[step].version,
        seat=steps[step].seat,
        move=steps[step].move,
        to_act=state.current_player(),
        views=[state.observation(seat) for seat in range(state.game.players)],
        public=state.observation(None),
    )
