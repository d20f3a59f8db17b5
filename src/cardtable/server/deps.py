"""What route handlers depend on: the services of the running app, and the user of the session cookie."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from starlette.types import Scope

from .bot_driver import BotDriver
from .db.database import Database
from .errors import NotLoggedIn
from .hashing import PasswordHashing
from .jobs import Jobs
from .language import request_language
from .limits import Limit
from .move_threads import MoveThreads
from .pubsub import PubSub
from .schemas import UserPublic
from .services.account_settings import AccountSettings
from .services.accounts import AccountService
from .services.chat import ChatService
from .services.friends import FriendService
from .services.lobby import Lobby
from .services.players import PlayerService
from .services.ratings import RatingService
from .services.replays import ReplayService
from .services.reviews import ReviewService
from .services.tables import TableService
from .services.tournaments import TournamentService
from .settings import Settings
from .ws_limits import SocketLimits

COOKIE = "cardtable_session"


@dataclass
class Services:
    """Everything a running app holds, made at start-up by ``create_app``'s lifespan."""

    settings: Settings
    db: Database
    pubsub: PubSub
    accounts: AccountService
    lobby: Lobby
    tables: TableService
    bots: BotDriver
    hashing: PasswordHashing
    limit_signups: Limit
    limit_logins: Limit
    limit_guests: Limit
    jobs: Jobs
    """Work for the bot workers, by kind (``jobs``): bot turns, and whatever else is put there."""
    chat: ChatService
    ratings: RatingService
    replays: ReplayService
    players: PlayerService
    settings_of: AccountSettings
    """Accounts' settings pages (``settings`` are the server's)."""
    reviews: ReviewService
    move_threads: MoveThreads | None
    """People's moves, off the event loop when they wait on the network (None: taken on the loop)."""
    sockets: SocketLimits
    """Websockets open per user, and tables opened to watch per user and address (``ws_limits``)."""
    friends: FriendService
    tournaments: TournamentService
    cookie_name: str = COOKIE


def get_services(request: Request) -> Services:
    services = request.app.state.services
    assert isinstance(services, Services)
    return services


ServicesDep = Annotated[Services, Depends(get_services)]


def reader_language(request: Request, services: ServicesDep) -> str:
    """The language of the request's reader, signed in or not (a dependency of routes and pages)."""
    return request_language(request, services.accounts.user_for(request.cookies.get(services.cookie_name)))


ReaderLanguage = Annotated[str, Depends(reader_language)]


def scope_language(scope: Scope) -> str:
    """The language of the reader of a request that a middleware answers itself, before any route (a
    body too large, a page of another origin)."""
    request = Request(scope)
    return reader_language(request, get_services(request))


def client_address(request: Request) -> str:
    """The address the request came from (behind a trusted proxy: the one it names), for limits."""
    return request.client.host if request.client else "unknown"


def current_user(request: Request, services: ServicesDep) -> UserPublic:
    """The logged-in user; NotLoggedIn (401) without a valid session."""
    user = services.accounts.user_for(request.cookies.get(services.cookie_name))
    if user is None:
        raise NotLoggedIn("log in first (or play as a guest)")
    return user


CurrentUser = Annotated[UserPublic, Depends(current_user)]
