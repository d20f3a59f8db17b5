"""Watching, through the real server: a user may have only so many websockets open and open tables to
watch only so often (per user and per address), the socket past either closed with the reason; and a
finished table is replayed once and its log told once, however often it is watched (``live.finished``,
``logs.TOLD``), with every audience still shown only its own view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

import cardtable
from cardtable.server.services import logs

from .helpers import bots, make_settings
from .live_server import Client, Socket, play_to_end, serving


def closed_with(socket: Socket) -> tuple[int, str]:
    """The code and reason the server closed ``socket`` with, past the table updates it was sent before
    (the bots play on meanwhile); fails if it stays open 15 s."""
    with pytest.raises(ConnectionClosed) as closed:
        socket.until(lambda message: False, timeout=15)
    assert closed.value.rcvd is not None, "the server did not close the socket"
    return closed.value.rcvd.code, closed.value.rcvd.reason


def test_a_user_may_have_only_so_many_sockets_open(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, ws_per_user=3)) as url:
        ana, bob = Client(url, "ana"), Client(url, "bob")
        table = ana.create(seats=[{"kind": "me"}, *bots()])["id"]
        sockets = [ana.socket() for _ in range(3)]
        for socket in sockets:
            assert socket.watch(table)["table"] == table
        extra = ana.socket()
        code, reason = closed_with(extra)
        assert code == 1008 and reason == "too many connections: at most 3 open at once per user"
        assert bob.socket().watch(table)["table"] == table  # another user is not counted with ana
        sockets.pop().close()
        again = ana.socket()  # a closed socket makes room
        assert again.watch(table)["table"] == table
        assert sockets[0].watch(table)["table"] == table  # the sockets kept open were never touched


def test_opening_tables_to_watch_too_often_closes_the_socket_with_the_reason(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, watch_attempts=3, watch_window=600)) as url:
        ana, bob = Client(url, "ana"), Client(url, "bob")
        table = ana.create(seats=[{"kind": "me"}, *bots()])["id"]
        looping = bob.socket()
        for _ in range(3):
            assert looping.watch(table)["table"] == table
        looping.send(type="watch", table=table)
        code, reason = closed_with(looping)
        assert code == 1008
        assert reason.startswith(
            "too many tables opened to watch (at most 3 in 600 s per user); try again in"
        )
        assert ana.socket().watch(table)["table"] == table  # another user watches on
        refused = bob.socket()  # a new socket does not reset the count
        refused.send(type="watch", table=table)
        assert closed_with(refused)[1].startswith("too many tables opened to watch")


def test_the_watches_of_one_address_are_limited_together(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, watch_attempts=100, watch_address_attempts=4, watch_window=600)
    with serving(settings) as url:
        guests = [Client(url, f"guest{n}") for n in range(3)]
        table = guests[0].create(seats=[{"kind": "me"}, *bots()])["id"]
        for guest in guests[:2]:
            socket = guest.socket()
            for _ in range(2):
                assert socket.watch(table)["table"] == table
        last = guests[2].socket()
        last.send(type="watch", table=table)
        code, reason = closed_with(last)
        assert code == 1008 and "(at most 4 in 600 s per address)" in reason


def finished_table(url: str) -> tuple[Client, int, dict[str, Any]]:
    """A game of Slobberhannes ana played to its end against two bots: ana, the table id, its record."""
    ana = Client(url, "ana")
    table = ana.create(options={"players": 3, "start_points": 6}, seats=[{"kind": "me"}, *bots(count=2)])
    socket = ana.socket()
    play_to_end(socket, socket.watch(table["id"]))
    socket.close()
    record = ana.http.get(f"/api/tables/{table['id']}/record").json()
    return ana, table["id"], record


def test_a_finished_table_is_replayed_at_most_once_and_its_log_told_once_per_audience(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = {"replay": 0, "tell": 0}
    replay, tell = cardtable.replay, logs.tell

    def counted_replay(record: dict[str, Any]) -> Any:
        calls["replay"] += 1
        return replay(record)

    def counted_tell(*args: Any) -> Any:
        calls["tell"] += 1
        return tell(*args)

    monkeypatch.setattr(cardtable, "replay", counted_replay)
    monkeypatch.setattr(logs, "tell", counted_tell)
    settings = make_settings(tmp_path)
    with serving(settings) as url:
        ana, table, record = finished_table(url)
        eve = Client(url, "eve")
        first = eve.socket().watch(table)
        first_log = eve.http.get(f"/api/tables/{table}/log").json()
        assert calls == {"replay": 0, "tell": 1}, "the game ended here: its final state is kept"
        watches = [eve.socket().watch(table) for _ in range(3)]
        eve_logs = [eve.http.get(f"/api/tables/{table}/log").json() for _ in range(3)]
        assert calls == {"replay": 0, "tell": 1}, "a repeated watch or log was made again"
        assert watches == [first] * 3 and eve_logs == [first_log] * 3
        later = eve.http.get(f"/api/tables/{table}/log", params={"since": 5}).json()
        assert later["entries"] == [e for e in first_log["entries"] if e["version"] > 5]
        own = ana.socket().watch(table)  # ana's seat: her own view and her own log, told once more
        own_log = ana.http.get(f"/api/tables/{table}/log").json()
        assert calls == {"replay": 0, "tell": 2}
    with serving(settings) as url:  # restarted: the finished table is replayed once, for every watch
        eve = Client(url, "eve")
        assert [eve.socket().watch(table) for _ in range(3)] == [first] * 3
        assert eve.http.get(f"/api/tables/{table}/log").json() == first_log
        assert calls == {"replay": 1, "tell": 2}
    final = replay(record)
    assert first["seat"] is None and first["observation"] == final.observation(None)
    assert own["seat"] == 0 and own["observation"] == final.observation(0)
    assert first_log["seat"] is None and own_log["seat"] == 0
