"""Several server instances on one PostgreSQL database and one Redis: table updates fan out through Redis,
two moves answering the same version are never both taken, bot turns are jobs any instance takes, and a
table survives the instance its players (or its bots' jobs) were on being killed with SIGKILL.

The tests that need the services skip when they are absent: ``DATABASE_URL`` names a PostgreSQL server
where the role may create databases, ``REDIS_URL`` a Redis server (``.ci/run`` starts both). Each test
gets a database of its own and a Redis prefix of its own, so runs sharing those servers stay apart.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
import redis
import redis.asyncio
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import cardtable
from cardtable.server.app import create_app
from cardtable.server.cluster import sweeper_lease_key
from cardtable.server.jobs import RedisJobs
from cardtable.server.leases import Lease
from cardtable.server.presence import SharedPresence
from cardtable.server.pubsub import Subscriber
from cardtable.server.pubsub_redis import LISTENERS_SECONDS, RedisPubSub, decode, encode
from cardtable.server.schemas import SeatPublic
from cardtable.server.services.held import Step
from cardtable.server.services.live import Live, LiveTables
from cardtable.server.services.moves import apply_to_copy
from cardtable.server.services.updates import TableUpdate, move_change

from .helpers import Player, finished_record, make_settings, receive, send, watch
from .process import Server, server_env

SHORT = {"start_points": 6, "turn_limit": 60, "end": "deals", "deals": 1}
"""Options that keep a game short, for the games that have them."""


# -- the parts ------------------------------------------------------------------------------------------


def test_table_updates_and_json_values_cross_redis_unchanged() -> None:
    update = TableUpdate(7, 12, (3, None, 9), {0: '{"a": 1}', 2: '{"b": 2}', None: '{"c": 3}'})
    assert decode(encode(update)) == update
    for value in ('{"type": "chat"}', {"table": 7, "version": 3}, [1, "two"]):
        assert decode(encode(value)) == value


def test_a_message_that_cannot_cross_redis_is_refused_at_the_publisher() -> None:
    with pytest.raises(TypeError, match="set cannot be published"):
        encode({1, 2})
    with pytest.raises(ValueError, match="not a cardtable pub/sub message"):
        decode(b'{"kind": "pickle", "data": "..."}')


def test_redis_needs_postgresql_and_a_redis_url(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="needs a PostgreSQL database_url"):
        make_settings(tmp_path, redis_url="redis://127.0.0.1:6379/0")
    with pytest.raises(ValueError, match="must be a redis://"):
        make_settings(tmp_path, database_url="postgresql://x@h/db", redis_url="http://127.0.0.1:6379")
    shared = make_settings(tmp_path, database_url="postgres://x@h/db", redis_url="redis://127.0.0.1:6379/0")
    assert shared.redis_url == "redis://127.0.0.1:6379/0"


def test_a_message_published_on_one_instance_reaches_the_others_in_order(redis_url: str, prefix: str) -> None:
    """Every instance's subscribers get each message once, in order: the publisher's own get its table
    updates at once and its other messages by way of Redis, like everybody else's."""
    updates = [TableUpdate(1, v, (5,), {0: f"v{v}", None: "public"}) for v in range(20)]

    async def run() -> tuple[list[Any], list[Any], list[Any]]:
        one, two = RedisPubSub(redis_url, prefix=prefix), RedisPubSub(redis_url, prefix=prefix)
        other = RedisPubSub(redis_url, prefix=prefix + "-other")
        for bus in (one, two, other):
            await bus.start()
        got: list[Any] = []
        mine: list[Any] = []
        strangers: list[Any] = []
        two.subscribe("table:1", Subscriber(got.append))
        one.subscribe("table:1", Subscriber(mine.append))
        other.subscribe("table:1", Subscriber(strangers.append))

        def publish() -> None:  # from a worker thread, as the services do
            for update in updates:
                one.publish("table:1", update)
            one.publish("table:1", {"line": "good game"})

        await asyncio.to_thread(publish)
        deadline = time.monotonic() + 5
        while len(got) + len(mine) < 2 * (len(updates) + 1) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # time for a message delivered twice to come again
        for bus in (one, two, other):
            await bus.stop()
        return got, mine, strangers

    got, mine, strangers = asyncio.run(run())
    assert got == [*updates, {"line": "good game"}]
    assert mine == got
    assert strangers == []  # another prefix is another deployment


def test_an_instance_alone_sends_its_table_updates_nowhere_until_another_listens(
    redis_url: str, prefix: str
) -> None:
    """Alone on the deployment's channel, an instance's table updates reach its own followers and are not
    sent to Redis; its other messages still go through Redis. Once a second instance listens, the
    updates go to it too (asked of Redis once a second)."""
    first, later = (TableUpdate(1, v, (5,), {0: f"v{v}", None: "public"}) for v in (1, 2))

    async def arrived(got: list[Any], count: int) -> None:
        deadline = time.monotonic() + 10
        while len(got) < count and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    async def run() -> tuple[list[Any], list[Any], list[bytes]]:
        one = RedisPubSub(redis_url, prefix=prefix)
        await one.start()
        sent: list[bytes] = []
        send = one._publisher.publish

        def recording(channel: str, text: bytes) -> Any:
            sent.append(text)
            return send(channel, text)

        one._publisher.publish = recording  # type: ignore[method-assign]
        mine: list[Any] = []
        one.subscribe("table:1", Subscriber(mine.append))
        await asyncio.to_thread(one.publish, "table:1", first)
        await asyncio.to_thread(one.publish, "table:1", {"line": "hi"})
        await arrived(mine, 2)
        alone = list(sent)
        two = RedisPubSub(redis_url, prefix=prefix)
        await two.start()
        got: list[Any] = []
        two.subscribe("table:1", Subscriber(got.append))
        await asyncio.sleep(LISTENERS_SECONDS + 0.5)
        await asyncio.to_thread(one.publish, "table:1", later)
        await arrived(got, 1)
        for bus in (one, two):
            await bus.stop()
        return mine, got, alone

    mine, got, alone = asyncio.run(run())
    assert mine == [first, {"line": "hi"}, later]
    assert len(alone) == 1 and b"hi" in alone[0] and b"public" not in alone[0]  # the chat line only
    assert got == [later]


