"""The app served by uvicorn in a thread of the test, with clients that have timeouts: for tests where time
matters (clocks, grace periods) or where a connection must really drop. A read that waits too long fails
the test instead of hanging it."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx2
import uvicorn
from fastapi import FastAPI
from websockets.sync.client import ClientConnection, connect

from cardtable.server.app import create_app
from cardtable.server.settings import Settings

from .process import free_port

Message = dict[str, Any]


@contextlib.contextmanager
def serving(settings: Settings, app: FastAPI | None = None) -> Iterator[str]:
    """The app (else one made from ``settings``) on 127.0.0.1 for the duration of the block; yields its
    base URL."""
    port = free_port()
    config = uvicorn.Config(app or create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


class Client:
    """A guest (or an account) with its session cookie."""

    def __init__(
        self, url: str, name: str, *, account: bool = False, display_name: str | None = None
    ) -> None:
        self.url = url
        self.http = httpx2.Client(base_url=url, timeout=20)
        if account:
            signup = {"username": name, "password": "secret-pass"}
            if display_name is not None:
                signup["display_name"] = display_name
            answer = self.http.post("/api/accounts/signup", json=signup)
        else:
            answer = self.http.post("/api/accounts/guest", json={"name": name})
        assert answer.status_code == 201, answer.text
        self.id: int = answer.json()["id"]
        self.name = name

    def create(self, game: str = "slobberhannes", **body: Any) -> Message:
        answer = self.http.post("/api/tables", json={"game": game, **body})
        assert answer.status_code == 201, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def socket(self) -> Socket:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        return Socket(self.url.replace("http", "ws") + "/ws", cookie)


class Socket:
    """A websocket of a client: JSON messages in and out, reads with a timeout."""

    def __init__(self, url: str, cookie: str) -> None:
        self._stack = contextlib.ExitStack()
        self.connection: ClientConnection = self._stack.enter_context(
            connect(url, additional_headers={"cookie": cookie}, open_timeout=10)
        )

    def send(self, **message: Any) -> None:
        self.connection.send(json.dumps(message))

    def receive(self, timeout: float = 15) -> Message:
        return json.loads(self.connection.recv(timeout=timeout))  # type: ignore[no-any-return]

    def watch(self, table: int) -> Message:
        self.send(type="watch", table=table)
        return self.until(lambda m: m["type"] == "table")

    def until(self, wanted: Callable[[Message], bool], timeout: float = 15) -> Message:
        """The next message ``wanted`` accepts (others are skipped); fails after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "the awaited message did not come"
            message = self.receive(timeout=left)
            if wanted(message):
                return message

    def close(self) -> None:
        self._stack.close()


def my_turn(message: Message) -> bool:
    return message["type"] == "table" and bool(message["moves"])


def over(message: Message) -> bool:
    return message["type"] == "table" and message["status"] == "over"


def play_to_end(
    ws: Socket, first: Message, pick: Callable[[Message], str] = lambda m: m["moves"][0]
) -> Message:
    """Make this seat's moves (``pick``) until the game is over; returns the last table message."""
    state = first
    while state["status"] != "over":
        if state["moves"]:
            ws.send(type="move", table=state["table"], version=state["version"], move=pick(state))
        state = ws.until(lambda m: m["type"] == "table", timeout=30)
    return state
