"""Rate limits: a token bucket, and a set of buckets by key (a client address). The login route and each
websocket connection use the same mechanism.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=1.0)
(True, True, False, True)
"""

from __future__ import annotations

import threading
import time


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


class KeyedLimiter:
    """``attempts`` per ``window`` seconds for each key; thread-safe, and it forgets idle keys."""

    def __init__(self, *, attempts: int, window: float) -> None:
        self.rate = attempts / window
        self.burst = attempts
        self._buckets: dict[str, TokenBucket] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> float | None:
        """None if ``key`` may act now, else the seconds to wait."""
        now = time.monotonic()
        with self._lock:
            if len(self._buckets) > 10_000:
                self._forget_full(now)
            bucket = self._buckets.setdefault(key, TokenBucket(rate=self.rate, burst=self.burst, now=now))
            return None if bucket.take(now) else bucket.wait()

    def _forget_full(self, now: float) -> None:
        full = self.burst / self.rate
        self._buckets = {k: b for k, b in self._buckets.items() if now - b.stamp < full}
