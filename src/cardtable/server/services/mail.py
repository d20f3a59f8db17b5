"""Mail: the link that confirms an address, and, once it is confirmed, "your turn at table N" and "game
over" from turn-based tables and "you are invited to table N" to accounts that asked for them (the settings
page), through the SMTP server of ``CARDTABLE_SMTP_URL``.

Decisions:
- Nothing waits for mail: the move path only puts a note on a queue (no lock, no query), and one thread
  of its own reads the database and talks to the SMTP server. A slow or broken mail server delays mail,
  never a move, and a failed mail is logged and dropped.
- Nothing but the verification link goes to an address before it is confirmed (``mail_links``): else
  anyone could make the server mail anyone.
- "Your turn" goes to a person who is not following the table (no connection here shows them at it) and
  at most once per table per ``TURN_MAIL_SECONDS``: the seat's ``mailed_at`` is stamped before sending,
  in the same transaction that checks it, so even two servers never both mail within the hour. "Game
  over" goes at most once per table and person (the ``once`` limit). An invitation goes once per table:
  the kept seat's ``invitation_mailed_at`` is stamped as ``mailed_at`` is, and only while the table is
  open and the account does not sit there yet. Above all three, an account gets at most
  ``mails_per_hour`` of them (the ``per_account`` limit, shared by the instances like every limit), so
  finishing quick games one after another cannot flood an inbox; what passes the cap is dropped, logged.
  Verification mails are counted apart, where they are asked for (``mail_links``).
- Only turn-based tables mail: at a real-time table the players are at the table.
- No mail carries text another person chose: no display names (they may look like a link), only the
  table's number and game, and "you won" or not. Names are on the linked pages, which show them as text.
- Mail is plain text (``email.message.EmailMessage``) with ``Date``, ``Message-ID``, a link to the
  settings page and RFC 8058 one-click unsubscribe (``List-Unsubscribe`` with the account's
  ``unsubscribe_key``, ``List-Unsubscribe-Post``).
- Mail is in its recipient's language: the account's setting (``users.language``), else English (a mail
  goes out long after any request of theirs). The verification link goes to an address nobody has
  confirmed yet, asked for by a request: the account's setting, else that request's language
  (``Verification.language``). The words are the ``mail`` catalog's (``cardtable.i18n``), and a
  moment is said as the language says dates and times (Babel), in UTC, which the mail names.
"""

from __future__ import annotations

import logging
import queue
import smtplib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Literal
from urllib.parse import unquote, urlsplit

from babel.dates import format_date, format_time, get_datetime_format

from cardtable.i18n import DEFAULT, language, translations

from ..db.database import Database
from ..db.models import GameTable, User
from ..limits import Limit
from .rule_sets import board_of, label_of

log = logging.getLogger(__name__)
TURN_MAIL_SECONDS = 3600.0
SMTP_TIMEOUT = 30.0


@dataclass(frozen=True)
class Mail:
    """One mail to an account; ``capped`` mails count towards its ``mails_per_hour``."""

    user_id: int
    to: str
    subject: str
    text: str
    unsubscribe_key: str
    capped: bool = True
    language: str = DEFAULT
    """The recipient's language (the footer's words)."""


@dataclass(frozen=True)
class YourTurn:
    table_id: int
    user_id: int


@dataclass(frozen=True)
class GameOver:
    table_id: int


@dataclass(frozen=True)
class Invited:
    """A new table keeps seats for accounts: each is told once."""

    table_id: int


@dataclass(frozen=True)
class Verification:
    """The link confirming ``to`` for ``user_id`` (``token`` is never stored, only its hash)."""

    user_id: int
    to: str
    token: str
    unsubscribe_key: str
    hours: int
    language: str = DEFAULT
    """The account's language, else that of the request that gave the address."""


Note = YourTurn | GameOver | Invited | Verification
MailKind = Literal["turns", "results", "invitations"]


