"""Slots given out in the order of a key rather than of arrival: the game reviews' queue on an instance
(``review_runner``) lets the review with the smallest id run first, the order in which a review's place
in the queue is counted (``services.reviews``), so the place shown is the place kept.

>>> import asyncio
>>> async def demo() -> list[int]:
...     slots, order = OrderedSlots(1), []
...     async def hold(key: int) -> None:
...         await slots.acquire(key)
...         order.append(key)
...         await asyncio.sleep(0)
...         slots.release()
...     await slots.acquire(0)
...     tasks = [asyncio.ensure_future(hold(key)) for key in (3, 1, 2)]
...     await asyncio.sleep(0)
...     slots.release()
...     await asyncio.gather(*tasks)
...     return order
>>> asyncio.run(demo())
[1, 2, 3]
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Callable


class OrderedSlots:
    """At most ``capacity`` holders at once (event loop only); waiters get a slot smallest key first."""

    def __init__(self, capacity: int) -> None:
        self.free = capacity
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrival = itertools.count()

    @property
    def waiting(self) -> int:
        """Waiters not yet given a slot."""
        return sum(1 for _, _, future in self._waiting if not future.done())

    async def acquire(
        self, key: int, *, meanwhile: Callable[[], Awaitable[None]] | None = None, every: float = 60.0
    ) -> None:
        """Wait for a slot, running ``meanwhile`` every ``every`` seconds while waiting (a waiter still
        alive says so). Cancelled while waiting, it gives up its place (or the slot it was just given)."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (key, next(self._arrival), future))
        try:
            while True:
                try:
                    await asyncio.wait_for(asyncio.shield(future), every)
                    return
                except TimeoutError:
                    if meanwhile is not None:
                        await meanwhile()
        except BaseException:
            if future.done() and not future.cancelled():
                self.release()  # a slot was handed over: pass it on
            else:
                future.cancel()  # left in the heap, skipped by ``release``
            raise

    def release(self) -> None:
        """Give the slot to the waiter with the smallest key, else free it."""
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                return
        self.free += 1
