"""Accounts and logins: sign up, log in, play as a guest, log out, and who a session cookie belongs to.

Decisions:
- Passwords are hashed with argon2 (costs from the settings; by default argon2-cffi's, RFC 9106's second
  choice) by ``server.hashing``, in a bounded pool of its own. A login for an unknown name still verifies
  a hash, so its timing does not tell which names exist.
- Usernames are unique without regard to case and stored in lower case; the display name keeps the case
  the user typed. A guest has a display name and no username, so guests never block a name.
- A display name (a guest's, or an account's, which is its username unless another is given) is refused
  when it is one of the site's own words or looks like (``names.looks_alike``) the username or display
  name of another account; looking like one's own username is fine ("Ann" for ``ann``). Guests do not
  hold names: two guests may be called alike. The comparison reads every account's two names, each
  skeleton computed once per process (``names.likeness`` is cached).
- A new account is given the seats of tables not started that were kept for its username while that
  was no account (``lobby``); never those of a deleted account of the name, which were freed.
- A session is a random token in an HttpOnly cookie; the database keeps only its SHA-256.
- Ending a session (logging out, or the other logins ended by a new password) is announced on the
  session's channel (``session_channel``, through ``ended``), on every instance: the websockets opened
  with that session close; they also close when the session expires.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..db.database import Database
from ..db.models import AuthSession, User
from ..errors import Invalid
from ..names import looks_alike, site_word
from ..schemas import UserPublic
from . import table_store


def now() -> datetime:
    return datetime.now(UTC)


def public(user: User) -> UserPublic:
    return UserPublic(
        id=user.id,
        name=user.display_name,
        username=user.username,
        guest=user.username is None,
        trick_pause_ms=user.trick_pause_ms,
        language=user.language,
    )


class AccountService:
    """Everything about users and sessions; each method is one unit of work. Passwords are hashed and
    checked by the caller (``hashing``), away from the threads that serve play."""

    def __init__(
        self,
        db: Database,
        *,
        session_days: int,
        ended: Callable[[str], None] = lambda channel: None,
    ) -> None:
        self.db = db
        self.session_length = timedelta(days=session_days)
        self.ended = ended
        """Called with the channel of each session ended here (after the commit), to close its sockets."""

    def sign_up(self, username: str, password_hash: str, display_name: str | None) -> tuple[UserPublic, str]:
        """A new account and a session token; Invalid when the username is taken."""
        try:
            with self.db.write() as session:
                check_name(session, display_name or username, own=username.lower())
                user = User(
                    username=username.lower(),
                    display_name=display_name or username,
                    password_hash=password_hash,
                    created_at=now(),
                )
                session.add(user)
                session.flush()
                table_store.bind_kept_seats(session, username=user.username or "", user_id=user.id)
                token = self._start_session(session, user.id)
                return public(user), token
        except IntegrityError:
            raise Invalid(
                "the username {username!r} is taken", code="username-taken", username=username
            ) from None

    def password_hash(self, username: str) -> tuple[UserPublic | None, str | None]:
        """The account of ``username`` and its password hash (None, None for no such account)."""
        with self.db.read() as session:
            user = session.scalar(select(User).where(User.username == username.lower()))
            return (public(user), user.password_hash) if user else (None, None)

    def log_in(self, user: UserPublic) -> str:
        """A new session token for ``user``, whose password the caller has checked."""
        with self.db.write() as session:
            return self._start_session(session, user.id)

    def guest(self, name: str) -> tuple[UserPublic, str]:
        """A guest user with a display name, and a session token."""
        with self.db.write() as session:
            check_name(session, name)
            user = User(username=None, display_name=name, password_hash=None, created_at=now())
            session.add(user)
            session.flush()
            return public(user), self._start_session(session, user.id)

    def log_out(self, token: str) -> None:
        """End the session (no error if it had already ended)."""
        with self.db.write() as session:
            session.execute(delete(AuthSession).where(AuthSession.token_hash == _digest(token)))
        self.ended(session_channel(token))

    def log_out_elsewhere(self, user_id: int, token: str | None) -> None:
        """End every session of the user but the one of ``token``."""
        with self.db.write() as session:
            others = delete(AuthSession).where(AuthSession.user_id == user_id)
            if token:
                others = others.where(AuthSession.token_hash != _digest(token))
            gone = list(session.scalars(others.returning(AuthSession.token_hash)))
        for digest in gone:
            self.ended(_channel(digest))

    def user_for(self, token: str | None) -> UserPublic | None:
        """The user a session token belongs to, or None for no, unknown or expired token."""
        found = self.session(token)
        return found[0] if found else None

    def session(self, token: str | None) -> tuple[UserPublic, datetime] | None:
        """The user of a session token and when the session expires; None for no, unknown or expired
        token."""
        if not token or len(token) > 100:
            return None
        with self.db.read() as session:
            found = session.execute(
                select(User, AuthSession.expires_at)
                .join(AuthSession, AuthSession.user_id == User.id)
                .where(AuthSession.token_hash == _digest(token), AuthSession.expires_at > now())
            ).first()
            if found is None:
                return None
            user, expires = found
            return public(user), expires if expires.tzinfo else expires.replace(tzinfo=UTC)

    def _start_session(self, session: Session, user_id: int) -> str:
        token = secrets.token_urlsafe(32)
        session.add(
            AuthSession(token_hash=_digest(token), user_id=user_id, expires_at=now() + self.session_length)
        )
        return token


def check_name(session: Session, name: str, *, own: str | None = None) -> None:
    """Invalid when ``name`` is one of the site's words or looks like another account's username or
    display name (the account ``own`` aside)."""
    reason = site_word(name)
    if reason is not None:
        raise Invalid(reason, code="name-refused", name=name)
    accounts = session.execute(select(User.username, User.display_name).where(User.username.is_not(None)))
    for username, shown in accounts:
        if username != own and looks_alike(name, (username, shown)):
            raise Invalid(
                "{name!r} looks like the name of another player; choose another", code="name-taken", name=name
            )


def session_channel(token: str) -> str:
    """The pub/sub channel on which the end of a session is announced (to close its websockets)."""
    return _channel(_digest(token))


def _channel(digest: str) -> str:
    """A session's channel from its stored digest, hashed again so the channel tells nothing the database
    holds."""
    return "session:" + hashlib.sha256(b"channel:" + digest.encode()).hexdigest()[:32]


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