def test_a_message_redis_cannot_take_still_reaches_this_instances_subscribers() -> None:
    """When Redis is unreachable, a table update has already reached this instance's followers (it goes
    to them at once), and any other message is handed to them once the sender thread fails to send it."""
    update = TableUpdate(3, 1, (5,), {0: "v1", None: "public"})

    async def run() -> list[Any]:
        bus = RedisPubSub("redis://127.0.0.1:9/0", prefix="nowhere")  # nothing listens on port 9
        got: list[Any] = []
        bus.subscribe("table:3", Subscriber(got.append))
        bus.publish("table:3", update)
        bus.publish("table:3", {"line": "good game"})
        deadline = time.monotonic() + 60
        while len(got) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await bus.stop()
        return got

    assert asyncio.run(run()) == [update, {"line": "good game"}]


def test_the_sender_thread_outlives_a_failure_that_is_no_redis_error() -> None:
    async def run() -> list[Any]:
        bus = RedisPubSub("redis://127.0.0.1:9/0", prefix="nowhere")

        def broken(channel: str, text: bytes) -> None:
            raise ValueError("not a Redis error")

        bus._publisher.publish = broken  # type: ignore[method-assign]
        bus._publisher.pubsub_numsub = lambda channel: [(channel, 2)]  # type: ignore[method-assign]  # not alone
        got: list[Any] = []
        bus.subscribe("table:3", Subscriber(got.append))
        for line in ("one", "two"):  # the second is sent by the same thread, after the first failed
            bus.publish("table:3", {"line": line})
            deadline = time.monotonic() + 60
            while len(got) < (1 if line == "one" else 2) and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
        await bus.stop()
        return got

    assert asyncio.run(run()) == [{"line": "one"}, {"line": "two"}]


def test_what_no_cardtable_server_sent_is_dropped_and_a_channel_name_must_be_one_line(
    redis_url: str, prefix: str
) -> None:
    """Anything on the deployment's Redis channel that is no batch of messages, or holds a message that is
    not one, reaches no subscriber; the next real message does. A channel name with a line break, which
    would break a batch's lines, is refused at the publisher."""

    async def run() -> list[Any]:
        bus = RedisPubSub(redis_url, prefix=prefix)
        await bus.start()
        got: list[Any] = []
        bus.subscribe("table:6", Subscriber(got.append))
        with pytest.raises(ValueError, match="one line"):
            bus.publish("table:6\nx", {"line": "hi"})
        admin = redis.Redis.from_url(redis_url)
        for stranger in (
            b"someone\ntable:6",
            b"someone\ntable:6\n\n\n{not json",
            b"someone\ntable:6\n\n\n[1]",
        ):
            admin.publish(bus.redis_channel, stranger)
        admin.close()
        await asyncio.to_thread(bus.publish, "table:6", {"line": "real"})
        deadline = time.monotonic() + 10
        while not got and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        await bus.stop()
        return got

    assert asyncio.run(run()) == [{"line": "real"}]


def test_after_losing_its_redis_connection_an_instance_listens_again_and_says_so(
    redis_url: str, prefix: str
) -> None:
    async def run() -> tuple[list[list[str]], list[Any]]:
        bus = RedisPubSub(redis_url, prefix=prefix)
        await bus.start()
        got: list[Any] = []
        bus.subscribe("table:4", Subscriber(got.append))
        resubscribed: list[list[str]] = []
        bus.on_resubscribed = resubscribed.append
        admin = redis.Redis.from_url(redis_url)
        killed = [c["id"] for c in admin.client_list() if c["name"] == bus.listener_name]
        assert len(killed) == 1
        admin.client_kill_filter(_id=killed[0])
        deadline = time.monotonic() + 10
        while not resubscribed and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await asyncio.to_thread(bus.publish, "table:4", "after")
        while not got and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await bus.stop()
        admin.close()
        return resubscribed, got

    resubscribed, got = asyncio.run(run())
    assert resubscribed[:1] == [["table:4"]]
    assert got == ["after"]


def test_a_held_table_counts_the_moves_it_has_word_of_and_follows_them_without_a_query() -> None:
    """Word of moves made on another instance counts in the held version the repair loop compares with the
    stored one (else every such table looked behind and was read again from the database), and the next
    use follows them on the state held; word that is no move's leaves the table to be read again."""
    state = cardtable.make("slobberhannes").new_game(seed=3)
    seats = [SeatPublic(seat=i, kind="player", name=f"p{i}", user_id=i + 1, guest=False) for i in range(4)]
    live = Live(5, "slobberhannes", {}, 3, "playing", seats, {}, state=state, time_used=[0.0] * 4)
    tables = LiveTables(None, shared=True)  # type: ignore[arg-type]  # no database: nothing may read one
    tables.hold(live)
    after = state.clone()
    for _ in range(2):
        after.apply_action(after.legal_actions()[0])
    tables.outdated(5, move_change(dataclasses.replace(live, state=after), state.event_count()).encode())
    assert tables.held() == {5: after.event_count()} and live.version == state.event_count()
    assert tables.load(5, at_least=after.event_count()).state.events() == after.events()  # type: ignore[union-attr]
    later = after.clone()
    later.apply_action(later.legal_actions()[0])
    tables.outdated(5, move_change(dataclasses.replace(live, state=later), after.event_count()).encode())
    tables.outdated(5, None)  # e.g. a seat given to the stand-in there
    assert tables.held() == {5: after.event_count()}


