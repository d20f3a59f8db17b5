"""Migration 0003: Troeven's ratings, one board for both versions until 0002, move to a board per version.
A database at 0002 with rated Troeven games of both versions (and one made before the option existed) is
upgraded: each player's changes move to the board of their table's version, re-based from 1500, and other
games' ratings stay as they were; the downgrade adds them up again."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from cardtable.server.db.database import MIGRATIONS

ANA, EASY = ("user", 1), ("bot", "easy")
GAMES = [  # table id, options, winning seat, ana's change (the easy bot's is the opposite)
    (1, {"version": 1, "single_hand": True}, 0, 16.0),
    (2, {"version": 2}, 1, -17.0),
    (3, {}, 0, 15.0),
]


def migrate(url: str, revision: str, *, down: bool = False) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)
    engine.dispose()


def fill_at_0002(url: str) -> None:
    """Ana and the easy bot, rated over three Troeven games on one board, and a Slobberhannes rating."""
    engine = sa.create_engine(url)
    meta = sa.MetaData()
    meta.reflect(engine)
    t = meta.tables
    now = datetime.now(UTC)
    with engine.begin() as db:
        db.execute(sa.insert(t["users"]).values(id=1, username="ana", display_name="Ana", created_at=now))
        rating = {ANA: 1500.0, EASY: 1500.0}
        ids = {
            who: db.execute(
                sa.insert(t["ratings"])
                .values(game=game, user_id=user, bot=bot, rating=value, games=games, wins=wins)
                .returning(t["ratings"].c.id)
            ).scalar_one()
            for who, game, user, bot, value, games, wins in (
                (ANA, "troeven", 1, None, 1514, 3, 2),
                (EASY, "troeven", None, "easy", 1486, 3, 1),
                ("other", "slobberhannes", 1, None, 1490, 1, 0),
            )
        }
        for table_id, options, winner, change in GAMES:
            db.execute(
                sa.insert(t["game_tables"]).values(
                    id=table_id,
                    game="troeven",
                    options=options,
                    seed=table_id,
                    status="over",
                    created_by=1,
                    created_at=now,
                    version=40,
                    result={"winners": [winner], "scores": [0, 0]},
                    stand_in="medium",
                )
            )
            db.execute(
                sa.insert(t["seats"]),
                [
                    {"table_id": table_id, "seat": 0, "user_id": 1, "bot": None, "time_used": 0},
                    {"table_id": table_id, "seat": 1, "user_id": None, "bot": "easy", "time_used": 0},
                ],
            )
            for who, delta in ((ANA, change), (EASY, -change)):
                db.execute(
                    sa.insert(t["rating_changes"]).values(
                        table_id=table_id, rating_id=ids[who], before=rating[who], after=rating[who] + delta
                    )
                )
                rating[who] += delta
    engine.dispose()


def boards(url: str) -> dict[tuple[str, Any], tuple[float, int, int, list[tuple[int, float, float]]]]:
    """(board, player) -> (rating, games, wins, [(table, before, after)])."""
    engine = sa.create_engine(url)
    found = {}
    with engine.connect() as db:
        for row in db.execute(sa.text("SELECT id, game, user_id, bot, rating, games, wins FROM ratings")):
            changes = db.execute(
                sa.text(
                    "SELECT table_id, before, after FROM rating_changes WHERE rating_id = :id ORDER BY 1"
                ),
                {"id": row.id},
            )
            player = row.user_id if row.user_id is not None else row.bot
            found[(row.game, player)] = (row.rating, row.games, row.wins, [tuple(c) for c in changes])
    engine.dispose()
    return found


def upgrade_keeps_ratings(url: str) -> None:
    migrate(url, "0002")
    fill_at_0002(url)
    migrate(url, "head")
    assert boards(url) == {
        ("troeven-v1", 1): (1531, 2, 2, [(1, 1500, 1516), (3, 1516, 1531)]),
        ("troeven-v1", "easy"): (1469, 2, 0, [(1, 1500, 1484), (3, 1484, 1469)]),
        ("troeven-v2", 1): (1483, 1, 0, [(2, 1500, 1483)]),
        ("troeven-v2", "easy"): (1517, 1, 1, [(2, 1500, 1517)]),
        ("slobberhannes", 1): (1490, 1, 0, []),
    }
    migrate(url, "0002", down=True)
    assert boards(url) == {
        ("troeven", 1): (1514, 3, 2, [(1, 1500, 1516), (2, 1516, 1499), (3, 1499, 1514)]),
        ("troeven", "easy"): (1486, 3, 1, [(1, 1500, 1484), (2, 1484, 1501), (3, 1501, 1486)]),
        ("slobberhannes", 1): (1490, 1, 0, []),
    }


def test_upgrading_from_0002_moves_troeven_ratings_to_a_board_per_version(tmp_path: Path) -> None:
    upgrade_keeps_ratings(f"sqlite:///{tmp_path / 'old.db'}")


def test_the_same_on_postgresql(postgres_url: str) -> None:
    upgrade_keeps_ratings(postgres_url.replace("postgresql://", "postgresql+psycopg://"))


def test_a_database_without_ratings_upgrades_and_downgrades(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    migrate(url, "0002")
    migrate(url, "head")
    assert boards(url) == {}
    migrate(url, "0002", down=True)
    assert boards(url) == {}
