"""``create_app(settings)``: the whole platform as one FastAPI app, built from its settings alone.

At start-up (the lifespan) it migrates the database, makes the services, starts taking jobs (``jobs``: bot
turns, run by the bot driver in its workers, game reviews, run in workers of their own by the review
runner, and tournaments to move on after a game ended, which it also checks every few seconds:
``services.tournaments``) and puts the turns of bots that were to act when the
server last stopped, then restarts the clocks of waiting players and their grace periods
(``TableService.resume_turns``); only then does the server answer (``/healthz`` included). The JSON API
lives under ``/api`` and is described at ``/api/openapi.json``, and answers what that document says
(``http_errors``); every request body is size-limited and JSON bodies are checked before any route reads
them (``bodies``). The websocket is ``/ws``; the pages and their static files (``/static``) come from
``cardtable.web``. With ``redis_url`` set the app is one of several instances sharing the database
(``cluster``). Requests and websocket handshakes whose ``Host`` is not one of ``settings.hosts()`` get 400
before anything else runs (Starlette's ``TrustedHostMiddleware``; why: ``origins``), and nothing the site
answers may be framed by another page (``framing``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from importlib import metadata
from types import ModuleType

import anyio.to_thread
from argon2 import PasswordHasher
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.trustedhost import TrustedHostMiddleware

from . import http_errors
from .bodies import RequestBodies
from .bot_driver import BOT_TURN, BotDriver
from .cluster import Cluster
from .db.database import POOL_SIZE, Database
from .deps import Services, get_services, reader_language
from .errors import Refused, TooMany
from .framing import NoFraming
from .hashing import PasswordHashing
from .jobs import Jobs, LocalJobs
from .language import vary
from .limits import Limits
from .move_threads import MOVE_THREADS, MoveThreads
from .origins import SameOriginOnly
from .pubsub import InMemoryPubSub
from .review_runner import ReviewRunner
from .routes import accounts, games, health, logs, me, pages, players, ratings, replays, reviews, tables
from .routes import endings as ending_routes
from .routes import export as export_routes
from .routes import friends as friend_routes
from .routes import mail_links as mail_link_routes
from .routes import tournaments as tournament_routes
from .services.account_settings import AccountSettings
from .services.accounts import AccountService
from .services.chat import ChatService
from .services.friends import FriendService
from .services.mail import Mailer
from .services.mail_links import MailLinks
from .services.name_lookups import NameLookups
from .services.players import PlayerService
from .services.ratings import RatingService
from .services.replays import ReplayService
from .services.reviews import ReviewService
from .services.table_limits import TableLimits
from .services.tables import TableService
from .services.tournaments import TOURNAMENT, TournamentService
from .settings import Settings
from .ws import table_socket
from .ws_limits import SocketLimits

log = logging.getLogger(__name__)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The platform app; ``settings`` default to the environment's."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(settings.url())
        if not db.is_sqlite:  # a worker may hold a pooled connection: no more of them than the pool keeps
            # beside the move threads' own (``Database.keeping_connection``)
            anyio.to_thread.current_default_thread_limiter().total_tokens = POOL_SIZE - MOVE_THREADS
        await anyio.to_thread.run_sync(db.upgrade)
        cluster = Cluster(settings) if settings.redis_url else None
        pubsub = cluster.pubsub if cluster is not None else InMemoryPubSub()
        limits = Limits(settings.redis_url, prefix=settings.redis_prefix)
        name_lookups = NameLookups(  # profiles and invitations of names that are no account: one limit
            limits.limit("name-miss", attempts=settings.invite_misses, window=settings.invite_window)
        )
        table_limits = TableLimits(
            per_account=settings.open_tables_per_account,
            per_address=settings.open_tables_per_address,
            names=name_lookups,
        )
        table_service = TableService(
            db,
            pubsub,
            shared=cluster is not None,
            grace=settings.grace_seconds,
            turn_time_scale=settings.turn_time_scale,
            table_limits=table_limits,
            presence=cluster.presence if cluster is not None else None,
            abandon=settings.abandoned_seconds,
        )
        mailer = (
            Mailer(
                db,
                smtp_url=settings.smtp_url,
                sender=settings.mail_from,
                site=settings.public_url,
                here=table_service.away.presence.is_here,
                per_account=limits.limit("mail", attempts=settings.mails_per_hour, window=3600),
                once=limits.limit("mail-once", attempts=1, window=7 * 86_400),
            )
            if settings.smtp_url
            else None
        )
        table_service.turns.mailer = table_service.lobby.mailer = mailer
        driver = BotDriver(table_service, workers=settings.bot_workers, hold_file=settings.bot_hold_file)
        jobs: Jobs = cluster.jobs(capacity=driver.capacity) if cluster is not None else LocalJobs()
        jobs.handle(BOT_TURN, driver.take_turn)
        table_service.turns.bot_wanted = lambda table, version: jobs.put(
            BOT_TURN, {"table": table, "version": version}, delay=settings.bot_delay
        )
        tournaments = TournamentService(db, table_service.lobby)
        jobs.handle(TOURNAMENT, tournaments.take_job)
        table_service.turns.tournament_game_over = lambda tournament: jobs.put(
            TOURNAMENT, {"tournament": tournament}
        )
        hasher = PasswordHasher(time_cost=settings.argon2_time_cost, memory_cost=settings.argon2_memory_kib)
        hashing = PasswordHashing(hasher, workers=settings.hash_workers, queue=settings.hash_queue)
        account_service = AccountService(
            db,
            session_days=settings.session_days,
            ended=lambda channel: pubsub.publish(channel, {"type": "session-ended"}),
        )
        review_service = ReviewService(
            db,
            iterations=settings.review_iterations,
            limit=settings.review_limit,
            per_address=limits.limit(
                "review", attempts=settings.review_address_attempts, window=settings.review_address_window
            ),
        )
        review_runner = ReviewRunner(
            review_service, workers=settings.review_workers, running=settings.review_running
        )
        review_runner.take_from(jobs)
        app.state.services = Services(
            settings=settings,
            db=db,
            pubsub=pubsub,
            accounts=account_service,
            hashing=hashing,
            lobby=table_service.lobby,
            tables=table_service,
            bots=driver,
            jobs=jobs,
            limit_signups=limits.limit(
                "signup", attempts=settings.signup_attempts, window=settings.signup_window
            ),
            limit_logins=limits.limit(
                "login", attempts=settings.login_attempts, window=settings.login_window
            ),
            limit_guests=limits.limit(
                "guest", attempts=settings.guest_attempts, window=settings.guest_window
            ),
            chat=ChatService(
                db,
                pubsub,
                limit=limits.limit("chat", attempts=settings.chat_lines, window=settings.chat_window),
            ),
            ratings=RatingService(db),
            replays=ReplayService(
                db,
                table_service.lobby,
                quota=settings.upload_quota,
                limit=limits.limit(
                    "upload", attempts=settings.upload_attempts, window=settings.upload_window
                ),
            ),
            players=PlayerService(db, name_lookups),
            settings_of=AccountSettings(
                account_service,
                table_service,
                MailLinks(
                    db,
                    mailer=mailer,
                    limit=limits.limit(
                        "verify-mail", attempts=settings.verify_mails, window=settings.verify_window
                    ),
                    link_seconds=settings.verify_link_seconds,
                ),
            ),
            reviews=review_service,
            move_threads=None if table_service.moves_on_loop else MoveThreads(around=db.keeping_connection),
            sockets=SocketLimits(
                per_user=settings.ws_per_user,
                watches=limits.limit("watch", attempts=settings.watch_attempts, window=settings.watch_window),
                address_watches=limits.limit(
                    "watch-address", attempts=settings.watch_address_attempts, window=settings.watch_window
                ),
            ),
            friends=FriendService(db, pubsub, presence=table_service.away.presence, names=name_lookups),
            tournaments=tournaments,
        )
        await jobs.start()
        if cluster is not None:  # the holder of the sweeper's lease puts lost bot turns again
            await cluster.start(table_service)
        else:
            resumed = await anyio.to_thread.run_sync(table_service.resume_bots)
            if resumed:
                log.info("bots resumed at %d tables", resumed)
            await anyio.to_thread.run_sync(review_service.forget_interrupted)
        await anyio.to_thread.run_sync(table_service.resume_turns)  # clocks and grace periods
        checking = tournaments.keep_checking(settings.tournament_check_seconds)  # rounds to pair
        checks = asyncio.get_running_loop().create_task(checking)
        try:
            yield
        finally:
            checks.cancel()
            with suppress(asyncio.CancelledError):
                await checks
            await jobs.stop()
            if cluster is not None:
                await cluster.stop()
            await driver.stop()
            await review_runner.stop()
            table_service.close()
            if app.state.services.move_threads is not None:
                app.state.services.move_threads.close()
            if mailer is not None:
                await anyio.to_thread.run_sync(mailer.close)
            hashing.close()
            db.close()

    app = FastAPI(
        title="cardtable",
        version=_version(),
        summary="Accounts, lobby and tables of the cardtable platform; live play is on the websocket /ws.",
        lifespan=lifespan,
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    routers: tuple[ModuleType, ...] = (health, accounts, me, games, tables, logs, ratings, replays, reviews)
    routers += (players, pages)
    routers += (mail_link_routes, friend_routes, ending_routes, tournament_routes, export_routes)
    for router in (module.router for module in routers):
        app.include_router(router)
    app.add_middleware(SameOriginOnly)
    app.add_api_websocket_route("/ws", table_socket)
    app.add_middleware(RequestBodies, larger={replays.UPLOADS: replays.UPLOAD_MAX_BYTES})
    app.add_middleware(NoFraming)
    # outermost: a request (or websocket handshake) to a host name not ours gets 400 before anything runs
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.hosts(), www_redirect=False)
    http_errors.install(app)
    # only the stylesheets and scripts are files as they are; the pages (and rules pages) are templates
    # rendered per reader (routes/pages.py), never served as their source
    app.mount("/static/css", StaticFiles(directory=pages.WEB / "css"), name="css")
    app.mount("/static/js", StaticFiles(directory=pages.WEB / "js"), name="js")

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        headers = (
            {"Retry-After": str(max(1, round(error.retry_after)))} if isinstance(error, TooMany) else None
        )
        detail = error.detail_in(reader_language(request, get_services(request)))
        answer = JSONResponse(
            {"detail": detail, "code": error.code}, status_code=error.status, headers=headers
        )
        return vary(answer)

    return app


def _version() -> str:
    try:
        return metadata.version("cardtable")
    except metadata.PackageNotFoundError:
        return "0"
