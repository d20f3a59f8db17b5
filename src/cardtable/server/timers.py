"""Timers for the clocks and the grace periods: call a function at a given time, keyed so that a newer
timer of the same key replaces the older one.

Decisions:
- One daemon thread and a heap serve every timer of the server, so a thousand running clocks cost a
  thousand heap entries, not a thousand threads. It starts with the first timer and stops with ``close``.
- A callback runs in that thread; it must be short (the table service's are: a lock, a read, a hand-off to
  the bot driver). An exception in one is logged and the others still run.
- Times are ``time.time()`` seconds, the clock the tables store, so a deadline read back from the
  database after a restart means the same moment.

>>> import threading
>>> fired = threading.Event()
>>> timers = Timers()
>>> timers.schedule("demo", time.time() + 0.01, fired.set)
>>> fired.wait(2)
True
>>> timers.close()
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable, Hashable

log = logging.getLogger(__name__)


class Timers:
    """Call ``callback()`` at ``when``; thread-safe."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Hashable]] = []
        self._live: dict[Hashable, tuple[int, Callable[[], None]]] = {}
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    def schedule(self, key: Hashable, when: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` at ``when`` (at once if it has passed), replacing the timer of ``key``."""
        with self._wake:
            if self._closed:
                return
            number = next(self._order)
            self._live[key] = (number, callback)
            heapq.heappush(self._heap, (when, number, key))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="timers", daemon=True)
                self._thread.start()
            self._wake.notify()

    def cancel(self, key: Hashable) -> None:
        """Forget the timer of ``key`` (no error if there is none)."""
        with self._wake:
            self._live.pop(key, None)

    def pending(self, key: Hashable) -> bool:
        """True while a timer of ``key`` waits to fire."""
        with self._wake:
            return key in self._live

    def close(self) -> None:
        """Drop every timer and end the thread."""
        with self._wake:
            self._closed = True
            self._live.clear()
            self._heap.clear()
            self._wake.notify()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._wake:
                callback = self._next_due()
                if self._closed:
                    return
            if callback is not None:
                try:
                    callback()
                except Exception:
                    log.exception("a timer's callback failed")

    def _next_due(self) -> Callable[[], None] | None:
        """Wait (holding the condition) until a timer is due; returns its callback, or None to look again."""
        while self._heap and not self._closed:
            when, number, key = self._heap[0]
            if self._live.get(key, (None,))[0] != number:  # replaced or cancelled
                heapq.heappop(self._heap)
                continue
            delay = when - time.time()
            if delay > 0:
                self._wake.wait(delay)
                return None
            heapq.heappop(self._heap)
            return self._live.pop(key)[1]
        if not self._closed:
            self._wake.wait()
        return None
