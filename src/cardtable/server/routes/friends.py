"""Your friends and the players you blocked (``services.friends``): list, add, remove. Accounts only."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, status

from ..deps import CurrentUser, ServicesDep, client_address
from ..schemas import BlockedPublic, ErrorPublic, FriendPublic

router = APIRouter(
    prefix="/api/me",
    tags=["friends"],
    responses={
        401: {"model": ErrorPublic},
        404: {"model": ErrorPublic, "description": "No such player, or you are a guest."},
    },
)
Username = Annotated[str, Path(min_length=3, max_length=20, pattern=r"^[A-Za-z0-9_-]+$")]
NAMED: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorPublic, "description": "That is you."},
    429: {"model": ErrorPublic, "description": "Too many names that are no account looked up."},
}


@router.get("/friends")
def friends(services: ServicesDep, user: CurrentUser) -> list[FriendPublic]:
    """Your friends, each with whether it is online (following a table now) and the tables it sits at."""
    return services.friends.friends(user)


@router.put("/friends/{username}", responses={**NAMED, 409: {"model": ErrorPublic}})
def add_friend(
    username: Username, request: Request, services: ServicesDep, user: CurrentUser
) -> FriendPublic:
    """Make an account your friend (one way, like a follow: it is not asked or told); twice is once. 409
    for an account you blocked."""
    return services.friends.add_friend(user, username, address=client_address(request))


@router.delete("/friends/{username}", status_code=status.HTTP_204_NO_CONTENT, responses=NAMED)
def remove_friend(username: Username, request: Request, services: ServicesDep, user: CurrentUser) -> None:
    """An account is your friend no more."""
    services.friends.remove_friend(user, username, address=client_address(request))


@router.get("/blocked")
def blocked(services: ServicesDep, user: CurrentUser) -> list[BlockedPublic]:
    """The players you blocked."""
    return services.friends.blocked(user)


@router.put("/blocked/{username}", responses=NAMED)
def block(username: Username, request: Request, services: ServicesDep, user: CurrentUser) -> BlockedPublic:
    """Block an account (it is not told): it may not sit at a table you created or sit at (403 ``blocked``),
    no seat is kept between you, you are not sent its chat lines, and it is your friend no more."""
    return services.friends.block(user, username, address=client_address(request))


@router.delete("/blocked/{username}", status_code=status.HTTP_204_NO_CONTENT, responses=NAMED)
def unblock(username: Username, request: Request, services: ServicesDep, user: CurrentUser) -> None:
    """Unblock an account."""
    services.friends.unblock(user, username, address=client_address(request))
