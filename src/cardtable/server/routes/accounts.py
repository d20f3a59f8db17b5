"""Sign up, log in, play as a guest, log out, and who am I. Logins set an HttpOnly, SameSite session cookie.

Sign-ups, logins and new guests are rate-limited per client address (``Services.limit_*``, counted in a
worker thread: with several instances that is a Redis round trip), before any password is hashed; hashing
itself runs in its own bounded pool (``hashing``), so a storm of them never takes the threads that serve
play. A logout closes the websockets of that session (on every instance).
"""

from __future__ import annotations

import anyio.to_thread
from fastapi import APIRouter, Request, Response, status

from ..deps import CurrentUser, Services, ServicesDep, client_address
from ..errors import Forbidden
from ..schemas import ErrorPublic, GuestIn, LogInIn, SignUpIn, UserPublic

router = APIRouter(
    prefix="/api/accounts",
    tags=["accounts"],
    responses={400: {"model": ErrorPublic}, 429: {"model": ErrorPublic}, 503: {"model": ErrorPublic}},
)


def _set_cookie(response: Response, services: Services, token: str) -> None:
    response.set_cookie(
        services.cookie_name,
        token,
        max_age=services.settings.session_days * 86400,
        httponly=True,
        samesite="lax",
        secure=services.settings.cookie_secure,
        path="/",
    )


@router.post("/signup", status_code=status.HTTP_201_CREATED)
async def sign_up(body: SignUpIn, request: Request, response: Response, services: ServicesDep) -> UserPublic:
    """Make an account and log in."""
    await anyio.to_thread.run_sync(
        services.limit_signups.check, client_address(request), "sign-ups from here"
    )
    password_hash = await services.hashing.hash(body.password)
    user, token = await anyio.to_thread.run_sync(
        services.accounts.sign_up, body.username, password_hash, body.display_name
    )
    _set_cookie(response, services, token)
    return user


@router.post("/login", responses={403: {"model": ErrorPublic}})
async def log_in(body: LogInIn, request: Request, response: Response, services: ServicesDep) -> UserPublic:
    """Log in to an account."""
    await anyio.to_thread.run_sync(services.limit_logins.check, client_address(request), "login attempts")
    user, password_hash = await anyio.to_thread.run_sync(services.accounts.password_hash, body.username)
    if not await services.hashing.verify(password_hash, body.password) or user is None:
        raise Forbidden("wrong username or password", code="bad-login")
    token = await anyio.to_thread.run_sync(services.accounts.log_in, user)
    _set_cookie(response, services, token)
    return user


@router.post("/guest", status_code=status.HTTP_201_CREATED)
def guest(body: GuestIn, request: Request, response: Response, services: ServicesDep) -> UserPublic:
    """Play as a guest under a display name (no password; the login lasts as long as the cookie)."""
    services.limit_guests.check(
        client_address(request), "too many new guests from here; try again in {seconds} s"
    )
    user, token = services.accounts.guest(body.name)
    _set_cookie(response, services, token)
    return user


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT)
def log_out(request: Request, response: Response, services: ServicesDep) -> None:
    """End this login, and close the websockets opened with it."""
    token = request.cookies.get(services.cookie_name)
    if token:
        services.accounts.log_out(token)
    response.delete_cookie(services.cookie_name, path="/", httponly=True, samesite="lax")


@router.get("/me", responses={401: {"model": ErrorPublic}})
def me(user: CurrentUser) -> UserPublic:
    """Who is logged in."""
    return user