class Mailer:
    """Sends mail from its own thread; ``your_turn``, ``game_over``, ``invited`` and ``verification`` never
    block."""

    def __init__(
        self,
        db: Database,
        *,
        smtp_url: str,
        sender: str,
        site: str,
        here: Callable[[int, int], bool],
        per_account: Limit,
        once: Limit,
    ) -> None:
        self.db = db
        self.smtp_url = smtp_url
        self.sender = sender
        self.site = site.rstrip("/")
        self.here = here
        """Whether a user follows a table over a connection to this server."""
        self.per_account = per_account
        """Mails per account in a window (keyed by user id)."""
        self.once = once
        """One mail of a kind per table and person (keyed by kind, table and user)."""
        self._notes: queue.SimpleQueue[Note | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="mail", daemon=True)
        self._thread.start()

    def your_turn(self, table_id: int, user_id: int) -> None:
        """It is ``user_id``'s turn at a turn-based table: mail them if they want it and are not there."""
        self._notes.put(YourTurn(table_id, user_id))

    def game_over(self, table_id: int) -> None:
        """A turn-based table's game ended: mail its people who want it."""
        self._notes.put(GameOver(table_id))

    def invited(self, table_id: int) -> None:
        """A new table (committed) keeps seats for accounts: mail those who want it and were not mailed."""
        self._notes.put(Invited(table_id))

    def verification(self, note: Verification) -> None:
        """Mail the link that confirms an address (committed before this is called)."""
        self._notes.put(note)

    def close(self) -> None:
        """Send what is queued, then end the thread."""
        self._notes.put(None)
        self._thread.join(timeout=SMTP_TIMEOUT)

    def _run(self) -> None:
        while (note := self._notes.get()) is not None:
            try:
                for mail in self._mails(note):
                    if mail.capped and self.per_account.take(str(mail.user_id)) is not None:
                        log.warning("mail to account %d dropped: its mails per hour are used", mail.user_id)
                        continue
                    self._send(mail)
            except Exception:
                log.exception("mail (%s) failed", type(note).__name__)

    def _mails(self, note: Note) -> list[Mail]:
        if isinstance(note, YourTurn):
            return self._turn_mail(note)
        if isinstance(note, GameOver):
            return self._over_mails(note)
        if isinstance(note, Invited):
            return self._invitation_mails(note)
        return [self._verification_mail(note)]

    def _turn_mail(self, note: YourTurn) -> list[Mail]:
        if self.here(note.table_id, note.user_id):
            return []
        with self.db.write() as session:
            table = session.get(GameTable, note.table_id, with_for_update={"of": GameTable})
            if table is None or table.status != "playing" or table.to_act is None:
                return []
            seat = table.seats[table.to_act]
            user = seat.user
            if seat.user_id != note.user_id or seat.away is not None or not _wants(user, "turns"):
                return []
            now = time.time()
            if seat.mailed_at is not None and now - seat.mailed_at < TURN_MAIL_SECONDS:
                return []
            seat.mailed_at = now
            assert user is not None and user.email is not None and user.unsubscribe_key is not None
            lang = _language_of(user)
            _ = translations(lang, "mail").gettext
            name = _game_name(table, lang)
            return [
                Mail(
                    user.id,
                    user.email,
                    _("Your turn at table {table} ({game})").format(table=table.id, game=name),
                    # Translators: {link}: the table's address; {deadline}: by when to move, or nothing.
                    _("It is your turn at table {table} ({game}):\n{link}\n\n{deadline}").format(
                        table=table.id,
                        game=name,
                        link=f"{self.site}/tables/{table.id}",
                        deadline=_deadline_text(table, lang),
                    ),
                    user.unsubscribe_key,
                    language=lang,
                )
            ]

    def _over_mails(self, note: GameOver) -> list[Mail]:
        with self.db.read() as session:
            table = session.get(GameTable, note.table_id)
            if table is None or table.status != "over":
                return []
            winners = set((table.result or {}).get("winners", []))
            mails = []
            for index, seat in enumerate(table.seats):
                user = seat.user
                if user is None or not _wants(user, "results") or not self._first(note, user.id):
                    continue
                assert user.email is not None and user.unsubscribe_key is not None
                lang = _language_of(user)
                _ = translations(lang, "mail").gettext
                name = _game_name(table, lang)
                mails.append(
                    Mail(
                        user.id,
                        user.email,
                        _("Game over at table {table} ({game})").format(table=table.id, game=name),
                        # Translators: {outcome} is a sentence ("You won."); {link} the replay's address.
                        _(
                            "The game at table {table} ({game}) is over. {outcome}\n\nThe replay: {link}\n"
                        ).format(
                            table=table.id,
                            game=name,
                            outcome=_outcome(index, winners, lang),
                            link=f"{self.site}/replays/tables/{table.id}",
                        ),
                        user.unsubscribe_key,
                        language=lang,
                    )
                )
            return mails

    def _invitation_mails(self, note: Invited) -> list[Mail]:
        with self.db.write() as session:
            table = session.get(GameTable, note.table_id, with_for_update={"of": GameTable})
            if table is None or table.status != "open":
                return []
            mails = []
            for seat in table.seats:
                if (
                    seat.invited_id is None
                    or seat.user_id is not None
                    or seat.invitation_mailed_at is not None
                ):
                    continue
                user = session.get(User, seat.invited_id)
                if user is None or not _wants(user, "invitations"):
                    continue
                seat.invitation_mailed_at = time.time()
                assert user.email is not None and user.unsubscribe_key is not None
                lang = _language_of(user)
                _ = translations(lang, "mail").gettext
                name = _game_name(table, lang)
                mails.append(
                    Mail(
                        user.id,
                        user.email,
                        _("You are invited to table {table} ({game})").format(table=table.id, game=name),
                        # Translators: {seat} counts seats from 1; {link} is the table's address.
                        _(
                            "Seat {seat} at table {table} ({game}) is kept for you until its game starts:\n"
                            "{link}\n\nThe table's page shows who invited you and who sits there.\n"
                        ).format(
                            seat=seat.seat + 1,
                            table=table.id,
                            game=name,
                            link=f"{self.site}/tables/{table.id}",
                        ),
                        user.unsubscribe_key,
                        language=lang,
                    )
                )
            return mails

    def _first(self, note: GameOver, user_id: int) -> bool:
        """Whether this is the first game-over mail of the table to this person."""
        return self.once.take(f"over:{note.table_id}:{user_id}") is None

    def _verification_mail(self, note: Verification) -> Mail:
        translated = translations(note.language, "mail")
        return Mail(
            note.user_id,
            note.to,
            translated.gettext("Confirm your mail address for cardtable"),
            # Translators: {site} is the site's address; {link} the address that confirms (a line of its own).
            translated.ngettext(
                "This address was given for an account at {site}/ . To get that account's mail (your turn at "
                "a table, game over, invitations), confirm it within {hours} hour:\n{link}\n\n"
                "If that was not you, ignore this mail: nothing else is sent here unless the address is "
                "confirmed.\n",
                "This address was given for an account at {site}/ . To get that account's mail (your turn at "
                "a table, game over, invitations), confirm it within {hours} hours:\n{link}\n\n"
                "If that was not you, ignore this mail: nothing else is sent here unless the address is "
                "confirmed.\n",
                note.hours,
            ).format(site=self.site, hours=note.hours, link=f"{self.site}/mail/verify/{note.token}"),
            note.unsubscribe_key,
            capped=False,
            language=note.language,
        )

    def message(self, mail: Mail) -> EmailMessage:
        """The mail as sent: headers, the text, and the links to the settings and to unsubscribe."""
        unsubscribe = f"{self.site}/mail/unsubscribe/{mail.unsubscribe_key}"
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = mail.to
        message["Subject"] = mail.subject
        message["Date"] = formatdate(usegmt=True)
        message["Message-ID"] = make_msgid(domain=urlsplit(self.site).hostname or "localhost")
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        _ = translations(mail.language, "mail").gettext
        footer = _("Your mail settings: {settings}\nNo more mail: {unsubscribe}\n").format(
            settings=f"{self.site}/settings", unsubscribe=unsubscribe
        )
        message.set_content(f"{mail.text}\n-- \n{footer}")
        return message

    def _send(self, mail: Mail) -> None:
        message = self.message(mail)
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
            client.send_message(message, to_addrs=[mail.to])


