"""Live play: one websocket per client at ``/ws``, on which it follows tables and makes moves.

Client to server (JSON): ``{"type": "watch", "table": 7}`` (the server answers with the table's state
and sends every change), ``{"type": "unwatch", "table": 7}``, ``{"type": "move", "table": 7,
"version": 12, "move": "QC"}`` and ``{"type": "undo", "table": 7, "version": 13}`` (take back the last
step of your turn in progress: ``services.held``); around the play: ``chat`` (a line for the table's
chat), ``why`` (why may I not make this move or play this card now?), ``away`` (let the stand-in bot
play my seat) and ``back`` (take my seat back). Server to client: ``table`` messages
(``schemas.TableMessage``: the seat's observation and legal moves, and the clocks), ``chat`` messages
(the recent lines, if any, after ``watch``'s first state, marked ``history``; then each new line),
``hint`` messages (the answer to ``why``) and ``error`` messages (``schemas.ErrorMessage``) with a code
and a reason.

Decisions:
- The session cookie logs the socket in at the handshake; a handshake from a page of another origin is
  refused (``origins``), so another site cannot play in a user's name. The end of that session (a
  logout or a new password, on any instance; or its expiry) closes the socket with code 1008, and no
  message read after it is acted on.
- Bad input hurts nobody else: malformed JSON, an unknown table, a seat that is not yours, not your turn,
  a stale version, an illegal move (with the engine's reason), a message over ``ws_max_message`` bytes —
  each gets an ``error`` to this client only, changes nothing, and the connection stays open. A client
  sending faster than ``ws_rate`` a second (beyond a burst of ``ws_burst``) gets an error per dropped
  message, and after ``ws_strikes`` of them the socket is closed with code 1008 and the reason.
- A user may have ``ws_per_user`` sockets open at once, and open tables to watch only so often per user
  and per address (``ws_limits``): a socket past either is closed with code 1008 and the reason (the
  page then stops reconnecting), and nothing more it sent is acted on.
- A seated person's connections that follow a table are counted (``TableService.watch``/``unwatch``): when
  the last one goes, the grace period before the stand-in bot takes the seat starts.
- A reader is not sent the chat lines of the accounts it blocked (``services.friends``): the socket holds
  their ids, read when it opens and replaced whenever the reader's list changes (announced on the
  reader's channel by any instance), and leaves their lines out of what it sends (``chat.heard``).
- One task sends, so messages never interleave, and a table's updates reach the client in order: updates
  that arrive while its first state is being read are held back until that state is sent. A client that
  lets ``OUTBOX_LIMIT`` messages pile up is closed (code 1013): it cannot keep up.
- A socket reads the game log in its reader's language, chosen at the handshake as a page's
  (``language.request_language``: the account's setting, the ``lang`` cookie, ``Accept-Language``): the
  tables it follows word their updates in it (``updates``), and an update that lacks it (another
  server's) has its log worded here before it is sent. An ``error`` a table's channel carries to all
  who follow it (the table was ended) comes in English, a ``site`` catalog message, and is worded here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio.to_thread
from fastapi import WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

from cardtable.i18n import DEFAULT, translations

from .errors import Refused
from .json_input import read_json
from .language import request_language
from .limits import TokenBucket
from .move_threads import MoveThreads
from .origins import same_origin
from .pubsub import Subscriber
from .schemas import (
    AwayIn,
    BackIn,
    ChatIn,
    ClientMessage,
    ErrorMessage,
    MoveIn,
    UndoIn,
    UnwatchIn,
    UserPublic,
    WatchIn,
    WhyIn,
)
from .services.accounts import session_channel
from .services.chat import heard
from .services.friends import blocks_channel
from .services.updates import TableUpdate
from .settings import Settings
from .ws_limits import SocketLimits

log = logging.getLogger(__name__)
OUTBOX_LIMIT = 256
CHANNEL_ERROR = '{"type":"error",'
"""How an ``error`` message's JSON starts (``ErrorMessage``): the others a channel sends pass unread."""
_MESSAGES: TypeAdapter[Any] = TypeAdapter(ClientMessage)


@dataclass(frozen=True)
class Close:
    """Sent through the outbox to close the socket after what is queued before it."""

    code: int
    reason: str


async def table_socket(websocket: WebSocket) -> None:
    """The ``/ws`` endpoint."""
    services = websocket.app.state.services
    await websocket.accept()
    if not same_origin(websocket.headers):
        await websocket.close(code=1008, reason="websocket from another origin refused")
        return
    token = websocket.cookies.get(services.cookie_name)
    found = await anyio.to_thread.run_sync(services.accounts.session, token)
    if found is None or token is None:
        await websocket.close(code=1008, reason="log in first (or play as a guest)")
        return
    user, expires = found
    too_many = services.sockets.open(user.id)
    if too_many is not None:
        await websocket.close(code=1008, reason=too_many)
        return
    try:
        await _serve(websocket, services, user, token, expires)
    finally:
        services.sockets.closed(user.id)


