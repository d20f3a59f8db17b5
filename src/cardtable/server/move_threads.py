"""A few threads, sharing one queue, that take people's moves off the event loop when a move waits on the
network (PostgreSQL, Redis); one SQLite server takes them on the loop (``TableService.moves_on_loop``).

Why not anyio's worker threads, which take everything else:
- They are many (up to the database pool's 20 here), and every one of them running Python competes for
  the GIL with the event loop and the others. At 200 tables on PostgreSQL + Redis the p99 round trip of
  a move was 265-390 ms with them, against 92-107 ms with six threads at the same CPU per move: a move
  is CPU work around one round trip, so a few threads keep the interpreter busy.
- Each waits on a queue of its own, so every call wakes a sleeping thread; here a thread that has
  finished a move takes the next one queued without sleeping.
- Moves do not queue behind slow requests (a login's password hash, a replay's upload).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
MOVE_THREADS = 4

_Call = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]


class MoveThreads:
    """``run`` a blocking function in one of ``count`` threads, from the event loop; ``close`` to stop."""

    def __init__(
        self,
        count: int = MOVE_THREADS,
        *,
        around: Callable[[], contextlib.AbstractContextManager[Any]] = contextlib.nullcontext,
    ) -> None:
        """``around()`` is entered for the life of each thread (``Database.keeping_connection``)."""
        self._around = around
        self._calls: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        self._threads = [
            threading.Thread(target=self._take_calls, name=f"move-{i}", daemon=True) for i in range(count)
        ]
        for thread in self._threads:
            thread.start()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a move thread: its result, or its exception raised here."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._calls.put((loop, future, function, args))
        return await future

    def close(self) -> None:
        """Let the threads end once the calls queued before are done."""
        for _ in self._threads:
            self._calls.put(None)

    def _take_calls(self) -> None:
        with self._around():
            self._take_calls_until_closed()

    def _take_calls_until_closed(self) -> None:
        while (call := self._calls.get()) is not None:
            loop, future, function, args = call
            result, raised = None, None
            try:
                result = function(*args)
            except BaseException as error:  # handed to the awaiting task, as anyio does
                raised = error
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits any more
                loop.call_soon_threadsafe(_settle, future, result, raised)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():  # the socket went away: the move was still taken, nobody waits for its answer
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)
