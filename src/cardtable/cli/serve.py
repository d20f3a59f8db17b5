"""``cardtable serve``: the online table, by default on http://127.0.0.1:8000 with a SQLite file.

``--db PATH`` picks the SQLite file (one instance: ``REDIS_URL`` is then ignored); without it
``DATABASE_URL`` (e.g. a PostgreSQL URL) is used when set, else the default file of
``cardtable.server.settings``. Other settings come from ``CARDTABLE_*`` variables.
The web stack is imported only here, so the rest of the command line works without the ``server`` extra.

Decision: websockets are not compressed (no permessage-deflate). A table message is about a kilobyte;
compressing each one for each seat was 7% of a loaded server's samples (py-spy, ``benchmarks/load.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from .errors import fail
from .words import _

console = Console(highlight=False)
HELP = _("Start the online table: accounts, lobby and live play in the browser.")
PROTOCOL_MAX_MESSAGE = 65536
"""uvicorn closes a websocket (code 1009) on a message above this; smaller oversized ones get an error."""


def serve(
    host: Annotated[str, typer.Option(help=_("address to listen on"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=_("port to listen on"))] = 8000,
    db: Annotated[
        Path | None, typer.Option(help=_("SQLite file (default: DATABASE_URL, else the user data dir)"))
    ] = None,
    log_level: Annotated[str, typer.Option(help=_("uvicorn log level"))] = "info",
) -> None:
    """``HELP``."""
    try:
        import uvicorn
        from pydantic import ValidationError

        from ..server import collector
        from ..server.app import create_app
        from ..server.settings import Settings
    except ImportError as error:
        needs = _(
            "the server needs the 'server' extra ({module} is missing): pip install 'cardtable[server]'"
        )
        fail(needs.format(module=error.name), 2)
    overrides: dict[str, Any] = {} if db is None else {"db_path": db, "database_url": None, "redis_url": None}
    try:
        settings = Settings(**overrides)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'settings'}: {e['msg']}" for e in error.errors()
        )
        fail(_("bad server setting: {problems}").format(problems=problems), 2)
    shared = ", redis: " + _shown(settings.redis_url) if settings.redis_url else ""
    listening = _("cardtable: http://{host}:{port}/  (database: {database}{shared})")
    console.print(listening.format(host=host, port=port, database=_shown(settings.url()), shared=shared))
    app = create_app(settings)
    collector.settle()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=max(PROTOCOL_MAX_MESSAGE, settings.ws_max_message * 4),
        ws_per_message_deflate=False,
    )


def _shown(url: str) -> str:
    """The database URL without its password."""
    scheme, sep, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at:
        return url
    return f"{scheme}{sep}{credentials.split(':', 1)[0]}@{place}"