async def _serve(
    websocket: WebSocket, services: Any, user: UserPublic, token: str, expires: datetime
) -> None:
    """Serve a logged-in socket until it closes, closing it when its session ends."""
    connection = Connection(
        websocket,
        user,
        services.tables,
        services.settings,
        chat=services.chat,
        moves=services.move_threads,
        limits=services.sockets,
        address=websocket.client.host if websocket.client else "unknown",
        language=request_language(websocket, user),
    )
    ended = Subscriber(lambda message: connection.session_ended("logged out"))  # by any instance
    services.pubsub.subscribe(session_channel(token), ended)
    blocks = Subscriber(connection.blocked_now)
    if not user.guest:  # subscribed before the read: a change meanwhile still arrives
        services.pubsub.subscribe(blocks_channel(user.id), blocks)
        connection.blocked_now(await anyio.to_thread.run_sync(services.friends.hidden, user.id))
    left = (expires - datetime.now(UTC)).total_seconds()
    expiry = asyncio.get_running_loop().call_later(
        max(0.0, left), connection.session_ended, "session expired"
    )
    try:
        await connection.serve()
    finally:
        expiry.cancel()
        services.pubsub.unsubscribe(session_channel(token), ended)
        services.pubsub.unsubscribe(blocks_channel(user.id), blocks)


class Follow:
    """One watched table: updates are held back until the table's first state has been queued, and an
    update older than one already queued is dropped (with several servers, one published late may arrive
    after the state that follows it)."""

    def __init__(self, put: Any) -> None:
        self.put = put
        self.held: list[TableUpdate] | None = []
        self.subscriber = Subscriber(self.deliver)
        self.version = -1

    def deliver(self, update: TableUpdate) -> None:
        if self.held is None:
            self._pass(update)
        else:
            self.held.append(update)

    def ready(self, first: str) -> None:
        self.put(first)
        shown = json.loads(first)
        self.version = shown.get("version", -1) - shown.get("held", 0)  # updates carry the stored version
        for update in self.held or ():
            self._pass(update)
        self.held = None

    def _pass(self, update: TableUpdate) -> None:
        version = getattr(update, "version", None)
        if version is not None:
            if version < self.version:
                return
            self.version = version
        self.put(update)


