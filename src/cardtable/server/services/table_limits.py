"""How many tables one account or one address may have going, and how often one may invite usernames that
are no account.

Decisions:
- A table counts from its creation until its game is over (open or playing), against its creator's
  account and the address it was created from: ``per_account`` and ``per_address`` of them at most. A
  table ended by its creator before it started, or abandoned (``abandon``), no longer counts.
- An invitation of a username that is no account is answered as before ("there is no account named
  'x'", which a person who mistyped a friend's name needs), but at most ``invite_misses`` such answers go
  to one account or one address per window; past that every invitation from them is refused (429) until
  the window has room, whether the names exist or not, so the answer tells nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from ..errors import Refused, TooMany
from ..limits import Limit
from ..schemas import UserPublic
from . import table_store


@dataclass(frozen=True)
class TableLimits:
    per_account: int = 10
    per_address: int = 30
    invite_misses: Limit | None = None
    """Unknown usernames invited, per account and per address (None: not limited)."""

    def check_room(self, session: Session, *, user: UserPublic, address: str) -> None:
        """Refused when the creator or the address has as many unfinished tables as allowed."""
        mine = table_store.unfinished_tables(session, creator=user.id)
        if mine >= self.per_account:
            raise Refused(
                f"you have {mine} tables that are not over (at most {self.per_account}): "
                "finish or end one first",
                code="too-many-tables",
            )
        if table_store.unfinished_tables(session, address=address) >= self.per_address:
            raise Refused(
                f"too many tables not over were opened from your address (at most {self.per_address})",
                code="too-many-tables",
            )

    def check_invites(self, *, user: UserPublic, address: str, invited: Sequence[str]) -> None:
        """TooMany when the account or the address has invited too many unknown names lately."""
        if not invited or self.invite_misses is None:
            return
        for key in _keys(user, address):
            wait = self.invite_misses.full(key)
            if wait is not None:
                raise TooMany(
                    f"too many invitations of unknown usernames; try again in {wait:.0f} s", retry_after=wait
                )

    def missed(self, *, user: UserPublic, address: str) -> None:
        """Count an invitation of a username that is no account."""
        if self.invite_misses is not None:
            for key in _keys(user, address):
                self.invite_misses.take(key)


def _keys(user: UserPublic, address: str) -> tuple[str, str]:
    return f"user:{user.id}", f"address:{address}"
