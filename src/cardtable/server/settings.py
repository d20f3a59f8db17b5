"""Server settings: given directly (tests, ``cardtable serve``) or read from ``CARDTABLE_*`` variables and
``DATABASE_URL``.

Decisions:
- The default store is a SQLite file in the user's data directory (``$XDG_DATA_HOME/cardtable``, else
  ``~/.local/share/cardtable``): the server needs nothing installed or started, and writes nothing into a
  checkout. ``database_url`` (or ``DATABASE_URL``) selects another database, e.g. PostgreSQL; a plain
  ``postgresql://`` URL is given the psycopg driver.
- Cookies are not ``Secure`` by default because the default server is plain HTTP on loopback; a deployment
  behind TLS sets ``CARDTABLE_COOKIE_SECURE=true``.
- Requests are answered only when their ``Host`` is one of ``hosts()``: ``allowed_hosts``
  (``CARDTABLE_ALLOWED_HOSTS``, names separated by commas, without ports; by default the loopback names
  ``127.0.0.1``, ``localhost``, ``[::1]``) and the host of ``public_url``. A page of any site whose name
  an attacker points at 127.0.0.1 (DNS rebinding) is then refused by a server on loopback, since its
  requests carry the attacker's name. Setting the variable replaces the loopback names: a deployment
  names its own (``cards.example.org``), and adds ``127.0.0.1`` if something on the machine asks an
  instance directly. ``*.example.org`` allows every subdomain; ``*`` alone is refused.
- Bots think in ``bot_workers`` separate processes, so a slow bot never holds the server's interpreter;
  ``bot_workers=0`` runs them in threads of the server process instead (tests, tiny machines).
- Mail (turn-based tables' "your turn" and "game over") goes out only with ``smtp_url``
  (``CARDTABLE_SMTP_URL``: ``smtp://[user:password@]host[:port]``, ``smtps://`` for TLS from the start,
  ``smtp+starttls://`` to upgrade); without it nothing is sent and nothing else changes. Its links start
  with ``public_url`` (``https://`` in a deployment: RFC 8058 one-click unsubscribe wants an HTTPS link).
  An address gets nothing but its verification link (``verify_link_seconds``, ``verify_mails`` per
  ``verify_window`` per account and per address) until it is confirmed; an account gets at most
  ``mails_per_hour`` other mails (``services.mail``).
- ``turn_time_scale`` multiplies the time per move of turn-based tables (an hour to three days): tests and
  demonstrations set it below 1 so a clock runs out in seconds. Leave it at 1 in a deployment.
- ``redis_url`` (or ``REDIS_URL``) makes this server one of several (``server.cluster``): they must share
  one PostgreSQL database, so a Redis URL beside SQLite is refused. ``redis_prefix`` starts every Redis key
  and channel, so deployments (or test runs) sharing one Redis stay apart.
- A game review costs ``review_iterations`` search iterations per decision (2000, ``cardtable.review``'s
  default and the budget whose spread the README states), and each user may have ``review_limit`` running.
  Reviews run in ``review_workers`` processes of their own (never the bot workers, so a bot's turn never
  waits behind one), at most ``review_running`` at once per instance; more are queued, not refused. One
  client address may start ``review_address_attempts`` reviews per ``review_address_window`` (guests are
  cheap: the limit per user alone would not hold a crowd back).
- ``bot_hold_file`` is for tests only: while that file exists, no bot moves (``bot_driver``).
- Uploaded records cost storage and a whole replay each to check: a user keeps at most ``upload_quota``
  (50: more than anyone studies at once; deleting one makes room) and may upload ``upload_attempts`` (10)
  in any ``upload_window`` (600 s), refused ones included, since checking is the costly part.
- Websockets: a user may have ``ws_per_user`` (8) open on one instance (tabs, reconnects: a person
  rarely has more than a few), and open tables to watch ``watch_attempts`` times (30) per ``watch_window``
  (10 s), an address ``watch_address_attempts`` times (120: people behind one address) (``ws_limits``).
"""

from __future__ import annotations

import ipaddress
import os
import re
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""The names of this machine a browser on it uses: the default ``allowed_hosts``."""
HOST_NAME = re.compile(r"(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*")


def half_the_cores() -> int:
    """The password hashing pool's default size: argon2 keeps a core busy for each hash, so a storm of
    sign-ups on every core would starve play. On 2 cores one hasher kept a move's round trip during a
    sign-up storm at p95 49 ms against 107 ms with two (``benchmarks/storms.py``)."""
    return max(1, (os.cpu_count() or 2) // 2)


def default_db_path() -> Path:
    """``cardtable.db`` in the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "cardtable" / "cardtable.db"


