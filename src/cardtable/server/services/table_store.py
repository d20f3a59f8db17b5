"""What the database holds of the tables, and every statement that reads or writes it: keyword-only
functions taking the caller's session or connection, so the caller decides what one transaction holds
(the move, its events, the time charged and the ratings commit together or not at all).

Decisions:
- The ORM (a ``Session``) for the lobby, whose writes touch a table and its seats together; Core
  statements on a ``Connection`` for the writes made while a game runs (a move, a seat given to the
  stand-in), where the ORM's unit of work would cost more than the statements.
- A move is stored by a version-checked UPDATE: it takes the table's row lock, so of two servers answering
  the same version the second waits, finds the version moved on, and writes no event (``save_move``
  returns False).
- Rows leave this module as rows or as the wire's ``TablePublic``/``SeatPublic``; what the server holds
  in memory is made from them in ``live``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, insert, select, text, update
from sqlalchemy.orm import Session

from ..db.database import json_text
from ..db.models import ChatLine, Event, GameTable, Seat, User
from ..db.prepared import PreparedSet, cursor_of
from ..errors import NotFound
from ..schemas import ClockPublic, SeatIn, SeatPublic, TablePublic
from . import decided
from .rule_sets import board_of

# -- reading --------------------------------------------------------------------------------------------


def table_row(session: Session, *, table_id: int, lock: bool = False) -> GameTable:
    """The table's row; NotFound if there is none. ``lock`` holds it (SELECT ... FOR UPDATE) until the
    write commits, so writers on other servers take their turns."""
    table = session.get(GameTable, table_id, with_for_update={"of": GameTable} if lock else None)
    if table is None:
        raise NotFound("there is no table {table}", code="unknown-table", table=table_id)
    return table


def find_tables(
    session: Session, *, status: str | None, game: str | None, seated: int | None, limit: int
) -> list[GameTable]:
    """Tables, newest first: by status, by game, or only those where user ``seated`` sits."""
    query = select(GameTable).order_by(GameTable.id.desc()).limit(limit)
    if status is not None:
        query = query.where(GameTable.status == status)
    if game is not None:
        query = query.where(GameTable.game == game)
    if seated is not None:
        query = query.where(GameTable.seats.any(Seat.user_id == seated))
    return list(session.scalars(query))


def table_events(session: Session, *, table_id: int, since: int = 0) -> list[dict[str, Any]]:
    """The stored record events of a table, in order (from index ``since``), without the server's marks
    of who decided (``decided``)."""
    query = select(Event.data).where(Event.table_id == table_id, Event.idx >= since).order_by(Event.idx)
    return decided.record_events(session.scalars(query))


@dataclass(frozen=True)
class RunningFacts:
    """What a move or a seat's hand-off changes in a table's rows while its game runs."""

    status: str
    version: int
    result: dict[str, Any] | None
    turn_since: float | None
    time_used: list[float]
    away: dict[int, str]
    votes: frozenset[int] = frozenset()
    """The seats whose person voted to abandon the game (``endings``)."""


def running_facts(session: Session, *, table_id: int) -> RunningFacts | None:
    """The facts a running table's rows hold now (None: no such table), read by Core statements: a server
    bringing a table it holds up to date reads these and the events it lacks, not the whole table."""
    table = session.execute(
        select(GameTable.status, GameTable.version, GameTable.result, GameTable.turn_since).where(
            GameTable.id == table_id
        )
    ).one_or_none()
    if table is None:
        return None
    seats = session.execute(
        select(Seat.time_used, Seat.away, Seat.user_id, Seat.abandon_vote)
        .where(Seat.table_id == table_id)
        .order_by(Seat.seat)
    ).all()
    return RunningFacts(
        status=table.status,
        version=table.version,
        result=table.result,
        turn_since=table.turn_since,
        time_used=[s.time_used or 0.0 for s in seats],
        away={n: s.away for n, s in enumerate(seats) if s.away is not None and s.user_id is not None},
        votes=frozenset(n for n, s in enumerate(seats) if s.abandon_vote),
    )


def clocked_tables(session: Session) -> list[GameTable]:
    """Every table whose game is being played with a clock (time per move or per game)."""
    clocked = (GameTable.move_seconds > 0) | (GameTable.game_seconds > 0)
    return list(session.scalars(select(GameTable).where(GameTable.status == "playing", clocked)))


def tables_waiting_for_bots(session: Session) -> dict[int, int]:
    """The running tables where a bot, or the stand-in for a person, is to act: id -> version."""
    query = (
        select(GameTable.id, GameTable.version)
        .join(Seat, (Seat.table_id == GameTable.id) & (Seat.seat == GameTable.to_act))
        .where(GameTable.status == "playing", Seat.bot.is_not(None) | Seat.away.is_not(None))
    )
    return {table_id: version for table_id, version in session.execute(query)}


def seated_people(session: Session) -> list[tuple[int, int]]:
    """(table id, user id) of every person who plays their own seat at a running real-time table."""
    query = (
        select(Seat.table_id, Seat.user_id)
        .join(GameTable, GameTable.id == Seat.table_id)
        .where(
            GameTable.status == "playing",
            GameTable.turn_based.is_(False),
            Seat.user_id.is_not(None),
            Seat.away.is_(None),
        )
        .order_by(Seat.table_id, Seat.seat)
    )
    return [(table_id, user_id) for table_id, user_id in session.execute(query) if user_id is not None]


def waiting_for(session: Session, *, user_id: int) -> list[GameTable]:
    """The running tables whose seat to act ``user_id`` plays in person, longest waiting first."""
    query = (
        select(GameTable)
        .join(Seat, (Seat.table_id == GameTable.id) & (Seat.seat == GameTable.to_act))
        .where(GameTable.status == "playing", Seat.user_id == user_id, Seat.away.is_(None))
        .order_by(GameTable.turn_since, GameTable.id)
    )
    return list(session.scalars(query))


def bot_only_tables(session: Session) -> list[int]:
    """The running tables where no person sits, but a tournament's (``away``: these may be abandoned)."""
    people = select(Seat.table_id).where(Seat.user_id.is_not(None))
    query = select(GameTable.id).where(
        GameTable.status == "playing", GameTable.id.not_in(people), GameTable.tournament_id.is_(None)
    )
    return list(session.scalars(query))


