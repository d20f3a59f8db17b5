"""Fan-out of table updates to the connections that follow a table.

``PubSub`` is what the services need of a fan-out: three methods. ``InMemoryPubSub`` serves one server
process; ``pubsub_redis.RedisPubSub`` (the same three methods) lets several processes share tables.
``publish`` may be called from any thread (the services run in worker threads): each subscriber gets its
messages on its own event loop, in the order they were published.

>>> import asyncio
>>> async def demo() -> list[str]:
...     got: list[str] = []
...     bus = InMemoryPubSub()
...     bus.subscribe("table:1", Subscriber(got.append))
...     bus.publish("table:1", "hello")
...     await asyncio.sleep(0)
...     return got
>>> asyncio.run(demo())
['hello']
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, Protocol


class Subscriber:
    """A receiver bound to the event loop it was made on; ``deliver`` runs on that loop."""

    def __init__(self, deliver: Callable[[Any], None]) -> None:
        self.deliver = deliver
        self.loop = asyncio.get_running_loop()

    def send(self, message: Any) -> bool:
        """Hand ``message`` to the subscriber's loop; False once that loop is closed."""
        try:
            self.loop.call_soon_threadsafe(self.deliver, message)
        except RuntimeError:
            return False
        return True


class PubSub(Protocol):
    """Channels of subscribers: what a service publishes on a channel reaches every subscriber of it."""

    def subscribe(self, channel: str, subscriber: Subscriber) -> None:
        """Deliver every later message of ``channel`` to ``subscriber``."""

    def unsubscribe(self, channel: str, subscriber: Subscriber) -> None:
        """Stop delivering ``channel`` to ``subscriber`` (no error if it was not subscribed)."""

    def publish(self, channel: str, message: Any) -> None:
        """Send ``message`` to every subscriber of ``channel`` (from any thread)."""


class InMemoryPubSub:
    """Channels of subscribers inside one process."""

    def __init__(self) -> None:
        self._channels: dict[str, set[Subscriber]] = {}
        self._lock = threading.Lock()

    def subscribe(self, channel: str, subscriber: Subscriber) -> None:
        """Deliver every later message of ``channel`` to ``subscriber``."""
        with self._lock:
            self._channels.setdefault(channel, set()).add(subscriber)

    def unsubscribe(self, channel: str, subscriber: Subscriber) -> None:
        """Stop delivering ``channel`` to ``subscriber`` (no error if it was not subscribed)."""
        with self._lock:
            members = self._channels.get(channel)
            if members is not None:
                members.discard(subscriber)
                if not members:
                    del self._channels[channel]

    def publish(self, channel: str, message: Any) -> None:
        """Send ``message`` to every subscriber of ``channel``; dead subscribers are dropped."""
        with self._lock:
            members = list(self._channels.get(channel, ()))
        for subscriber in members:
            if not subscriber.send(message):
                self.unsubscribe(channel, subscriber)
