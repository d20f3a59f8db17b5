"""Replays: step through a finished game, or an uploaded record, move by move, with every hand shown.

Decisions:
- A replay is made from a record and nothing else: a finished table's stored record (as
  ``/api/tables/{id}/record`` publishes it, seed withheld) or a record someone uploaded. A table's game
  that stopped before its rules ended it (conceded, abandoned: ``endings``) has a record whose events
  end there and whose result is null; its replay says why it stopped (``ended``, the table's result).
- An upload is checked whole before it is stored (``check_upload``): at most ``UPLOAD_MAX_MOVES`` moves
  (counted before anything is replayed), replayed by ``cardtable.replay_steps`` so a record the rules
  refuse is refused with the engine's reason and the index of the first bad event, and ``players`` either
  left out or one name per seat (text that shows something, without control or format characters, at
  most ``LABEL_MAX`` characters). Nothing refused is stored.
- Uploads stored before these checks are checked again when read: one that fails answers 410
  (``unreadable-upload``) with the reason, never a server error.
- An upload belongs to its uploader: only they may replay, download, list, review, share or delete it by
  its id. To anyone else an upload of another answers 404 like one that does not exist (never 403, which
  would confirm it does). Ownership is looked up on every request, not cached with the replay.
- Sharing only if the owner asks: ``share`` gives the upload a ``share_key`` (``secrets.token_urlsafe``,
  128 random bits: not guessable, unlike the sequential id), and anyone with the link
  (``/replays/shared/<key>``, guests too) may replay, download and have it reviewed; ``unshare`` withdraws
  the key, and the link answers 404 at once. Sharing again makes a new key, so a withdrawn link stays dead.
- A user keeps at most ``quota`` uploads (409 ``upload-quota``; deleting one makes room) and may upload
  ``limit`` times per window (429), refused uploads included: checking a record is the costly part. Both
  are asked before the record is checked, the quota again in the transaction that stores it.
- A frame shows ``observation(seat)`` for every seat, plus the public view: a replay is made from a
  whole record, which holds every deal, so it hides nothing. A table's replay therefore exists only once
  its game is over, like its record.
- Frames come from replays kept in a ``ReplayCache`` (copies of the state every few hundred steps), so
  any frame costs at most a few hundred moves. Making a replay costs one pass over its record; all replay
  work runs in a ``FairQueue`` of one worker (``REPLAY_WORKERS``), away from the threads that serve play,
  each user's requests in turn, so one client cannot take the CPU from the others, and a replay is never
  made twice at once.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, defer

import cardtable
from cardtable.i18n import DEFAULT
from cardtable.narration import narrator_for

from ..db.database import Database
from ..db.models import Upload
from ..errors import Invalid, NotFound, Refused
from ..fair import FairQueue
from ..json_input import read_json
from ..limits import Limit
from ..schemas import ReplayFrame, ReplayPublic, UploadPublic, UserPublic
from ..text import clean, shows_something
from .accounts import now
from .endings import ended_early
from .lobby import Lobby
from .replay_cache import Replay, ReplayCache

UPLOAD_MAX_MOVES = 10_000
"""Far more than any game played to its end takes (a few hundred to a couple of thousand moves)."""
LABEL_MAX = 40
CACHE_STEPS = 100_000
REPLAY_WORKERS = 1
WAITING_PER_USER = 32
UPLOADS_LISTED = 50
SHARE_KEY_BYTES = 16
"""A share link's id: 16 random bytes, 22 URL-safe characters."""
_UNREPLAYABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)
"""What a hostile upload can make the replay raise: each means "not a record of a game"."""


class Unreadable(Refused):
    """A stored upload that today's checks refuse (stored before they existed)."""

    status = 410
    code = "unreadable-upload"


