"""Alembic's environment for cardtable's database: runs the migrations on the connection that
``Database.upgrade`` hands over, or on ``sqlalchemy.url`` when Alembic's own command line is used
(``alembic -x`` is not needed: set the URL in the config you pass with ``-c``)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from cardtable.server.db.models import Base


def run() -> None:
    """Migrate online; offline SQL scripts are not supported."""
    if context.is_offline_mode():
        raise SystemExit("cardtable's migrations run online only")
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    engine = create_engine(context.config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as connection:
        _migrate(connection)


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run()
