"""The tables of the platform's database (SQLAlchemy 2). Changing them needs a new Alembic migration in
``migrations/versions`` (a test compares the two).

Decisions:
- A game table's state is its record: ``events`` holds the record's events in order, one row each, and
  nothing else about the play is stored but what the lobby needs to list a table without replaying it
  (``version``, ``to_act``, ``status``, ``result``). The primary key ``(table_id, idx)`` also keeps two
  writers from ever committing different events at the same place.
- ``seed`` is a server secret: it fixes future deals, so it never leaves the server.
- Sessions store only a hash of the cookie's token, so a copy of the database logs nobody in.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """JSON columns for dicts, time-zone aware timestamps."""

    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, datetime: DateTime(timezone=True)}


class User(Base):
    """A registered account (``username`` set) or a guest (``username`` None)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str | None] = mapped_column(String(20), unique=True)
    """Lower-case login name; unique among accounts."""
    display_name: Mapped[str] = mapped_column(String(24))
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime]


class AuthSession(Base):
    """A login: the SHA-256 of the session cookie's token, and until when it is valid."""

    __tablename__ = "auth_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime]


class GameTable(Base):
    """A table in the lobby: a game with its options and seats, open, playing or over."""

    __tablename__ = "game_tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]]
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), index=True)
    """``open`` (waiting for players), ``playing`` or ``over``."""
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime]
    version: Mapped[int] = mapped_column(Integer, default=0)
    """How many record events are stored (the state version a move must answer)."""
    to_act: Mapped[int | None]
    result: Mapped[dict[str, Any] | None]

    seats: Mapped[list[Seat]] = relationship(
        order_by="Seat.seat", cascade="all, delete-orphan", lazy="selectin"
    )
    creator: Mapped[User] = relationship(lazy="joined")


class Seat(Base):
    """One seat of a table: open, kept for an invited account, taken by a user, or played by a bot."""

    __tablename__ = "seats"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    invited: Mapped[str | None] = mapped_column(String(20))
    """The username this seat is kept for (it stays set once that user sits, so leaving keeps it)."""
    bot: Mapped[str | None] = mapped_column(String(20))
    """The bot level playing this seat."""

    user: Mapped[User | None] = relationship(lazy="joined")


class Event(Base):
    """One event of a table's record, in order."""

    __tablename__ = "events"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(primary_key=True)
    data: Mapped[dict[str, Any]]
