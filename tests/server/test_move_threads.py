"""The move threads: a call's answer or its error comes back to the task that awaits it, calls made at once
each get their own answer, and closing ends the threads."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from cardtable.server.errors import Refused
from cardtable.server.move_threads import MoveThreads


def refuse() -> None:
    raise Refused("it is seat 2's turn, not yours (seat 0)", code="not-your-turn")


def test_answers_and_errors_reach_the_awaiting_task_and_close_ends_the_threads() -> None:
    async def run() -> list[str]:
        before = set(threading.enumerate())  # other tests' servers may still have theirs
        threads = MoveThreads(3)
        try:
            assert await threads.run(lambda a, b: a + b, 2, 3) == 5
            with pytest.raises(Refused, match="not yours") as refused:
                await threads.run(refuse)
            assert refused.value.code == "not-your-turn"
            answers = await asyncio.gather(*(threads.run(lambda i: i * i, i) for i in range(50)))
            assert answers == [i * i for i in range(50)]
            names = await asyncio.gather(
                *(threads.run(lambda: threading.current_thread().name) for _ in range(9))
            )
            assert all(name.startswith("move-") for name in names)  # off the event loop's thread
        finally:
            threads.close()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (
            left := [t.name for t in set(threading.enumerate()) - before if t.name.startswith("move-")]
        ):
            await asyncio.sleep(0.01)
        return left

    assert asyncio.run(run()) == []
