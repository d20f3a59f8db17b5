"""The server upgrades a SQLite database that holds accounts and games: the batch migrations copy
``users`` and drop the old table while seats and tables still point at it, which SQLite's foreign keys
refuse unless the upgrade turns them off while it runs (they are back on afterwards)."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic.config import Config
from alembic.script import ScriptDirectory

from cardtable.server.db.database import MIGRATIONS, Database

from .test_migration_0003 import migrate
from .test_migration_0011 import fill_at_0010


def head() -> str | None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def test_the_server_upgrades_a_database_with_accounts_and_games(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'used.db'}"
    migrate(url, "0010")
    fill_at_0010(url)
    database = Database(url)
    database.upgrade()
    with database.engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == head()
        assert connection.exec_driver_sql("SELECT count(*) FROM users").scalar() == 2
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall() == []
        assert connection.execute(sa.text("SELECT count(*) FROM seats")).scalar() == 8
