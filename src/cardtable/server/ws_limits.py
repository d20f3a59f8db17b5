"""What one user may open on the websocket: sockets at once, and tables opened to watch per window.

Decisions:
- Sockets are counted per user in this instance's memory (``open``/``closed``), since a socket lives on
  one instance; the one over ``per_user`` is closed at once with code 1008 and the reason, before it
  follows anything. A user with several instances behind a balancer may so have that many on each.
- Opening a table to watch counts against two moving windows (``limits.Limit``, shared through Redis
  beside other instances): one per user and one per client address (guests are cheap, so a crowd of
  them from one address is held back too). Both are counted on each watch, so one key's refusal still
  counts against the other. Past either the socket is closed with code 1008 and the reason: the page
  shows it and stops reconnecting, where a softer error would let a loop go on.

>>> from .limits import Limits
>>> limits = Limits()
>>> guard = SocketLimits(
...     per_user=1,
...     watches=limits.limit("watch", attempts=1, window=10),
...     address_watches=limits.limit("watch-address", attempts=5, window=10),
... )
>>> guard.open(7), guard.open(7), guard.open(8)
(None, 'too many connections: at most 1 open at once per user', None)
>>> guard.closed(7); guard.open(7) is None
True
>>> guard.watch(7, "10.0.0.1") is None, guard.watch(7, "10.0.0.1")[:34]
(True, 'too many tables opened to watch (a')
"""

from __future__ import annotations

import math
import threading

from .limits import Limit


class SocketLimits:
    """Open websockets per user (this instance) and tables opened to watch per user and per address."""

    def __init__(self, *, per_user: int, watches: Limit, address_watches: Limit) -> None:
        self.per_user = per_user
        self.watches = watches
        self.address_watches = address_watches
        self._open: dict[int, int] = {}
        self._lock = threading.Lock()

    def open(self, user_id: int) -> str | None:
        """Count a new socket of ``user_id``: None if it may stay open (``closed`` must follow), else the
        reason to close it (and it is not counted)."""
        with self._lock:
            count = self._open.get(user_id, 0)
            if count >= self.per_user:
                return f"too many connections: at most {self.per_user} open at once per user"
            self._open[user_id] = count + 1
        return None

    def closed(self, user_id: int) -> None:
        """A socket ``open`` let through has closed."""
        with self._lock:
            count = self._open.get(user_id, 0) - 1
            if count > 0:
                self._open[user_id] = count
            else:
                self._open.pop(user_id, None)

    def watch(self, user_id: int, address: str) -> str | None:
        """Count opening a table to watch: None if it may go ahead, else the reason to close the socket."""
        waits = [
            (self.watches.take(str(user_id)), self.watches),
            (self.address_watches.take(address), self.address_watches),
        ]
        refused = [(wait, limit) for wait, limit in waits if wait is not None]
        if not refused:
            return None
        wait, limit = max(refused, key=lambda found: found[0])
        seconds = int(limit.item.get_expiry())
        whose = "per user" if limit is self.watches else "per address"
        return (
            f"too many tables opened to watch (at most {limit.attempts} in {seconds} s {whose}); "
            f"try again in {math.ceil(wait)} s"
        )
