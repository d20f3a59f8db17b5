"""Friends and blocked accounts: each account's own lists, and what a block keeps from happening.

Decisions:
- Friendship is one way, like a follow: adding someone asks nothing of them and tells them nothing. A
  friends list serves finding people to play with (who is online, where they play, inviting them in one
  click), which needs nobody's consent, while two-way friendship would need requests to send, accept and
  refuse; keeping someone away is what blocking is for.
- Only accounts have the lists: a guest has no lasting account to keep them under (its calls answer 404
  ``no-account``, as its settings do), and has no username, so no one can name it.
- Naming yourself is Invalid (``self``); a name that is no account (or a deleted one's) is NotFound
  (``unknown-player``) and counts against the limit of name look-ups (``name_lookups``), as a profile
  does, so the lists cannot be used to find which names exist. Adding twice is adding once (PUT), and
  removing someone not listed changes nothing (DELETE).
- Blocking a friend ends that friendship; making a friend of an account you blocked is refused (409
  ``blocked``: unblock it first). Anyone may make a friend of an account that blocked it (refusing would
  tell it), but that friend shows offline and at no table to it.
- A blocked account may not sit at a table its blocker created or sits at (joining answers 403
  ``blocked``), and no table is created with a seat kept between the two, whichever of them blocked the
  other (403 ``blocked``: "that player cannot be invited", which names neither). Its chat lines are not
  sent to the blocker, in a table's chat history either (``chat``). Nothing is sent to it: it is not told.
- A change of someone's blocked accounts is published on their channel (``blocks_channel``), so their open
  websockets, on every instance, leave out the lines of an account from the moment it is blocked.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from ..db.database import Database
from ..db.models import Block, Friend, GameTable, Seat, User
from ..errors import Forbidden, Invalid, NotFound, Refused
from ..presence import Presence
from ..pubsub import PubSub
from ..schemas import BlockedPublic, FriendPublic, FriendTable, UserPublic
from .accounts import now
from .name_lookups import NameLookups


def blocks_channel(user_id: int) -> str:
    """The pub/sub channel on which a change of ``user_id``'s blocked accounts is announced (the new list of
    their ids)."""
    return f"blocks:{user_id}"


def blocked_by_any(session: Session, *, user_id: int, blockers: Collection[int]) -> bool:
    """Whether one of ``blockers`` blocked ``user_id``."""
    query = select(Block.user_id).where(Block.blocked_id == user_id, Block.user_id.in_(blockers)).limit(1)
    return bool(blockers) and session.scalar(query) is not None


def check_invitations(session: Session, *, user_id: int, invited: Collection[int]) -> None:
    """Forbidden when ``user_id`` and one of the ``invited`` accounts blocked the other, either way; the
    refusal names neither."""
    either = or_(
        (Block.user_id == user_id) & Block.blocked_id.in_(invited),
        (Block.blocked_id == user_id) & Block.user_id.in_(invited),
    )
    if invited and session.scalar(select(Block.user_id).where(either).limit(1)) is not None:
        raise Forbidden("that player cannot be invited", code="blocked")


def forget_account(session: Session, user_id: int) -> None:
    """A deleted account leaves every list, its own and others'."""
    session.execute(delete(Friend).where(or_(Friend.user_id == user_id, Friend.friend_id == user_id)))
    session.execute(delete(Block).where(or_(Block.user_id == user_id, Block.blocked_id == user_id)))


