"""Password hashing away from play: argon2 (by default 64 MiB and a few passes per hash) runs in a pool
of its own, ``workers`` threads, never in the thread pool that serves moves and lobby requests.

Decisions:
- At most ``workers`` hashes run at once, so a sign-up storm costs at most ``workers`` × the argon2
  memory, and at most ``queue`` more wait their turn; past that a request is refused at once with 503
  and ``Retry-After`` (a queue without bound would only make every login slower, then time out).
- argon2-cffi releases the interpreter while it hashes, so the event loop and the other threads go on.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .errors import Busy

T = TypeVar("T")


class PasswordHashing:
    """Hash and verify passwords in a bounded pool; ``close`` at shutdown."""

    def __init__(self, hasher: PasswordHasher, *, workers: int, queue: int) -> None:
        self.hasher = hasher
        self.limit = workers + queue
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="argon2")
        self._pending = 0
        self._lock = threading.Lock()
        self.dummy_hash = hasher.hash("not the password of anyone")
        """Verified for unknown names, so a login's timing does not tell which names exist."""

    async def hash(self, password: str) -> str:
        """The argon2 hash of ``password``; Busy when too many hashes are already waiting."""
        return await self._run(self.hasher.hash, password)

    async def verify(self, password_hash: str | None, password: str) -> bool:
        """True if ``password`` matches; with no hash (an unknown name or a guest) a dummy hash is checked,
        so both take as long."""
        return await self._run(self._verify, password_hash or self.dummy_hash, password) and bool(
            password_hash
        )

    def pending(self) -> int:
        """Hashes running or waiting now."""
        with self._lock:
            return self._pending

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _run(self, work: Callable[..., T], *args: str) -> T:
        with self._lock:
            if self._pending >= self.limit:
                raise Busy("the server is busy checking passwords; try again in a few seconds", retry_after=2)
            self._pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        finally:
            with self._lock:
                self._pending -= 1
