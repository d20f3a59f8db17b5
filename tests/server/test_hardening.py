"""Attacks on the online table through the real server (uvicorn on a port): storms of sign-ups, forged
cross-origin requests, sockets outliving their logout, account probing through invitations, and tables
without end. Each checks that the attack is refused, that nothing stored changed, and, for storms, that a
move at another table still goes through while the storm provably runs.

Time bounds here are generous (a move at an idle table answers in milliseconds; the tests allow seconds):
what they assert is the mechanism (the move completes while hashes provably run), not a speed.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx2
import pytest
from sqlalchemy import create_engine, update
from websockets.exceptions import ConnectionClosed

from cardtable.server.app import create_app
from cardtable.server.db.models import AuthSession

from .helpers import make_settings
from .live_server import Client, Socket, my_turn, serving


def table_with_bots(client: Client) -> tuple[int, Socket, dict[str, Any]]:
    """A started Slobberhannes table where ``client`` leads against three bots, and its socket at its turn."""
    bots = [{"kind": "bot", "level": "easy"}] * 3
    table = client.create(options={"first_leader": 0}, seats=[{"kind": "me"}, *bots])["id"]
    socket = client.socket()
    first = socket.watch(table)
    assert my_turn(first)
    return table, socket, first


def move_through(socket: Socket, state: dict[str, Any]) -> dict[str, Any]:
    """Make a move and return the table after it (bots answering included) once it is this seat's turn."""
    socket.send(type="move", table=state["table"], version=state["version"], move=state["moves"][0])
    return socket.until(lambda m: m["type"] == "table" and m["version"] > state["version"], timeout=30)


class Storm:
    """Threads sending one request over and over until the block ends; ``codes`` are the answers."""

    def __init__(self, request: Callable[[], int], *, threads: int = 6) -> None:
        self.request = request
        self.codes: list[int] = []
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._run, daemon=True) for _ in range(threads)]

    def __enter__(self) -> Storm:
        for thread in self._threads:
            thread.start()
        while len(self.codes) < 20:  # under way
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=60)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.codes.append(self.request())


def move_during(storm: Storm, socket: Socket, state: dict[str, Any]) -> dict[str, Any]:
    """A move at another table made inside the storm (under way before it: ``Storm``), and the storm still
    answered after it: the server neither stopped the storm for the move nor the move for the storm.
    (Whether a storm request happens to finish during the move itself depends on the machine's load.)"""
    after = move_through(socket, state)
    answered = len(storm.codes)
    deadline = time.monotonic() + 60
    while len(storm.codes) == answered:
        assert time.monotonic() < deadline, "the storm got no answer after the move"
        time.sleep(0.01)
    return after


def users(url: str) -> int:
    """How many users the server has: the id the next guest gets, less one (then that guest's own)."""
    return int(httpx2.post(f"{url}/api/accounts/guest", json={"name": "counter"}).json()["id"]) - 1


# -- 1. sign-up storms ---------------------------------------------------------------------------------


def test_sign_ups_logins_and_guests_are_limited_per_address(tmp_path: Path) -> None:
    settings = make_settings(
        tmp_path, signup_attempts=3, guest_attempts=4, login_attempts=3, signup_window=600, guest_window=600
    )
    with serving(settings) as url:
        signups = [
            httpx2.post(
                f"{url}/api/accounts/signup", json={"username": f"user{n}", "password": "secret-pass"}
            )
            for n in range(5)
        ]
        assert [a.status_code for a in signups] == [201, 201, 201, 429, 429]
        refused = signups[3]
        assert refused.json()["code"] == "too-many" and int(refused.headers["retry-after"]) >= 1
        guests = [httpx2.post(f"{url}/api/accounts/guest", json={"name": "g"}).status_code for _ in range(5)]
        assert guests == [201] * 4 + [429]
        logins = [
            httpx2.post(f"{url}/api/accounts/login", json={"username": "user0", "password": "secret-pass"})
            for _ in range(4)
        ]
        assert [a.status_code for a in logins] == [200, 200, 200, 429]
        # nothing stored for the refused: the three accounts and four guests only
        me = httpx2.get(f"{url}/api/accounts/me", cookies=signups[0].cookies).json()
        assert me["username"] == "user0"
        assert (
            httpx2.post(f"{url}/api/accounts/login", json={"username": "user3", "password": "x"}).status_code
            == 429
        )


