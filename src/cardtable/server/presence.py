"""Who is at which table right now: a count of each user's open connections that follow a table.

A seated person whose count drops to zero is away; the table service then gives them a grace period
before the stand-in bot takes their seat. Counts (not flags) because one person may have the table open
in two tabs: closing one of them is not leaving. A table of bots only that nobody follows is abandoned.

Decisions:
- ``Presence`` lives in this process's memory, with the connections it counts. A restarted server
  starts with nobody present, which is true: every socket closed with it.
- Beside other instances ``SharedPresence`` also keeps, in Redis, one entry per (table, user, instance)
  that has connections here: a sorted set per table, ``<prefix>:presence:<table>``, whose members
  ``<user>@<instance>`` are scored with the moment they expire. This instance renews its own entries every
  third of ``ttl`` seconds, so the entries of an instance that died are gone within ``ttl``. Arriving and
  departing write to Redis in a thread of their own, in order, and never make a caller wait (departing is
  called on the event loop); asking reads Redis, and counts a person present when Redis cannot answer (a
  grace period is better skipped than a seat taken wrongly).
- Someone is online while some connection of theirs follows a table, any table (``online``: what a friends
  list shows). Beside other instances one more sorted set, ``<prefix>:online``, holds the users with such
  a connection, scored with the moment they expire: written with the per-table entries (one ZADD for all
  of them, which also drops the expired), and left to expire, so someone shows online up to ``ttl``
  seconds after leaving another instance. When Redis cannot answer, this instance's people are the ones
  online (it only decides what a list shows).

>>> here = Presence()
>>> here.arrive(7, 1); here.arrive(7, 1)
>>> here.online([1, 2]), here.depart(7, 1), here.depart(7, 1), here.is_here(7, 1), here.anyone_here(7)
({1}, False, True, False, False)
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

import redis

log = logging.getLogger(__name__)


class Presence:
    """Open connections per (table, user) in this process; thread-safe."""

    def __init__(self) -> None:
        self._counts: dict[tuple[int, int], int] = {}
        self._lock = threading.Lock()

    def arrive(self, table_id: int, user_id: int) -> None:
        """One more connection of ``user_id`` follows ``table_id``."""
        with self._lock:
            key = (table_id, user_id)
            self._counts[key] = self._counts.get(key, 0) + 1
            first = self._counts[key] == 1
        if first:
            self._arrived(table_id, user_id)

    def depart(self, table_id: int, user_id: int) -> bool:
        """One connection fewer; True when that was the user's last one at the table."""
        with self._lock:
            key = (table_id, user_id)
            count = self._counts.get(key, 0) - 1
            if count > 0:
                self._counts[key] = count
                return False
            self._counts.pop(key, None)
        if count == 0:
            self._departed(table_id, user_id)
        return count == 0

    def is_here(self, table_id: int, user_id: int) -> bool:
        """True while some connection of ``user_id`` follows ``table_id``."""
        with self._lock:
            return (table_id, user_id) in self._counts

    def anyone_here(self, table_id: int) -> bool:
        """True while some connection follows ``table_id``."""
        with self._lock:
            return any(table == table_id for table, _ in self._counts)

    def online(self, user_ids: Iterable[int]) -> set[int]:
        """Those of ``user_ids`` that some connection shows following a table."""
        wanted = set(user_ids)
        with self._lock:
            return {user for _, user in self._counts if user in wanted}

    def here(self) -> list[tuple[int, int]]:
        """Every (table, user) with a connection in this process."""
        with self._lock:
            return list(self._counts)

    def close(self) -> None:
        """Stop (nothing to stop in memory)."""

    def _arrived(self, table_id: int, user_id: int) -> None:
        """The user's first connection at the table in this process."""

    def _departed(self, table_id: int, user_id: int) -> None:
        """The user's last connection at the table in this process has gone."""


