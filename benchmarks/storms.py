"""The move round trip at a table while others storm the server: idle, then during a storm of sign-ups
(real argon2 costs, 64 MiB a hash, the sign-up limit raised so that every request reaches the hashing
pool), of logins, and of table creations refused by the limit on tables. Prints the round trip of a
websocket move (send to the update that contains it; p50, p95, max), the storm's answers by status, and the
server's peak memory.

One ``cardtable serve`` on a temporary SQLite file, started here with the default limits but those the
storm must get past; the player is one guest at a Slobberhannes table with three bots that move at once.
Client threads and the server share this machine's cores, so read the figures as a ratio to the idle row.
The player sends at most 15 moves a second (untimed waits): the server drops a websocket's messages past
its flood limit (``CARDTABLE_WS_RATE``, 20 a second), and a dropped move would never be answered.
``--hash-workers`` compares sizes of the hashing pool (``CARDTABLE_HASH_WORKERS``).

    .venv/bin/python benchmarks/storms.py --seconds 10 --threads 40
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx2
from websockets.sync.client import connect

MOVES_A_SECOND = 15
"""The player's pace: under the server's flood limit on a websocket's messages."""
CARDTABLE = str(Path(sys.executable).with_name("cardtable"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def server(workdir: Path, hash_workers: int) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDTABLE_") and k != "DATABASE_URL"}
    env.update(
        CARDTABLE_BOT_DELAY="0",
        CARDTABLE_SIGNUP_ATTEMPTS="1000000",
        CARDTABLE_LOGIN_ATTEMPTS="1000000",
        CARDTABLE_GUEST_ATTEMPTS="1000000",
        CARDTABLE_OPEN_TABLES_PER_ADDRESS="1000000",
        CARDTABLE_OPEN_TABLES_PER_ACCOUNT="1000000",
        CARDTABLE_HASH_WORKERS=str(hash_workers),
    )
    args = [
        CARDTABLE,
        "serve",
        "--port",
        str(port),
        "--db",
        str(workdir / "storm.db"),
        "--log-level",
        "error",
    ]
    process = subprocess.Popen(args, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx2.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.1)
        yield url, process
    finally:
        process.terminate()
        process.wait(timeout=30)


def rss_mib(pid: int) -> float:
    """The resident memory of a process (Linux), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class PeakMemory:
    """The highest resident memory of a process while the block runs, sampled every 0.1 s."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = rss_mib(pid)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _sample(self) -> None:
        while not self._stop.wait(0.1):
            self.peak = max(self.peak, rss_mib(self.pid))


class Player:
    """A guest at a table with three bots, moving as soon as it is their turn."""

    def __init__(self, url: str) -> None:
        self.http = httpx2.Client(base_url=url, timeout=60)
        assert self.http.post("/api/accounts/guest", json={"name": "player"}).status_code == 201
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        self.ws = connect(
            url.replace("http", "ws") + "/ws", additional_headers={"cookie": cookie}, legacy=True
        )
        self.state = self._new_table()
        self.next_send = 0.0

    def _new_table(self) -> dict[str, object]:
        bots = [{"kind": "bot", "level": "easy"}] * 3
        body = {"game": "slobberhannes", "options": {"start_points": 16}, "seats": [{"kind": "me"}, *bots]}
        table = self.http.post("/api/tables", json=body).json()["id"]
        self.ws.send(json.dumps({"type": "watch", "table": table}))
        return self._next_turn()

    def _next_turn(self) -> dict[str, object]:
        """The next table message where this seat is to move, or the game is over."""
        return self._until(lambda m: m["type"] == "table" and (bool(m["moves"]) or m["status"] == "over"))

    def _until(self, wanted: Callable[[dict[str, object]], bool]) -> dict[str, object]:
        while True:
            message = json.loads(self.ws.recv(timeout=120))
            if wanted(message):
                return message

    def move(self) -> float:
        """One move's round trip in seconds (then wait for the next turn, untimed)."""
        if self.state["status"] == "over":
            self.state = self._new_table()
        state = self.state
        time.sleep(max(0.0, self.next_send - time.monotonic()))
        self.next_send = time.monotonic() + 1 / MOVES_A_SECOND
        sent = time.perf_counter()
        self.ws.send(
            json.dumps(
                {
                    "type": "move",
                    "table": state["table"],
                    "version": state["version"],
                    "move": state["moves"][0],
                }
            )  # type: ignore[index]
        )
        answer = self._until(lambda m: m["type"] == "table" and m["version"] > state["version"])  # type: ignore[operator]
        took = time.perf_counter() - sent
        self.state = answer if answer["moves"] or answer["status"] == "over" else self._next_turn()
        return took


def measure(player: Player, seconds: float) -> list[float]:
    trips = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        trips.append(player.move())
    return trips


def storm(
    request: Callable[[httpx2.Client, int], int], threads: int
) -> tuple[threading.Event, collections.Counter[int], list[threading.Thread]]:
    stop = threading.Event()
    codes: collections.Counter[int] = collections.Counter()

    def run(n: int) -> None:
        with httpx2.Client(timeout=120) as client:
            i = 0
            while not stop.is_set():
                codes[request(client, n * 1_000_000 + i)] += 1
                i += 1

    workers = [threading.Thread(target=run, args=(n,), daemon=True) for n in range(threads)]
    for worker in workers:
        worker.start()
    return stop, codes, workers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measuring time of each row")
    parser.add_argument("--threads", type=int, default=40, help="storming clients")
    parser.add_argument("--hash-workers", default="2,1", help="password hashing pools to compare")
    options = parser.parse_args()
    heading = ("hashers", "storm", "moves", "p50 ms", "p95 ms", "max ms", "peak MiB")
    print("{:>7} {:<10} {:>5} {:>8} {:>8} {:>8} {:>9}  answers".format(*heading))
    for workers in (int(n) for n in options.hash_workers.split(",")):
        run(workers, options.seconds, options.threads)


def run(hash_workers: int, seconds: float, threads: int) -> None:
    with tempfile.TemporaryDirectory() as folder, server(Path(folder), hash_workers) as (url, process):
        known = {"username": "known", "password": "secret-pass"}
        assert httpx2.post(f"{url}/api/accounts/signup", json=known).status_code == 201
        player = Player(url)
        tag = uuid.uuid4().hex[:6]
        storms: dict[str, Callable[[httpx2.Client, int], int] | None] = {
            "idle": None,
            "sign-ups": lambda c, n: (
                c.post(
                    f"{url}/api/accounts/signup", json={"username": f"s{tag}{n}", "password": "secret-pass"}
                ).status_code
            ),
            "logins": lambda c, n: (
                c.post(
                    f"{url}/api/accounts/login", json={"username": "known", "password": "wrong-pass"}
                ).status_code
            ),
        }
        for name, request in storms.items():
            stop, codes, workers = (
                storm(request, threads) if request else (threading.Event(), collections.Counter(), [])
            )
            time.sleep(1 if request else 0)  # under way
            with PeakMemory(process.pid) as memory:
                trips = measure(player, seconds)
            stop.set()
            for worker in workers:
                worker.join(timeout=120)
            p95 = sorted(trips)[int(0.95 * (len(trips) - 1))]
            print(
                f"{hash_workers:>7} {name:<10} {len(trips):>5} {statistics.median(trips) * 1000:>8.1f} "
                f"{p95 * 1000:>8.1f} {max(trips) * 1000:>8.1f} {memory.peak:>9.0f}  "
                f"{dict(sorted(codes.items()))}"
            )


if __name__ == "__main__":
    main()
