"""What watching a finished long game costs, and what watching in a loop costs other tables' moves.

Starts one ``cardtable serve`` on a temporary SQLite file (loopback only). Two guests play a game of Game
of Trains at random to its end (random play seldom wins: a game mostly runs to its turn limit, over a
thousand record events; up to five games are played for one of ``--events``); then it prints:

- the time a spectator takes to watch that finished table (open ``/ws``, send ``watch``, receive the
  first table message), the first time and the median of ``--repeat`` more, and the time and size of its
  game log (``GET /api/tables/{id}/log``), first and repeated: on the server where the game ended, and
  again after a restart (on the same database), when nothing of it is in memory;
- the move round trip at another table of two guests playing at random (from sending a move to the
  update that holds it), with nobody watching and while ``--watchers`` sockets each watch the finished
  table again and again, for ``--seconds`` seconds each.

The watch limits are raised for the measurement (``CARDTABLE_WATCH_*``): the figures are what watches
cost, not how soon the limits refuse a loop; ``--default-limits`` keeps the defaults, to see that.

    .venv/bin/python benchmarks/watch_cost.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import httpx2
import websockets
from load import start_server  # the same loopback server load.py starts

RAISED = {"CARDTABLE_GUEST_ATTEMPTS": "100000", "CARDTABLE_WS_RATE": "1000", "CARDTABLE_WS_BURST": "1000"}
RAISED_WATCHES = {"CARDTABLE_WATCH_ATTEMPTS": "1000000", "CARDTABLE_WATCH_ADDRESS_ATTEMPTS": "1000000"}


def guest(url: str, name: str) -> httpx2.Client:
    client = httpx2.Client(base_url=url, timeout=60)
    client.post("/api/accounts/guest", json={"name": name}).raise_for_status()
    return client


def cookie(client: httpx2.Client) -> str:
    return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


def two_guest_table(url: str, names: tuple[str, str]) -> tuple[int, list[str]]:
    """A started Game of Trains table of two guests: its id and the guests' cookies."""
    first, second = guest(url, names[0]), guest(url, names[1])
    seats = [{"kind": "me"}, {"kind": "open"}]
    answer = first.post("/api/tables", json={"game": "game-of-trains", "seats": seats})
    answer.raise_for_status()
    table = int(answer.json()["id"])
    second.post(f"/api/tables/{table}/join", json={}).raise_for_status()
    return table, [cookie(first), cookie(second)]


async def play_seat(ws_url: str, jar: str, table: int, stop: float, times: list[float]) -> None:
    """Play one seat at random (a move 10 ms after its turn comes) until the game is over or ``stop``;
    each move's round trip goes to ``times``."""
    rng = random.Random(jar)
    async with websockets.connect(ws_url, additional_headers={"cookie": jar}, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "watch", "table": table}))
        sent_at, sent_version = None, -1
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(text)
            if message["type"] != "table":
                continue
            if sent_at is not None and message["version"] > sent_version:
                times.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["status"] == "over":
                break
            if message["moves"] and sent_at is None:
                await asyncio.sleep(0.01)
                sent_version, sent_at = message["version"], time.perf_counter()
                move = rng.choice(message["moves"])
                body = {"type": "move", "table": table, "version": sent_version, "move": move}
                await ws.send(json.dumps(body))


async def play(ws_url: str, url: str, names: tuple[str, str], stop: float) -> tuple[int, list[float]]:
    """A table of two guests playing at random until it is over or ``stop``: its id and the round trips."""
    table, jars = two_guest_table(url, names)
    times: list[float] = []
    await asyncio.gather(*(play_seat(ws_url, jar, table, stop, times) for jar in jars))
    return table, times


async def watch_once(ws_url: str, jar: str, table: int) -> float:
    """Seconds from opening a socket to the table's first state on it."""
    began = time.perf_counter()
    async with websockets.connect(ws_url, additional_headers={"cookie": jar}, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "watch", "table": table}))
        while json.loads(await ws.recv())["type"] != "table":
            pass
        return time.perf_counter() - began


def log_once(client: httpx2.Client, table: int) -> tuple[float, int]:
    """Seconds for a table's game log, and its size in bytes."""
    began = time.perf_counter()
    answer = client.get(f"/api/tables/{table}/log")
    answer.raise_for_status()
    return time.perf_counter() - began, len(answer.content)


async def watch_loop(ws_url: str, jar: str, table: int, stop: float, counts: list[int]) -> None:
    """Watch ``table`` again and again on one socket until ``stop``: counts[0] counts the states received,
    counts[1] the sockets the server closed."""
    try:
        async with websockets.connect(ws_url, additional_headers={"cookie": jar}, max_size=2**24) as ws:
            while time.monotonic() < stop:
                await ws.send(json.dumps({"type": "watch", "table": table}))
                while json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] != "table":
                    pass
                counts[0] += 1
    except websockets.ConnectionClosed as closed:
        counts[1] += 1
        print(f"  a watcher was closed: {closed.rcvd.reason if closed.rcvd else closed}")