class HeldHasher:
    """The real argon2 hasher, whose hashes wait for ``release`` first: the pool stays provably full
    for as long as a test needs, whatever the machine's speed."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.release = threading.Event()

    def hash(self, password: str) -> str:
        assert self.release.wait(timeout=120), "the test never released the hashes"
        return str(self.real.hash(password))

    def verify(self, password_hash: str, password: str) -> bool:
        return bool(self.real.verify(password_hash, password))


def test_a_storm_of_sign_ups_is_hashed_a_few_at_a_time_while_play_goes_on(tmp_path: Path) -> None:
    """Real argon2 costs (64 MiB each); one hash at a time and four waiting: of 24 sign-ups at once, the
    rest are refused with 503 at once. Meanwhile a player at another table moves, and the move completes
    while the hashing pool is full (its hashes held until then)."""
    settings = make_settings(
        tmp_path, argon2_time_cost=3, argon2_memory_kib=65536, hash_workers=1, hash_queue=4
    )
    app = create_app(settings)
    with serving(settings, app) as url:
        hashing = app.state.services.hashing
        held = hashing.hasher = HeldHasher(hashing.hasher)
        player = Client(url, "ana")
        _, socket, first = table_with_bots(player)

        def sign_up(n: int) -> int:
            answer = httpx2.post(
                f"{url}/api/accounts/signup",
                json={"username": f"storm{n}", "password": "secret-pass"},
                timeout=120,
            )
            return answer.status_code

        with concurrent.futures.ThreadPoolExecutor(24) as pool:
            storm = [pool.submit(sign_up, n) for n in range(24)]
            first_answers = itertools.islice(concurrent.futures.as_completed(storm, timeout=120), 19)
            refused = [f.result() for f in first_answers]
            assert refused == [503] * 19  # at once, while one hash is held and four wait
            assert hashing.pending() == 5
            after = move_through(socket, first)
            assert hashing.pending() == 5  # the move went through with the pool full
            held.release.set()
            codes = sorted(f.result() for f in storm)
        assert after["version"] > first["version"]
        assert hashing.pending() == 0
        assert codes == [201] * 5 + [503] * 19
        assert users(url) == 1 + 5  # ana and the accounts made; nothing of the refused
        socket.close()


# -- 7. cross-origin requests --------------------------------------------------------------------------


def test_requests_from_other_origins_are_refused_and_change_nothing(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        host = url.removeprefix("http://")
        ana, bo = Client(url, "ana"), Client(url, "bo")
        table = ana.create(seats=[{"kind": "me"}, *[{"kind": "open"}] * 3])["id"]
        port = int(host.rsplit(":", 1)[1])
        forged: list[dict[str, str]] = [
            {"origin": f"http://127.0.0.1:{port + 1}"},  # same site, another port
            {"origin": "http://evil.example"},
            {"origin": "null"},
            {"sec-fetch-site": "same-site"},
            {"sec-fetch-site": "cross-site"},
        ]
        for headers in forged:
            for path in (f"/api/tables/{table}/join", "/api/tables", "/api/accounts/logout"):
                answer = bo.http.post(path, headers=headers, json={"game": "slobberhannes"})
                assert answer.status_code == 403, (path, headers)
                assert answer.json()["code"] == "cross-origin"
        _, socket, start = table_with_bots(Client(url, "player"))
        forge = {"origin": f"http://127.0.0.1:{port + 1}"}
        with Storm(lambda: bo.http.post(f"/api/tables/{table}/join", headers=forge).status_code) as storm:
            move_during(storm, socket, start)
        assert set(storm.codes) == {403}
        socket.close()
        seats = bo.http.get(f"/api/tables/{table}").json()["seats"]
        assert [s["kind"] for s in seats] == ["player", "open", "open", "open"]
        assert bo.http.get("/api/accounts/me").status_code == 200  # still logged in
        assert len(bo.http.get("/api/tables").json()) == 2
        # the pages of the server itself, and clients that are no browser, are served
        own = bo.http.post(
            f"/api/tables/{table}/join", headers={"origin": url, "sec-fetch-site": "same-origin"}
        )
        assert own.status_code == 200
        assert bo.http.post(f"/api/tables/{table}/leave").status_code == 200


# -- 8. logout closes the session's sockets ----------------------------------------------------------


def test_logging_out_closes_the_websockets_of_that_session_only(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table, socket, first = table_with_bots(ana)
        other = Client(url, "ana-elsewhere")  # another person, another session: stays open
        elsewhere = other.socket()
        elsewhere.watch(table)
        assert ana.http.post("/api/accounts/logout").status_code == 204
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                socket.receive(timeout=15)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert closed.value.rcvd.reason == "logged out"
        with pytest.raises(ConnectionClosed):
            socket.send(type="move", table=table, version=first["version"], move=first["moves"][0])
        assert other.http.get(f"/api/tables/{table}").json()["version"] == first["version"]
        elsewhere.send(type="watch", table=table)
        assert elsewhere.until(lambda m: m["type"] == "table")["version"] == first["version"]
        elsewhere.close()


def test_deleting_an_account_closes_the_websockets_of_all_its_logins(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana", account=True)
        table, socket, first = table_with_bots(ana)
        laptop = httpx2.Client(base_url=url, timeout=20)
        assert laptop.post(
            "/api/accounts/login", json={"username": "ana", "password": "secret-pass"}
        ).is_success
        other = Socket(
            url.replace("http", "ws") + "/ws", "; ".join(f"{k}={v}" for k, v in laptop.cookies.items())
        )
        other.watch(table)
        bo = Client(url, "bo")  # another person following the table: stays
        watcher = bo.socket()
        watcher.watch(table)
        assert ana.http.post("/api/me/delete", json={"password": "secret-pass"}).status_code == 204
        for closing in (socket, other):
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    closing.receive(timeout=15)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        with pytest.raises(ConnectionClosed):
            socket.send(type="move", table=table, version=first["version"], move=first["moves"][0])
        played = watcher.until(lambda m: m["type"] == "table" and m["version"] > first["version"], timeout=30)
        assert played["seats"][0]["name"] == "Former player", "the stand-in plays the seat, not the socket"
        assert laptop.get("/api/accounts/me").status_code == 401
        watcher.close()


def test_a_websocket_closes_when_its_session_expires(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with serving(settings) as url:
        cy = Client(url, "cy")
        engine = create_engine(settings.url())
        with engine.begin() as connection:  # the session ends in two seconds
            connection.execute(
                update(AuthSession).values(expires_at=datetime.now(UTC) + timedelta(seconds=2))
            )
        engine.dispose()
        socket = cy.socket()
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                socket.receive(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.reason == "session expired"
        assert cy.http.get("/api/accounts/me").status_code == 401


# -- 3. tables without end ---------------------------------------------------------------------------


def test_tables_are_limited_per_account_and_address_and_their_options_bounded(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, open_tables_per_account=3, open_tables_per_address=5)
    with serving(settings) as url:
        ana, bo = Client(url, "ana"), Client(url, "bo")
        open_seats = [{"kind": "me"}, *[{"kind": "open"}] * 3]
        for _ in range(3):
            ana.create(seats=open_seats)
        refused = ana.http.post("/api/tables", json={"game": "slobberhannes", "seats": open_seats})
        assert refused.status_code == 409 and refused.json()["code"] == "too-many-tables"
        player = Client(url, "player")
        _, socket, start = table_with_bots(player)  # the address's fourth table
        bots = [{"kind": "bot", "level": "easy"}] * 4
        flood = {"game": "slobberhannes", "options": {"start_points": 16}, "seats": bots}
        with Storm(lambda: ana.http.post("/api/tables", json=flood).status_code) as storm:
            move_during(storm, socket, start)
        assert set(storm.codes) == {409}
        socket.close()
        bo.create(seats=open_seats)
        from_address = bo.http.post("/api/tables", json={"game": "slobberhannes", "seats": open_seats})
        assert from_address.status_code == 409 and "address" in from_address.json()["detail"]
        # ending one of ana's tables (not started) makes room again; only its creator may end it
        first = ana.http.get("/api/tables").json()[-1]["id"]
        assert bo.http.delete(f"/api/tables/{first}").status_code == 403
        follower = bo.socket()
        follower.watch(first)
        assert ana.http.delete(f"/api/tables/{first}").status_code == 204
        told = follower.until(lambda m: m["type"] == "error")
        assert told["code"] == "table-ended" and told["table"] == first
        assert ana.http.get(f"/api/tables/{first}").status_code == 404
        ana.create(seats=open_seats)
        follower.close()
    with serving(make_settings(tmp_path / "ranges")) as url:
        cy = Client(url, "cy")
        endless = [
            ("mue", {"target": 2147483647, "hand_limit": 0}),
            ("mue", {"end": "deals", "deals": 1, "hand_limit": 0}),
            ("troeven", {"start_points": 2147483647, "round_limit": 0}),
            ("troeven", {"round_limit": 501}),
            ("game-of-trains", {"turn_limit": 0}),
        ]
        for game, options in endless:
            seats = [{"kind": "bot", "level": "easy"}] * (5 if game == "mue" else 2)
            answer = cy.http.post("/api/tables", json={"game": game, "options": options, "seats": seats})
            assert answer.status_code == 400 and answer.json()["code"] == "bad-game", (game, options)
        assert cy.http.get("/api/tables").json() == []
        offered = {g["name"]: g for g in cy.http.get("/api/games").json()}
        rounds = next(o for o in offered["troeven"]["options"] if o["name"] == "round_limit")
        assert (rounds["minimum"], rounds["maximum"]) == (1, 500)


def test_a_table_of_bots_that_nobody_follows_ends_and_a_followed_one_plays_on(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, abandoned_seconds=1, bot_delay=0.05)) as url:
        ana = Client(url, "ana")
        bots = [{"kind": "bot", "level": "easy"}] * 4
        left = ana.create(options={"start_points": 16}, seats=bots)["id"]
        watched = ana.create(options={"start_points": 16}, seats=bots)["id"]
        socket = ana.socket()
        socket.watch(watched)
        deadline = time.monotonic() + 30
        while (table := ana.http.get(f"/api/tables/{left}").json())["status"] != "over":
            assert time.monotonic() < deadline, table
            time.sleep(0.1)
        assert table["result"] == {"ended": "abandoned"}
        version = table["version"]
        time.sleep(1.5)  # longer than the abandonment period: the followed table is still played
        assert ana.http.get(f"/api/tables/{left}").json()["version"] == version
        assert ana.http.get(f"/api/tables/{watched}").json()["status"] == "playing"
        socket.close()


# -- 9. probing for accounts with invitations ---------------------------------------------------------


def test_invitations_of_unknown_usernames_are_limited_whatever_the_names(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, invite_misses=3, invite_window=600)) as url:
        Client(url, "dana", account=True)
        eve = Client(url, "eve")

        def invite(name: str) -> httpx2.Response:
            seats = [{"kind": "me"}, {"kind": "invited", "name": name}, *[{"kind": "open"}] * 2]
            return eve.http.post("/api/tables", json={"game": "slobberhannes", "seats": seats})

        assert invite("dana").status_code == 201
        assert [invite(f"nobody{n}").status_code for n in range(3)] == [201, 201, 201]  # as for an account
        known, unknown = invite("dana"), invite("nobody9")
        assert known.status_code == unknown.status_code == 429
        assert known.json()["detail"] == unknown.json()["detail"]
        _, socket, start = table_with_bots(Client(url, "player"))
        with Storm(lambda: invite("nobody").status_code) as storm:
            move_during(storm, socket, start)
        assert set(storm.codes) == {429}
        socket.close()
        assert [t["created_by"] for t in eve.http.get("/api/tables").json()] == ["player", *["eve"] * 4]


def test_a_new_password_closes_the_websockets_of_the_other_logins(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        dana = Client(url, "dana", account=True)
        laptop = httpx2.Client(base_url=url, timeout=20)
        login = {"username": "dana", "password": "secret-pass"}
        assert laptop.post("/api/accounts/login", json=login).status_code == 200
        cookie = "; ".join(f"{k}={v}" for k, v in laptop.cookies.items())
        other = Socket(url.replace("http", "ws") + "/ws", cookie)
        mine = dana.socket()
        table = dana.create(seats=[{"kind": "me"}, *[{"kind": "open"}] * 3])["id"]
        other.watch(table)
        new = {"current": "secret-pass", "new": "another-secret"}
        assert dana.http.post("/api/me/password", json=new).status_code == 204
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                other.receive(timeout=15)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert mine.watch(table)["table"] == table  # this login's socket stays open
        assert laptop.get("/api/accounts/me").status_code == 401
        mine.close()


# -- framing: pages inside another site's frame (clickjacking) ---------------------------------------------


def test_no_page_may_be_framed_by_another_site(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        pages = ["/", "/login", "/new", "/tables/1", "/replays/tables/1", "/settings", "/leaderboards/nope"]
        for path in [*pages, "/static/table.html", "/api/docs", "/api/games", "/nowhere"]:
            answer = httpx2.get(url + path, timeout=20)
            assert answer.headers["x-frame-options"] == "DENY", path
        for path in pages:
            answer = httpx2.get(url + path, timeout=20)
            assert answer.headers["content-type"].startswith("text/html"), path
            policy = [rule.strip() for rule in answer.headers["content-security-policy"].split(";")]
            assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy, path
