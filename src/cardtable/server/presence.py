"""Who is at which table right now: a count of each user's open connections that follow a table.

A seated person whose count drops to zero is away; the table service then gives them a grace period
before the stand-in bot takes their seat. Counts (not flags) because one person may have the table open
in two tabs: closing one of them is not leaving.

Decision: presence lives in this process's memory, with the connections it counts. A restarted server
starts with nobody present, which is true: every socket closed with it.

>>> here = Presence()
>>> here.arrive(7, 1); here.arrive(7, 1)
>>> here.depart(7, 1), here.depart(7, 1), here.is_here(7, 1)
(False, True, False)
"""

from __future__ import annotations

import threading


class Presence:
    """Open connections per (table, user); thread-safe."""

    def __init__(self) -> None:
        self._counts: dict[tuple[int, int], int] = {}
        self._lock = threading.Lock()

    def arrive(self, table_id: int, user_id: int) -> None:
        """One more connection of ``user_id`` follows ``table_id``."""
        with self._lock:
            key = (table_id, user_id)
            self._counts[key] = self._counts.get(key, 0) + 1

    def depart(self, table_id: int, user_id: int) -> bool:
        """One connection fewer; True when that was the user's last one at the table."""
        with self._lock:
            key = (table_id, user_id)
            count = self._counts.get(key, 0) - 1
            if count > 0:
                self._counts[key] = count
                return False
            self._counts.pop(key, None)
            return count == 0

    def is_here(self, table_id: int, user_id: int) -> bool:
        """True while some connection of ``user_id`` follows ``table_id``."""
        with self._lock:
            return (table_id, user_id) in self._counts