class ReplayService:
    """Replays of finished tables and of uploaded records. Its methods block: call them through ``queue``."""

    def __init__(self, db: Database, lobby: Lobby, *, quota: int, limit: Limit) -> None:
        """``quota``: uploads a user may keep; ``limit``: uploads per user per window."""
        self.db = db
        self.lobby = lobby
        self.quota = quota
        self.limit = limit
        self.cache = ReplayCache(steps=CACHE_STEPS)
        self.queue = FairQueue(workers=REPLAY_WORKERS, waiting=WAITING_PER_USER)

    # -- finished tables ------------------------------------------------------------------------------

    def of_table(self, table_id: int, language: str = DEFAULT) -> ReplayPublic:
        """The replay of a finished table (unnamed seats named in ``language``); Refused while its game
        runs."""
        replay = self._table(table_id)
        ended = ended_early(self.lobby.get(table_id).result)
        return _public(f"table/{table_id}", replay, ended=ended, language=language)

    def table_frame(self, table_id: int, step: int) -> ReplayFrame:
        """Step ``step`` of a finished table's replay."""
        return _frame(self._table(table_id), step)

    def table_record(self, table_id: int) -> dict[str, Any]:
        """A finished table's record (seed withheld); Refused while its game runs."""
        return self._table(table_id).record

    def _table(self, table_id: int) -> Replay:
        return self.cache.get(f"table/{table_id}", lambda: Replay(self.lobby.record(table_id)))

    # -- uploads ----------------------------------------------------------------------------------------

    def upload(self, user: UserPublic, record: Any, language: str = DEFAULT) -> ReplayPublic:
        """Check an uploaded record (``check_upload``) and keep it as the user's, its replay's unnamed seats
        named in ``language``; Invalid says what is wrong, Refused that the user keeps as many as they
        may, TooMany that they upload too often."""
        with self.db.read() as session:
            self._check_quota(session, user)
        self.limit.check(str(user.id), "too many uploads; try again in {seconds} s")
        try:
            replay = check_upload(record)
        except ValueError as error:
            raise Invalid(str(error), code="bad-record") from None
        with self.db.write() as session:
            self._check_quota(session, user)
            row = Upload(
                user_id=user.id, game=str(replay.record["game"]), record=replay.record, created_at=now()
            )
            session.add(row)
            session.flush()
            source = f"upload/{row.id}"
        self.cache.put(source, replay)
        return _public(source, replay, language=language)

    def of_upload(self, user: UserPublic, upload_id: int, language: str = DEFAULT) -> ReplayPublic:
        """The replay of the user's uploaded record (unnamed seats named in ``language``); NotFound if they
        have none of that id."""
        return _public(f"upload/{upload_id}", self._upload(self._owned(user, upload_id)), language=language)

    def upload_frame(self, user: UserPublic, upload_id: int, step: int) -> ReplayFrame:
        """Step ``step`` of the replay of the user's uploaded record."""
        return _frame(self._upload(self._owned(user, upload_id)), step)

    def upload_record(self, user: UserPublic, upload_id: int) -> dict[str, Any]:
        """The user's uploaded record, as it was uploaded."""
        return self._upload(self._owned(user, upload_id)).record

    def uploads_of(self, user: UserPublic) -> list[UploadPublic]:
        """The user's uploads, newest first."""
        query = (
            select(Upload.id, Upload.game, Upload.created_at, Upload.share_key)
            .where(Upload.user_id == user.id)
            .order_by(Upload.id.desc())
            .limit(UPLOADS_LISTED)
        )
        with self.db.read() as session:
            return [
                UploadPublic(id=i, game=g, created_at=c, share_key=k) for i, g, c, k in session.execute(query)
            ]

    def share(self, user: UserPublic, upload_id: int) -> UploadPublic:
        """Give the user's upload a share link (the one it has, if shared already)."""
        with self.db.write() as session:
            row = self._owned_row(session, user, upload_id)
            if row.share_key is None:
                row.share_key = secrets.token_urlsafe(SHARE_KEY_BYTES)
            return UploadPublic(id=row.id, game=row.game, created_at=row.created_at, share_key=row.share_key)

    def unshare(self, user: UserPublic, upload_id: int) -> None:
        """Withdraw the share link of the user's upload: from now on only they may see it."""
        with self.db.write() as session:
            self._owned_row(session, user, upload_id).share_key = None

    def delete(self, user: UserPublic, upload_id: int) -> None:
        """Delete the user's upload (and with it its share link), making room under the quota."""
        with self.db.write() as session:
            session.delete(self._owned_row(session, user, upload_id))

    # -- shared uploads ---------------------------------------------------------------------------------

    def of_shared(self, key: str, language: str = DEFAULT) -> ReplayPublic:
        """The replay of the upload shared as ``key`` (unnamed seats named in ``language``); NotFound if no
        upload is shared so."""
        return _public(f"shared/{key}", self._upload(self._shared(key)), language=language)

    def shared_frame(self, key: str, step: int) -> ReplayFrame:
        """Step ``step`` of the replay of the upload shared as ``key``."""
        return _frame(self._upload(self._shared(key)), step)

    def shared_record(self, key: str) -> dict[str, Any]:
        """The record shared as ``key``, as it was uploaded."""
        return self._upload(self._shared(key)).record

    # -- access -----------------------------------------------------------------------------------------

    def _check_quota(self, session: Session, user: UserPublic) -> None:
        kept = session.scalar(select(func.count()).select_from(Upload).where(Upload.user_id == user.id))
        if kept is not None and kept >= self.quota:
            raise Refused(
                "you keep {kept} uploaded records, the most one may: delete one to upload another",
                code="upload-quota",
                kept=kept,
            )

    def _owned(self, user: UserPublic, upload_id: int) -> int:
        """``upload_id`` if it is the user's upload; NotFound alike whether there is none or it is
        another's."""
        query = select(Upload.id).where(Upload.id == upload_id, Upload.user_id == user.id)
        with self.db.read() as session:
            if session.scalar(query) is None:
                raise _unknown(upload_id)
        return upload_id

    @staticmethod
    def _owned_row(session: Session, user: UserPublic, upload_id: int) -> Upload:
        """The user's upload ``upload_id`` (its record not loaded), as ``_owned`` refuses."""
        row = session.get(Upload, upload_id, options=[defer(Upload.record)])
        if row is None or row.user_id != user.id:
            raise _unknown(upload_id)
        return row

    def _shared(self, key: str) -> int:
        with self.db.read() as session:
            found = session.scalar(select(Upload.id).where(Upload.share_key == key))
        if found is None:
            raise NotFound(
                "no record is shared at this link (its uploader may have stopped sharing it)",
                code="unknown-share",
            )
        return found

    def _upload(self, upload_id: int) -> Replay:
        """The replay of upload ``upload_id``, whose reader was allowed already."""

        def read() -> Replay:
            with self.db.read() as session:
                row = session.get(Upload, upload_id)
                if row is None:
                    raise _unknown(upload_id)
                record = row.record
            try:
                return check_upload(record)
            except ValueError as error:
                raise Unreadable(f"uploaded record {upload_id} cannot be shown: {error}") from None

        return self.cache.get(f"upload/{upload_id}", read)