class FriendService:
    """Each account's friends and blocked accounts."""

    def __init__(
        self, db: Database, pubsub: PubSub, *, presence: Presence, names: NameLookups | None = None
    ) -> None:
        self.db = db
        self.pubsub = pubsub
        self.presence = presence
        """Who is online (``Presence.online``)."""
        self.names = names or NameLookups()

    def friends(self, user: UserPublic) -> list[FriendPublic]:
        """Your friends by name, each with whether it is online and the tables it sits at."""
        _account_only(user)
        with self.db.read() as session:
            found = list(
                session.scalars(
                    select(User)
                    .join(Friend, Friend.friend_id == User.id)
                    .where(Friend.user_id == user.id, User.deleted.is_(False))
                )
            )
            ids = [f.id for f in found]
            hiding = set(session.scalars(select(Block.user_id).where(Block.blocked_id == user.id)))
            tables: dict[int | None, list[FriendTable]] = {}
            rows = session.execute(
                select(Seat.user_id, GameTable.id, GameTable.game, GameTable.status)
                .join(GameTable, GameTable.id == Seat.table_id)
                .where(Seat.user_id.in_(ids), GameTable.status != "over")
                .order_by(GameTable.id.desc())
            )
            for friend_id, table_id, game, status in rows:
                table = FriendTable.model_validate({"id": table_id, "game": game, "status": status})
                tables.setdefault(friend_id, []).append(table)
        online = self.presence.online(set(ids) - hiding)
        return sorted(
            (
                FriendPublic(
                    username=f.username or "",
                    name=f.display_name,
                    online=f.id in online,
                    tables=[] if f.id in hiding else tables.get(f.id, []),
                )
                for f in found
            ),
            key=lambda f: (f.name.casefold(), f.username),
        )

    def add_friend(self, user: UserPublic, username: str, *, address: str) -> FriendPublic:
        """Make ``username`` your friend (already one: nothing changes)."""
        with self.db.write() as session:
            other = self._other(session, user, username, address)
            if session.get(Block, (user.id, other.id)) is not None:
                raise Refused(
                    "you blocked {name}: unblock them first", code="blocked", name=other.display_name
                )
            if session.get(Friend, (user.id, other.id)) is None:
                session.add(Friend(user_id=user.id, friend_id=other.id, since=now()))
        return next(f for f in self.friends(user) if f.username == other.username)

    def remove_friend(self, user: UserPublic, username: str, *, address: str) -> None:
        """``username`` is your friend no more (if it was)."""
        with self.db.write() as session:
            other = self._other(session, user, username, address)
            session.execute(delete(Friend).where(Friend.user_id == user.id, Friend.friend_id == other.id))

    def blocked(self, user: UserPublic) -> list[BlockedPublic]:
        """The accounts you blocked, by name."""
        _account_only(user)
        with self.db.read() as session:
            found = session.scalars(
                select(User)
                .join(Block, Block.blocked_id == User.id)
                .where(Block.user_id == user.id, User.deleted.is_(False))
            )
            listed = [BlockedPublic(username=b.username or "", name=b.display_name) for b in found]
        return sorted(listed, key=lambda b: (b.name.casefold(), b.username))

    def block(self, user: UserPublic, username: str, *, address: str) -> BlockedPublic:
        """Block ``username`` (already blocked: nothing changes); it is your friend no more."""
        with self.db.write() as session:
            other = self._other(session, user, username, address)
            if session.get(Block, (user.id, other.id)) is None:
                session.add(Block(user_id=user.id, blocked_id=other.id, since=now()))
            session.execute(delete(Friend).where(Friend.user_id == user.id, Friend.friend_id == other.id))
            public = BlockedPublic(username=other.username or username, name=other.display_name)
        self._announce(user.id)
        return public

    def unblock(self, user: UserPublic, username: str, *, address: str) -> None:
        """``username`` is blocked no more (if it was)."""
        with self.db.write() as session:
            other = self._other(session, user, username, address)
            session.execute(delete(Block).where(Block.user_id == user.id, Block.blocked_id == other.id))
        self._announce(user.id)

    def hidden(self, user_id: int) -> frozenset[int]:
        """The accounts ``user_id`` blocked: whose chat lines it is not sent."""
        with self.db.read() as session:
            return frozenset(session.scalars(select(Block.blocked_id).where(Block.user_id == user_id)))

    def _announce(self, user_id: int) -> None:
        """Tell ``user_id``'s websockets, on every instance, whom it blocks now."""
        self.pubsub.publish(blocks_channel(user_id), sorted(self.hidden(user_id)))

    def _other(self, session: Session, user: UserPublic, username: str, address: str) -> User:
        """The account ``username`` names, other than ``user``'s own."""
        _account_only(user)
        self.names.check(user_id=user.id, address=address)
        other = session.scalar(select(User).where(User.username == username.lower(), User.deleted.is_(False)))
        if other is None:
            self.names.missed(user_id=user.id, address=address)
            raise NotFound("there is no player named {username!r}", code="unknown-player", username=username)
        if other.id == user.id:
            raise Invalid("that is you: name another player", code="self")
        return other


def _account_only(user: UserPublic) -> None:
    """Guests have no friends or blocked accounts."""
    if user.guest or user.username is None:
        raise NotFound(
            "guests have no friends list or blocked players: sign up to keep them", code="no-account"
        )
