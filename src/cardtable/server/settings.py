"""Server settings: given directly (tests, ``cardtable serve``) or read from ``CARDTABLE_*`` variables and
``DATABASE_URL``.

Decisions:
- The default store is a SQLite file in the user's data directory (``$XDG_DATA_HOME/cardtable``, else
  ``~/.local/share/cardtable``): the server needs nothing installed or started, and writes nothing into a
  checkout. ``database_url`` (or ``DATABASE_URL``) selects another database, e.g. PostgreSQL; a plain
  ``postgresql://`` URL is given the psycopg driver.
- Cookies are not ``Secure`` by default because the default server is plain HTTP on loopback; a deployment
  behind TLS sets ``CARDTABLE_COOKIE_SECURE=true``.
- Bots think in ``bot_workers`` separate processes, so a slow bot never holds the server's interpreter;
  ``bot_workers=0`` runs them in threads of the server process instead (tests, tiny machines).
- Mail (turn-based tables' "your turn" and "game over") goes out only with ``smtp_url``
  (``CARDTABLE_SMTP_URL``: ``smtp://[user:password@]host[:port]``, ``smtps://`` for TLS from the start,
  ``smtp+starttls://`` to upgrade); without it nothing is sent and nothing else changes. Its links start
  with ``public_url``.
- ``turn_time_scale`` multiplies the time per move of turn-based tables (an hour to three days): tests and
  demonstrations set it below 1 so a clock runs out in seconds. Leave it at 1 in a deployment.
- ``redis_url`` (or ``REDIS_URL``) makes this server one of several (``server.cluster``): they must share
  one PostgreSQL database, so a Redis URL beside SQLite is refused. ``redis_prefix`` starts every Redis key
  and channel, so deployments (or test runs) sharing one Redis stay apart.
- A game review costs ``review_iterations`` search iterations per decision (2000, ``cardtable.review``'s
  default and the budget whose spread the README states), and each user may have ``review_limit`` running.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import AliasChoices, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    bot_workers: int = Field(default=1, ge=0, le=64, description="bot processes (0: threads in the server)")
    bot_delay: float = Field(default=0.5, ge=0, le=10, description="seconds a bot waits before it moves")
    grace_seconds: float = Field(
        default=60.0, ge=0, le=86_400, description="seconds a player may be gone before a bot takes the seat"
    )
    review_iterations: int = Field(
        default=2000, ge=1, le=100_000, description="a game review's budget: search iterations per decision"
    )
    review_limit: int = Field(default=2, ge=1, le=100, description="game reviews a user may have running")
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
        description="invitations of unknown usernames per account and per address per window",
    )
    invite_window: float = Field(default=600.0, gt=0, description="seconds of the invitation rate window")
    chat_lines: int = Field(default=5, ge=1, description="chat lines a user may write per chat window")
    chat_window: float = Field(default=10.0, gt=0, description="seconds of the chat rate window")
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
    turn_time_scale: float = Field(
        default=1.0, gt=0, le=1, description="multiplies turn-based tables' time per move (tests only)"
    )
    bot_lease_seconds: float = Field(
        default=6.0, ge=1, le=300, description="how long a dead instance's bots wait for another to take over"
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
