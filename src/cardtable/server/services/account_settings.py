"""An account's settings page: its mail address and which mails it wants, its trick pause, a new password,
and deleting the account.

Decisions:
- Changing the password asks for the current one and ends every other login of the account. Deleting the
  account asks for the password too. The caller checks and hashes passwords in the bounded pool of
  ``server.hashing``, as for a login or a sign-up; this service reads and stores the hashes.
- A new address is unverified and gets a verification link (``mail_links``); the same address given again
  changes nothing. Removing the address ("") drops its pending link too.
- Guests have no settings: they have no password to prove who they are, and nothing lasting to keep.
- Deleting an account keeps its games, under the neutral name ``FORMER``: the seats, records and results
  of other people's games must not change. Everything else of it goes: name, password, address, logins
  (ended first, so the account's websockets close as at a logout), ratings (it leaves the leaderboards),
  uploads, friends and blocks (its own and others' of it); its chat lines stay under the neutral name. A
  seat at a running game goes to the stand-in bot, a seat at a table not yet started is freed, and so
  is a seat kept for it there (seats are kept by account id: a new account of the same username gets
  none of them). The username is free again afterwards.
"""

from __future__ import annotations

from sqlalchemy import delete, select, update

from cardtable.i18n import DEFAULT

from ..db.models import AuthSession, ChatLine, GameTable, Rating, Seat, Upload, User
from ..errors import NotFound
from ..schemas import SettingsIn, SettingsPublic, UserPublic
from .accounts import AccountService
from .friends import forget_account
from .mail_links import MailLinks
from .tables import TableService

FORMER = "Former player"
NULLABLE = {"trick_pause_ms", "language"}
"""The settings that null sets back to none (the browser's choice); null leaves the others as they are."""


class AccountSettings:
    """Settings, password and deletion of accounts."""

    def __init__(self, accounts: AccountService, tables: TableService, links: MailLinks) -> None:
        self.accounts = accounts
        self.tables = tables
        self.db = accounts.db
        self.links = links
        self.mail_enabled = links.mailer is not None

    def get(self, user: UserPublic) -> SettingsPublic:
        """The settings of ``user``'s account."""
        with self.db.read() as session:
            return self._public(_account(session.get(User, user.id)))

    def update(self, user: UserPublic, changes: SettingsIn, language: str = DEFAULT) -> SettingsPublic:
        """Change the fields given; the others stay. A new address is mailed its verification link (in the
        account's language, else ``language``: the request's)."""
        verification = None
        with self.db.write() as session:
            account = _account(session.get(User, user.id))
            given = changes.model_dump(exclude_unset=True)
            for field in ("mail_turns", "mail_results", "mail_invitations", "trick_pause_ms", "language"):
                if field in given and (given[field] is not None or field in NULLABLE):
                    setattr(account, field, given[field])
            if "email" in given and (changes.email or None) != account.email:  # in the language just set
                verification = self.links.new_address(account, changes.email or None, language)
            public = self._public(account)
        self.links.send(verification)
        return public

    def verify_again(self, user: UserPublic, language: str = DEFAULT) -> SettingsPublic:
        """Mail a new verification link to the account's unverified address (the old link stops working),
        in the account's language, else ``language`` (the request's)."""
        with self.db.write() as session:
            account = _account(session.get(User, user.id))
            verification = self.links.again(account, language)
            public = self._public(account)
        self.links.send(verification)
        return public

    def password_hash(self, user: UserPublic) -> str | None:
        """The stored hash of the account's password, to check it against the one given."""
        with self.db.read() as session:
            return _account(session.get(User, user.id)).password_hash

    def change_password(self, user: UserPublic, new_hash: str, token: str | None) -> None:
        """Store a new password's hash (the current password checked); every other login of the account
        ends."""
        with self.db.write() as session:
            _account(session.get(User, user.id)).password_hash = new_hash
        self.accounts.log_out_elsewhere(user.id, token)

    def delete(self, user: UserPublic) -> None:
        """Delete the account (its password checked; its games stay, under ``FORMER``)."""
        self.accounts.log_out_elsewhere(user.id, None)
        with self.db.write() as session:
            account = _account(session.get(User, user.id))
            account.username = None
            account.display_name = FORMER
            account.password_hash = None
            account.email = None
            account.email_verified = False
            account.verify_hash = account.verify_expires = account.unsubscribe_key = None
            account.trick_pause_ms = account.language = None
            account.deleted = True
            for gone in (AuthSession, Rating, Upload):  # a login started meanwhile ends with it
                session.execute(delete(gone).where(gone.user_id == user.id))
            session.execute(update(ChatLine).where(ChatLine.user_id == user.id).values(name=FORMER))
            forget_account(session, user.id)  # friends and blocks, both ways
            seated = session.execute(
                select(GameTable.id, GameTable.status)
                .join(Seat, Seat.table_id == GameTable.id)
                .where(Seat.user_id == user.id, GameTable.status != "over")
            ).all()
        for table_id, status in seated:
            if status == "open":
                self.tables.lobby.leave(user, table_id)
            else:
                self.tables.gone(table_id, user.id)
        self.tables.lobby.free_kept(user.id)

    def _public(self, account: User) -> SettingsPublic:
        return SettingsPublic(
            email=account.email,
            email_verified=account.email_verified,
            mail_turns=account.mail_turns,
            mail_results=account.mail_results,
            mail_invitations=account.mail_invitations,
            trick_pause_ms=account.trick_pause_ms,
            language=account.language,
            mail_enabled=self.mail_enabled,
        )


def _account(user: User | None) -> User:
    """An account's row; guests (and deleted accounts) have no settings."""
    if user is None or user.username is None:
        raise NotFound("guests have no settings: sign up to keep them", code="no-account")
    return user
