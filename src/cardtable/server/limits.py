"""Rate limits: ``Limits`` counts actions per key (a client address, an account) in a moving window, in
this process's memory or, beside other instances, in Redis so that every instance counts the same
actions; ``TokenBucket`` paces the messages of one websocket connection, which only its own instance sees.

Decisions:
- The counting is the ``limits`` library's moving window (at most ``attempts`` in any ``window``
  seconds), on its memory storage or its Redis storage under ``<redis_prefix>:limits``. Windows are whole
  seconds (shorter ones are rounded up).
- When Redis cannot be reached an action is let through and the failure logged: a limit is a guard
  against floods, not a reason to lock everyone out. What must hold during an outage too is held by
  other means (the password hashing queue has a bound of its own).
- A route asks ``take`` before it does the work and is refused (429, ``Retry-After``) once the window is
  full; ``full`` only looks, for a check that must not itself count.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=1.0)
(True, True, False, True)
>>> logins = Limits().limit("login", attempts=2, window=60)
>>> logins.take("10.0.0.1") is None, logins.take("10.0.0.1") is None, logins.take("10.0.0.1") is None
(True, True, False)
>>> logins.take("10.0.0.2") is None
True
"""

from __future__ import annotations

import logging
import math
import time

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import MemoryStorage, RedisStorage, Storage
from limits.strategies import MovingWindowRateLimiter

from .errors import TooMany

log = logging.getLogger(__name__)


class Limits:
    """Where the counts of every limit are kept: memory (``redis_url`` None) or a Redis shared by the
    instances of a deployment."""

    def __init__(self, redis_url: str | None = None, *, prefix: str = "cardtable") -> None:
        storage: Storage = (
            RedisStorage(redis_url, key_prefix=f"{prefix}:limits", wrap_exceptions=True)
            if redis_url
            else MemoryStorage()
        )
        self.storage = storage
        self._strategy = MovingWindowRateLimiter(storage)

    def limit(self, name: str, *, attempts: int, window: float) -> Limit:
        """At most ``attempts`` actions named ``name`` per key in any ``window`` seconds."""
        return Limit(self._strategy, name, RateLimitItemPerSecond(attempts, max(1, math.ceil(window))))


class Limit:
    """One limit, e.g. sign-ups per address; thread-safe."""

    def __init__(self, strategy: MovingWindowRateLimiter, name: str, item: RateLimitItem) -> None:
        self._strategy = strategy
        self.name = name
        self.item = item

    @property
    def attempts(self) -> int:
        return self.item.amount

    def take(self, key: str) -> float | None:
        """Count an action of ``key``: None if it may go ahead, else the seconds until it may."""
        return self._ask(key, count=True)

    def full(self, key: str) -> float | None:
        """Without counting: None if ``key`` may act now, else the seconds until it may."""
        return self._ask(key, count=False)

    def check(self, key: str, message: str) -> None:
        """``take``, raising TooMany with ``message`` when the window is full: a literal sentence (the
        ``site`` catalog's msgid, ``errors``) whose ``{seconds}`` says how long to wait."""
        wait = self.take(key)
        if wait is not None:
            raise TooMany(message, retry_after=wait, seconds=math.ceil(wait))

    def _ask(self, key: str, *, count: bool) -> float | None:
        ask = self._strategy.hit if count else self._strategy.test
        try:
            if ask(self.item, self.name, key):
                return None
        except StorageError:
            log.warning("rate limit %s not applied: its storage failed", self.name, exc_info=True)
            return None
        return self._wait(key)

    def _wait(self, key: str) -> float:
        try:
            reset = self._strategy.get_window_stats(self.item, self.name, key).reset_time
        except StorageError:
            return 1.0
        return max(1.0, reset - time.time())


class TokenBucket:
    """Holds up to ``burst`` tokens and gains ``rate`` per second; each action takes one."""

    def __init__(self, *, rate: float, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        """Take a token if there is one; False means the action must be refused."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1 - self.tokens) / self.rate)
