"""Look-ups of usernames that find no account — a profile asked for (``GET /api/players/{name}``), a
username invited to a seat — counted under one limit, per account and per client address, so neither way
can list which names exist.

Decisions:
- Only misses count: a profile that exists or an invitation of an account costs nothing, so reading the
  players one sees on leaderboards is never refused; guessing names is, since most guesses miss.
- Once either key's window is full, every look-up from that account or address is refused (429), known
  names as well: the refusal tells nothing about the name asked for.
- The window is checked before the look-up and counted after a miss; a miss that finds the window full
  meanwhile (several requests at once) is answered 429 as well, never with the miss.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import TooMany
from ..limits import Limit


@dataclass(frozen=True)
class NameLookups:
    misses: Limit | None = None
    """Look-ups of names that are no account, per account and per address (None: not limited)."""

    def check(self, *, user_id: int, address: str) -> None:
        """TooMany when the account or the address has looked up too many unknown names lately (counts
        nothing)."""
        if self.misses is None:
            return
        waits = [self.misses.full(key) for key in _keys(user_id, address)]
        _refuse(max((w for w in waits if w is not None), default=None))

    def missed(self, *, user_id: int, address: str) -> None:
        """Count a look-up of a name that is no account; TooMany if it went past the limit."""
        if self.misses is None:
            return
        waits = [self.misses.take(key) for key in _keys(user_id, address)]
        _refuse(max((w for w in waits if w is not None), default=None))


def _refuse(wait: float | None) -> None:
    if wait is not None:
        raise TooMany(
            "too many look-ups of names that are no account; try again in {seconds} s",
            retry_after=wait,
            seconds=math.ceil(wait),
        )


def _keys(user_id: int, address: str) -> tuple[str, str]:
    return f"user:{user_id}", f"address:{address}"
