"""How many tables one account or one address may have going, and how often one may invite usernames that
are no account.

Decisions:
- A table counts from its creation until its game is over (open or playing), against its creator's
  account and the address it was created from: ``per_account`` and ``per_address`` of them at most. A
  table ended by its creator before it started, or abandoned (``abandon``), no longer counts.
- An invitation of a username that is no account is answered as one of an account (201: the seat is
  kept for that name, for the account signed up under it later), so the answer tells
  nothing; such a miss still counts against the one limit of name look-ups (``name_lookups``, shared
  with the players' profiles), and once that is full every invitation from the account or address is
  refused (429), whether the names exist or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from ..errors import Refused
from ..schemas import UserPublic
from . import table_store
from .name_lookups import NameLookups


@dataclass(frozen=True)
class TableLimits:
    per_account: int = 10
    per_address: int = 30
    names: NameLookups = field(default_factory=NameLookups)
    """Look-ups of names that are no account (here: invitations of them), per account and per address."""

    def check_room(self, session: Session, *, user: UserPublic, address: str) -> None:
        """Refused when the creator or the address has as many unfinished tables as allowed."""
        mine = table_store.unfinished_tables(session, creator=user.id)
        if mine >= self.per_account:
            raise Refused(
                "you have {tables} tables that are not over (at most {most}): finish or end one first",
                code="too-many-tables",
                tables=mine,
                most=self.per_account,
            )
        if table_store.unfinished_tables(session, address=address) >= self.per_address:
            raise Refused(
                "too many tables not over were opened from your address (at most {most})",
                code="too-many-tables",
                most=self.per_address,
            )

    def check_invites(self, *, user: UserPublic, address: str, invited: Sequence[str]) -> None:
        """TooMany when the account or the address has looked up too many unknown names lately."""
        if invited:
            self.names.check(user_id=user.id, address=address)

    def missed(self, *, user: UserPublic, address: str) -> None:
        """Count an invitation of a username that is no account (past the limit: TooMany)."""
        self.names.missed(user_id=user.id, address=address)
