"""Load on the online table: N concurrent tables whose seats are all played by bot clients over websockets,
spread over client processes. Prints moves per second and the move round trip (p50, p99).

Each seat is a guest with its own websocket, as a person at the table would be. When it is a seat's turn,
its client waits a think time (``--think`` seconds, ±50 % at random), picks a random legal move from those
the server sent, and sends it; the round trip is the time from sending that move to receiving the table
update that contains it. Play starts once every websocket is connected and has its table's first state;
round trips from the first ``--warmup`` seconds of play are dropped. The servers' CPU time is counted from
the start of play, so a figure per move is the cost of moves, not of connecting 800 websockets.

Loopback only and bounded in time: it starts its own servers unless ``--url`` names running ones on this
machine, and every client stops after ``--seconds``. One server runs on a temporary SQLite file, or with
``--postgres`` on a fresh database of the PostgreSQL server ``DATABASE_URL`` names (dropped afterwards).
``--instances N`` starts N servers sharing such a database and the Redis server of ``REDIS_URL`` (``--redis``
does that for one). The seats are spread over the servers: ``--spread seats`` puts the seats of every
table on different servers, so every update crosses Redis; ``--spread tables`` keeps a table on one server,
as a load balancer routing by table would. Servers, databases and clients share this machine's cores, so
other work on it shows in the tail of the round trip: the servers' CPU time per move is printed too, as
the figure that depends least on the machine's other load.

    .venv/bin/python benchmarks/load.py --tables 200 --seconds 30
    DATABASE_URL=postgresql://... REDIS_URL=redis://... .venv/bin/python benchmarks/load.py --instances 2

``--log`` makes every seat's client follow the game log as the table page does: it asks for the whole log
with its first table message (while connecting, before play and the measured CPU start), then takes the
entries each table message carries, and asks again (``?since=``) only for a message that does not follow
on from what it has. ``--spectators N`` adds N spectators to every table, each a guest of its own who
starts watching once play has started (a page that loads late: it asks once for the whole log, inside
the measured window, then follows the same way). The server's CPU per move then includes the log
requests; the requests made are printed. Every table message carries its step's log entries whatever
the clients do.

``--bots LEVEL`` measures the bots instead: bot-only tables of that level spread over the servers, their
turns taken from the shared job queue by every instance's bot workers, and prints how many record events
(moves, and the deals between them) they make a second. ``--profile DIR`` records each server with py-spy
(collapsed stacks, one file a server) while the clients play; ``--gil`` samples only the thread holding
the interpreter, which is where a server's CPU time per move goes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx2
import websockets

Seat = tuple[int, str, str]
"""(table id, session cookie, server URL) of one seat."""


@dataclass
class Report:
    moves: int
    """Moves acknowledged inside the measured window."""
    all_moves: int
    """Moves acknowledged over the whole run, warm-up included."""
    round_trips: list[float]
    errors: int
    finished: int
    """Games that ended (their seats then idle)."""
    cpu: float = 0.0
    """The client process's CPU seconds from the start of play."""
    whole_logs: int = 0
    """Whole game logs asked for (one per page, at its first table message)."""
    missed_logs: int = 0
    """Logs asked for after a version, for a message that did not follow on from what the client had."""


