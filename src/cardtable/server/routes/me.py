"""Your account: the tables waiting for your move, the tables inviting you, your settings (a new address
is mailed a link to confirm it, ``services.mail_links``), a new password, deleting the account.
Passwords are checked and hashed in the bounded pool of ``hashing`` (503 when it is full), never in the
threads that serve play."""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request, Response, status

from ..deps import CurrentUser, Services, ServicesDep
from ..errors import Forbidden
from ..language import request_language
from ..schemas import (
    DeleteIn,
    ErrorPublic,
    InvitationPublic,
    PasswordIn,
    SettingsIn,
    SettingsPublic,
    TurnPublic,
    UserPublic,
)
from ..services.invitations import invitations_of
from ..services.my_turns import turns_waiting

router = APIRouter(
    prefix="/api/me",
    tags=["accounts"],
    responses={400: {"model": ErrorPublic}, 401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}},
)
PASSWORD_CHECKED: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorPublic, "description": "The password is wrong."},
    503: {"model": ErrorPublic, "description": "Too many passwords are being checked: try again shortly."},
}


@router.get("/turns")
def my_turns(services: ServicesDep, user: CurrentUser) -> list[TurnPublic]:
    """The tables waiting for your move, longest waiting first (turn-based and real-time)."""
    return turns_waiting(services.db, user.id)


@router.get("/invitations")
def my_invitations(services: ServicesDep, user: CurrentUser) -> list[InvitationPublic]:
    """The open tables with a seat kept for you where you do not sit yet, newest first: the table, its
    game, the seat and who invited you."""
    return invitations_of(services.db, user.id)


@router.get("/settings")
def get_settings(services: ServicesDep, user: CurrentUser) -> SettingsPublic:
    """Your mail address, which mails you want, and your trick pause (accounts only)."""
    return services.settings_of.get(user)


@router.put(
    "/settings", responses={429: {"model": ErrorPublic, "description": "Too many verification mails"}}
)
def put_settings(
    body: SettingsIn, services: ServicesDep, user: CurrentUser, request: Request
) -> SettingsPublic:
    """Change the settings given (an email of "" removes the address). A new address is unverified, and
    mailed a link that confirms it (in your language); until then it gets no other mail."""
    return services.settings_of.update(user, body, request_language(request, user))


@router.post(
    "/settings/verify",
    responses={409: {"model": ErrorPublic}, 429: {"model": ErrorPublic, "description": "Too many of them."}},
)
def verify_again(services: ServicesDep, user: CurrentUser, request: Request) -> SettingsPublic:
    """Mail a new link that confirms your address (the last one stops working); 409 when the address is
    verified already or this server sends no mail."""
    return services.settings_of.verify_again(user, request_language(request, user))


@router.post("/password", status_code=status.HTTP_204_NO_CONTENT, responses=PASSWORD_CHECKED)
async def change_password(
    body: PasswordIn, request: Request, services: ServicesDep, user: CurrentUser
) -> None:
    """A new password (give the current one); your other logins end."""
    await _check_password(services, user, body.current)
    new_hash = await services.hashing.hash(body.new)
    token = request.cookies.get(services.cookie_name)
    await anyio.to_thread.run_sync(services.settings_of.change_password, user, new_hash, token)


@router.post("/delete", status_code=status.HTTP_204_NO_CONTENT, responses=PASSWORD_CHECKED)
async def delete_account(
    body: DeleteIn, response: Response, services: ServicesDep, user: CurrentUser
) -> None:
    """Delete your account (give your password): your logins end and their websockets close. Your games
    stay, under a neutral name."""
    await _check_password(services, user, body.password)
    await anyio.to_thread.run_sync(services.settings_of.delete, user)
    response.delete_cookie(services.cookie_name, path="/", httponly=True, samesite="lax")


async def _check_password(services: Services, user: UserPublic, password: str) -> None:
    """Forbidden unless ``password`` is the account's (NotFound for a guest, who has none)."""
    password_hash = await anyio.to_thread.run_sync(services.settings_of.password_hash, user)
    if not await services.hashing.verify(password_hash, password):
        raise Forbidden("wrong password", code="bad-password")
