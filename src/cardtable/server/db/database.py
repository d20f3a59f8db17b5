"""The connection to the database: sessions for reading and for writing, and migrations at start-up.

Decisions:
- SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit is in the write-ahead log before it
  returns, so it survives the server process being killed (the crash test kills it with SIGKILL); only a
  power cut may lose the last commits. PostgreSQL keeps its own, stricter defaults.
- SQLite allows one writer at a time. Writers from our threads take a lock in turn instead of meeting
  SQLite's busy handler, whose sleeps of up to 100 ms would show up as stalls under load.
- SQLite's automatic checkpoint would copy the log into the database (with an fsync) inside whichever
  commit crossed its threshold, stalling that move and every move queued behind it. It is turned off, and
  a background thread checkpoints every ``CHECKPOINT_SECONDS`` instead: the bulk while writers carry on,
  then the last pages between two commits, so the log starts over instead of growing without end.
- PostgreSQL connections are not pinged at each checkout (a round trip before every move's
  transaction): a connection the server dropped fails its statement once, SQLAlchemy then replaces every
  pooled connection made before that failure, and that one request gets an error having changed nothing.
  Connections are renewed after ``RECYCLE_SECONDS`` as well.
- JSON columns are written and read with orjson (``json_text``, ``json_value``), as compact JSON.
- The schema is made by Alembic's migrations (shipped in this package) at every start; ``upgrade`` is
  idempotent.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

log = logging.getLogger(__name__)
MIGRATIONS = Path(__file__).with_name("migrations")
CHECKPOINT_SECONDS = 1.0
RECYCLE_SECONDS = 1800
"""PostgreSQL: a pooled connection older than this is replaced at its next checkout."""
POOL_SIZE = 20
"""PostgreSQL: connections kept open. People's moves have four threads of their own (``move_threads``),
each keeping one of them (``keeping_connection``); the rest is the most of anyio's worker threads (40 by
default), which take reads, requests and the rest of the services' work off the event loop (``app``). A
connection past the pool is opened for one transaction and
closed after it: with SQLAlchemy's default of 5, py-spy at 200 tables saw a connection set up for many
moves, and with 20 connections for 40 workers, 40 to 170 were opened in a 30-second run. Two instances
keep 40 of PostgreSQL's 100."""
MIGRATION_LOCK = 0x636172647461626C
"""PostgreSQL advisory lock key held while migrating ("cardtabl" in ASCII)."""


