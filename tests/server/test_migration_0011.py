"""Migration 0011: an account's reputation counts are filled in from the games already over. A database at
0010 where Ana finished a game (two of its moves made by the stand-in because her time ran out, one
because she was away for a while), left one to the stand-in, and ran out of game time in a third, and
plays a fourth, counts 2 finished, 1 left, 3 timeouts; a guest counts nothing; the downgrade drops the
columns again."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from .test_migration_0003 import migrate

TABLES = [  # table id, status, Ana's seat's away, the marks of Ana's move events
    (1, "over", None, [["time"], ["away"], ["time"]]),
    (2, "over", "away", []),
    (3, "over", "time", [["out-of-time"]]),
    (4, "playing", None, [["time"]]),
]


def fill_at_0010(url: str) -> None:
    engine = sa.create_engine(url)
    meta = sa.MetaData()
    meta.reflect(engine)
    t = meta.tables
    now = datetime.now(UTC)
    with engine.begin() as db:
        db.execute(sa.insert(t["users"]).values(id=1, username="ana", display_name="Ana", created_at=now))
        db.execute(sa.insert(t["users"]).values(id=2, username=None, display_name="Gus", created_at=now))
        for table_id, status, away, marks in TABLES:
            db.execute(
                sa.insert(t["game_tables"]).values(
                    id=table_id,
                    game="troeven",
                    options={"version": 2},
                    seed=table_id,
                    status=status,
                    created_by=1,
                    created_at=now,
                    version=len(marks) + 1,
                    result={"winners": [0]} if status == "over" else None,
                    stand_in="medium",
                )
            )
            db.execute(
                sa.insert(t["seats"]),
                [
                    {"table_id": table_id, "seat": 0, "user_id": 1, "away": away, "time_used": 0},
                    {"table_id": table_id, "seat": 1, "user_id": 2, "away": None, "time_used": 0},
                ],
            )
            events = [{"deal": "x"}] + [
                {"seat": 0, "move": "7H", "marks": [{"by": "stand-in", "why": why} for why in whys]}
                for whys in marks
            ]
            events.append({"seat": 1, "move": "8H", "marks": [{"seat": 1, "away": "away"}]})
            db.execute(
                sa.insert(t["events"]),
                [{"table_id": table_id, "idx": i, "data": e} for i, e in enumerate(events)],
            )
    engine.dispose()


def counts(url: str) -> dict[int, tuple[int, int, int]]:
    engine = sa.create_engine(url)
    with engine.connect() as db:
        rows = db.execute(sa.text("SELECT id, games_finished, games_left, timeouts FROM users ORDER BY id"))
        found = {row.id: (row.games_finished, row.games_left, row.timeouts) for row in rows}
    engine.dispose()
    return found


def upgrade_counts_the_games_over(url: str) -> None:
    migrate(url, "0010")
    fill_at_0010(url)
    migrate(url, "0011")
    assert counts(url) == {1: (2, 1, 3), 2: (0, 0, 0)}
    migrate(url, "0010", down=True)
    engine = sa.create_engine(url)
    columns = {c["name"] for c in sa.inspect(engine).get_columns("users")}
    assert "timeouts" not in columns and "games_left" not in columns and "games_finished" not in columns
    assert "min_reputation" not in {c["name"] for c in sa.inspect(engine).get_columns("game_tables")}
    engine.dispose()


def test_upgrading_from_0010_counts_finished_left_and_timed_out(tmp_path: Path) -> None:
    upgrade_counts_the_games_over(f"sqlite:///{tmp_path / 'old.db'}")


def test_the_same_on_postgresql(postgres_url: str) -> None:
    upgrade_counts_the_games_over(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