def stored_versions(session: Session, *, ids: Sequence[int]) -> dict[int, int]:
    """The stored version of each started table among ``ids``."""
    query = select(GameTable.id, GameTable.version).where(GameTable.id.in_(ids), GameTable.status != "open")
    return {table_id: version for table_id, version in session.execute(query)}


def unfinished_tables(session: Session, *, creator: int | None = None, address: str | None = None) -> int:
    """How many tables not over were created by user ``creator``, or from ``address`` (a tournament's
    tables are the tournament's, not its creator's)."""
    query = (
        select(func.count())
        .select_from(GameTable)
        .where(GameTable.status != "over", GameTable.tournament_id.is_(None))
    )
    if creator is not None:
        query = query.where(GameTable.created_by == creator)
    if address is not None:
        query = query.where(GameTable.created_from == address)
    return int(session.scalar(query) or 0)


def account_ids(session: Session, *, names: Sequence[str]) -> dict[str, int]:
    """The id of each of ``names`` (lower case) that is an account."""
    found = session.execute(select(User.username, User.id).where(User.username.in_(names)))
    return {username: user_id for username, user_id in found}


def bind_kept_seats(session: Session, *, username: str, user_id: int) -> None:
    """A new account ``username``: the seats of tables not started kept for that name while it was no
    account are now kept for ``user_id``."""
    session.execute(
        update(Seat)
        .where(
            Seat.invited == username,
            Seat.invited_id.is_(None),
            Seat.user_id.is_(None),
            Seat.table_id.in_(select(GameTable.id).where(GameTable.status == "open")),
        )
        .values(invited_id=user_id)
    )


def free_kept_seats(session: Session, *, user_id: int) -> list[int]:
    """Open the seats kept for ``user_id`` at tables not started; the ids of those tables."""
    kept = session.execute(
        update(Seat)
        .where(
            Seat.invited_id == user_id,
            Seat.user_id.is_(None),
            Seat.table_id.in_(select(GameTable.id).where(GameTable.status == "open")),
        )
        .values(invited=None, invited_id=None)
        .returning(Seat.table_id)
    )
    return sorted(set(kept.scalars()))


