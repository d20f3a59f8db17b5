"""Tournaments on two server instances sharing one PostgreSQL database and one Redis: the game-over jobs
and the periodic checks of both, and threads asking both to move the tournament on over and over, pair
each Swiss round once and seat an arena's players once, whichever instance looks first.

Skipped without the services (``DATABASE_URL``, ``REDIS_URL``; ``.ci/run`` starts both)."""

from __future__ import annotations

import itertools
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.server.app import create_app

from .helpers import Player, make_settings

SHORT = {"start_points": 1}
"""Troeven to one point: a match of one hand."""


@contextmanager
def two_instances(
    tmp_path: Path, postgres_url: str, redis: str, prefix: str
) -> Iterator[tuple[FastAPI, FastAPI]]:
    settings = make_settings(
        tmp_path,
        database_url=postgres_url,
        redis_url=redis,
        redis_prefix=prefix,
        tournament_check_seconds=0.2,
    )
    one, two = create_app(settings), create_app(settings)
    with TestClient(one), TestClient(two):
        yield one, two


@contextmanager
def looking(apps: tuple[FastAPI, ...], tournament: int) -> Iterator[list[BaseException]]:
    """Two threads per instance asking it to move ``tournament`` on, over and over; yields the errors."""
    stop = threading.Event()
    errors: list[BaseException] = []

    def look(advance: Callable[[int], None]) -> None:
        while not stop.is_set():
            try:
                advance(tournament)
            except BaseException as error:  # every failure is the test's to see
                errors.append(error)

    threads = [
        threading.Thread(target=look, args=(app.state.services.tournaments.advance,))
        for app in apps
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    try:
        yield errors
    finally:
        stop.set()
        for thread in threads:
            thread.join()


def finished(player: Player, tournament: int, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while (shown := player.http.get(f"/api/tournaments/{tournament}").json())["status"] != "over":
        assert time.monotonic() < deadline, shown
        time.sleep(0.2)
    return shown  # type: ignore[no-any-return]


def test_each_swiss_round_is_paired_once_by_two_instances(
    tmp_path: Path,
    postgres_url: str,
    redis_url: str,
    prefix: str,
) -> None:
    with two_instances(tmp_path, postgres_url, redis_url, prefix) as apps:
        ana = Player(apps[0], "ana", account=True)
        made = ana.http.post(
            "/api/tournaments",
            json={"game": "troeven", "options": SHORT, "format": "swiss", "rounds": 4, "bots": ["easy"] * 7},
        ).json()
        with looking(apps, made["id"]) as errors:
            assert ana.http.post(f"/api/tournaments/{made['id']}/start").status_code == 200
            shown = finished(ana, made["id"])
        assert errors == []
        assert [(r["number"], len(r["tables"]), len(r["byes"])) for r in shown["rounds"]] == [
            (n, 3, 1) for n in range(1, 5)
        ]
        engine = sa.create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
        with engine.connect() as connection:
            tables = connection.execute(
                sa.text("SELECT count(*) FROM game_tables WHERE tournament_id = :t"), {"t": made["id"]}
            ).scalar_one()
        engine.dispose()
        assert tables == 12  # no table of a round made twice, even rolled back into another


def test_an_arena_on_two_instances_never_seats_an_entrant_at_two_tables_at_once(
    tmp_path: Path,
    postgres_url: str,
    redis_url: str,
    prefix: str,
) -> None:
    with two_instances(tmp_path, postgres_url, redis_url, prefix) as apps:
        ana = Player(apps[1], "ana", account=True)
        made = ana.http.post(
            "/api/tournaments",
            json={
                "game": "troeven",
                "options": SHORT,
                "format": "arena",
                "minutes": 0.1,
                "bots": ["easy"] * 5,
            },
        ).json()
        with looking(apps, made["id"]) as errors:
            assert ana.http.post(f"/api/tournaments/{made['id']}/start").status_code == 200
            finished(ana, made["id"])
        assert errors == []
        engine = sa.create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
        with engine.connect() as connection:
            rows = connection.execute(
                sa.text(
                    "SELECT t.entrants, g.created_at, g.turn_since, g.id FROM tournament_tables t "
                    "JOIN game_tables g ON g.id = t.table_id WHERE g.tournament_id = :t ORDER BY g.id"
                ),
                {"t": made["id"]},
            ).all()
        engine.dispose()
        assert len(rows) > 4
        games: dict[int, list[tuple[float, float]]] = defaultdict(list)
        for entrants, created_at, ended, _ in rows:
            for entrant in entrants:
                games[entrant].append((created_at.timestamp(), ended))
        for entrant, spans in games.items():
            for (_, ended), (begun, _) in itertools.pairwise(spans):
                assert begun >= ended - 0.01, entrant  # seated again only once its last game ended
