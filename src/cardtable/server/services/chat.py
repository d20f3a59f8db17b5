"""Table chat: everyone who follows a table (players and spectators) reads it and may write to it.

Decisions:
- A line is stored as typed, minus what could disturb a page or a terminal (``text.clean``: control and
  format characters, bidirectional overrides included, go). It is never turned into markup here: the
  client shows it as a text node (``dom.js``), which is the escaping that matters, and JSON carries it
  safely.
- At most ``CHAT_MAX`` characters (the schema refuses longer messages before they get here) and, per
  user, ``chat_lines`` lines per ``chat_window`` seconds across all tables (``limits``, shared by the
  instances): more is refused with the wait, and nothing is stored.
- Lines go out on the table's channel like its updates, so every instance's followers get them; the
  last ``HISTORY`` lines come with ``watch``.
- A line names the account that said it (``user_id``), and a reader is not sent the lines of accounts it
  blocked (``friends``): each connection leaves them out of what it sends (``heard``), and out of the
  history it reads (``recent``'s ``hidden``). Guests and accounts that blocked nobody read every line.
"""

from __future__ import annotations

import json

from sqlalchemy import select

from ..db.database import Database
from ..db.models import ChatLine, Seat
from ..errors import Invalid, TooMany
from ..limits import Limit
from ..pubsub import PubSub
from ..schemas import ChatLinePublic, ChatMessage, UserPublic
from ..text import clean
from .accounts import now
from .table_store import table_row
from .updates import channel

HISTORY = 50


class ChatService:
    """Say a line at a table, and read a table's recent lines."""

    def __init__(self, db: Database, pubsub: PubSub, *, limit: Limit) -> None:
        self.db = db
        self.pubsub = pubsub
        self.limiter = limit

    def say(self, table_id: int, user: UserPublic, text: str) -> None:
        """Store a line and send it to everyone following the table; Invalid for an empty line, TooMany
        for a user writing too fast, NotFound for no such table."""
        line = clean(text)
        if not line:
            raise Invalid("say something: the line is empty", code="empty-chat")
        wait = self.limiter.take(str(user.id))
        if wait is not None:
            raise TooMany("you are writing too fast: wait {wait:.0f} s", retry_after=wait, wait=wait)
        with self.db.write() as session:
            table_row(session, table_id=table_id)  # NotFound for no such table
            seat = session.scalar(select(Seat.seat).where(Seat.table_id == table_id, Seat.user_id == user.id))
            row = ChatLine(table_id=table_id, user_id=user.id, name=user.name, seat=seat, text=line, at=now())
            session.add(row)
            session.flush()
            public = _public(row)
        message = ChatMessage(table=table_id, lines=[public])
        self.pubsub.publish(channel(table_id), message.model_dump_json())

    def recent(self, table_id: int, hidden: frozenset[int] = frozenset()) -> str | None:
        """The last ``HISTORY`` lines of a table but those of the ``hidden`` accounts, oldest first, as one
        ``chat`` message (None: no lines)."""
        query = select(ChatLine).where(ChatLine.table_id == table_id, ChatLine.user_id.not_in(hidden))
        query = query.order_by(ChatLine.id.desc()).limit(HISTORY)
        with self.db.read() as session:
            lines = [_public(row) for row in reversed(list(session.scalars(query)))]
        return ChatMessage(table=table_id, lines=lines, history=True).model_dump_json() if lines else None


def heard(message: str, hidden: frozenset[int]) -> str | None:
    """A message of a table's channel as a reader who blocked the ``hidden`` accounts is sent it: a ``chat``
    message without their lines (None: no line is left), any other message as it is."""
    if not hidden:
        return message
    data = json.loads(message)
    if data.get("type") != "chat":
        return message
    lines = [line for line in data["lines"] if line.get("user_id") not in hidden]
    if len(lines) == len(data["lines"]):
        return message
    return ChatMessage(table=data["table"], lines=lines).model_dump_json() if lines else None


def _public(row: ChatLine) -> ChatLinePublic:
    return ChatLinePublic(
        id=row.id, name=row.name, user_id=row.user_id, seat=row.seat, text=row.text, at=row.at
    )