class SharedPresence(Presence):
    """``Presence`` for one instance of several: what any instance counts is known to all of them."""

    def __init__(self, url: str, *, prefix: str, instance: str, ttl: float = 15.0) -> None:
        super().__init__()
        self.prefix = f"{prefix}:presence:"
        self.online_key = f"{prefix}:online"
        self.instance = instance
        self.ttl = ttl
        self._client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="presence")
        self._stop = threading.Event()
        self._renewer = threading.Thread(target=self._renew_all, name="presence-renew", daemon=True)
        self._renewer.start()

    def is_here(self, table_id: int, user_id: int) -> bool:
        if super().is_here(table_id, user_id):
            return True
        members = self._members(table_id)
        return members is None or any(m.rpartition("@")[0] == str(user_id) for m in members)

    def anyone_here(self, table_id: int) -> bool:
        if super().anyone_here(table_id):
            return True
        members = self._members(table_id)
        return members is None or bool(members)

    def online(self, user_ids: Iterable[int]) -> set[int]:
        wanted = set(user_ids)
        found = super().online(wanted)
        others = sorted(wanted - found)
        if not others:
            return found
        try:
            expiries = self._client.zmscore(self.online_key, [str(user_id) for user_id in others])
        except redis.RedisError:
            log.warning("could not read who is online from Redis; counting this instance's", exc_info=True)
            return found
        now = time.time()
        return found | {user_id for user_id, at in zip(others, expiries, strict=True) if at and at > now}

    def close(self) -> None:
        """Stop renewing, take this instance's entries away, and close the connection."""
        self._stop.set()
        for table_id, user_id in self.here():
            self._writer.submit(self._remove, table_id, user_id)
        self._writer.shutdown(wait=True)
        self._client.close()

    def _arrived(self, table_id: int, user_id: int) -> None:
        self._write(self._add, [(table_id, user_id)])

    def _departed(self, table_id: int, user_id: int) -> None:
        self._write(self._remove, table_id, user_id)

    def _write(self, work: object, *args: object) -> None:
        if not self._stop.is_set():
            self._writer.submit(work, *args)  # type: ignore[arg-type]

    def _member(self, user_id: int) -> str:
        return f"{user_id}@{self.instance}"

    def _add(self, entries: list[tuple[int, int]]) -> None:
        """Write (or renew) entries: one ZADD and one EXPIRE per table, whatever its number of users here,
        and three for who is online (redis-py spends about 45 µs of this process's CPU on a command,
        whatever its size)."""
        now = time.time()
        expires = now + self.ttl
        members: dict[int, dict[str, float]] = {}
        for table_id, user_id in entries:
            members.setdefault(table_id, {})[self._member(user_id)] = expires
        try:
            with self._client.pipeline(transaction=False) as pipe:
                for table_id, scored in members.items():
                    pipe.zadd(f"{self.prefix}{table_id}", scored)
                    pipe.expire(f"{self.prefix}{table_id}", int(self.ttl) + 1)
                pipe.zremrangebyscore(self.online_key, "-inf", now)
                pipe.zadd(self.online_key, {str(user_id): expires for _, user_id in entries})
                pipe.expire(self.online_key, int(self.ttl) + 1)
                pipe.execute()
        except redis.RedisError:
            log.warning("could not record presence in Redis", exc_info=True)

    def _remove(self, table_id: int, user_id: int) -> None:
        try:
            self._client.zrem(f"{self.prefix}{table_id}", self._member(user_id))
        except redis.RedisError:
            log.warning("could not remove presence from Redis", exc_info=True)

    def _members(self, table_id: int) -> list[str] | None:
        """The live entries of a table (those of instances that died have expired); None if Redis did not
        answer."""
        try:
            found = self._client.zrangebyscore(f"{self.prefix}{table_id}", time.time(), "+inf")
        except redis.RedisError:
            log.warning("could not read presence from Redis; counting people present", exc_info=True)
            return None
        return [m.decode() if isinstance(m, bytes) else str(m) for m in found]

    def _renew_all(self) -> None:
        while not self._stop.wait(self.ttl / 3):
            here = self.here()
            if here:
                self._write(self._add, here)