class Database:
    """An engine plus the session discipline of the server: ``read()`` and ``write()`` units of work."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        options: dict[str, Any] = {"json_serializer": json_text, "json_deserializer": json_value}
        if self.is_sqlite:
            options["connect_args"] = {"check_same_thread": False, "timeout": 30}
            database = url.split("///", 1)[-1]
            if database and database != ":memory:":
                Path(database).parent.mkdir(parents=True, exist_ok=True)
        else:
            options["pool_recycle"] = RECYCLE_SECONDS
            options["pool_size"] = POOL_SIZE
        self.engine: Engine = create_engine(url, **options)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._autocommit: Engine | None = None
        if not self.is_sqlite:
            self._autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._kept = _Kept()
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._write_lock = threading.Lock() if self.is_sqlite else None
        self._closed = threading.Event()
        if self.is_sqlite:
            threading.Thread(target=self._checkpoints, name="sqlite-checkpoint", daemon=True).start()

    def upgrade(self) -> None:
        """Bring the schema to the newest migration (instances starting together take turns).

        On SQLite, foreign keys are off while migrating: a batch migration copies a table and drops the
        old one, which other tables' rows still point at (the keys hold again once it is renamed back)."""
        with self.engine.connect() as connection:
            if self.is_sqlite:  # the pragma is ignored inside a transaction: set it before one begins
                connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
                connection.commit()
            try:
                with connection.begin():
                    if not self.is_sqlite:  # held to the commit: a second instance then finds it current
                        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                    config = Config()
                    config.set_main_option("script_location", str(MIGRATIONS))
                    config.attributes["connection"] = connection
                    command.upgrade(config, "head")
            finally:
                if self.is_sqlite:
                    connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                    connection.commit()

    @contextlib.contextmanager
    def read(self) -> Iterator[Session]:
        """A session for queries; nothing it does is committed."""
        with self._sessions() as session:
            yield session

    @contextlib.contextmanager
    def write(self) -> Iterator[Session]:
        """A session committed when the block ends without error, rolled back otherwise."""
        lock = self._write_lock or contextlib.nullcontext()
        with lock, self._sessions() as session, session.begin():
            yield session

    @contextlib.contextmanager
    def transaction(self, *, one_statement: bool = False) -> Iterator[Connection]:
        """A Core connection in a transaction, committed when the block ends without error: for the
        per-move write, where the ORM's unit of work would cost more than the statements. A block that
        runs ``one_statement`` gets, on PostgreSQL, a connection in autocommit mode: the statement is its
        own transaction, stored in one round trip instead of three (BEGIN, it, COMMIT)."""
        if one_statement and self._autocommit is not None:
            if self._kept.keeps:
                with self._kept_connection() as connection:
                    yield connection
            else:
                with self._autocommit.connect() as connection:
                    yield connection
            return
        lock = self._write_lock or contextlib.nullcontext()
        with lock, self.engine.begin() as connection:
            yield connection

    @contextlib.contextmanager
    def keeping_connection(self) -> Iterator[None]:
        """Around the life of a thread that stores moves (``move_threads``): on PostgreSQL its
        ``one_statement`` transactions share one connection, taken from the pool at the first and given
        back when the block ends, instead of one taken and given back each time (that cost about 40 us of
        CPU, 3% of a move)."""
        self._kept.keeps = True
        try:
            yield
        finally:
            connection, self._kept.connection = self._kept.connection, None
            self._kept.keeps = False
            if connection is not None:
                connection.close()

    @contextlib.contextmanager
    def _kept_connection(self) -> Iterator[Connection]:
        """This thread's kept autocommit connection; after a failure, which may have broken it, it goes
        back to the pool (whose check-in finds out) and the next transaction makes another."""
        assert self._autocommit is not None
        connection = self._kept.connection
        if connection is not None and time.monotonic() - self._kept.since > RECYCLE_SECONDS:
            self._kept.connection = None
            connection.close()
            connection = None
        if connection is None:
            connection = self._kept.connection = self._autocommit.connect()
            self._kept.since = time.monotonic()
        try:
            yield connection
        except BaseException:
            self._kept.connection = None
            connection.close()
            raise

    def close(self) -> None:
        """Stop checkpointing and close every pooled connection."""
        self._closed.set()
        self.engine.dispose()

    def _checkpoints(self) -> None:
        while not self._closed.wait(CHECKPOINT_SECONDS):
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")  # the bulk, beside writers
                    with self._write_lock or contextlib.nullcontext():
                        # the last few pages; the next commit then starts the log over instead of growing it
                        connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # the next round tries again; a failed checkpoint loses nothing
                log.warning("SQLite checkpoint failed", exc_info=True)


class _Kept(threading.local):
    """Per thread: whether it keeps a connection (``keeping_connection``), and the one it keeps."""

    keeps = False
    connection: Connection | None = None
    since = 0.0
    """When the connection kept was made (``time.monotonic``): renewed after ``RECYCLE_SECONDS``, as the
    pool's are."""


def json_text(value: Any) -> str:
    """The text of a JSON column's value: orjson rather than the standard library's encoder, which was 4%
    of a loaded server's time writing each move's record events. A string orjson refuses (a lone UTF-16
    surrogate, which an uploaded record may hold) is escaped by the standard library, as before."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value)


def json_value(text: str | bytes) -> Any:
    """A JSON column's value: orjson, or the standard library for the escaped surrogates it refuses."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
