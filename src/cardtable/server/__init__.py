"""The online table: a FastAPI app with accounts, a lobby, live play over websockets, and storage in which
a table's state is its game record (SQLite by default, PostgreSQL by URL).

Layout (docs/design.md): ``app.py`` (``create_app``), ``settings.py``, ``routes/`` (one thin module per
resource), ``ws.py`` (live play), ``schemas.py`` (wire messages), ``db/`` (models, connection, Alembic
migrations), ``services/`` (the lobby, the move path and what runs around it; ``tables.py`` joins the table
modules, the only callers of the engine), ``pubsub.py`` (fan-out), ``bot_driver.py`` (bots in seats, off
the event loop).

This package imports nothing at import time, so a bot worker process that loads ``bot_worker`` does not
load the web stack.
"""