def start_server(
    workdir: Path, name: str, env: dict[str, str], db: list[str]
) -> tuple[subprocess.Popen[bytes], str]:
    """One ``cardtable serve`` on a free loopback port, answering /healthz."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cardtable = str(Path(sys.executable).with_name("cardtable"))
    args = [cardtable, "serve", "--port", str(port), *db, "--log-level", "warning"]
    log = (workdir / f"{name}.log").open("wb")
    server = subprocess.Popen(args, env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"{url}/healthz", timeout=1).status_code == 200:
                return server, url
        except httpx2.TransportError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit(f"the server did not start; see {workdir / f'{name}.log'}")


@contextlib.contextmanager
def servers(
    workdir: Path, *, instances: int, postgres: bool, redis: bool, extra: dict[str, str]
) -> Iterator[tuple[list[subprocess.Popen[bytes]], list[str]]]:
    """Start the servers (several share PostgreSQL and Redis); stop them and drop their database after."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("CARDTABLE_") and k not in ("DATABASE_URL", "REDIS_URL")
    }
    env.update(CARDTABLE_WS_RATE="1000", CARDTABLE_WS_BURST="1000", **extra)
    # every seat is a guest from this machine's address: the limits per address and account are raised
    env.update(
        CARDTABLE_GUEST_ATTEMPTS="1000000",
        CARDTABLE_WATCH_ADDRESS_ATTEMPTS="1000000",
        CARDTABLE_OPEN_TABLES_PER_ACCOUNT="1000000",
        CARDTABLE_OPEN_TABLES_PER_ADDRESS="1000000",
    )
    database = None
    db = ["--db", str(workdir / "load.db")]
    if postgres:
        database = fresh_database()
        env["DATABASE_URL"], db = database[1], []
    if redis:
        env["REDIS_URL"] = required("REDIS_URL", "a Redis server")
        env["CARDTABLE_REDIS_PREFIX"] = f"cardtable-load-{uuid.uuid4().hex[:12]}"
    started: list[subprocess.Popen[bytes]] = []
    try:
        urls = []
        for n in range(instances):
            server, url = start_server(workdir, f"server-{n}", env, db)
            started.append(server)
            urls.append(url)
        yield started, urls
    finally:
        for server in started:
            server.terminate()
        for server in started:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:  # stuck in its shutdown: no figure depends on it now
                server.kill()
                server.wait()
        if database is not None:
            drop_database(*database)


def required(variable: str, what: str) -> str:
    value = os.environ.get(variable)
    if not value:
        raise SystemExit(f"set {variable} to {what} on this machine for several instances")
    return value


def fresh_database() -> tuple[str, str, str]:
    """(server URL, new database URL, its name): a database of its own on DATABASE_URL's server."""
    import psycopg

    plain = required("DATABASE_URL", "a PostgreSQL server").replace("postgresql+psycopg://", "postgresql://")
    if urlsplit(plain).hostname not in ("127.0.0.1", "localhost", "::1", None, ""):
        raise SystemExit("DATABASE_URL must name a PostgreSQL server on this machine")
    name = f"cardtable_load_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(plain, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return plain, plain.rsplit("/", 1)[0] + "/" + name, name


