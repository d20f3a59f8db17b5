"""Fan-out of table updates to the connections that follow a table.

``PubSub`` is what the services need of a fan-out: three methods. ``InMemoryPubSub`` serves one server
process; ``pubsub_redis.RedisPubSub`` (the same three methods) lets several processes share tables.
``publish`` may be called from any thread (the services run in worker threads, and one SQLite server's
moves on the event loop): each subscriber gets its messages on its own event loop, in the order they were
published; a publish made on that loop itself queues them there without waking it.

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
import logging
import threading
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger(__name__)


class Subscriber:
    """A receiver bound to the event loop it was made on; ``deliver`` runs on that loop."""

    def __init__(self, deliver: Callable[[Any], None]) -> None:
        self.deliver = deliver
        self.loop = asyncio.get_running_loop()


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
        """Send ``message`` to every subscriber of ``channel``, with one hand-off per event loop however
        many of its connections follow the channel (a move reaches a table's four seats with one
        wake-up of the loop, not four); subscribers whose loop is closed are dropped."""
        with self._lock:
            members = list(self._channels.get(channel, ()))
        by_loop: dict[asyncio.AbstractEventLoop, list[Subscriber]] = {}
        for subscriber in members:
            by_loop.setdefault(subscriber.loop, []).append(subscriber)
        here = asyncio._get_running_loop()
        for loop, group in by_loop.items():
            if loop is here:  # published on the subscribers' own loop: no wake-up to send
                loop.call_soon(_deliver, group, message)
                continue
            try:
                loop.call_soon_threadsafe(_deliver, group, message)
            except RuntimeError:  # that loop is closed
                for subscriber in group:
                    self.unsubscribe(channel, subscriber)


def _deliver(group: list[Subscriber], message: Any) -> None:
    """On their loop: hand ``message`` to each subscriber; one that fails does not keep it from the others."""
    for subscriber in group:
        try:
            subscriber.deliver(message)
        except Exception:
            log.exception("a subscriber failed to take a message")
