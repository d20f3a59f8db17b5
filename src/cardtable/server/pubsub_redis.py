"""Fan-out through Redis pub/sub, for several server instances: the in-process fan-out of ``pubsub``
with every message sent by way of Redis, so a player connected to one instance sees at once a move made
through another.

Decisions:
- Each instance holds one Redis connection subscribed to one channel, ``<prefix>:pubsub``, and hands every
  message on to its own subscribers of the message's channel (``InMemoryPubSub``, which this class
  extends). One channel, subscribed before the server answers, means following a table costs no Redis
  round trip and no update can fall between reading a table and subscribing to it. The price is that
  every instance reads every table's updates (and decodes only those it follows): right for a handful of
  instances; far more would want a channel per table.
- Messages cross in batches: ``publish`` is called after a commit, from the services' worker threads, and
  queues the message for one sender thread, which sends all that has queued up as one Redis message.
  Under load one round trip and one command carry several moves (redis-py spends about 45 us of CPU a
  command, payload aside, and a pipeline saves little of it), and no move's thread waits for Redis. One
  queue and one sender keep the order of an instance's publishes. If Redis cannot be reached the change
  is already committed; the failure is logged and the batch's messages other than table updates go to
  this instance's subscribers.
- An instance's own table updates go to its subscribers at once, not by way of Redis and back: each
  carries its table's version, and a follower drops an update older than one it has (``ws.Follow``), so
  the order Redis would give them adds nothing, while the trip back (reading, parsing and decoding every
  move's texts) was 8% of a loaded server's time. Every other message makes the trip, so all of a
  channel's other messages reach its subscribers in the one order Redis gives them.
- While no other instance listens (Redis's subscriber count of the channel, asked once a second), an
  instance sends its table updates nowhere: sending them, and reading them back, cost a lone instance
  15% of its CPU per move. An instance that starts listening meanwhile may miss a second's updates of
  the tables its players follow; the repair loop (``cluster``) finds those tables behind and sends their
  state, as it does for an update a killed instance never sent.
- A batch is lines (no message holds a raw newline: they are JSON): the sending instance, then four lines
  a message: its channel, ``d`` when its instance delivered it already (else empty), a move's change
  (``TableUpdate.change``, else empty) and the message as JSON. An instance learns without decoding any
  texts which channels others changed and how (``on_foreign``: the table service follows the move on the
  state it holds, or marks it out of date). The change holds what no seat may see (a deal): it crosses
  Redis, a server's own infrastructure like the database, and is never part of what a client is sent.
- Messages are JSON: a ``TableUpdate`` field by field, anything else as a JSON value (a message that is
  neither is a programming error, raised as TypeError at the publisher). Never pickle: a message from
  Redis must not be able to run code in a server.
- Pub/sub delivers at most once: messages sent while the listening connection was down are lost. After it
  subscribes again ``on_resubscribed`` is called with the channels followed here, so their current state
  can be sent again (``cluster`` republishes the tables). ``seen`` tells the newest version that arrived
  on a channel, so ``cluster`` can also notice an update that was never published.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import queue
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import orjson
import redis
import redis.asyncio

from .pubsub import InMemoryPubSub
from .services.updates import TableUpdate

log = logging.getLogger(__name__)
DELIVERED = b"d"
"""The mark of a table update its instance delivered to its own subscribers when publishing."""
LINES_A_MESSAGE = 4
RETRY_SECONDS = (0.1, 0.5, 1.0, 2.0)
"""Waits between attempts to listen again after the connection broke (the last one repeats)."""
LINGER_SECONDS = 0.005
"""How long the sender waits after a message comes before it sends what has queued: a few milliseconds
later for other instances' followers (this instance's get table updates at once), for fewer, larger
batches."""
LISTENERS_SECONDS = 1.0
"""How often the sender asks Redis whether any other instance listens (see the module docstring)."""
SENDER_STOP_SECONDS = 10.0
"""How long ``stop`` waits for the messages still queued to be sent."""


def encode(message: Any) -> bytes:
    """The JSON text of a message (UTF-8); TypeError for a message that cannot cross Redis. orjson: a
    table update carries its texts as JSON strings, five a move, and escaping them is most of the work."""
    if isinstance(message, TableUpdate):
        fields = {f.name: getattr(message, f.name) for f in dataclasses.fields(message) if f.name != "change"}
        fields["texts"] = [[seat, text] for seat, text in message.texts.items()]
        fields["worded"] = [
            [lang, [[seat, text] for seat, text in texts.items()]] for lang, texts in message.worded.items()
        ]
        return orjson.dumps({"kind": "table-update", "fields": fields})
    try:
        return orjson.dumps({"kind": "json", "value": message}, option=orjson.OPT_NON_STR_KEYS)
    except TypeError as error:
        raise TypeError(f"a {type(message).__name__} cannot be published through Redis: {error}") from None


def decode(text: str | bytes) -> Any:
    """The message ``encode`` made; ValueError for a text it did not make."""
    data = orjson.loads(text)
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind == "json":
        return data["value"]
    if kind == "table-update":
        fields = dict(data["fields"])
        fields["texts"] = {seat: text for seat, text in fields["texts"]}
        fields["worded"] = {
            lang: {seat: text for seat, text in texts} for lang, texts in fields.get("worded", [])
        }
        fields["seat_users"] = tuple(fields["seat_users"])
        return TableUpdate(**fields)
    raise ValueError(f"not a cardtable pub/sub message: {str(text)[:80]!r}")


@dataclasses.dataclass(frozen=True)
class _Outgoing:
    """A message queued for Redis, with its channel and, unless it is a table update, its JSON (made by
    the publisher, so that a message that cannot cross Redis is refused there)."""

    channel: str
    message: Any
    text: bytes | None

    def lines(self) -> tuple[bytes, ...]:
        """Its four lines of a batch (see the module docstring)."""
        if self.text is not None:
            return (self.channel.encode(), b"", b"", self.text)
        change = (self.message.change or "").encode()
        return (self.channel.encode(), DELIVERED, change, encode(self.message))


class RedisPubSub(InMemoryPubSub):
    """Channels shared by every instance using the same Redis and ``prefix``; ``start`` before use."""

    def __init__(self, url: str, *, prefix: str) -> None:
        super().__init__()
        self.url = url
        self.redis_channel = f"{prefix}:pubsub"
        """The one Redis channel every instance of the deployment sends its batches on and listens to."""
        self.on_resubscribed: Callable[[list[str]], None] = lambda channels: None
        """Called (on the event loop) with the channels followed here, after listening was interrupted."""
        self.on_foreign: Callable[[str, bytes | None], None] = lambda channel, change: None
        """Called (on the event loop) with the channel of each message another instance sent, followed here
        or not, and the move's change it carries (JSON, or None): quick, it sees every message of the
        deployment."""
        self.origin = uuid.uuid4().hex
        self._origin_bytes = self.origin.encode()
        self._publisher = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self.listener_name = f"{prefix}:listen"
        """The Redis client name of the listening connection (``CLIENT LIST`` shows it)."""
        self._listener = redis.asyncio.Redis.from_url(
            url, socket_connect_timeout=5, client_name=self.listener_name
        )
        self._task: asyncio.Task[None] | None = None
        self._seen: dict[str, int] = {}
        self._outbox: queue.SimpleQueue[_Outgoing | None] = queue.SimpleQueue()
        self._listeners_asked = -LISTENERS_SECONDS
        self._others = True
        self._listening = False
        """Whether this instance's listener is subscribed (it is then one of the channel's subscribers)."""
        self._sender = threading.Thread(target=self._send_all, name="redis-publish", daemon=True)
        self._sender.start()

    async def start(self) -> None:
        """Listen to the deployment's channel; returns once Redis has confirmed the subscription (the
        first connection's error is raised, so a server with an unreachable Redis does not start)."""
        pubsub = await self._subscribe()
        self._task = asyncio.get_running_loop().create_task(self._listen(pubsub))

    async def stop(self) -> None:
        """Send what is queued, stop listening and close both connections."""
        self._outbox.put(None)
        await asyncio.to_thread(self._sender.join, SENDER_STOP_SECONDS)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self._listener.aclose()
        self._publisher.close()

    def publish(self, channel: str, message: Any) -> None:
        """Send ``message`` to the subscribers of ``channel`` on every instance (from any thread); a table
        update reaches this instance's subscribers at once, the rest by way of Redis, sent by the sender
        thread (see the module docstring). ValueError for a channel name holding a line break."""
        if "\n" in channel:
            raise ValueError(f"a channel name is one line: {channel!r}")
        update = isinstance(message, TableUpdate)
        if update:
            self._saw(channel, message.version)
            super().publish(channel, message)
        self._outbox.put(_Outgoing(channel, message, None if update else encode(message)))

    def _send_all(self) -> None:
        """The sender thread: each round sends every message queued by then as one batch, until ``stop``."""
        stopping = False
        while not stopping:
            batch: list[_Outgoing] = []
            item = self._outbox.get()
            if item is not None:
                time.sleep(LINGER_SECONDS)
            while item is not None:
                batch.append(item)
                try:
                    item = self._outbox.get_nowait()
                except queue.Empty:
                    break
            stopping = item is None
            if batch:
                self._send(batch)

    def _send(self, batch: list[_Outgoing]) -> None:
        try:
            if not self._others_listen():  # this instance's own table updates reached its subscribers
                batch = [outgoing for outgoing in batch if outgoing.text is not None]
                if not batch:
                    return
            text = b"\n".join(
                [self._origin_bytes, *(line for outgoing in batch for line in outgoing.lines())]
            )
            self._publisher.publish(self.redis_channel, text)
        except Exception:  # any failure: the sender thread must live on for the next messages
            log.exception("Redis refused %d messages; only this instance's subscribers get them", len(batch))
            for outgoing in batch:
                if outgoing.text is not None:
                    super().publish(outgoing.channel, outgoing.message)

    def _others_listen(self) -> bool:
        """Whether another instance listens to the deployment's channel, asked of Redis at most every
        ``LISTENERS_SECONDS`` (by the sender thread)."""
        now = time.monotonic()
        if now >= self._listeners_asked + LISTENERS_SECONDS:
            self._listeners_asked = now
            [(_, listening)] = self._publisher.pubsub_numsub(self.redis_channel)
            self._others = int(listening) > self._listening  # this instance's own listener, when it is
        return self._others

    def unsubscribe(self, channel: str, subscriber: Any) -> None:
        """As ``InMemoryPubSub.unsubscribe``; a channel nobody follows here any more is forgotten."""
        super().unsubscribe(channel, subscriber)
        with self._lock:
            if channel not in self._channels:
                self._seen.pop(channel, None)

    def followed(self) -> list[str]:
        """The channels that have subscribers on this instance."""
        with self._lock:
            return list(self._channels)

    def seen(self, channel: str) -> int | None:
        """The newest version that came from Redis on a channel followed here (None before the first)."""
        with self._lock:
            return self._seen.get(channel)

    async def _subscribe(self) -> Any:
        pubsub = self._listener.pubsub()
        await pubsub.subscribe(self.redis_channel)
        while True:  # the confirmation comes first on this connection
            reply = await pubsub.get_message(timeout=5)
            if reply is None:
                raise redis.ConnectionError("Redis did not confirm the subscription within 5 seconds")
            if reply["type"] == "subscribe":
                self._listening = True
                return pubsub

    async def _listen(self, pubsub: Any) -> None:
        failures = 0
        while True:
            try:
                async for reply in pubsub.listen():
                    failures = 0
                    if reply["type"] == "message":
                        self._hand_on(reply["data"])
                    elif reply["type"] == "subscribe":  # redis-py subscribed again on a new connection
                        self._resubscribed()
                raise redis.ConnectionError("the subscription ended")
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception:
                log.warning("listening to Redis failed; subscribing again", exc_info=True)
            self._listening = False
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            while True:
                await asyncio.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
                failures += 1
                try:
                    pubsub = await self._subscribe()
                except Exception:
                    log.warning("Redis unreachable; trying again", exc_info=True)
                    continue
                self._resubscribed()
                break

    def _hand_on(self, batch: bytes) -> None:
        """Hand each message of a batch to the subscribers here (see the module docstring)."""
        origin, *lines = batch.split(b"\n")
        if len(lines) % LINES_A_MESSAGE:
            log.warning("dropped a batch that no cardtable server sent: %r", batch[:80])
            return
        mine = origin == self._origin_bytes
        for at in range(0, len(lines), LINES_A_MESSAGE):
            channel_bytes, mark, change, text = lines[at : at + LINES_A_MESSAGE]
            if mine and mark == DELIVERED:  # delivered here when it was published
                continue
            channel = channel_bytes.decode()
            if not mine:
                try:
                    self.on_foreign(channel, change or None)
                except Exception:
                    log.exception("handling a message of another instance on %s failed", channel)
            with self._lock:
                if channel not in self._channels:
                    continue
            try:
                message = decode(text)
            except (ValueError, TypeError, KeyError):
                log.warning("dropped a message on %s that no cardtable server sent", channel)
                continue
            version = getattr(message, "version", None)
            if version is not None:
                self._saw(channel, version)
            super().publish(channel, message)

    def _saw(self, channel: str, version: int) -> None:
        """Note the newest version a followed channel's updates reached here (``seen``)."""
        with self._lock:
            if channel in self._channels:
                self._seen[channel] = max(version, self._seen.get(channel, version))

    def _resubscribed(self) -> None:
        log.info("listening to Redis again: the followed channels are sent afresh")
        try:
            self.on_resubscribed(self.followed())
        except Exception:
            log.exception("sending the followed channels afresh failed")
