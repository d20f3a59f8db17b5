"""Your account: the tables waiting for your move, your settings, a new password, deleting the account."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response, status

from ..deps import CurrentUser, ServicesDep
from ..schemas import DeleteIn, ErrorPublic, PasswordIn, SettingsIn, SettingsPublic, TurnPublic
from ..services.my_turns import turns_waiting

router = APIRouter(
    prefix="/api/me",
    tags=["accounts"],
    responses={400: {"model": ErrorPublic}, 401: {"model": ErrorPublic}, 404: {"model": ErrorPublic}},
)


@router.get("/turns")
def my_turns(services: ServicesDep, user: CurrentUser) -> list[TurnPublic]:
    """The tables waiting for your move, longest waiting first (turn-based and real-time)."""
    return turns_waiting(services.db, user.id)


@router.get("/settings")
def get_settings(services: ServicesDep, user: CurrentUser) -> SettingsPublic:
    """Your mail address, which mails you want, and your trick pause (accounts only)."""
    return services.settings_of.get(user)


@router.put("/settings")
def put_settings(body: SettingsIn, services: ServicesDep, user: CurrentUser) -> SettingsPublic:
    """Change the settings given (an email of "" removes the address)."""
    return services.settings_of.update(user, body)


@router.post("/password", status_code=status.HTTP_204_NO_CONTENT, responses={403: {"model": ErrorPublic}})
def change_password(body: PasswordIn, request: Request, services: ServicesDep, user: CurrentUser) -> None:
    """A new password (give the current one); your other logins end."""
    token = request.cookies.get(services.cookie_name)
    services.settings_of.change_password(user, body.current, body.new, token)


@router.post("/delete", status_code=status.HTTP_204_NO_CONTENT, responses={403: {"model": ErrorPublic}})
def delete_account(body: DeleteIn, response: Response, services: ServicesDep, user: CurrentUser) -> None:
    """Delete your account (give your password). Your games stay, under a neutral name."""
    services.settings_of.delete(user, body.password)
    response.delete_cookie(services.cookie_name, path="/", httponly=True, samesite="lax")