def _wants(user: User | None, kind: MailKind) -> bool:
    """Whether an account has a confirmed address and asked for this kind of mail."""
    if user is None or user.deleted or not user.email or not user.email_verified:
        return False
    if user.unsubscribe_key is None:
        return False
    chosen = {"turns": user.mail_turns, "results": user.mail_results, "invitations": user.mail_invitations}
    return chosen[kind]


def _language_of(user: User) -> str:
    """The language an account reads its mail in: its setting, else English."""
    return language(user.language) or DEFAULT


def _game_name(table: GameTable, lang: str) -> str:
    """The table's game as its leaderboard names it ("Troeven (version 2)"), in ``lang``."""
    return label_of(board_of(table.game, table.options), lang)


def _outcome(seat: int, winners: set[int], lang: str) -> str:
    """The result as one seat sees it, naming nobody."""
    _ = translations(lang, "mail").gettext
    if not winners:
        return _("Nobody won.")
    if seat not in winners:
        return _("You did not win.")
    return _("You won.") if len(winners) == 1 else _("You share the win.")


def _deadline_text(table: GameTable, lang: str) -> str:
    """By when to move, as ``lang`` says a date and time (in UTC)."""
    if table.turn_since is None or table.move_seconds is None:
        return ""
    ends = datetime.fromtimestamp(table.turn_since + table.move_seconds, UTC)
    _ = translations(lang, "mail").gettext
    # Translators: {moment} is a date and time as your language writes them, in UTC (the mail says so).
    return _("Move by {moment} UTC, or the stand-in bot moves for you.\n").format(moment=moment(ends, lang))


def moment(when: datetime, lang: str) -> str:
    """A date and time in UTC as ``lang`` writes them ("4 december 2026, 23:10"), without seconds."""
    time_text = format_time(when, "short", tzinfo=UTC, locale=lang)
    date_text = format_date(when, "long", locale=lang)
    pattern = str(get_datetime_format("long", locale=lang)).replace("'", "")
    return pattern.replace("{0}", time_text).replace("{1}", date_text)
