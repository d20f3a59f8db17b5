"""The links a mail carries: the one that confirms an address, and the one-click unsubscribe.

Decisions:
- Giving or changing an address makes it unverified and mails it a link ``/mail/verify/<token>``; only a
  confirmed address gets any other mail (``mail``). The token (``secrets.token_urlsafe``) is stored only as
  its SHA-256, so a copy of the database confirms nothing; it works once, for ``link_seconds`` (24 hours),
  and a newer link replaces it. An expired link is refused and changes nothing: "send again" makes a new
  one.
- Verification mails are limited (``limit``) per account and per address, both counted where they are
  asked for, so a refusal (429) reaches the person asking and changes nothing.
- Following a link is two steps: the GET shows a page with a button, which POSTs to the same address. Mail
  scanners open links to look at them; a GET that confirmed or unsubscribed would do it for them.
- The verification mail is in the account's language, else in that of the request that gave the address
  (``language``): it goes to an address nobody has confirmed, from the page of whoever asked.
- Unsubscribing is RFC 8058's one-click POST to ``/mail/unsubscribe/<key>``, without a login (the mail
  provider sends it, with no cookie and no ``Origin``): it turns off both kinds of game mail. The key is per
  account and kept as it is (it must be put in every mail); it can do nothing but turn mail off. It is made
  with the first address and stays; deleting the account drops it.
"""

from __future__ import annotations

import hashlib
import secrets
import time

from sqlalchemy import select

from cardtable.i18n import DEFAULT
from cardtable.i18n import language as spoken_language

from ..db.database import Database
from ..db.models import User
from ..errors import Invalid, NotFound, Refused
from ..limits import Limit
from .mail import Mailer, Verification

TOKEN_BYTES = 32


class MailLinks:
    """Verification and unsubscribe links of accounts' addresses."""

    def __init__(self, db: Database, *, mailer: Mailer | None, limit: Limit, link_seconds: float) -> None:
        self.db = db
        self.mailer = mailer
        self.limit = limit
        self.link_seconds = link_seconds

    def new_address(self, account: User, address: str | None, language: str = DEFAULT) -> Verification | None:
        """Give ``account`` (in the caller's write session) a new address, unverified; the verification to
        mail once that is committed (None without an address or without mail), in ``language`` (the
        request's) unless the account has its own. TooMany, before anything changes, when too many
        verification mails were asked for."""
        if address is not None and self.mailer is not None:
            self._count(account.id, address)
        account.email = address
        account.email_verified = False
        account.verify_hash = account.verify_expires = None
        if address is None or self.mailer is None:
            return None
        return self._issue(account, address, language)

    def again(self, account: User, language: str = DEFAULT) -> Verification:
        """A new verification link for ``account``'s unverified address (the caller's write session), in
        ``language`` (the request's) unless the account has its own."""
        if self.mailer is None:
            raise Refused("this server sends no mail", code="no-mail")
        if account.email is None:
            raise Invalid("give an address first", code="no-address")
        if account.email_verified:
            raise Refused("this address is verified already", code="verified")
        self._count(account.id, account.email)
        return self._issue(account, account.email, language)

    def send(self, verification: Verification | None) -> None:
        """Mail a verification (after its link was committed)."""
        if verification is not None and self.mailer is not None:
            self.mailer.verification(verification)

    def verify(self, token: str) -> None:
        """Confirm the address whose link carries ``token``: once, before it expires."""
        with self.db.write() as session:
            account = session.scalars(select(User).where(User.verify_hash == _digest(token))).first()
            if account is None or account.deleted:
                raise NotFound("this link was used already, or a newer one replaced it", code="link-unknown")
            if account.verify_expires is None or account.verify_expires < time.time():
                raise Invalid(
                    "this link has expired: ask for a new one on your settings page", code="link-expired"
                )
            account.email_verified = True
            account.verify_hash = account.verify_expires = None

    def unsubscribe(self, key: str) -> None:
        """Turn off the game mail of the account whose unsubscribe link carries ``key``."""
        with self.db.write() as session:
            account = session.scalars(select(User).where(User.unsubscribe_key == key)).first()
            if account is None or account.deleted:
                raise NotFound("this unsubscribe link is unknown", code="link-unknown")
            account.mail_turns = account.mail_results = account.mail_invitations = False

    def _count(self, user_id: int, address: str) -> None:
        self.limit.check(f"account:{user_id}", "too many verification mails; try again in {seconds} s")
        self.limit.check(
            f"to:{address.lower()}", "too many verification mails to this address; try again in {seconds} s"
        )

    def _issue(self, account: User, address: str, language: str) -> Verification:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        account.verify_hash = _digest(token)
        account.verify_expires = time.time() + self.link_seconds
        if account.unsubscribe_key is None:
            account.unsubscribe_key = secrets.token_urlsafe(TOKEN_BYTES)
        hours = max(1, round(self.link_seconds / 3600))
        spoken = spoken_language(account.language) or language
        return Verification(account.id, address, token, account.unsubscribe_key, hours, spoken)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