class Connection:
    """One client's socket: reads and answers its messages, and sends the updates of the tables it follows."""

    def __init__(
        self,
        websocket: WebSocket,
        user: UserPublic,
        tables: Any,
        settings: Settings,
        *,
        chat: Any,
        moves: MoveThreads | None,
        limits: SocketLimits,
        address: str,
        language: str = DEFAULT,
    ) -> None:
        self.websocket = websocket
        self.limits = limits
        self.address = address
        """The client's address, for the watch limit per address."""
        self.user = user
        self.language = language
        """The language of the game log it is sent."""
        self.tables = tables
        self.chat = chat
        self.moves = moves
        """Where people's moves are taken: None on the event loop (``TableService.moves_on_loop``)."""
        self.settings = settings
        self.outbox: asyncio.Queue[str | TableUpdate | Close] = asyncio.Queue()
        self.follows: dict[int, Follow] = {}
        self.bucket = TokenBucket(rate=settings.ws_rate, burst=settings.ws_burst)
        self.strikes = 0
        self.ended = False
        """The session this socket was opened with has ended: nothing more is read."""
        self.hidden: frozenset[int] = frozenset()
        """The accounts the user blocked: their chat lines are not sent."""

    def blocked_now(self, user_ids: list[int] | frozenset[int]) -> None:
        """The accounts the user blocks are now ``user_ids``."""
        self.hidden = frozenset(user_ids)

    def _hear(self, item: str | TableUpdate) -> None:
        """Queue what a followed table's channel sends, without the lines of accounts the user blocked,
        an error in the user's language."""
        text = heard(item, self.hidden) if isinstance(item, str) else item
        if isinstance(text, str) and text.startswith(CHANNEL_ERROR) and self.language != DEFAULT:
            error = ErrorMessage.model_validate_json(text)
            said = translations(self.language, "site").gettext(error.detail)
            text = error.model_copy(update={"detail": said}).model_dump_json()
        if text is not None:
            self._put(text)

    def session_ended(self, reason: str) -> None:
        """The session ended (logged out on any instance, or expired): close, and act on no message still
        coming."""
        self.ended = True
        self._put(Close(1008, reason))

    async def serve(self) -> None:
        """Run until the client leaves or is closed."""
        sender = asyncio.create_task(self._send_all())
        try:
            close = await self._receive_all()
            if close is not None:
                self._put(close)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(sender, timeout=5)
        finally:
            for table_id, follow in self.follows.items():
                self.tables.unwatch(table_id, self.user.id, follow.subscriber, self.language)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    def _put(self, item: str | TableUpdate | Close) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT and not isinstance(item, Close):
            self.outbox.put_nowait(Close(1013, "too many messages waiting: the connection cannot keep up"))
            return
        self.outbox.put_nowait(item)

    def _error(self, table: int | None, code: str, detail: str) -> None:
        self._put(ErrorMessage(table=table, code=code, detail=detail).model_dump_json())

    async def _send_all(self) -> None:
        while True:
            item = await self.outbox.get()
            if isinstance(item, Close):
                await self.websocket.close(code=item.code, reason=item.reason)
                return
            text = await self._text_of(item) if isinstance(item, TableUpdate) else item
            if text is not None:  # None: an update for another person (a step of their turn in progress)
                await self.websocket.send_text(text)

    async def _text_of(self, update: TableUpdate) -> str | None:
        """The user's text of ``update``, its log in the user's language (worded here if it lacks it)."""
        if not update.unworded(self.user.id, self.language):
            return update.text_for(self.user.id, self.language)
        try:
            return await anyio.to_thread.run_sync(self.tables.reworded, update, self.user.id, self.language)
        except Exception:  # the table is gone meanwhile: its words as they came
            log.exception("rewording table %d for user %d failed", update.table_id, self.user.id)
            return update.text_for(self.user.id)

    async def _receive_all(self) -> Close | None:
        """Read messages until the client leaves (None) or must be closed (the Close to send)."""
        limit = self.settings.ws_max_message
        while True:
            try:
                message = await self.websocket.receive()
            except (WebSocketDisconnect, RuntimeError):
                return None
            if message["type"] == "websocket.disconnect":
                return None
            if not self.bucket.take():
                self.strikes += 1
                if self.strikes >= self.settings.ws_strikes:
                    return Close(1008, "too many messages: closing this connection")
                self._error(
                    None, "flood", f"too many messages (at most {self.settings.ws_rate:g} a second): dropped"
                )
                continue
            data = message.get("text")
            raw = data.encode() if data is not None else message.get("bytes") or b""
            if len(raw) > limit:
                self._error(
                    None, "too-large", f"a message of {len(raw)} bytes was refused: the limit is {limit}"
                )
                continue
            try:
                parsed = _MESSAGES.validate_python(read_json(raw))
            except (ValueError, RecursionError) as error:
                if isinstance(error, ValidationError):
                    self._error(None, "bad-message", _summary(error))
                else:
                    self._error(None, "bad-json", f"a message must be a JSON object: {error}")
                continue
            await self._handle(parsed)

    async def _handle(
        self, message: WatchIn | UnwatchIn | MoveIn | UndoIn | ChatIn | WhyIn | AwayIn | BackIn
    ) -> None:
        table_id = message.table
        if self.ended:
            return
        try:
            if isinstance(message, WatchIn):
                await self._watch(table_id)
            elif isinstance(message, UnwatchIn):
                follow = self.follows.pop(table_id, None)
                if follow is not None:
                    self.tables.unwatch(table_id, self.user.id, follow.subscriber, self.language)
            elif isinstance(message, MoveIn):
                if self.moves is None:
                    self.tables.play(table_id, self.user.id, message.move, message.version)
                else:
                    await self.moves.run(
                        self.tables.play, table_id, self.user.id, message.move, message.version
                    )
            elif isinstance(message, UndoIn):  # taken where moves are, so it follows the move it undoes
                if self.moves is None:
                    self.tables.undo(table_id, self.user.id, message.version)
                else:
                    await self.moves.run(self.tables.undo, table_id, self.user.id, message.version)
            elif isinstance(message, ChatIn):
                await anyio.to_thread.run_sync(self.chat.say, table_id, self.user, message.text)
            elif isinstance(message, WhyIn):
                self._put(
                    await anyio.to_thread.run_sync(
                        self.tables.why, table_id, self.user.id, message.move, self.language
                    )
                )
            elif isinstance(message, AwayIn):
                await anyio.to_thread.run_sync(self.tables.step_away, table_id, self.user.id)
            else:
                await anyio.to_thread.run_sync(self.tables.take_back, table_id, self.user.id)
        except Refused as refused:
            self._error(table_id, refused.code, refused.detail_in(self.language))
        except Exception:
            log.exception("websocket message of user %d failed", self.user.id)
            self._error(table_id, "server-error", "the server failed to handle this message; nothing changed")

    async def _watch(self, table_id: int) -> None:
        too_many = await anyio.to_thread.run_sync(self.limits.watch, self.user.id, self.address)
        if too_many is not None:
            self.ended = True  # nothing more from this socket is acted on
            self._put(Close(1008, too_many))
            return
        old = self.follows.pop(table_id, None)
        if old is not None:
            self.tables.unwatch(table_id, self.user.id, old.subscriber, self.language)
        follow = Follow(self._hear)
        first = await anyio.to_thread.run_sync(
            self.tables.watch, table_id, self.user.id, follow.subscriber, self.language
        )
        self.follows[table_id] = follow
        follow.ready(first)
        history = await anyio.to_thread.run_sync(self.chat.recent, table_id, self.hidden)
        if history is not None:
            self._put(history)


def _summary(error: ValidationError) -> str:
    """Pydantic's first complaint, in one line (``move.version: Input should be a valid integer``)."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "message"
    return f"bad message: {where}: {first['msg']}"
