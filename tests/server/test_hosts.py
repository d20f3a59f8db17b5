"""The host names the server answers to, through the real server (uvicorn on a port of 127.0.0.1).

DNS rebinding: a page of ``rebind.example:8201`` whose name the attacker then points at 127.0.0.1 is
same-origin with itself, so its requests carry a matching ``Origin`` and reach a server on loopback. What
gives them away is ``Host: rebind.example:8201``: such requests and websocket handshakes get 400 and change
nothing, while the loopback names, ``public_url``'s host and ``CARDTABLE_ALLOWED_HOSTS`` are served.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import httpx2
import pytest
from pydantic import ValidationError
from sqlalchemy import create_engine, func, select
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from cardtable.server.db.models import User
from cardtable.server.settings import Settings

from .helpers import make_settings
from .live_server import Client, serving

REBOUND = "rebind.example:8201"


def as_host(host: str) -> dict[str, str]:
    """The headers of a browser's request from a page of ``host`` (which resolves to this server)."""
    return {"host": host, "origin": f"http://{host}"}


def new_guest(url: str, host: str) -> httpx2.Response:
    return httpx2.post(
        f"{url}/api/accounts/guest", json={"name": "mallory"}, headers=as_host(host), timeout=20
    )


def watch_as(url: str, host: str, client: Client, table: int) -> dict[str, Any]:
    """Open ``/ws`` on this server as a browser that reached it by the name ``host`` and watch ``table``:
    the table's state, or the handshake's refusal (``InvalidStatus``)."""
    port = int(url.rsplit(":", 1)[1])
    cookie = "; ".join(f"{k}={v}" for k, v in client.http.cookies.items())
    with (
        socket.create_connection(("127.0.0.1", port), timeout=20) as sock,
        connect(
            f"ws://{host}/ws",
            sock=sock,
            origin=Origin(f"http://{host}"),
            additional_headers={"cookie": cookie},
            open_timeout=20,
        ) as ws,
    ):
        ws.send(json.dumps({"type": "watch", "table": table}))
        while (message := json.loads(ws.recv(timeout=20)))["type"] != "table":
            pass
        return message  # type: ignore[no-any-return]


def users(settings: Settings) -> int:
    engine = create_engine(settings.url())
    try:
        with engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(User)).scalar_one())
    finally:
        engine.dispose()


def test_requests_to_a_host_name_not_ours_are_refused_and_change_nothing(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with serving(settings) as url:
        ana = Client(url, "ana")
        table = ana.create()["id"]
        answer = new_guest(url, REBOUND)
        assert answer.status_code == 400, answer.text
        assert answer.text == "Invalid host header"
        for path in ("/", "/api/accounts/me", f"/api/tables/{table}"):
            read = httpx2.get(url + path, headers=as_host(REBOUND), cookies=ana.http.cookies, timeout=20)
            assert read.status_code == 400, path
        with pytest.raises(InvalidStatus) as refused:
            watch_as(url, REBOUND, ana, table)
        assert refused.value.response.status_code == 400
        assert users(settings) == 1, "no guest was made"
        assert watch_as(url, url.removeprefix("http://"), ana, table)["table"] == table


def test_the_loopback_names_and_the_public_urls_host_are_served(tmp_path: Path) -> None:
    settings = make_settings(
        tmp_path, allowed_hosts="127.0.0.1,localhost,[::1]", public_url="https://cards.example.org"
    )
    with serving(settings) as url:
        port = url.rsplit(":", 1)[1]
        ana = Client(url, "ana")
        table = ana.create()["id"]
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "cards.example.org"):
            assert new_guest(url, host).status_code == 201, host
            assert watch_as(url, host, ana, table)["table"] == table, host
        assert new_guest(url, "LOCALHOST").status_code == 201, "host names are compared without case"
        assert new_guest(url, "testserver").status_code == 400
        assert users(settings) == 6


def test_allowed_hosts_replace_the_loopback_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_ALLOWED_HOSTS", " cards.example.org, *.Example.net,::1 ")
    monkeypatch.setenv("CARDTABLE_PUBLIC_URL", "https://cards.example.org/")
    assert Settings().hosts() == ["cards.example.org", "*.example.net", "[::1]"]
    settings = make_settings(
        tmp_path, allowed_hosts=["cards.example.org", "*.example.net"], public_url="https://cards.example.org"
    )
    with serving(settings) as url:
        port = url.rsplit(":", 1)[1]
        assert new_guest(url, "cards.example.org").status_code == 201
        assert new_guest(url, f"play.example.net:{port}").status_code == 201
        assert new_guest(url, f"127.0.0.1:{port}").status_code == 400
        assert new_guest(url, "example.org").status_code == 400


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("*", "no host name"),
        ("cards.example.org:443", "without scheme or port"),
        ("https://cards.example.org", "without scheme or port"),
        ("cards example", "no host name"),
        (" , ", "at least one host"),
    ],
)
def test_a_bad_allowed_host_is_refused_with_its_reason(
    value: str, reason: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDTABLE_ALLOWED_HOSTS", value)
    with pytest.raises(ValidationError, match=reason):
        Settings()