def test_moves_followed_by_word_of_them_are_told_as_their_server_told_them() -> None:
    """The follower tells each move it follows (the game log's facts, and who decided: a stand-in's move
    comes with its word), so its log of the table is the mover's, with no query and no replay."""
    state = cardtable.make("slobberhannes").new_game(seed=4)
    seats = [SeatPublic(seat=i, kind="player", name=f"p{i}", user_id=i + 1, guest=False) for i in range(4)]
    lives = [
        Live(6, "slobberhannes", {}, 4, "playing", list(seats), {}, state=state.clone(), time_used=[0.0] * 4)
        for _ in range(2)
    ]
    # no database: nothing may read one
    mover, follower = LiveTables(None, shared=True), LiveTables(None, shared=True)
    mover.hold(lives[0])
    follower.hold(lives[1])
    for n in range(3):
        live = lives[0]
        assert live.state is not None
        version, seat = live.version, live.state.current_player()
        assert seat is not None
        after, facts = apply_to_copy(live.state, live.state.legal_actions()[0])
        why = "time" if n == 1 else None
        live.moved([Step(after, facts)], seat=seat, at=0.0, time_used=None, result=None, stand_in=why)
        follower.outdated(6, move_change(live, version).encode())
    followed = follower.load(6)
    told, kept = lives[0].story, followed.story
    assert told is not None and kept is not None and kept is not told
    assert kept.steps == told.steps and len(kept.steps) == 4 and kept.marks == told.marks
    assert [kept.entries(kept.steps, v) for v in (0, 1, None)] == [
        told.entries(told.steps, v) for v in (0, 1, None)
    ]
    assert sum("stand-in" in entry.text for entry in kept.entries(kept.steps, None)) == 1


