"""The tables of the platform's database (SQLAlchemy 2). Changing them needs a new Alembic migration in
``migrations/versions`` (a test compares the two).

Decisions:
- A game table's state is its record: ``events`` holds the record's events in order, one row each, and
  nothing else about the play is stored but what the lobby needs to list a table without replaying it
  (``version``, ``to_act``, ``status``, ``result``). The primary key ``(table_id, idx)`` also keeps two
  writers from ever committing different events at the same place.
- ``seed`` is a server secret: it fixes future deals, so it never leaves the server.
- Sessions store only a hash of the cookie's token, so a copy of the database logs nobody in.
- Clock times are Unix seconds in float columns (``turn_since``, ``time_used``): plain arithmetic, and
  the same on SQLite, which keeps no time zone, as on PostgreSQL.
- A rating belongs to an account or to a bot level, never both (one unique pair per game each).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint
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
    email: Mapped[str | None] = mapped_column(String(254))
    """Where turn-based tables send their mails (None: no mail)."""
    mail_turns: Mapped[bool] = mapped_column(default=True)
    """Mail "your turn at table N" (at a turn-based table, at most once per table per hour)."""
    mail_results: Mapped[bool] = mapped_column(default=True)
    """Mail "game over" when a turn-based table ends."""
    mail_invitations: Mapped[bool] = mapped_column(default=True)
    """Mail "you are invited to table N" when a seat there is kept for this account (once per table)."""
    email_verified: Mapped[bool] = mapped_column(default=False)
    """The address was confirmed through the link mailed to it; nothing else is mailed to it before."""
    verify_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    """SHA-256 (hex) of the token of the verification link last mailed; None: no link pending."""
    verify_expires: Mapped[float | None] = mapped_column(Float)
    """When that link stops working (Unix seconds)."""
    unsubscribe_key: Mapped[str | None] = mapped_column(String(64), unique=True)
    """The token of the account's one-click unsubscribe link, in every mail (``secrets.token_urlsafe``)."""
    trick_pause_ms: Mapped[int | None]
    """How long a finished trick stays on the table (None: the browser's own choice)."""
    language: Mapped[str | None] = mapped_column(String(8))
    """The language the site speaks to the account (``cardtable.i18n.LANGUAGES``; None: the browser's)."""
    deleted: Mapped[bool] = mapped_column(default=False)
    """The account was deleted: its games keep this row under a neutral name, and nothing else of it."""
    games_finished: Mapped[int] = mapped_column(Integer, default=0)
    """Games that ended with this account's seat not left to the stand-in (``services.reputation``)."""
    games_left: Mapped[int] = mapped_column(Integer, default=0)
    """Games that ended with its seat left to the stand-in bot (away, gone) (``services.reputation``)."""
    timeouts: Mapped[int] = mapped_column(Integer, default=0)
    """Moves the stand-in made because their time ran out, and game clocks run out
    (``services.reputation``)."""


class Friend(Base):
    """An account's friend: one way, like a follow (``services.friends``)."""

    __tablename__ = "friends"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    friend_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime]


class Block(Base):
    """An account ``user_id`` blocked: it may not sit with them, invite them, or be read in their chat."""

    __tablename__ = "blocks"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime]


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
    created_from: Mapped[str | None] = mapped_column(String(64), index=True)
    """The client address the table was created from (tables per address are limited)."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """How many record events are stored (the state version a move must answer)."""
    to_act: Mapped[int | None]
    result: Mapped[dict[str, Any] | None]
    move_seconds: Mapped[int | None]
    """The clock: seconds for each decision (None: no limit per move)."""
    game_seconds: Mapped[int | None]
    """The clock: seconds each seat has for the whole game (None: no limit per game)."""
    stand_in: Mapped[str] = mapped_column(String(20), default="medium")
    """The bot level that moves for a person who ran out of time or is away."""
    turn_since: Mapped[float | None] = mapped_column(Float)
    """When the seat to act began its decision (Unix seconds): the clocks count from here."""
    turn_based: Mapped[bool] = mapped_column(default=False)
    """Played over hours or days (``move_seconds`` per move): nobody is replaced for being gone."""
    rated: Mapped[bool] = mapped_column(default=True)
    """The game moves ratings; False: a friendly table (``services.endings``)."""
    min_reputation: Mapped[int | None]
    """The reputation (0 to 100) an account needs to sit down here (None: none; ``services.reputation``)."""
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("tournaments.id"), index=True)
    """The tournament this table is a game of (None: a table of the lobby; ``services.tournaments``)."""

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
    """The username this seat is kept for, as the creator typed it (shown; it stays set once that user
    sits, so leaving keeps it)."""
    invited_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    """The account the seat is kept for: only it may take the seat (None with ``invited`` set: the name was
    no account; the account signed up under it is given the seat). Deleting the account frees its kept
    seats."""
    bot: Mapped[str | None] = mapped_column(String(20))
    """The bot level playing this seat."""
    time_used: Mapped[float] = mapped_column(Float, default=0.0)
    """Seconds of the game clock this seat's person has used."""
    away: Mapped[str | None] = mapped_column(String(10))
    """Why the stand-in bot moves for this seat's person now: ``away`` (left or disconnected past the grace
    period) or ``time`` (out of game time); None while the person plays."""
    mailed_at: Mapped[float | None] = mapped_column(Float)
    """When this seat's person was last mailed that it is their turn (Unix seconds)."""
    abandon_vote: Mapped[bool] = mapped_column(default=False)
    """This seat's person voted to abandon the running game (``services.endings``)."""
    invitation_mailed_at: Mapped[float | None] = mapped_column(Float)
    """When the account this seat is kept for was mailed the invitation (Unix seconds; None: never): it is
    mailed once per table."""

    user: Mapped[User | None] = relationship(lazy="joined", foreign_keys=[user_id])


