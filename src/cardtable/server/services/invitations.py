"""The tables that invite a person ("Invited to N tables" in the header): open tables with a seat kept
for the account.

Decisions:
- Read from the database, as "your turn" is (``my_turns``): the same list on every server.
- A table where the account sits already (at its kept seat or another) invites it no more, though the
  seat stays kept for it; a started or ended table invites nobody.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import aliased

from ..db.database import Database
from ..db.models import GameTable, Seat
from ..schemas import InvitationPublic
from .rule_sets import board_of


def invitations_of(db: Database, user_id: int) -> list[InvitationPublic]:
    """The open tables with a seat kept for ``user_id`` who does not sit there, newest first."""
    seated = aliased(Seat)
    query = (
        select(GameTable, Seat.seat)
        .join(Seat, Seat.table_id == GameTable.id)
        .where(
            GameTable.status == "open",
            Seat.invited_id == user_id,
            Seat.user_id.is_(None),
            ~select(seated.seat).where(seated.table_id == GameTable.id, seated.user_id == user_id).exists(),
        )
        .order_by(GameTable.id.desc())
    )
    with db.read() as session:
        return [
            InvitationPublic(
                table=table.id,
                game=table.game,
                board=board_of(table.game, table.options),
                seat=seat,
                invited_by=table.creator.display_name,
                invited_by_username=table.creator.username,
            )
            for table, seat in session.execute(query)
        ]