def seat_public(seat: Seat) -> SeatPublic:
    """A seat as the lobby and the table show it."""
    if seat.bot is not None:
        return SeatPublic(seat=seat.seat, kind="bot", name=seat.bot, user_id=None, guest=False)
    if seat.user is not None:
        return SeatPublic(
            seat=seat.seat,
            kind="player",
            name=seat.user.display_name,
            user_id=seat.user.id,
            guest=seat.user.username is None and not seat.user.deleted,
            away=seat.away,  # type: ignore[arg-type]
            username=seat.user.username,
            abandon_vote=seat.abandon_vote,
        )
    if seat.invited is not None:
        return SeatPublic(seat=seat.seat, kind="invited", name=seat.invited, user_id=None, guest=False)
    return SeatPublic(seat=seat.seat, kind="open", name=None, user_id=None, guest=False)


def table_public(table: GameTable) -> TablePublic:
    """A table as the lobby shows it."""
    return TablePublic(
        id=table.id,
        game=table.game,
        options=table.options,
        status=table.status,  # type: ignore[arg-type]
        seats=[seat_public(s) for s in table.seats],
        version=table.version,
        to_act=table.to_act,
        result=table.result,
        created_by=table.creator.display_name,
        creator_id=table.created_by,
        clock=ClockPublic(move_seconds=table.move_seconds, game_seconds=table.game_seconds)
        if table.move_seconds or table.game_seconds
        else None,
        stand_in=table.stand_in,
        turn_based=table.turn_based,
        board=board_of(table.game, table.options),
        rated=table.rated,
        min_reputation=table.min_reputation,
        tournament=table.tournament_id,
    )


# -- the lobby's writes ----------------------------------------------------------------------------------


def add_table(
    session: Session,
    *,
    game: str,
    options: dict[str, Any],
    seed: int,
    creator: int,
    created_at: Any,
    created_from: str | None = None,
    seats: Sequence[SeatIn],
    move_seconds: int | None,
    game_seconds: int | None,
    stand_in: str,
    turn_based: bool = False,
    invited_ids: dict[str, int] | None = None,
    rated: bool = True,
    min_reputation: int | None = None,
    tournament_id: int | None = None,
) -> GameTable:
    """A new open table with its seats (``me`` is the creator; an invited seat is kept for the account
    ``invited_ids`` gives its name, or for nobody); flushed, so it has its id."""
    kept_for = invited_ids or {}
    table = GameTable(
        game=game,
        options=options,
        seed=seed,
        status="open",
        created_by=creator,
        created_at=created_at,
        created_from=created_from,
        version=0,
        to_act=None,
        result=None,
        move_seconds=move_seconds,
        game_seconds=game_seconds,
        stand_in=stand_in,
        turn_since=None,
        turn_based=turn_based,
        rated=rated,
        min_reputation=min_reputation,
        tournament_id=tournament_id,
    )
    me = session.get(User, creator)
    table.seats = [
        Seat(
            seat=n,
            user=me if s.kind == "me" else None,
            invited=s.name.lower() if s.kind == "invited" and s.name else None,
            invited_id=kept_for.get(s.name.lower()) if s.kind == "invited" and s.name else None,
            bot=s.level if s.kind == "bot" else None,
            time_used=0.0,
            away=None,
        )
        for n, s in enumerate(seats)
    ]
    session.add(table)
    session.flush()
    return table


def remove_open_table(session: Session, *, table: GameTable) -> None:
    """Delete a table that never started, with its seats and chat."""
    session.execute(delete(ChatLine).where(ChatLine.table_id == table.id))
    session.delete(table)


def end_unfinished(
    connection: Connection, *, table_id: int, result: dict[str, Any], version: int | None = None
) -> bool:
    """Mark a running table over without its game having ended (``result`` says why); False if it was no
    longer running (or, with ``version``, no longer at that version: another server moved it on)."""
    query = update(GameTable).where(GameTable.id == table_id, GameTable.status == "playing")
    if version is not None:
        query = query.where(GameTable.version == version)
    changed = connection.execute(query.values(status="over", to_act=None, result=result))
    return changed.rowcount == 1


def save_vote(connection: Connection, *, table_id: int, seat: int, vote: bool) -> None:
    """Whether ``seat``'s person votes to abandon the running game (``endings``)."""
    connection.execute(
        update(Seat).where(Seat.table_id == table_id, Seat.seat == seat).values(abandon_vote=vote)
    )


def sit(session: Session, *, seat: Seat, user_id: int | None) -> None:
    """Give ``seat`` to a user, or free it (None)."""
    seat.user = session.get(User, user_id) if user_id is not None else None


