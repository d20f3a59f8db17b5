"""Mail from turn-based tables: "your turn at table N" and "game over", to accounts that gave an address
and asked for them (the settings page), through the SMTP server of ``CARDTABLE_SMTP_URL``.

Decisions:
- Nothing waits for mail: the move path only puts a note on a queue (no lock, no query), and one thread
  of its own reads the database and talks to the SMTP server. A slow or broken mail server delays mail,
  never a move, and a failed mail is logged and dropped.
- "Your turn" goes to a person who is not following the table (no connection here shows them at it) and
  at most once per table per ``TURN_MAIL_SECONDS``: the seat's ``mailed_at`` is stamped before sending,
  in the same transaction that checks it, so even two servers never both mail within the hour.
- Only turn-based tables mail: at a real-time table the players are at the table.
- Mail is plain text (``email.message.EmailMessage``) with a link to the table.
"""

from __future__ import annotations

import logging
import queue
import smtplib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from ..db.database import Database
from ..db.models import GameTable, User
from .rule_sets import board_of, label_of

log = logging.getLogger(__name__)
TURN_MAIL_SECONDS = 3600.0
SMTP_TIMEOUT = 30.0


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    text: str


@dataclass(frozen=True)
class YourTurn:
    table_id: int
    user_id: int


@dataclass(frozen=True)
class GameOver:
    table_id: int


class Mailer:
    """Sends the mails of turn-based tables from its own thread; ``your_turn`` and ``game_over`` never
    block."""

    def __init__(
        self, db: Database, *, smtp_url: str, sender: str, site: str, here: Callable[[int, int], bool]
    ) -> None:
        self.db = db
        self.smtp_url = smtp_url
        self.sender = sender
        self.site = site.rstrip("/")
        self.here = here
        """Whether a user follows a table over a connection to this server."""
        self._notes: queue.SimpleQueue[YourTurn | GameOver | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="mail", daemon=True)
        self._thread.start()

    def your_turn(self, table_id: int, user_id: int) -> None:
        """It is ``user_id``'s turn at a turn-based table: mail them if they want it and are not there."""
        self._notes.put(YourTurn(table_id, user_id))

    def game_over(self, table_id: int) -> None:
        """A turn-based table's game ended: mail its people who want it."""
        self._notes.put(GameOver(table_id))

    def close(self) -> None:
        """Send what is queued, then end the thread."""
        self._notes.put(None)
        self._thread.join(timeout=SMTP_TIMEOUT)

    def _run(self) -> None:
        while (note := self._notes.get()) is not None:
            try:
                mails = self._turn_mail(note) if isinstance(note, YourTurn) else self._over_mails(note)
                for mail in mails:
                    self._send(mail)
            except Exception:
                log.exception("mail for table %d failed", note.table_id)

    def _turn_mail(self, note: YourTurn) -> list[Mail]:
        if self.here(note.table_id, note.user_id):
            return []
        with self.db.write() as session:
            table = session.get(GameTable, note.table_id, with_for_update={"of": GameTable})
            if table is None or table.status != "playing" or table.to_act is None:
                return []
            seat = table.seats[table.to_act]
            user = seat.user
            if seat.user_id != note.user_id or seat.away is not None or not _wants(user, turns=True):
                return []
            now = time.time()
            if seat.mailed_at is not None and now - seat.mailed_at < TURN_MAIL_SECONDS:
                return []
            seat.mailed_at = now
            assert user is not None and user.email is not None
            name = label_of(board_of(table.game, table.options))
            return [
                Mail(
                    user.email,
                    f"Your turn at table {table.id} ({name})",
                    f"Hello {user.display_name},\n\nit is your turn at table {table.id} ({name}):\n"
                    f"{self.site}/tables/{table.id}\n\n{_deadline_text(table)}",
                )
            ]

    def _over_mails(self, note: GameOver) -> list[Mail]:
        with self.db.read() as session:
            table = session.get(GameTable, note.table_id)
            if table is None or table.status != "over":
                return []
            names = [s.user.display_name if s.user else f"{s.bot} bot" for s in table.seats]
            winners = [names[s] for s in (table.result or {}).get("winners", [])]
            outcome = f"Won by {' and '.join(winners)}." if winners else "Nobody won."
            name = label_of(board_of(table.game, table.options))
            return [
                Mail(
                    s.user.email,
                    f"Game over at table {table.id} ({name})",
                    f"Hello {s.user.display_name},\n\nthe game at table {table.id} ({name}) is over. "
                    f"{outcome}\n\nThe replay: {self.site}/replays/tables/{table.id}\n",
                )
                for s in table.seats
                if s.user is not None and s.user.email is not None and _wants(s.user, turns=False)
            ]

    def _send(self, mail: Mail) -> None:
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = mail.to
        message["Subject"] = mail.subject
        message.set_content(mail.text)
        url = urlsplit(self.smtp_url)
        host, port = url.hostname or "localhost", url.port
        if url.scheme == "smtps":
            client: smtplib.SMTP = smtplib.SMTP_SSL(host, port or 465, timeout=SMTP_TIMEOUT)
        else:
            client = smtplib.SMTP(host, port or 25, timeout=SMTP_TIMEOUT)
        with client:
            if url.scheme == "smtp+starttls":
                client.starttls()
            if url.username:
                client.login(unquote(url.username), unquote(url.password or ""))
            client.send_message(message)


def _wants(user: User | None, *, turns: bool) -> bool:
    """Whether an account has an address and asked for this kind of mail."""
    if user is None or user.deleted or not user.email:
        return False
    return user.mail_turns if turns else user.mail_results


def _deadline_text(table: GameTable) -> str:
    if table.turn_since is None or table.move_seconds is None:
        return ""
    ends = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(table.turn_since + table.move_seconds))
    return f"Move by {ends}, or the stand-in bot moves for you.\n"