def drop_database(plain: str, _url: str, name: str) -> None:
    import psycopg

    for _ in range(50):  # FORCE cannot end an autovacuum worker (the server's own role) that looks in
        try:
            with psycopg.connect(plain, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except psycopg.errors.InsufficientPrivilege:
            time.sleep(0.1)


def bot_throughput(
    urls: list[str], running: list[subprocess.Popen[bytes]], args: argparse.Namespace, options: dict[str, Any]
) -> None:
    """Bot-only tables spread over the servers, the bots moving at once: record events per second (moves,
    and the deals between them) over ``--seconds``, and the servers' CPU time."""
    seats = [{"kind": "bot", "level": args.bots}] * options["players"]
    with httpx2.Client(timeout=30) as http:
        answer = http.post(f"{urls[0]}/api/accounts/guest", json={"name": "load"})
        answer.raise_for_status()
        cookie = {"cookie": f"cardtable_session={answer.cookies['cardtable_session']}"}
        http.cookies.clear()
        body = {"game": args.game, "options": options, "seats": seats}
        ids = [
            http.post(f"{urls[n % len(urls)]}/api/tables", json=body, headers=cookie).json()["id"]
            for n in range(args.tables)
        ]

        def events() -> int:
            return sum(http.get(f"{urls[0]}/api/tables/{t}", headers=cookie).json()["version"] for t in ids)

        time.sleep(args.warmup)
        before, cpu_before, began = events(), [cpu_seconds(s.pid) for s in running], time.monotonic()
        time.sleep(args.seconds)
        made, spent = events() - before, time.monotonic() - began
        cpu = sum(cpu_seconds(s.pid) for s in running) - sum(cpu_before)
    print(
        f"{args.tables} bot-only tables of {args.game}, level {args.bots}, on {len(urls)} server(s): "
        f"{made / spent:.0f} record events/s over {spent:.0f} s, server CPU {cpu:.1f} s "
        f"(bot workers not counted); machine load average {os.getloadavg()[0]:.1f}"
    )


def open_tables(
    urls: list[str], tables: int, game: str, options: dict[str, Any], spread: str, spectators: int = 0
) -> tuple[list[list[Seat]], list[Seat]]:
    """Tables of guests, every seat taken (so every table has started), and ``spectators`` guests more
    per table to watch it. Each seat gets the server it plays through: ``seats`` puts a table's seats on
    different servers, ``tables`` a whole table on one; a spectator watches through the next server."""
    created, watching = [], []
    with httpx2.Client(timeout=30) as http:
        for n in range(tables):
            players = options["players"]
            where = [
                urls[(n + k) % len(urls)] if spread == "seats" else urls[n % len(urls)]
                for k in range(players)
            ]
            cookies = []
            for seat in range(players):
                answer = http.post(f"{where[seat]}/api/accounts/guest", json={"name": f"load{n}-{seat}"})
                answer.raise_for_status()
                cookies.append(f"cardtable_session={answer.cookies['cardtable_session']}")
                http.cookies.clear()
            seats = [{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
            answer = http.post(
                f"{where[0]}/api/tables",
                json={"game": game, "options": options, "seats": seats},
                headers={"cookie": cookies[0]},
            )
            answer.raise_for_status()
            table = answer.json()["id"]
            for seat in range(1, players):
                http.post(
                    f"{where[seat]}/api/tables/{table}/join",
                    json={"seat": seat},
                    headers={"cookie": cookies[seat]},
                ).raise_for_status()
            created.append([(table, cookie, url) for cookie, url in zip(cookies, where, strict=True)])
            for k in range(spectators):
                server = urls[(n + players + k) % len(urls)]
                answer = http.post(f"{server}/api/accounts/guest", json={"name": f"watch{n}-{k}"})
                answer.raise_for_status()
                watching.append((table, f"cardtable_session={answer.cookies['cardtable_session']}", server))
                http.cookies.clear()
    return created, watching


CONNECTING_AT_ONCE = 32
"""Websockets a client process opens at a time: hundreds of handshakes at once queue behind the server's
session look-ups and pass websockets' opening timeout (seen with PostgreSQL at 200 tables)."""


async def seated(
    stack: contextlib.AsyncExitStack, seat: Seat, gate: asyncio.Semaphore
) -> tuple[Any, dict[str, Any]]:
    """A seat's websocket, watching its table, and the table's first state."""
    table, cookie, server = seat
    url = server.replace("http", "ws", 1) + "/ws"
    async with gate:
        ws = await stack.enter_async_context(
            websockets.connect(url, additional_headers={"cookie": cookie}, max_size=2**20, open_timeout=60)
        )
        await ws.send(json.dumps({"type": "watch", "table": table}))
        while (first := json.loads(await ws.recv()))["type"] != "table":
            pass
    return ws, first


class LogFollower:
    """A table page's game log panel (``web/js/gamelog.js``): the whole log asked for with the first table
    message, then the entries each message carries; asked again only after a message missed."""

    def __init__(self, http: httpx2.AsyncClient | None, seat: Seat, out: Report) -> None:
        self.http, self.out = http, out
        table, cookie, server = seat
        self.path, self.headers = f"{server}/api/tables/{table}/log", {"cookie": cookie}
        self.shown: int | None = None

    async def follow(self, message: dict[str, Any]) -> None:
        if self.http is None or message["type"] != "table":
            return
        shown, since = self.shown, message.get("log_since")
        if shown is not None and (message["version"] <= shown or (since is not None and since <= shown)):
            self.shown = max(shown, message["version"])
            return
        answer = await self.http.get(self.path, params={"since": shown or 0}, headers=self.headers)
        answer.raise_for_status()
        self.shown = max(shown or 0, answer.json()["version"])
        if shown is None:
            self.out.whole_logs += 1
        else:
            self.out.missed_logs += 1


async def spectate(
    seat: Seat, http: httpx2.AsyncClient, stop: float, gate: asyncio.Semaphore, out: Report
) -> None:
    """A spectator who comes once play has started: watch the table and follow its log until ``stop``."""
    table, cookie, server = seat
    url = server.replace("http", "ws", 1) + "/ws"
    log = LogFollower(http, seat, out)
    async with gate:
        ws = await websockets.connect(
            url, additional_headers={"cookie": cookie}, max_size=2**22, open_timeout=60
        )
    async with ws:
        await ws.send(json.dumps({"type": "watch", "table": table}))
        while time.monotonic() < stop:
            try:
                message = json.loads(
                    await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
                )
            except TimeoutError:
                break
            await log.follow(message)
            if message.get("status") == "over":
                break


async def play_seat(
    seat: Seat,
    ws: Any,
    first: dict[str, Any],
    think: float,
    times: tuple[float, float],
    out: Report,
    log: LogFollower,
) -> None:
    """Play a seat from its table's first state: ``times`` are when the warm-up ends (round trips count
    from there) and when to stop; ``log`` follows the game log of every table message."""
    table, cookie, _ = seat
    rng = random.Random(f"{table}:{cookie}")
    measured, stop = times
    sent_at: float | None = None
    sent_version = -1
    message: dict[str, Any] | None = first
    while time.monotonic() < stop:
        if message is None:
            try:
                message = json.loads(
                    await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
                )
            except TimeoutError:
                break
        now = time.monotonic()
        await log.follow(message)
        if message["type"] == "error":
            out.errors += 1
            sent_at, message = None, None
            continue
        if sent_at is not None and message["version"] > sent_version:
            out.all_moves += 1
            if sent_at >= measured:
                out.round_trips.append(now - sent_at)
                out.moves += 1
            sent_at = None
        if message["status"] == "over":
            out.finished += 1
            break
        if message["moves"] and sent_at is None:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            move = rng.choice(message["moves"])
            sent_version = message["version"]
            sent_at = time.monotonic()
            await ws.send(json.dumps({"type": "move", "table": table, "version": sent_version, "move": move}))
        message = None


def client_process(
    seats: list[Seat],
    spectators: list[Seat],
    think: float,
    warmup: float,
    window: float,
    follow_log: bool,
    ready: Any,
    results: Any,
) -> None:
    """One client process: a websocket per seat, all on one event loop. Every seat connects and gets its
    table first; then all client processes and the main one meet at ``ready``, and play starts, so the
    connections' cost stays out of the measured server CPU. The ``spectators`` come once play started."""
    report = Report(moves=0, all_moves=0, round_trips=[], errors=0, finished=0)

    async def main() -> None:
        async with contextlib.AsyncExitStack() as stack:
            limits = httpx2.Limits(max_connections=CONNECTING_AT_ONCE)
            http = await stack.enter_async_context(httpx2.AsyncClient(timeout=60, limits=limits))
            gate = asyncio.Semaphore(CONNECTING_AT_ONCE)
            sockets = await asyncio.gather(*(seated(stack, seat, gate) for seat in seats))
            logs = [LogFollower(http if follow_log else None, seat, report) for seat in seats]
            async with asyncio.TaskGroup() as loading:  # the pages load: a whole log each, as connecting
                for log, (_, first) in zip(logs, sockets, strict=True):
                    loading.create_task(log.follow(first))
            await asyncio.to_thread(ready.wait)
            start, cpu_start = time.monotonic(), time.process_time()
            times = (start + warmup, start + warmup + window)
            await asyncio.gather(
                *(
                    play_seat(seat, ws, first, think, times, report, log)
                    for seat, (ws, first), log in zip(seats, sockets, logs, strict=True)
                ),
                *(spectate(seat, http, times[1], gate, report) for seat in spectators),
            )
            report.cpu = time.process_time() - cpu_start

    asyncio.run(main())
    results.put(report)


def machine_seconds() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine so far, every core counted (Linux)."""
    ticks = [int(field) for field in Path("/proc/stat").read_text().split()[1:9]]
    idle = ticks[3] + ticks[4]  # idle and waiting for I/O
    per_second = os.sysconf("SC_CLK_TCK")
    return (sum(ticks) - idle) / per_second, sum(ticks) / per_second


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def profile(
    running: list[subprocess.Popen[bytes]], folder: Path, seconds: float, *, gil: bool
) -> list[subprocess.Popen[bytes]]:
    """py-spy recording each server for ``seconds``, native frames left out; with ``--gil``, only the
    thread holding the interpreter is sampled, so what waits on a lock or a socket drops out."""
    folder.mkdir(parents=True, exist_ok=True)
    spy = str(Path(sys.executable).with_name("py-spy"))
    return [
        subprocess.Popen(
            [
                *(spy, "record", "--pid", str(server.pid), "--duration", str(int(seconds)), "--rate", "200"),
                *("--format", "raw", "--nonblocking", "--output", str(folder / f"server-{n}.txt")),
                *(("--gil",) if gil else ()),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for n, server in enumerate(running)
    ]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables")
    parser.add_argument("--seconds", type=float, default=30, help="how long the clients play")
    parser.add_argument("--warmup", type=float, default=5, help="seconds of samples to drop at the start")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds a bot client thinks per move")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--game", default="slobberhannes")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--url",
        action="append",
        help="a running server on this machine; repeat for several (default: start them)",
    )
    parser.add_argument(
        "--instances", type=int, default=1, help="servers to start (several: PostgreSQL and Redis)"
    )
    parser.add_argument("--postgres", action="store_true", help="one server on PostgreSQL (DATABASE_URL)")
    parser.add_argument("--redis", action="store_true", help="one server with Redis fan-out (REDIS_URL)")
    parser.add_argument(
        "--bots",
        metavar="LEVEL",
        help="measure bot throughput instead: bot-only tables of this level, bots moving at once",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        help="record the servers with py-spy: collapsed stacks in this folder (a file a server)",
    )
    parser.add_argument(
        "--gil", action="store_true", help="with --profile: sample only the thread holding the interpreter"
    )
    parser.add_argument(
        "--log", action="store_true", help="every seat follows the game log as the table page does"
    )
    parser.add_argument(
        "--spectators", type=int, default=0, help="spectators per table, following its log from mid-game"
    )
    parser.add_argument(
        "--spread",
        choices=("seats", "tables"),
        default="seats",
        help="put a table's seats on different servers or not",
    )
    args = parser.parse_args()
    for url in args.url or ():
        if urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit(
                "--url must be a loopback address: this benchmark sends load to this machine only"
            )
    if args.instances < 1:
        raise SystemExit("--instances must be at least 1")
    shared = args.instances > 1 or args.redis

    options: dict[str, Any] = {"players": args.players}
    if args.game == "slobberhannes":
        options["start_points"] = 16  # long games, so tables keep playing for the whole run
    with contextlib.ExitStack() as stack:
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        if args.url:
            running, urls = [], args.url
        else:
            extra = {"CARDTABLE_BOT_DELAY": "0"} if args.bots else {}
            running, urls = stack.enter_context(
                servers(
                    workdir,
                    instances=args.instances,
                    postgres=args.postgres or shared,
                    redis=shared,
                    extra=extra,
                )
            )
        if args.bots:
            bot_throughput(urls, running, args, options)
            return
        began = time.monotonic()
        tables, spectators = open_tables(urls, args.tables, args.game, options, args.spread, args.spectators)
        opened = time.monotonic() - began
        print(
            f"{args.tables} tables of {args.game} ({args.players} players) opened in {opened:.1f} s "
            f"on {len(urls)} server(s), seats spread by {args.spread}"
        )
        seats = [seat for table in tables for seat in table]
        context = multiprocessing.get_context("spawn")
        results = context.Queue()
        shares = [seats[k :: args.clients] for k in range(args.clients)]
        watching = [spectators[k :: args.clients] for k in range(args.clients)]
        ready = context.Barrier(args.clients + 1)
        window = args.seconds - args.warmup
        workers = [
            context.Process(
                target=client_process,
                args=(share, watchers, args.think, args.warmup, window, args.log, ready, results),
            )
            for share, watchers in zip(shares, watching, strict=True)
        ]
        for worker in workers:
            worker.start()
        ready.wait(timeout=300)  # every websocket connected and watching its table
        cpu_before = [cpu_seconds(server.pid) for server in running]
        machine_before = machine_seconds()
        profilers = profile(running, args.profile, args.seconds, gil=args.gil) if args.profile else []
        reports = [results.get(timeout=args.seconds + 120) for _ in workers]
        for profiler in profilers:
            profiler.wait(timeout=60)
        server_cpu = sum(cpu_seconds(server.pid) for server in running) - sum(cpu_before) if running else None
        busy, elapsed = (
            after - before for after, before in zip(machine_seconds(), machine_before, strict=True)
        )
        for worker in workers:
            worker.join(timeout=30)
    trips = [t for r in reports for t in r.round_trips]
    if not trips:
        raise SystemExit("no move was acknowledged: see the server log")
    store = "SQLite" if not (args.postgres or shared) else "PostgreSQL" + (" + Redis" if shared else "")
    print(
        f"{len(seats)} websockets in {args.clients} client processes, think {args.think:g} s, "
        f"measured over {window:g} s; machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    if running:
        print(f"servers: {len(running)} on {store}")
    print(f"moves/s: {sum(r.moves for r in reports) / window:.0f}")
    p50, p99 = percentile(trips, 0.50) * 1000, percentile(trips, 0.99) * 1000
    mean, worst = statistics.fmean(trips) * 1000, max(trips) * 1000
    print(f"round trip: p50 {p50:.1f} ms, p99 {p99:.1f} ms, mean {mean:.1f} ms, max {worst:.1f} ms")
    if server_cpu is not None:
        per_move = server_cpu / max(1, sum(r.all_moves for r in reports)) * 1000
        print(f"server CPU: {server_cpu:.1f} s over the run, {per_move:.2f} ms per move (all servers)")
    cores = os.cpu_count() or 1
    client_cpu = sum(r.cpu for r in reports) / max(1, sum(r.all_moves for r in reports)) * 1000
    print(
        f"machine: {busy / elapsed * cores:.2f} of {cores} cores busy during play; "
        f"the clients' CPU {client_cpu:.2f} ms per move"
    )
    finished = sum(r.finished for r in reports) // args.players
    print(f"errors: {sum(r.errors for r in reports)}, games finished: {finished}")
    if args.log or args.spectators:
        print(
            f"game log: {args.spectators} spectator(s) a table, "
            f"seats {'follow' if args.log else 'ignore'} it; "
            f"whole logs asked {sum(r.whole_logs for r in reports)}, "
            f"asked again after a missed message {sum(r.missed_logs for r in reports)}"
        )


if __name__ == "__main__":
    main()