def test_a_spectator_on_another_instance_is_pushed_the_log_and_asks_the_same_of_it(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    """Moves made through one instance: a seat and a spectator following the table on the other are
    pushed each step's entries for their audience, and that instance's log (told from the moves it
    followed) says the same."""
    settings = make_settings(tmp_path, database_url=postgres_url, redis_url=redis_url, redis_prefix=prefix)
    one, two = create_app(settings), create_app(settings)
    with TestClient(one), TestClient(two):
        ana, bo, cy = Player(one, "ana"), Player(one, "bo"), Player(one, "cy")
        table = ana.create(
            options={"players": 3, "first_leader": 0}, seats=[{"kind": "me"}, *[{"kind": "open"}] * 2]
        )["id"]
        for seat, person in ((1, bo), (2, cy)):
            person.http.post(f"/api/tables/{table}/join", json={"seat": seat})
        watcher = Player(two, "watcher")
        bo_two = TestClient(two, cookies=bo.http.cookies)
        with contextlib.ExitStack() as stack:
            movers = [stack.enter_context(p.socket()) for p in (ana, bo, cy)]
            followers = [stack.enter_context(c.websocket_connect("/ws")) for c in (bo_two, watcher.http)]
            latest = [watch(ws, table) for ws in movers]
            for ws in followers:
                watch(ws, table)
            asked = [c.get(f"/api/tables/{table}/log").json() for c in (bo_two, watcher.http)]
            time.sleep(LISTENERS_SECONDS * 1.5)  # one learns that two listens before the first move
            pushed: list[list[dict[str, Any]]] = [[], []]
            for _ in range(12):
                mover = next(seat for seat in range(3) if latest[seat]["moves"])
                now = latest[mover]
                send(movers[mover], type="move", table=table, version=now["version"], move=now["moves"][0])
                latest = [table_at(ws, now["version"] + 1) for ws in movers]
                for got, ws in zip(pushed, followers, strict=True):
                    got.append(table_at(ws, latest[0]["version"]))
            mirrors = (bo.http, Player(one, "spectator").http)  # the same audiences on instance one
            for client, mirror, log, got in zip((bo_two, watcher.http), mirrors, asked, pushed, strict=True):
                assert all(message["log_since"] + 1 == message["version"] for message in got)
                entries = log["entries"] + [entry for message in got for entry in message["log"]]
                assert entries == client.get(f"/api/tables/{table}/log").json()["entries"]
                assert entries == mirror.get(f"/api/tables/{table}/log").json()["entries"]
            assert len(entries) > 12 and any("takes the trick" in entry["text"] for entry in entries)


def test_a_move_whose_update_never_reached_redis_still_reaches_the_players(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    """Server two commits a move and publishes it nowhere else (as a server killed between its commit and
    its publish would): server one notices that the table it follows is behind, and sends its state."""
    one = create_app(
        make_settings(tmp_path, database_url=postgres_url, redis_url=redis_url, redis_prefix=prefix)
    )
    two = create_app(make_settings(tmp_path, database_url=postgres_url))
    with TestClient(one), TestClient(two):
        ana, bo, cy = Player(one, "ana"), Player(one, "bo"), Player(one, "cy")
        table = ana.create(
            options={"players": 3, "first_leader": 0}, seats=[{"kind": "me"}, *[{"kind": "open"}] * 2]
        )["id"]
        for seat, person in ((1, bo), (2, cy)):
            person.http.post(f"/api/tables/{table}/join", json={"seat": seat})
        with bo.socket() as follower, TestClient(two, cookies=ana.http.cookies) as ana_two:
            before = watch(follower, table)
            with ana_two.websocket_connect("/ws") as ws:
                state = watch(ws, table)
                send(ws, type="move", table=table, version=state["version"], move=state["moves"][0])
                assert receive(ws)["version"] == before["version"] + 1
            reader = concurrent.futures.ThreadPoolExecutor(1)
            try:  # updates of the seats at the old version (ana connecting on two) may come first
                update = reader.submit(receive, follower).result(timeout=5)
                while update.get("type") != "table" or update["version"] == before["version"]:
                    update = reader.submit(receive, follower).result(timeout=5)
            finally:
                reader.shutdown(wait=False, cancel_futures=True)
            assert update["version"] == before["version"] + 1


def test_one_instance_holds_the_lease_and_another_takes_it_when_it_stops_renewing(
    redis_url: str, prefix: str
) -> None:
    async def run() -> None:
        client = redis.asyncio.Redis.from_url(redis_url)
        one = Lease(client, f"{prefix}:lease", holder="one", seconds=1)
        two = Lease(client, f"{prefix}:lease", holder="two", seconds=1)
        assert await one.hold() is True and one.held()
        assert await two.hold() is None and not two.held()
        assert await one.hold() is False and one.held()  # renewed
        assert await one.current_holder() == "one"
        # "one" dies: it renews no more. Its own view runs out no later than the key does.
        taken_at = None
        began = time.monotonic()
        while taken_at is None and time.monotonic() - began < 10:
            await asyncio.sleep(0.05)
            if await two.hold():
                taken_at = time.monotonic() - began
        # not before the lease runs out; a busy machine may take it late
        assert taken_at is not None and 0.8 < taken_at < 10
        assert not one.held() and two.held()
        assert await one.hold() is None  # the old holder cannot take it back while "two" renews
        await two.release()
        assert await one.hold() is True  # given up: taken at once
        await one.release()
        await client.aclose()

    asyncio.run(run())


def test_presence_written_on_one_instance_is_read_on_another_one_write_a_table(
    redis_url: str, prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two users at one table and one at another, connected here: the other instance counts each of them
    present and nobody else, and each of them online; renewing writes one ZADD and one EXPIRE a table, not
    one a user (and three for who is online, whatever their number); and the entries leave with this
    instance."""
    here = SharedPresence(redis_url, prefix=prefix, instance="one")
    there = SharedPresence(redis_url, prefix=prefix, instance="two")
    try:
        for table_id, user_id in ((7, 1), (7, 2), (8, 1)):
            here.arrive(table_id, user_id)
        deadline = time.monotonic() + 10
        while not there.is_here(8, 1) and time.monotonic() < deadline:
            time.sleep(0.05)  # arriving writes in a thread of its own
        assert [there.is_here(7, 1), there.is_here(7, 2), there.is_here(8, 1)] == [True, True, True]
        assert not there.is_here(8, 2) and not there.anyone_here(9)
        assert there.online([1, 2, 3]) == {1, 2} and there.here() == []
        sent: list[list[str]] = []
        execute = redis.client.Pipeline.execute

        def counted(pipe: redis.client.Pipeline, *args: Any, **kwargs: Any) -> Any:
            sent.append(sorted(str(command[0][0]) for command in pipe.command_stack))
            return execute(pipe, *args, **kwargs)

        monkeypatch.setattr(redis.client.Pipeline, "execute", counted)
        here._add(here.here())  # what the renewer sends every ttl / 3 seconds
        assert sent == [["EXPIRE", "EXPIRE", "EXPIRE", "ZADD", "ZADD", "ZADD", "ZREMRANGEBYSCORE"]]
    finally:
        here.close()
    assert not there.is_here(7, 1) and not there.anyone_here(8)
    there.close()


def test_a_job_taken_by_an_instance_that_stops_is_claimed_and_run_by_another(
    redis_url: str, prefix: str
) -> None:
    """Jobs go to whichever instance reads them; one that an instance took and never finished (it
    stopped mid-job, as a killed one would) is claimed by the other after ``claim_seconds`` and run."""

    async def run() -> None:
        done: list[tuple[str, int]] = []
        stuck = asyncio.Event()

        async def hangs(data: dict[str, Any]) -> None:
            stuck.set()
            await asyncio.Event().wait()

        def finishes(name: str) -> Any:
            async def handler(data: dict[str, Any]) -> None:
                done.append((name, data["n"]))

            return handler

        one = RedisJobs(redis_url, prefix=prefix, consumer="one", capacity=1, claim_seconds=1)
        one.handle("test", hangs)
        await one.start()
        one.put("test", {"n": 1})
        await asyncio.wait_for(stuck.wait(), 10)
        await one.stop()  # job 1 stays pending with "one"

        two = RedisJobs(redis_url, prefix=prefix, consumer="two", capacity=2, claim_seconds=1)
        two.handle("test", finishes("two"))
        await two.start()
        two.put("test", {"n": 2})
        began = time.monotonic()
        while len(done) < 2 and time.monotonic() - began < 20:
            await asyncio.sleep(0.05)
        await two.stop()
        assert sorted(done) == [("two", 1), ("two", 2)]  # each once: 1 claimed from "one", 2 read new

    asyncio.run(run())


def test_a_kind_of_job_at_its_capacity_leaves_the_other_kinds_running_and_its_own_to_other_instances(
    redis_url: str, prefix: str
) -> None:
    """Each kind has its own capacity: with its one slow job running (a review), an instance still takes
    the short jobs of another kind (bot turns), and the next slow job waits for an instance with room."""

    async def run() -> None:
        done: list[tuple[str, int]] = []
        release = asyncio.Event()

        def handler(name: str, *, slow: bool) -> Any:
            async def handle(data: dict[str, Any]) -> None:
                if slow:
                    await release.wait()
                done.append((name, data["n"]))

            return handle

        one = RedisJobs(redis_url, prefix=prefix, consumer="one", capacity=4, claim_seconds=30)
        one.handle("slow", handler("one", slow=True), capacity=1)
        one.handle("fast", handler("one", slow=False))
        await one.start()
        one.put("slow", {"n": 1})
        one.put("slow", {"n": 2})
        for n in range(3, 9):
            one.put("fast", {"n": n})
        began = time.monotonic()
        while len(done) < 6 and time.monotonic() - began < 20:
            await asyncio.sleep(0.05)
        assert sorted(done) == [("one", n) for n in range(3, 9)], "the fast jobs ran beside the slow one"

        two = RedisJobs(redis_url, prefix=prefix, consumer="two", capacity=4, claim_seconds=30)
        two.handle("slow", handler("two", slow=False), capacity=1)
        await two.start()
        while len(done) < 7 and time.monotonic() - began < 20:
            await asyncio.sleep(0.05)
        assert done[6:] == [("two", 2)], "the second slow job waited for the instance with room"
        release.set()
        while len(done) < 8 and time.monotonic() - began < 20:
            await asyncio.sleep(0.05)
        assert done[7:] == [("one", 1)]
        await one.stop()
        await two.stop()

    asyncio.run(run())


# -- exactly one of two moves -----------------------------------------------------------------------


def test_a_server_whose_table_is_behind_has_its_move_refused_as_stale_by_the_database(
    tmp_path: Path, postgres_url: str
) -> None:
    """Two servers without Redis on one database: the second holds the table at an old version, so only
    the version-checked UPDATE can refuse its move. It does, and stores no event."""
    settings = make_settings(tmp_path, database_url=postgres_url)
    one, two = create_app(settings), create_app(settings)
    with TestClient(one), TestClient(two):
        ana, bo, cy = Player(one, "ana"), Player(one, "bo"), Player(one, "cy")
        table = ana.create(
            options={"players": 3, "first_leader": 0}, seats=[{"kind": "me"}, *[{"kind": "open"}] * 2]
        )["id"]
        for seat, person in ((1, bo), (2, cy)):
            person.http.post(f"/api/tables/{table}/join", json={"seat": seat})
        with TestClient(two, cookies=ana.http.cookies) as ana_two, ana_two.websocket_connect("/ws") as late:
            before = watch(late, table)  # server two now holds the table at this version
            with ana.socket() as ws:
                assert watch(ws, table)["version"] == before["version"]
                send(ws, type="move", table=table, version=before["version"], move=before["moves"][0])
                assert receive(ws)["version"] > before["version"]
            send(late, type="move", table=table, version=before["version"], move=before["moves"][1])
            answer = receive(late)
            while answer["type"] != "error":
                answer = receive(late)
            assert answer["code"] == "stale"
        stored = bo.http.get(f"/api/tables/{table}").json()
    assert stored["version"] == before["version"] + 1


def test_the_last_two_seats_taken_through_two_servers_at_once_start_the_game(
    tmp_path: Path, postgres_url: str
) -> None:
    """Each join holds the table's row until it commits, so the second sees the first's seat: the table
    starts, with both seated, every time."""
    settings = make_settings(tmp_path, database_url=postgres_url)
    one, two = create_app(settings), create_app(settings)
    with TestClient(one), TestClient(two):
        ana, bo, cy = Player(one, "ana"), Player(one, "bo"), Player(two, "cy")
        for _ in range(8):
            table = ana.create(options={"players": 3}, seats=[{"kind": "me"}, *[{"kind": "open"}] * 2])["id"]
            barrier = threading.Barrier(2)
            answers: list[int] = []
            threads = [
                threading.Thread(target=join_together, args=(barrier, person, table, seat, answers))
                for person, seat in ((bo, 1), (cy, 2))
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert answers == [200, 200]
            stored = ana.http.get(f"/api/tables/{table}").json()
            assert stored["status"] == "playing" and [s["name"] for s in stored["seats"]] == [
                "ana",
                "bo",
                "cy",
            ]


def test_two_moves_sent_to_two_instances_at_once_only_one_is_taken(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    servers = start_cluster(tmp_path, postgres_url, redis_url, prefix)
    try:
        ana = Person(servers[0], "ana")
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        table = ana.post("/api/tables", {"game": "slobberhannes", "options": {"players": 3}, "seats": seats})
        both = [ana.open(server, table["id"]) for server in servers]  # one socket on each instance
        rng = random.Random(5)
        rounds = 0
        while rounds < 12:
            states = [s.until(lambda m: m["moves"] or m["status"] == "over") for s in both]
            if states[0]["status"] == "over":
                break
            assert states[0]["version"] == states[1]["version"]
            version = states[0]["version"]
            moves = rng.sample(states[0]["moves"], min(2, len(states[0]["moves"])))
            barrier = threading.Barrier(2)
            threads = [
                threading.Thread(target=send_together, args=(barrier, s, version, m))
                for s, m in zip(both, moves * 2, strict=False)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            for s in both:  # each socket hears that the table moved on
                s.until(lambda m, v=version: m["version"] > v)
            errors = [e for s in both for e in s.take_errors()]
            assert [e["code"] for e in errors] == ["stale"], errors
            # Not compared here: the first state each socket gets past the move. A bot's move taken on one
            # instance may reach its socket before word of the person's move from the other instance, and
            # a follower drops an update older than one it has. Both show the same state at the person's
            # next turn (checked at the top of the loop).
            rounds += 1
        assert rounds >= 5
    finally:
        for server in servers:
            server.kill()


def test_a_person_out_of_time_on_one_instance_is_played_by_the_stand_in_through_the_job_queue(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    """The clock runs out on the instance the person plays through (not the sweeper); the stand-in's move
    is a job whichever instance takes it makes. The lease is long, so no periodic sweep does it instead."""
    servers = start_cluster(tmp_path, postgres_url, redis_url, prefix, lease_seconds=60)
    try:
        holder = redis.Redis.from_url(redis_url).get(sweeper_lease_key(prefix))
        assert holder is not None
        other = next(s for s in servers if s.process and s.process.pid != int(holder.decode().split(":")[1]))
        bo = Person(other, "bo")
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        options = {"players": 3, "first_leader": 0}
        table = bo.post(
            "/api/tables",
            {
                "game": "slobberhannes",
                "options": options,
                "seats": seats,
                "clock": {"move_seconds": 1},
                "stand_in": "easy",
            },
        )
        socket = bo.open(other, table["id"])
        first = socket.until(lambda m: m["moves"])
        later = socket.until(lambda m: m["version"] > first["version"], timeout=20)
        assert later["observation"]["trick"][0]["seat"] == 0  # the stand-in led for bo
    finally:
        for server in servers:
            server.kill()


# -- two instances, one killed ----------------------------------------------------------------------


def test_games_spread_over_two_instances_finish_after_one_is_killed(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    """One table per game, each with a person on each instance and bots in the other seats. Mid-game, with
    moves on their way, the instance holding the sweeper's lease is killed with SIGKILL; its players
    reconnect to the other, which takes over its bots' jobs and the sweeps. Every game finishes, and every
    state any player was shown is a state of the game's final record: nothing was lost."""
    servers = start_cluster(tmp_path, postgres_url, redis_url, prefix)
    try:
        holder = redis.Redis.from_url(redis_url).get(sweeper_lease_key(prefix))
        assert holder is not None
        pid = int(holder.decode().split(":")[1])
        doomed = next(s for s in servers if s.process is not None and s.process.pid == pid)
        survivor = next(s for s in servers if s is not doomed)
        tables = [open_table(game, servers) for game in cardtable.games()]
        sockets = [s for t in tables for s in t.sockets]
        rng = random.Random(11)
        deadline = time.monotonic() + 120

        while min(t.version() - t.start for t in tables) < 12:  # every game under way
            play_round(sockets, rng)
            assert time.monotonic() < deadline, [t.version() for t in tables]
        at_kill = [t.version() for t in tables]
        doomed.kill()  # right after a round of moves was sent, some to this instance

        for socket in sockets:
            if socket.server is doomed:
                socket.reconnect(survivor)
        while not all(t.over() for t in tables):
            play_round(sockets, rng)
            assert time.monotonic() < deadline, [t.version() for t in tables]

        for table, version in zip(tables, at_kill, strict=True):
            record = table.people[0].get(survivor, f"/api/tables/{table.id}/record")
            assert cardtable.replay(record).is_terminal()
            assert table.start < version < len(record["events"]), table.game
            table.check_nothing_lost(record)
            assert all(s.errors == [] for s in table.sockets), [s.errors for s in table.sockets]
        after = redis.Redis.from_url(redis_url).get(sweeper_lease_key(prefix))
        assert after is not None and int(after.decode().split(":")[1]) == survivor.process.pid  # type: ignore[union-attr]
    finally:
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill()


BOT_TABLES = 100
BOT_DELAY = 1.0
"""Bot-only tables of the kill test. Each plays one hand of Slobberhannes (``single_hand``, about 30
moves) with bots moving after ``BOT_DELAY``: together they ask about 100 moves a second, which one
instance gives on a 2-core machine. The bots are held (``bot_hold_file``) while the tables open, so all
start together however long opening takes, and again across the kill, so every table is mid-play when
the instance dies, whatever the machine's speed."""


def test_bot_only_tables_all_finish_on_one_instance_after_the_other_is_killed(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    """Bot-only tables, their turns taken by both instances from the shared queue. Mid-play one instance
    is killed with SIGKILL (with jobs running, and some of its turns not yet queued): the other claims
    its jobs and its sweeps put the lost turns again, and every game finishes with a valid record."""
    hold = tmp_path / "hold-bots"
    hold.touch()  # no bot moves while the tables open: they all start together once it is gone
    servers = start_cluster(
        tmp_path, postgres_url, redis_url, prefix, bot_delay=BOT_DELAY, bot_hold_file=str(hold)
    )
    client = redis.Redis.from_url(redis_url)
    try:
        ana = Person(servers[0], "ana")
        seats = [{"kind": "bot", "level": "easy"}] * 3
        body = {"game": "slobberhannes", "options": {"players": 3, "single_hand": True}, "seats": seats}
        ids = [ana.post("/api/tables", body, servers[n % 2])["id"] for n in range(BOT_TABLES)]
        opened = versions(ana, servers[0], ids)
        hold.unlink()

        deadline = time.monotonic() + 300
        while ana.get(servers[0], f"/api/tables/{ids[-1]}")["version"] < opened[ids[-1]][1] + 3:
            assert time.monotonic() < deadline  # the last table under way, so every table is
            time.sleep(0.2)
        hold.touch()  # the bots' turns from now on wait, on both instances, until after the kill
        consumers = client.xinfo_consumers(f"{prefix}:jobs:bot-turn", "workers")
        assert len(consumers) == 2, "both instances took bot turns"
        holder = client.get(sweeper_lease_key(prefix))
        assert holder is not None
        doomed = next(s for s in servers if s.process and s.process.pid == int(holder.decode().split(":")[1]))
        survivor = next(s for s in servers if s is not doomed)
        at_kill = versions(ana, survivor, ids)
        assert sum(status == "playing" for status, _ in at_kill.values()) > BOT_TABLES // 2
        doomed.kill()
        hold.unlink()

        while any(status != "over" for status, _ in versions(ana, survivor, ids).values()):
            assert time.monotonic() < deadline, versions(ana, survivor, ids)
            time.sleep(0.5)
        for table_id in ids:
            record = ana.get(survivor, f"/api/tables/{table_id}/record")
            assert cardtable.replay(record).is_terminal()
            assert len(record["events"]) > at_kill[table_id][1] or at_kill[table_id][0] == "over"
    finally:
        client.close()
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill()


def versions(person: Person, server: Server, ids: list[int]) -> dict[int, tuple[str, int]]:
    """Each table's status and version, as ``server`` answers ``person``."""
    tables = [person.get(server, f"/api/tables/{t}") for t in ids]
    return {t["id"]: (t["status"], t["version"]) for t in tables}


# -- game reviews on the queue ----------------------------------------------------------------------


def test_a_review_waits_for_a_free_review_worker_of_any_instance_and_survives_its_instance(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    """Reviews are jobs on the queue of bot work. Instance one (one review at a time: ``review_running``)
    runs the first review asked through it while the second waits in the queue, until instance two starts
    and runs it. Then one is killed with SIGKILL mid-review: two claims that review's job and judges it
    again, and its result is the review of the record."""
    servers = start_cluster(
        tmp_path, postgres_url, redis_url, prefix, start=1, review_iterations="2000", review_running="1"
    )
    one, two = servers
    try:
        ana = Person(one, "ana")
        record = finished_record()
        upload = "uploads/" + ana.post("/api/replays/uploads", record)["source"].split("/")[1]
        long = ana.post(f"/api/replays/{upload}/reviews", {"seat": 0, "iterations": 2000})
        short = ana.post(f"/api/replays/{upload}/reviews", {"seat": 1, "iterations": 100})

        def review(server: Server, asked: dict[str, Any]) -> dict[str, Any]:
            answer: dict[str, Any] = ana.get(server, f"/api/reviews/{asked['id']}")
            return answer

        deadline = time.monotonic() + 180
        while review(one, long)["done"] == 0:
            assert time.monotonic() < deadline, review(one, long)
            time.sleep(0.1)
        waiting = review(one, short)
        assert waiting["status"] == "running" and waiting["total"] is None, "one runs one review at a time"

        two.start()
        while review(two, short)["status"] == "running":
            assert time.monotonic() < deadline, review(two, short)
            time.sleep(0.1)
        assert review(two, short)["status"] == "done"
        assert review(two, long)["status"] == "running", "the second review ran on two, beside the first"

        one.kill()
        while review(two, long)["status"] == "running":
            assert time.monotonic() < deadline, review(two, long)
            time.sleep(0.2)
        result = review(two, long)["result"]
        assert review(two, long)["status"] == "done", review(two, long)
        for decision in result["decisions"]:
            del decision["step"], decision["said"]
        for mistake in result["biggest_mistakes"]:
            del mistake["step"], mistake["said"]
        del result["said"]  # the review's words, added by the worker
        assert result == cardtable.review(record, 0, iterations=2000, seed=0)
    finally:
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill()


# -- helpers ----------------------------------------------------------------------------------------


def start_cluster(
    tmp_path: Path,
    database: str,
    redis_url: str,
    prefix: str,
    *,
    lease_seconds: float = 2,
    bot_delay: float = 0,
    start: int = 2,
    **settings: str,
) -> list[Server]:
    """Two ``cardtable serve`` processes sharing the database and Redis, the first ``start`` of them
    started (the test starts the others); bots move after ``bot_delay`` seconds. The first one started
    holds the sweeper's lease. ``settings`` are more CARDTABLE_* settings."""
    env = server_env(
        bot_delay=str(bot_delay),
        bot_workers="0",
        ws_rate="1000",
        ws_burst="1000",
        redis_prefix=prefix,
        bot_lease_seconds=str(lease_seconds),
        **settings,
    )
    env.update(DATABASE_URL=database, REDIS_URL=redis_url)
    servers = [Server([], env, tmp_path / f"server-{n}.log") for n in range(2)]
    for server in servers[:start]:
        server.start()
    return servers


class Person:
    """A guest: a session cookie that every instance accepts (sessions are in the shared database)."""

    def __init__(self, server: Server, name: str) -> None:
        answer = httpx2.post(f"{server.url}/api/accounts/guest", json={"name": name}, timeout=10)
        assert answer.status_code == 201, answer.text
        self.cookie = f"cardtable_session={answer.cookies['cardtable_session']}"
        self.id = answer.json()["id"]
        self.server = server

    def post(self, path: str, body: Any, server: Server | None = None) -> Any:
        url = (server or self.server).url + path
        answer = httpx2.post(url, json=body, headers={"cookie": self.cookie}, timeout=10)
        assert answer.status_code < 300, answer.text
        return answer.json()

    def get(self, server: Server, path: str) -> Any:
        answer = httpx2.get(server.url + path, headers={"cookie": self.cookie}, timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def open(self, server: Server, table: int) -> Socket:
        return Socket(self, server, table)


class Socket:
    """One websocket of a person following one table; keeps what it was shown."""

    def __init__(self, person: Person, server: Server, table: int) -> None:
        self.person = person
        self.table = table
        self.shown: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.latest: dict[str, Any] | None = None
        self.answered = -1
        self.connect(server)

    def connect(self, server: Server) -> None:
        self.server = server
        self.closing = contextlib.ExitStack()
        self.ws: ClientConnection = self.closing.enter_context(
            connect(
                server.url.replace("http", "ws") + "/ws",
                additional_headers={"cookie": self.person.cookie},
                open_timeout=10,
            )
        )
        self.ws.send(json.dumps({"type": "watch", "table": self.table}))
        self.until(lambda m: True)

    def reconnect(self, server: Server) -> None:
        """Follow the table on another instance; a move sent to the old one may have been lost with it."""
        self.closing.close()
        before, self.latest, self.answered = self.latest, None, -1
        self.connect(server)
        assert before is None or self.latest is None or stored(self.latest) >= stored(before)

    def read(self, timeout: float) -> bool:
        """Take one message if one comes within ``timeout``; True if it did."""
        try:
            message = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            return False
        if message["type"] == "error":
            self.errors.append(message)
        elif message["type"] == "table":
            assert self.latest is None or message["version"] >= self.latest["version"], "an older state"
            self.latest = message
            self.shown.append(message)
        return True

    def until(self, done: Any, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while self.latest is None or not done(self.latest):
            assert time.monotonic() < deadline, f"no such state on table {self.table}: {self.latest}"
            self.read(0.5)
        return self.latest

    def take_errors(self) -> list[dict[str, Any]]:
        while self.read(0.2):
            pass
        errors, self.errors = self.errors, []
        return errors

    def send_move(self, version: int, move: str) -> None:
        self.ws.send(json.dumps({"type": "move", "table": self.table, "version": version, "move": move}))
        self.answered = version


def stored(message: dict[str, Any]) -> int:
    """The stored version a table message shows: a person's held steps (undo) count in ``version`` but live
    only in their instance's memory, so they may be lost with it."""
    return int(message["version"]) - int(message.get("held", 0))


def table_at(ws: Any, version: int) -> dict[str, Any]:
    """The next table message of a test websocket at ``version`` or later (a state sent again by the
    repair loop, or the seats at the old version, may come first)."""
    message = receive(ws)
    while message.get("type") != "table" or message["version"] < version:
        message = receive(ws)
    return message


def join_together(
    barrier: threading.Barrier, person: Player, table: int, seat: int, answers: list[int]
) -> None:
    barrier.wait()
    answers.append(person.http.post(f"/api/tables/{table}/join", json={"seat": seat}).status_code)


def send_together(barrier: threading.Barrier, socket: Socket, version: int, move: str) -> None:
    barrier.wait()
    socket.send_move(version, move)


def play_round(sockets: list[Socket], rng: random.Random) -> None:
    """Read what has come on every socket, and move for each person whose turn it is (once per state)."""
    for socket in sockets:
        try:
            while socket.read(0.002):
                pass
        except ConnectionClosed:
            continue  # its server was killed: the test reconnects it
        latest = socket.latest
        if latest and latest["moves"] and latest["version"] > socket.answered:
            try:
                socket.send_move(latest["version"], rng.choice(latest["moves"]))
            except ConnectionClosed:
                continue
    time.sleep(0.002)


class Table:
    """A game's table: its people's sockets, one on each instance."""

    def __init__(self, game: str, table: dict[str, Any], sockets: list[Socket]) -> None:
        self.game = game
        self.id = table["id"]
        self.sockets = sockets
        self.people = [s.person for s in sockets]
        self.start = max(s.latest["version"] for s in sockets if s.latest)

    def version(self) -> int:
        return min(s.latest["version"] for s in self.sockets if s.latest)

    def over(self) -> bool:
        return all(s.latest is not None and s.latest["status"] == "over" for s in self.sockets)

    def check_nothing_lost(self, record: dict[str, Any]) -> None:
        players = len(self.sockets[0].latest["seats"]) if self.sockets[0].latest else 0
        views = {}
        for state, _, _ in cardtable.replay_steps(record):
            views[state.event_count()] = [state.observation(seat) for seat in range(players)]
        for socket in self.sockets:
            assert socket.latest is not None and socket.latest["version"] == len(record["events"])
            for message in socket.shown:
                view = views.get(message["version"])
                assert view is not None and view[message["seat"]] == message["observation"], (
                    f"{self.game}: seat {message['seat']} was shown version {message['version']}: lost"
                )


def open_table(game: str, servers: list[Server]) -> Table:
    """A started table of ``game`` with the fewest seats: a person on each instance, bots in the rest."""
    specs = {o.name: o for o in cardtable.make(game).option_specs}
    players = specs["players"].choices or [specs["players"].default]
    count = min(int(c) for c in players)
    options: dict[str, Any] = {k: v for k, v in SHORT.items() if k in specs and k != "players"}
    options["players"] = count
    people = [Person(server, f"{game[:10]}-{n}") for n, server in enumerate(servers)]
    seats: list[dict[str, Any]] = [{"kind": "me"}, {"kind": "open"}]
    seats += [{"kind": "bot", "level": "easy"}] * (count - 2)
    table = people[0].post("/api/tables", {"game": game, "options": options, "seats": seats})
    people[1].post(f"/api/tables/{table['id']}/join", {"seat": 1})
    sockets = [person.open(person.server, table["id"]) for person in people]
    return Table(game, table, sockets)


# -- limits and presence shared -----------------------------------------------------------------------


def test_rate_limits_and_presence_are_shared_by_the_instances(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    """New guests per address are counted across both instances; a person whose last connection (on one
    instance) closes is replaced after the grace period, while a person still connected through the other
    instance is not; a logout through one instance closes the session's socket on the other."""
    servers = start_cluster(tmp_path, postgres_url, redis_url, prefix, guest_attempts="6", grace_seconds="2")
    try:
        one, two = servers
        ana, bo = Person(one, "ana"), Person(two, "bo")  # two guests of six
        cy, dee = Person(one, "cy"), Person(two, "dee")
        answers = [
            httpx2.post(f"{server.url}/api/accounts/guest", json={"name": "x"}, timeout=10).status_code
            for server in (one, two, one)
        ]
        assert answers == [201, 201, 429]
        seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}]
        options = {"players": 3, "first_leader": 2}
        gone_table = ana.post("/api/tables", {"game": "slobberhannes", "options": options, "seats": seats})
        bo.post(f"/api/tables/{gone_table['id']}/join", {"seat": 1}, server=two)
        kept_table = cy.post("/api/tables", {"game": "slobberhannes", "options": options, "seats": seats})
        dee.post(f"/api/tables/{kept_table['id']}/join", {"seat": 1}, server=two)
        watcher = ana.open(two, gone_table["id"])  # ana stays, on the other instance
        leaving = bo.open(one, gone_table["id"])
        moved = [dee.open(one, kept_table["id"]), dee.open(two, kept_table["id"])]
        cy_socket = cy.open(one, kept_table["id"])
        leaving.closing.close()  # bo's only connection
        moved[0].closing.close()  # dee keeps the connection on instance two
        replaced = watcher.until(lambda m: m["seats"][1]["away"] == "away", timeout=60)
        assert replaced["seats"][1]["name"] == "bo"
        time.sleep(6)  # past the grace period and a sweep of the lease holder: dee is still present
        assert cy.get(one, f"/api/tables/{kept_table['id']}")["seats"][1]["away"] is None
        assert ana.get(two, f"/api/tables/{gone_table['id']}")["seats"][0]["away"] is None
        # logging out through one instance closes the session's socket on the other
        out = httpx2.post(f"{one.url}/api/accounts/logout", headers={"cookie": dee.cookie}, timeout=10)
        assert out.status_code == 204
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                moved[1].ws.recv(timeout=15)
        assert closed.value.rcvd is not None and closed.value.rcvd.reason == "logged out"
        for socket in (watcher, cy_socket):
            socket.closing.close()
    finally:
        for server in servers:
            server.kill()
