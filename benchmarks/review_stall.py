"""Do game reviews stall the bot tables? One default server (``cardtable serve`` on a temporary SQLite file:
one bot worker, one review worker, bots moving after the default ``bot_delay``) plays bot-only tables, one
after another, and the table's move rate is measured with no review running, then with four reviews asked
(of a finished 4-player Game of Trains, the longest reviews there are: seconds per decision at the site's
budget). Prints both rates, their ratio, and how many decisions the reviews judged meanwhile (they must
progress too). The target: the rate with reviews stays above 80 % of the rate without.

    .venv/bin/python benchmarks/review_stall.py --seconds 30

The rate counts record events (moves, and the deal of each new hand) of Slobberhannes hands of three easy
bots, read from ``/api/tables/<id>`` every ``POLL_SECONDS``. The machine's other load shows in both figures;
the ratio is the figure to compare. The servers are started as ``benchmarks/load.py`` starts them.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2

import cardtable

sys.path.insert(0, str(Path(__file__).parent))
from load import servers  # a sibling script, not a package

POLL_SECONDS = 0.1
REVIEWS = 4
TABLE = {
    "game": "slobberhannes",
    "options": {"players": 3, "single_hand": True},
    "seats": [{"kind": "bot", "level": "easy"}] * 3,
}


def finished_record(seed: int) -> dict[str, Any]:
    """A seeded random game of 4-player Game of Trains, played to its end."""
    state = cardtable.make("game-of-trains", players=4).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.record()


def move_rate(http: httpx2.Client, seconds: float) -> float:
    """Record events a second of bot-only tables played one after another for ``seconds``."""
    table = http.post("/api/tables", json=TABLE).json()["id"]
    last, events = http.get(f"/api/tables/{table}").json()["version"], 0
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        time.sleep(POLL_SECONDS)
        answer = http.get(f"/api/tables/{table}").json()
        events, last = events + answer["version"] - last, answer["version"]
        if answer["status"] == "over":
            table = http.post("/api/tables", json=TABLE).json()["id"]
            last = http.get(f"/api/tables/{table}").json()["version"]
    return events / (time.monotonic() - began)


def judged(http: httpx2.Client, ids: list[int]) -> int:
    return sum(http.get(f"/api/reviews/{n}").json()["done"] for n in ids)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each measurement")
    args = parser.parse_args()
    extra = {"CARDTABLE_REVIEW_LIMIT": str(REVIEWS), "CARDTABLE_REVIEW_ADDRESS_ATTEMPTS": str(REVIEWS)}
    with (
        tempfile.TemporaryDirectory() as workdir,
        servers(Path(workdir), instances=1, postgres=False, redis=False, extra=extra) as (_, urls),
    ):
        http = httpx2.Client(base_url=urls[0], timeout=30)
        http.post("/api/accounts/guest", json={"name": "bench"}).raise_for_status()
        record = finished_record(1)
        upload = http.post("/api/replays/uploads", json=record).json()["source"].split("/")[1]
        move_rate(http, min(5.0, args.seconds))  # warm-up: the bot worker starts
        alone = move_rate(http, args.seconds)

        ids = []
        for seat in range(REVIEWS):
            answer = http.post(f"/api/replays/uploads/{upload}/reviews", json={"seat": seat})
            assert answer.status_code == 202, answer.text
            ids.append(answer.json()["id"])
        before = judged(http, ids)
        beside = move_rate(http, args.seconds)
        progress = judged(http, ids) - before
        statuses = [http.get(f"/api/reviews/{n}").json() for n in ids]

    print(f"bot table, no review:      {alone:.2f} events/s")
    print(f"bot table, {REVIEWS} reviews asked: {beside:.2f} events/s")
    print(f"ratio: {beside / alone:.2f} (target > 0.80)")
    running = sum(1 for s in statuses if s["status"] == "running" and s.get("place") is None)
    queued = [s["place"] for s in statuses if s.get("place") is not None]
    print(f"reviews: {progress} decisions judged meanwhile; {running} running, queued at places {queued}")
    estimates = [s["seconds_left"] for s in statuses if s.get("seconds_left") is not None]
    print(f"their estimates: {estimates} s left")


if __name__ == "__main__":
    main()
