"""Sign up, log in, play as a guest, log out, and who am I. Logins set an HttpOnly, SameSite session cookie;
login attempts are rate-limited per client address."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response, status

from ..deps import CurrentUser, Services, ServicesDep
from ..errors import TooMany
from ..schemas import ErrorPublic, GuestIn, LogInIn, SignUpIn, UserPublic

router = APIRouter(prefix="/api/accounts", tags=["accounts"], responses={400: {"model": ErrorPublic}})


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
def sign_up(body: SignUpIn, response: Response, services: ServicesDep) -> UserPublic:
    """Make an account and log in."""
    user, token = services.accounts.sign_up(body.username, body.password, body.display_name)
    _set_cookie(response, services, token)
    return user


@router.post("/login", responses={403: {"model": ErrorPublic}, 429: {"model": ErrorPublic}})
def log_in(body: LogInIn, request: Request, response: Response, services: ServicesDep) -> UserPublic:
    """Log in to an account."""
    address = request.client.host if request.client else "unknown"
    wait = services.login_limiter.take(address)
    if wait is not None:
        raise TooMany(f"too many login attempts; try again in {wait:.0f} s", retry_after=wait)
    user, token = services.accounts.log_in(body.username, body.password)
    _set_cookie(response, services, token)
    return user


@router.post("/guest", status_code=status.HTTP_201_CREATED)
def guest(body: GuestIn, response: Response, services: ServicesDep) -> UserPublic:
    """Play as a guest under a display name (no password; the login lasts as long as the cookie)."""
    user, token = services.accounts.guest(body.name)
    _set_cookie(response, services, token)
    return user


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT)
def log_out(request: Request, response: Response, services: ServicesDep) -> None:
    """End this login."""
    token = request.cookies.get(services.cookie_name)
    if token:
        services.accounts.log_out(token)
    response.delete_cookie(services.cookie_name, path="/", httponly=True, samesite="lax")


@router.get("/me", responses={401: {"model": ErrorPublic}})
def me(user: CurrentUser) -> UserPublic:
    """Who is logged in."""
    return user
