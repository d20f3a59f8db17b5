"""What the game log costs the server: per move, and per request of a page that follows a long game.

Two measurements, CPU time, best of ``--rounds`` rounds:

- In process, the move path with and without the log: a move made on a copy with ``apply_action``
  (as before the log was built per move) against ``State.tell`` on a copy, the step kept on the table's
  story and its entries worded and made into JSON for every audience (each seat and the public), as
  ``updates.table_update`` makes them. Random games of Slobberhannes (4 players) and Game of Trains.
- Against a server (``cardtable serve`` on a temporary SQLite file, loopback only): two guests play a
  Game of Trains table at random to ``--moves`` moves and leave it running; then a spectator asks, again
  and again, for the table (``GET /api/tables/{id}``), for its log after the latest version
  (``GET /api/tables/{id}/log?since=<latest>``, what a page that missed a message asks) and for its
  whole log (what a page that loads late asks, once). The server's CPU time per request, and the ratios.

    .venv/bin/python benchmarks/log_cost.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from pathlib import Path

import httpx2
import orjson
import websockets
from load import cpu_seconds, start_server
from watch_cost import RAISED, guest, stop, two_guest_table

import cardtable
from cardtable.core.game import State
from cardtable.narration import Told, told_record
from cardtable.server.services.game_log import Story

GAMES = {"slobberhannes": {"players": 4, "start_points": 16}, "game-of-trains": {}}


def random_actions(game: str, seed: int) -> tuple[State, list[int]]:
    """A new match of ``game`` and the actions of a random game of it."""
    start = cardtable.make(game, **GAMES[game]).new_game(seed=seed)
    state, rng, actions = start.clone(), random.Random(seed), []
    while not state.is_terminal():
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    return start, actions


def plain_moves(start: State, actions: list[int]) -> None:
    state = start.clone()
    for action in actions:
        after = state.clone()
        after.apply_action(action)
        state = after


def told_moves(start: State, actions: list[int]) -> None:
    """The move path with the log: tell on a copy, keep the step, word it for every audience in JSON."""
    state = start.clone()
    names = tuple(f"player {seat}" for seat in range(state.game.players))
    story = Story(state.game.name, names)
    for told in told_record(state.record()):
        story.add(told)
    audiences = [*range(state.game.players), None]
    for action in actions:
        after = state.clone()
        version = after.event_count()
        facts = after.tell(action)
        story.add(Told(len(story.steps), version, after.event_count(), tuple(facts)))
        parts: dict[int, str] = {}
        for seat in audiences:
            words = story.words(story.steps[-1], seat)
            if id(words) not in parts:
                entries, rows = words
                parts[id(words)] = orjson.dumps(
                    {"log_since": version, "log": entries, "log_sheet": rows}
                ).decode()
        state = after


def in_process(rounds: int) -> None:
    print("in process, CPU per move (best of rounds):")
    for game in GAMES:
        matches = [random_actions(game, seed) for seed in range(6)]
        moves = sum(len(actions) for _, actions in matches)
        best = {}
        for name, run in (("apply_action", plain_moves), ("tell + story + words", told_moves)):
            times = []
            for _ in range(rounds):
                began = time.process_time()
                for start, actions in matches:
                    run(start, actions)
                times.append(time.process_time() - began)
            best[name] = min(times) / moves * 1e6
        plain, told = best["apply_action"], best["tell + story + words"]
        print(
            f"  {game}: {moves} moves; apply_action on a copy {plain:.1f} us, with the log "
            f"{told:.1f} us: the log adds {told - plain:.1f} us a move"
        )


async def play_to(url: str, moves: int, attempt: int) -> tuple[int, int] | None:
    """A Game of Trains table of two guests played at random for ``moves`` moves and left running: its
    id and version (None if the game ended first)."""
    table, jars = two_guest_table(url, (f"ann{attempt}", f"bob{attempt}"))
    ws_url = url.replace("http", "ws", 1) + "/ws"
    made = [0]
    version = [0]
    over = [False]

    async def seat(jar: str) -> None:
        rng = random.Random(jar)
        async with websockets.connect(ws_url, additional_headers={"cookie": jar}, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "watch", "table": table}))
            answered = -1
            while made[0] < moves and not over[0]:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                except TimeoutError:
                    continue
                if message["type"] != "table":
                    continue
                version[0] = max(version[0], message["version"])
                over[0] = over[0] or message["status"] == "over"
                if message["moves"] and message["version"] > answered and made[0] < moves:
                    answered = message["version"]
                    made[0] += 1
                    body = {
                        "type": "move",
                        "table": table,
                        "version": answered,
                        "move": rng.choice(message["moves"]),
                    }
                    await ws.send(json.dumps(body))

    await asyncio.gather(*(seat(jar) for jar in jars))
    await asyncio.sleep(0.2)
    return None if over[0] else (table, version[0])


def per_request(server_pid: int, client: httpx2.Client, path: str, count: int, rounds: int) -> float:
    """The server's CPU milliseconds per GET of ``path`` (best of ``rounds`` rounds of ``count``)."""
    best = float("inf")
    for _ in range(rounds):
        before = cpu_seconds(server_pid)
        for _ in range(count):
            client.get(path).raise_for_status()
        best = min(best, (cpu_seconds(server_pid) - before) / count * 1000)
    return best


def against_server(args: argparse.Namespace) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("CARDTABLE_") and k not in ("DATABASE_URL", "REDIS_URL")
    }
    env.update(RAISED)
    with tempfile.TemporaryDirectory(prefix="log-cost-") as workdir:
        server, url = start_server(Path(workdir), "server", env, ["--db", str(Path(workdir) / "log.db")])
        try:
            found = None
            for attempt in range(5):
                found = asyncio.run(play_to(url, args.moves, attempt))
                if found is not None:
                    break
            if found is None:
                raise SystemExit(f"every game ended before {args.moves} moves")
            table, version = found
            spectator = guest(url, "spectator")
            whole = spectator.get(f"/api/tables/{table}/log").json()
            print(
                f"a running Game of Trains table after {args.moves} moves ({version} record events), "
                f"its public log {len(whole['entries'])} entries; server CPU per request (best of "
                f"{args.rounds} rounds of {args.requests}):"
            )
            table_ms = per_request(server.pid, spectator, f"/api/tables/{table}", args.requests, args.rounds)
            since_ms = per_request(
                server.pid, spectator, f"/api/tables/{table}/log?since={version}", args.requests, args.rounds
            )
            whole_ms = per_request(
                server.pid, spectator, f"/api/tables/{table}/log", max(1, args.requests // 10), args.rounds
            )
            print(f"  GET /api/tables/{{id}}: {table_ms:.2f} ms")
            print(
                f"  GET /api/tables/{{id}}/log?since=<latest>: {since_ms:.2f} ms ({since_ms / table_ms:.1f}x)"
            )
            print(
                f"  GET /api/tables/{{id}}/log (the whole log, once a page): {whole_ms:.2f} ms "
                f"({whole_ms / table_ms:.1f}x)"
            )
        finally:
            stop(server)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=300, help="requests of each kind a round")
    parser.add_argument("--moves", type=int, default=1000, help="moves of the running long game")
    parser.add_argument("--no-server", action="store_true", help="only the in-process measurement")
    args = parser.parse_args()
    in_process(args.rounds)
    if not args.no_server:
        against_server(args)


if __name__ == "__main__":
    main()