class Event(Base):
    """One event of a table's record, in order. ``data`` may also hold, under ``marks``, who decided (the
    stand-in's moves, seats handed to it or back: ``services.decided``), which every reader of the record
    leaves out."""

    __tablename__ = "events"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(primary_key=True)
    data: Mapped[dict[str, Any]]


class Rating(Base):
    """The Elo rating, per game and rule set, of an account (``user_id``) or of a bot level (``bot``)."""

    __tablename__ = "ratings"
    __table_args__ = (UniqueConstraint("game", "user_id"), UniqueConstraint("game", "bot"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    """The leaderboard: the game's name, or ``<game>-v<version>`` for a game with several rule sets
    (``services.rule_sets``)."""
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    bot: Mapped[str | None] = mapped_column(String(20))
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)

    user: Mapped[User | None] = relationship(lazy="joined")


class RatingChange(Base):
    """What one finished table did to one rating (before and after), to show with the result."""

    __tablename__ = "rating_changes"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    rating_id: Mapped[int] = mapped_column(ForeignKey("ratings.id", ondelete="CASCADE"), primary_key=True)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)


class ChatLine(Base):
    """One line of a table's chat, stored as typed (it is escaped where it is shown)."""

    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(24))
    """The display name when it was said."""
    seat: Mapped[int | None]
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime]


class Upload(Base):
    """A game record someone uploaded to replay, kept once ``cardtable.replay`` accepted it."""

    __tablename__ = "uploads"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    record: Mapped[dict[str, Any]]
    created_at: Mapped[datetime]
    share_key: Mapped[str | None] = mapped_column(String(32), unique=True)
    """The unguessable id of its share link while its uploader shares it (``secrets.token_urlsafe``);
    None: only the uploader may see it."""


class Review(Base):
    """A game review of one seat (``cardtable.review``): running, with its progress, or done, with its
    result. One per record, seat and budget, whoever asked for it first and from wherever the record came
    (``record_key`` hashes what a review depends on: the game, its options and its events)."""

    __tablename__ = "reviews"
    __table_args__ = (UniqueConstraint("record_key", "seat", "iterations"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    record_key: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int]
    iterations: Mapped[int]
    """The budget: search iterations per decision."""
    requested_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    """Who started the last run (their running reviews count against their limit)."""
    status: Mapped[str] = mapped_column(String(10))
    """``queued`` (waiting for a free review slot), ``running``, ``done`` or ``failed``."""
    done: Mapped[int] = mapped_column(Integer, default=0)
    """Judged decisions done so far."""
    total: Mapped[int | None]
    """Judged decisions in all (None until the record was looked through)."""
    result: Mapped[dict[str, Any] | None]
    """The review once done; while it runs, its pace (``seconds_per_decision``, for the time left)."""
    error: Mapped[str | None] = mapped_column(String(300))
    updated_at: Mapped[datetime]
    """When the run last made progress (or its queued job was last held): a review under way that has not
    moved for long was interrupted."""


class ReviewReader(Base):
    """Who may follow a review by its id: each user who asked for it through a record they may replay (a
    review of a private upload shows much of its record)."""

    __tablename__ = "review_readers"

    review_id: Mapped[int] = mapped_column(ForeignKey("reviews.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)


class Tournament(Base):
    """A Swiss or arena tournament: its game, its rules and how far it has come (``services.tournaments``).
    Its rows are locked while a round is paired or players are seated, so that happens once."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]]
    format: Mapped[str] = mapped_column(String(10))
    """``swiss`` or ``arena``."""
    rounds: Mapped[int | None]
    """Swiss: the rounds to play."""
    minutes: Mapped[float | None] = mapped_column(Float)
    """Arena: for how long new games start."""
    duplicate: Mapped[bool] = mapped_column(default=False)
    """Every table of a round plays the same deal (``cardtable.tournaments.duplicate``)."""
    turn_seconds: Mapped[int | None]
    """Turn-based games, with this time per move (None: real-time)."""
    min_reputation: Mapped[int | None]
    rated: Mapped[bool] = mapped_column(default=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    """A server secret, as a table's: every deal of the tournament comes from it."""
    status: Mapped[str] = mapped_column(String(10), index=True)
    """``open`` (taking entrants), ``running`` or ``over``."""
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime]
    started_at: Mapped[float | None] = mapped_column(Float)
    """Unix seconds."""
    ends_at: Mapped[float | None] = mapped_column(Float)
    """Arena: no game starts after this (Unix seconds)."""

    entrants: Mapped[list[TournamentEntrant]] = relationship(
        order_by="TournamentEntrant.id", cascade="all, delete-orphan", lazy="selectin"
    )
    creator: Mapped[User] = relationship(lazy="joined")


class TournamentEntrant(Base):
    """An account or a bot (of a level) entered in a tournament."""

    __tablename__ = "tournament_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    bot: Mapped[str | None] = mapped_column(String(20))

    user: Mapped[User | None] = relationship(lazy="joined")


class TournamentRound(Base):
    """A Swiss round paired: its number (from 1) and who had a bye in it."""

    __tablename__ = "tournament_rounds"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    byes: Mapped[list[int]] = mapped_column(JSON)
    """Entrant ids."""


class TournamentTable(Base):
    """A game table of a tournament (``game_tables.tournament_id``): its round (an arena's duplicate group),
    its place in the round, and the entrant at each seat."""

    __tablename__ = "tournament_tables"

    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    round: Mapped[int]
    number: Mapped[int]
    """Swiss: the table's place in its round (the top table 0). Arena: how many tables started before it."""
    entrants: Mapped[list[int]] = mapped_column(JSON)
    """Entrant ids, in seat order."""