def figures(name: str, samples: list[float]) -> str:
    if not samples:
        return f"{name}: no moves"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name}: {len(samples)} moves, median {statistics.median(samples) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms"
    )


async def long_game(url: str, args: argparse.Namespace) -> int:
    """A finished game of at least ``--events`` record events (random play may win early: up to five
    tries, the longest kept)."""
    ws_url = url.replace("http", "ws", 1) + "/ws"
    best, events = 0, -1
    for attempt in range(5):
        table, _ = await play(
            ws_url, url, (f"ann{attempt}", f"bob{attempt}"), time.monotonic() + args.game_seconds
        )
        found = guest(url, f"judge{attempt}").get(f"/api/tables/{table}").json()
        if found["status"] == "over" and found["version"] > events:
            best, events = table, found["version"]
        if events >= args.events:
            break
    if events < 0:
        raise SystemExit(f"no game finished in {args.game_seconds:g} s")
    print(f"finished Game of Trains table {best}: {events} record events")
    return best


async def watch_and_log(url: str, table: int, repeat: int, name: str) -> None:
    """Print the time of a new spectator's first watch and log of ``table``, and of ``repeat`` more."""
    ws_url = url.replace("http", "ws", 1) + "/ws"
    spectator = guest(url, name)
    jar = cookie(spectator)
    first = await watch_once(ws_url, jar, table)
    again = [await watch_once(ws_url, jar, table) for _ in range(repeat)]
    print(f"  watch: first {first * 1000:.1f} ms, then median {statistics.median(again) * 1000:.1f} ms")
    short = spectator.post("/api/tables", json={"game": "game-of-trains"})
    short.raise_for_status()
    empty = [await watch_once(ws_url, jar, short.json()["id"]) for _ in range(repeat)]
    print(f"  (a table not started, for comparison: median {statistics.median(empty) * 1000:.1f} ms)")
    log_first, size = log_once(spectator, table)
    logs = [log_once(spectator, table)[0] for _ in range(repeat)]
    print(
        f"  log: first {log_first * 1000:.1f} ms, then median {statistics.median(logs) * 1000:.1f} ms "
        f"({size / 1e6:.2f} MB)"
    )


async def measure(url: str, args: argparse.Namespace, table: int) -> None:
    ws_url = url.replace("http", "ws", 1) + "/ws"
    print("on the server where the game was played:")
    await watch_and_log(url, table, args.repeat, "spectator")
    _, alone = await play(ws_url, url, ("cy", "di"), time.monotonic() + args.seconds)
    print(figures("round trip, nobody watching", alone))
    watchers = [cookie(guest(url, f"watcher{n}")) for n in range(args.watchers)]
    until = time.monotonic() + args.seconds
    counts = [0, 0]
    loops = [asyncio.create_task(watch_loop(ws_url, w, table, until, counts)) for w in watchers]
    _, busy = await play(ws_url, url, ("ed", "flo"), until)
    await asyncio.gather(*loops)
    print(figures(f"round trip, {args.watchers} sockets watching in a loop", busy))
    print(f"  watches answered: {counts[0]} ({counts[0] / args.seconds:.0f} a second), closed: {counts[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=10, help="repeated watches and logs measured")
    parser.add_argument("--watchers", type=int, default=3, help="sockets watching in a loop")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of each round-trip phase")
    parser.add_argument("--game-seconds", type=float, default=300.0, help="longest time for a long game")
    parser.add_argument("--events", type=int, default=1000, help="record events the long game should reach")
    parser.add_argument("--default-limits", action="store_true", help="keep the watch limits' defaults")
    args = parser.parse_args()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("CARDTABLE_") and k not in ("DATABASE_URL", "REDIS_URL")
    }
    env.update(RAISED)
    if not args.default_limits:
        env.update(RAISED_WATCHES)
    with tempfile.TemporaryDirectory(prefix="watch-cost-") as workdir:
        server, url = start_server(Path(workdir), "server", env, ["--db", str(Path(workdir) / "watch.db")])
        try:
            table = asyncio.run(long_game(url, args))
            asyncio.run(measure(url, args, table))
        finally:
            stop(server)
        server, url = start_server(Path(workdir), "server", env, ["--db", str(Path(workdir) / "watch.db")])
        try:
            print("after a restart (nothing kept in memory):")
            asyncio.run(watch_and_log(url, table, args.repeat, "newcomer"))
        finally:
            stop(server)


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
