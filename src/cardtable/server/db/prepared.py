"""Statements of the move path compiled once per database dialect and run on the driver's cursor.

A move writes two or three rows. Through ``Connection.execute`` each statement passes SQLAlchemy's
execution machinery (an execution context, the compiled-cache look-up, type processing, a result object),
which cost more than SQLite took to run it. A ``Prepared`` statement is compiled from the same Core
statement, keeps its SQL text and its bind processors (the JSON columns' serializer, for one), and runs
on a DBAPI cursor of the caller's connection (``cursor_of``), inside the caller's transaction: what is
stored is what ``Connection.execute`` would store.

>>> from sqlalchemy import bindparam, column, table, update
>>> from sqlalchemy.dialects import sqlite
>>> rows = table("rows", column("id"), column("n"))
>>> statement = update(rows).where(rows.c.id == bindparam("row")).values(n=bindparam("count"))
>>> prepared = Prepared(statement, sqlite.dialect())
>>> prepared.sql, prepared.parameters({"row": 7, "count": 3})
('UPDATE rows SET n=? WHERE rows.id = ?', (3, 7))
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from sqlalchemy import Connection, Dialect
from sqlalchemy.sql import ClauseElement


class Prepared:
    """One Core statement compiled for one dialect (see the module docstring)."""

    def __init__(self, statement: ClauseElement, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql: str = compiled.string
        self.positions: list[str] | None = compiled.positiontup
        """The parameters' names in order for a positional style (SQLite's ``?``); None for a named one."""
        processors = {
            name: bind.type.dialect_impl(dialect).bind_processor(dialect)
            for name, bind in compiled.binds.items()
        }
        self.processors: dict[str, Callable[[Any], Any]] = {
            name: process for name, process in processors.items() if process is not None
        }

    def parameters(self, values: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        """The driver's parameters for ``values`` (by bind name), each through its type's processor."""
        bound = dict(values)
        for name, process in self.processors.items():
            bound[name] = process(bound[name])
        if self.positions is None:
            return bound
        return tuple(bound[name] for name in self.positions)

    def execute(self, cursor: Any, values: Mapping[str, Any]) -> int:
        """Run once with ``values`` on a DBAPI ``cursor`` (``cursor_of``); the number of rows it changed."""
        cursor.execute(self.sql, self.parameters(values))
        return int(cursor.rowcount)

    def execute_many(self, cursor: Any, rows: list[Mapping[str, Any]]) -> None:
        """Run once per row of values on a DBAPI ``cursor``; a single row as ``execute`` (psycopg's
        ``executemany`` sets up a pipeline, which costs more than one statement)."""
        if len(rows) == 1:
            cursor.execute(self.sql, self.parameters(rows[0]))
        else:
            cursor.executemany(self.sql, [self.parameters(row) for row in rows])


@contextlib.contextmanager
def cursor_of(connection: Connection) -> Iterator[Any]:
    """A DBAPI cursor of ``connection``, in its transaction, closed after the block: one for all the
    statements of a move (making a psycopg cursor costs about as much as running a statement)."""
    cursor = connection.connection.cursor()
    try:
        yield cursor
    finally:
        cursor.close()


class PreparedSet:
    """Named statements, each compiled at its first use with a dialect (one per database a server
    uses)."""

    def __init__(self, **statements: ClauseElement) -> None:
        self.statements = statements
        self.compiled: dict[tuple[str, type[Dialect]], Prepared] = {}

    def __call__(self, name: str, connection: Connection) -> Prepared:
        """The statement ``name`` compiled for ``connection``'s dialect."""
        dialect = connection.dialect
        key = (name, type(dialect))
        found = self.compiled.get(key)
        if found is None:
            found = self.compiled[key] = Prepared(self.statements[name], dialect)
        return found