def save_start(
    session: Session, *, table: GameTable, events: list[dict[str, Any]], to_act: int | None, at: float
) -> None:
    """The table's game has been dealt: its first events, and the table marked as playing."""
    session.add_all(Event(table_id=table.id, idx=i, data=e) for i, e in enumerate(events))
    table.status = "playing"
    table.version = len(events)
    table.to_act = to_act
    table.turn_since = at


# -- the writes of a running game -------------------------------------------------------------------------


_MOVE_WRITES = PreparedSet(
    move=update(GameTable)
    .where(GameTable.id == bindparam("table"), GameTable.version == bindparam("answered"))
    .values(
        version=bindparam("new_version"),
        to_act=bindparam("to_act"),
        status=bindparam("status"),
        result=bindparam("result"),
        turn_since=bindparam("at"),
    ),
    events=insert(Event).values(table_id=bindparam("table_id"), idx=bindparam("idx"), data=bindparam("data")),
    time_used=update(Seat)
    .where(Seat.table_id == bindparam("table"), Seat.seat == bindparam("seat_number"))
    .values(time_used=bindparam("used")),
    # PostgreSQL: the three as one statement (data-modifying WITH clauses); its values come as JSON text,
    # the events as one JSON array (a list of texts would pass psycopg's array dumper, in Python)
    at_once=text(
        """
        WITH moved AS (
            UPDATE game_tables
            SET version = :new_version, to_act = :to_act, status = :status,
                result = CAST(:result AS json), turn_since = :at
            WHERE id = :table AND version = :answered
            RETURNING id
        ), charged AS (
            UPDATE seats SET time_used = :used
            WHERE table_id = (SELECT id FROM moved) AND seat = :seat_number
                AND CAST(:used AS double precision) IS NOT NULL
        )
        INSERT INTO events (table_id, idx, data)
        SELECT moved.id, :answered + event.n - 1, event.data
        FROM moved, json_array_elements(CAST(:events AS json)) WITH ORDINALITY AS event(data, n)
        """
    ),
)
"""The statements of every move, run on the driver's cursor (``db.prepared``)."""


def save_move(
    connection: Connection,
    *,
    table_id: int,
    version: int,
    events: list[dict[str, Any]],
    to_act: int | None,
    result: dict[str, Any] | None,
    over: bool,
    at: float,
    seat: int,
    time_used: float | None,
) -> bool:
    """Store a move that answered ``version``: the table's new version and turn, the move's events (at
    least one), and the game time ``seat`` has used (None: unchanged). False, with nothing written, when the
    table is no longer at ``version`` (another server moved it on). The statements are compiled once
    (``_MOVE_WRITES``): building and executing them through SQLAlchemy per move cost more than running
    them. On PostgreSQL the move is one statement, so that a connection in autocommit mode
    (``Database.transaction(one_statement=True)``) stores it in one round trip instead of four."""
    move = {
        "table": table_id,
        "answered": version,
        "new_version": version + len(events),
        "to_act": to_act,
        "status": "over" if over else "playing",
        "result": result,
        "at": at,
    }
    with cursor_of(connection) as cursor:
        if connection.dialect.name == "postgresql":
            move.update(
                result=None if result is None else json_text(result),
                events=json_text(events),
                used=time_used,
                seat_number=seat,
            )
            return _MOVE_WRITES("at_once", connection).execute(cursor, move) == len(events)
        if _MOVE_WRITES("move", connection).execute(cursor, move) != 1:
            return False
        rows = [{"table_id": table_id, "idx": version + i, "data": e} for i, e in enumerate(events)]
        _MOVE_WRITES("events", connection).execute_many(cursor, rows)
        if time_used is not None:
            used = {"table": table_id, "seat_number": seat, "used": time_used}
            _MOVE_WRITES("time_used", connection).execute(cursor, used)
    return True


def save_away(
    connection: Connection,
    *,
    table_id: int,
    seat: int,
    away: str | None,
    time_used: float | None,
    turn_since: float | None,
) -> None:
    """Who plays ``seat`` now: the stand-in (``away`` says why) or its person (None); ``time_used``
    (None: unchanged) and the table's ``turn_since`` (None: unchanged) with it."""
    values: dict[str, Any] = {"away": away}
    if time_used is not None:
        values["time_used"] = time_used
    connection.execute(update(Seat).where(Seat.table_id == table_id, Seat.seat == seat).values(**values))
    if turn_since is not None:
        connection.execute(update(GameTable).where(GameTable.id == table_id).values(turn_since=turn_since))