def _unknown(upload_id: int) -> NotFound:
    return NotFound("there is no uploaded record {upload}", code="unknown-upload", upload=upload_id)


def check_upload(record: Any) -> Replay:
    """The replay of an uploaded record; ValueError saying what is wrong unless it is a JSON object the API
    reads, of at most ``UPLOAD_MAX_MOVES`` moves, that the rules accept, with a name per seat or none."""
    if not isinstance(record, Mapping):
        raise ValueError("a record is a JSON object (cardtable-record/1)")
    try:
        read_json(json.dumps(record, allow_nan=False))
    except ValueError as error:
        raise ValueError(f"a record is JSON with finite numbers and valid text: {error}") from None
    events = record.get("events")
    moves = (
        sum(1 for event in events if isinstance(event, dict) and "move" in event)
        if isinstance(events, list)
        else 0
    )
    if moves > UPLOAD_MAX_MOVES:
        raise ValueError(f"a record may have at most {UPLOAD_MAX_MOVES} moves; this one has {moves}")
    try:
        replay = Replay(record)
    except cardtable.RecordError as error:
        raise ValueError(f"this record cannot be replayed: {error}") from None
    except _UNREPLAYABLE as error:
        raise ValueError(f"this record cannot be replayed: {error!r}") from None
    _check_players(record.get("players"))
    return replay


def _check_players(labels: Any) -> None:
    if labels is None:
        return
    for seat, label in enumerate(labels):  # a list of one text per seat: ``cardtable.replay`` checked it
        if not (
            isinstance(label, str)
            and len(label) <= LABEL_MAX
            and clean(label) == label
            and shows_something(label)
        ):
            raise ValueError(
                f"the name of seat {seat} must be text of 1 to {LABEL_MAX} characters that shows something, "
                "without control or format characters"
            )


def _public(
    source: str, replay: Replay, *, ended: dict[str, Any] | None = None, language: str = DEFAULT
) -> ReplayPublic:
    record = replay.record
    # a record without names: its seats as people count them, from 1, in the reader's words ("seat 1")
    labels = record.get("players") or unnamed_seats(record["game"], replay.players, language)
    return ReplayPublic(
        source=source,
        game=record["game"],
        options=dict(record["options"]),
        players=labels,
        result=record["result"],
        ended=ended,
        steps=replay.steps,
    )


def _frame(replay: Replay, step: int) -> ReplayFrame:
    if not 0 <= step < len(replay.steps):
        raise NotFound("this replay has steps 0 to {last}", code="no-such-step", last=len(replay.steps) - 1)
    state = replay.state_at(step)
    at = replay.steps[step]
    return ReplayFrame(
        step=step,
        version=at.version,
        seat=at.seat,
        move=at.move,
        to_act=state.current_player(),
        views=[state.observation(seat) for seat in range(state.game.players)],
        public=state.observation(None),
    )


def unnamed_seats(game: str, players: int, language: str = DEFAULT) -> list[str]:
    """The names of the seats of a record that names nobody, as people count them ("seat 1"), in
    ``language``: the narration's word."""
    seat = narrator_for(game, language).all_words["seat"]
    return [seat.format(seat=number) for number in range(1, players + 1)]
