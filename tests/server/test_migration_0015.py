"""Migration 0015: accounts get a language setting, none at first (the browser's choice goes on ruling
their pages), which the account can then set; the downgrade drops it again and keeps the accounts."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from .test_migration_0003 import migrate


def language_is_added_empty_and_dropped_again(url: str) -> None:
    migrate(url, "0014")
    engine = sa.create_engine(url)
    users = sa.Table("users", sa.MetaData(), autoload_with=engine)
    with engine.begin() as db:
        db.execute(
            sa.insert(users).values(id=1, username="ana", display_name="Ana", created_at=datetime.now(UTC))
        )
    engine.dispose()
    migrate(url, "0015")
    engine = sa.create_engine(url)
    with engine.begin() as db:
        assert db.execute(sa.text("SELECT username, language FROM users")).all() == [("ana", None)]
        db.execute(sa.text("UPDATE users SET language = 'nl' WHERE id = 1"))
        assert db.execute(sa.text("SELECT language FROM users")).scalar_one() == "nl"
    engine.dispose()
    migrate(url, "0014", down=True)
    engine = sa.create_engine(url)
    assert "language" not in {c["name"] for c in sa.inspect(engine).get_columns("users")}
    with engine.connect() as db:
        assert db.execute(sa.text("SELECT username FROM users")).scalar_one() == "ana"
    engine.dispose()


def test_upgrading_from_0014_gives_accounts_no_language_yet(tmp_path: Path) -> None:
    language_is_added_empty_and_dropped_again(f"sqlite:///{tmp_path / 'old.db'}")


def test_the_same_on_postgresql(postgres_url: str) -> None:
    language_is_added_empty_and_dropped_again(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