class Settings(BaseSettings):
    """Everything the server can be told; every field has a safe default for a local table."""

    model_config = SettingsConfigDict(env_prefix="CARDTABLE_", extra="forbid", populate_by_name=True)

    database_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("database_url", "CARDTABLE_DATABASE_URL", "DATABASE_URL"),
        description="SQLAlchemy URL of the database; unset means the SQLite file db_path",
    )
    db_path: Path = Field(default_factory=default_db_path, description="the SQLite file when no URL is set")
    cookie_secure: bool = Field(default=False, description="mark the session cookie Secure (HTTPS only)")
    session_days: int = Field(default=30, ge=1, le=365, description="how long a login lasts")
    argon2_time_cost: int = Field(default=3, ge=1, le=20, description="argon2 passes over memory")
    argon2_memory_kib: int = Field(default=65536, ge=8, description="argon2 memory per hash, in KiB")
    hash_workers: int = Field(
        default_factory=half_the_cores,
        ge=1,
        le=64,
        description="passwords hashed at once (argon2 memory and a core each)",
    )
    hash_queue: int = Field(default=16, ge=0, description="password hashes that may wait; more answer 503")
    login_attempts: int = Field(default=10, ge=1, description="login attempts per address per window")
    login_window: float = Field(default=60.0, gt=0, description="seconds of the login rate window")
    signup_attempts: int = Field(default=5, ge=1, description="sign-ups per address per window")
    signup_window: float = Field(default=600.0, gt=0, description="seconds of the sign-up rate window")
    guest_attempts: int = Field(default=20, ge=1, description="new guests per address per window")
    guest_window: float = Field(default=600.0, gt=0, description="seconds of the guest rate window")
    ws_max_message: int = Field(default=4096, ge=256, description="largest websocket message read, in bytes")
    ws_rate: float = Field(default=20.0, gt=0, description="websocket messages per second a client may send")
    ws_burst: int = Field(default=40, ge=1, description="messages a client may send at once above the rate")
    ws_strikes: int = Field(default=20, ge=1, description="refused-for-flooding messages before closing")
    ws_per_user: int = Field(default=8, ge=1, le=1000, description="websockets a user may have open at once")
    watch_attempts: int = Field(default=30, ge=1, description="tables a user may open to watch per window")
    watch_address_attempts: int = Field(
        default=120, ge=1, description="tables the users of one address may open to watch per window"
    )
    watch_window: float = Field(default=10.0, gt=0, description="seconds of the watch rate window")
    bot_workers: int = Field(default=1, ge=0, le=64, description="bot processes (0: threads in the server)")
    bot_delay: float = Field(default=0.5, ge=0, le=10, description="seconds a bot waits before it moves")
    grace_seconds: float = Field(
        default=60.0, ge=0, le=86_400, description="seconds a player may be gone before a bot takes the seat"
    )
    review_iterations: int = Field(
        default=2000, ge=1, le=100_000, description="a game review's budget: search iterations per decision"
    )
    review_limit: int = Field(default=2, ge=1, le=100, description="game reviews a user may have running")
    review_workers: int = Field(
        default=1, ge=0, le=64, description="game review processes, apart from the bots' (0: threads)"
    )
    review_running: int = Field(
        default=2, ge=1, le=64, description="game reviews judged at once per instance; more wait queued"
    )
    review_address_attempts: int = Field(
        default=6, ge=1, description="game reviews one client address may start per review window"
    )
    review_address_window: float = Field(
        default=600.0, gt=0, description="seconds of the review rate window per address"
    )
    open_tables_per_account: int = Field(
        default=10, ge=1, description="tables an account may have created that are not over"
    )
    open_tables_per_address: int = Field(
        default=30, ge=1, description="tables created from one address that are not over"
    )
    abandoned_seconds: float = Field(
        default=600.0, gt=0, description="seconds a table of bots only may go unwatched before it ends"
    )
    invite_misses: int = Field(
        default=10,
        ge=1,
        description="look-ups of usernames that are no account (profiles asked for, invitations) per "
        "account and per address per window",
    )
    invite_window: float = Field(
        default=600.0, gt=0, description="seconds of the window of look-ups of unknown usernames"
    )
    chat_lines: int = Field(default=5, ge=1, description="chat lines a user may write per chat window")
    chat_window: float = Field(default=10.0, gt=0, description="seconds of the chat rate window")
    upload_quota: int = Field(default=50, ge=1, description="uploaded records a user may keep")
    upload_attempts: int = Field(default=10, ge=1, description="record uploads per user per upload window")
    upload_window: float = Field(default=600.0, gt=0, description="seconds of the upload rate window")
    redis_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("redis_url", "CARDTABLE_REDIS_URL", "REDIS_URL"),
        description="Redis shared by several server instances (needs PostgreSQL); unset means one instance",
    )
    redis_prefix: str = Field(
        default="cardtable",
        pattern=r"^[A-Za-z0-9_.-]{1,40}$",
        description="prefix of this deployment's Redis keys and channels",
    )
    smtp_url: str | None = Field(
        default=None, description="SMTP server for mail (smtp://, smtps://, smtp+starttls://); unset: no mail"
    )
    mail_from: str = Field(default="cardtable@localhost", max_length=254, description="the mails' sender")
    public_url: str = Field(
        default="http://127.0.0.1:8000", max_length=200, description="the site's address, for links in mails"
    )
    allowed_hosts: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: list(LOOPBACK_HOSTS),
        description="host names requests may be sent to, comma-separated, no ports (public_url's is added)",
    )
    mails_per_hour: int = Field(
        default=10, ge=1, le=1000, description="mails an account may get per hour (verification mails aside)"
    )
    verify_mails: int = Field(
        default=3, ge=1, description="verification mails per account and per address per verify window"
    )
    verify_window: float = Field(default=3600.0, gt=0, description="seconds of the verification mail window")
    verify_link_seconds: float = Field(
        default=86_400.0, gt=0, le=30 * 86_400, description="how long a mailed verification link works"
    )
    turn_time_scale: float = Field(
        default=1.0, gt=0, le=1, description="multiplies turn-based tables' time per move (tests only)"
    )
    bot_lease_seconds: float = Field(
        default=6.0, ge=1, le=300, description="how long a dead instance's bots wait for another to take over"
    )
    tournament_check_seconds: float = Field(
        default=5.0, gt=0, le=300, description="seconds between two looks at every running tournament"
    )
    bot_hold_file: Path | None = Field(
        default=None, description="tests only: while this file exists, bots wait before they move"
    )

    @field_validator("database_url")
    @classmethod
    def _driver(cls, url: str | None) -> str | None:
        """Name the driver this package installs for PostgreSQL; refuse databases we do not support."""
        if not url:
            return None
        scheme, sep, rest = url.partition("://")
        if not sep:
            raise ValueError(f"database_url must look like scheme://..., got {url!r}")
        if scheme in ("postgres", "postgresql", "postgresql+psycopg"):
            return f"postgresql+psycopg://{rest}"
        if scheme.startswith("sqlite"):
            return url
        raise ValueError(f"database_url must be a PostgreSQL or SQLite URL, got scheme {scheme!r}")

    @field_validator("redis_url")
    @classmethod
    def _redis(cls, url: str | None) -> str | None:
        if not url:
            return None
        if url.partition("://")[0] not in ("redis", "rediss", "unix"):
            raise ValueError(f"redis_url must be a redis://, rediss:// or unix:// URL, got {url!r}")
        return url

    @field_validator("smtp_url")
    @classmethod
    def _smtp(cls, url: str | None) -> str | None:
        if not url:
            return None
        if url.partition("://")[0] not in ("smtp", "smtps", "smtp+starttls"):
            raise ValueError(f"smtp_url must be an smtp://, smtps:// or smtp+starttls:// URL, got {url!r}")
        return url

    @model_validator(mode="after")
    def _shared_database(self) -> Settings:
        """Several instances need one database they all reach: refuse Redis beside a SQLite file."""
        if self.redis_url and not self.url().startswith("postgresql"):
            raise ValueError(
                "redis_url (several server instances) needs a PostgreSQL database_url; "
                "unset REDIS_URL to run one instance on SQLite"
            )
        return self

    def url(self) -> str:
        """The SQLAlchemy URL to connect to."""
        return self.database_url or f"sqlite:///{self.db_path}"

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _hosts(cls, value: object) -> object:
        """``cards.example.org,127.0.0.1`` (the variable) or a list; names lowercased, IPv6 in brackets."""
        names = value.split(",") if isinstance(value, str) else value
        if not isinstance(names, list | tuple):
            return value  # pydantic says what it wanted
        hosts = [_host_name(str(name).strip().lower()) for name in names if str(name).strip()]
        if not hosts:
            raise ValueError("allowed_hosts must name at least one host, e.g. cards.example.org")
        return hosts

    def hosts(self) -> list[str]:
        """The names requests may carry in ``Host``: ``allowed_hosts`` and the host of ``public_url``."""
        try:
            public = urlsplit(self.public_url).hostname
        except ValueError:  # a malformed address names no host
            public = None
        extra = [f"[{public}]" if public and ":" in public else public] if public else []
        return list(dict.fromkeys([*self.allowed_hosts, *extra]))


def _host_name(host: str) -> str:
    """``host`` as the ``Host`` header carries it (an IPv6 address gets its brackets), or ValueError."""
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if ":" in host:
        try:
            return f"[{ipaddress.IPv6Address(host)}]"
        except ValueError:
            raise ValueError(
                f"allowed host {host!r}: give the name alone, without scheme or port, e.g. cards.example.org"
            ) from None
    if not HOST_NAME.fullmatch(host):
        raise ValueError(
            f"allowed host {host!r} is no host name: letters, digits, '-' and '.', "
            "or '*.' before a domain for all its subdomains ('*' alone would let any site in)"
        )
    return host
