"""What the services refuse, and why: one exception type carrying a stable ``code`` for programs, a
``detail`` sentence for people, and the HTTP status it maps to. The HTTP routes and the websocket turn the
same errors into their own replies, so a reason is written once.

Decisions:
- A reason is written once, in English, as a message with named fields, and translated at the edge
  that knows who reads it: ``Invalid("there is no table {table}", table=3)``. The error keeps the
  message and its fields; ``detail`` is the English sentence (logs, tests), ``detail_in(lang)`` the
  reader's (the app's exception handler, with ``server.language``; the websocket likewise), looked up in
  the ``site`` catalog. The message is the catalog's msgid: Babel finds it as the first argument of
  these classes (``babel/site.cfg`` names them as keywords), so it must be a literal string, never an
  f-string (``N_`` marks one written apart from its raise, ``Limit.check`` takes one too). A field is a
  name or a number, never words a person reads: a reason whose words differ is one message per case
  ("guests cannot enter…", "guests cannot create…").
- ``code`` stays English: programs read it.
- A message made elsewhere (a record that does not read) is passed as it is, without fields, and
  reaches every reader in English. The engine's refusal of a move is an ``Illegal``: its reason keeps
  the rules' template (``core.reasons``), so ``detail_in`` says it in the reader's language
  (``narration.say_reason``), to the player who tried the move; its English ``detail`` is the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import translations
from ..narration import narrator_for, say_reason
from ..narration.words import player_names


class Refused(Exception):
    """A request the server will not carry out; nothing was changed."""

    status = 409
    code = "refused"

    def __init__(self, message: str, *, code: str | None = None, **fields: Any) -> None:
        self.message = message
        self.fields = fields
        self.detail = self.detail_in("en")
        super().__init__(self.detail)
        if code is not None:
            self.code = code

    def detail_in(self, lang: str) -> str:
        """The reason, in ``lang`` (English where the ``site`` catalog has no translation of it)."""
        message = translations(lang, "site").gettext(self.message)
        return message.format(**self.fields) if self.fields else message


class NotFound(Refused):
    """The thing named does not exist."""

    status = 404
    code = "not-found"


class Forbidden(Refused):
    """The user may not do this."""

    status = 403
    code = "forbidden"


class NotLoggedIn(Refused):
    """The request needs a session."""

    status = 401
    code = "not-logged-in"


class Invalid(Refused):
    """Well-formed input that the rules of the platform or of the game do not accept (400: FastAPI keeps
    422 for requests that do not fit the schema)."""

    status = 400
    code = "invalid"


class Illegal(Invalid):
    """The rules refuse a move: the engine's ``reason``, said to ``seat`` (who tried it) in each
    reader's language, the players named by their record ``labels``."""

    code = "illegal"

    def __init__(self, reason: str, *, game: str, labels: Sequence[str], seat: int | None) -> None:
        self.reason, self.game, self.labels, self.seat = reason, game, labels, seat
        super().__init__(str(reason))

    def detail_in(self, lang: str) -> str:
        names = player_names(self.labels, language=lang)
        return say_reason(narrator_for(self.game, lang), self.reason, names, you=self.seat)


class TooMany(Refused):
    """Rate limited; ``retry_after`` says in how many seconds to try again."""

    status = 429
    code = "too-many"

    def __init__(self, message: str, *, retry_after: float, **fields: Any) -> None:
        super().__init__(message, **fields)
        self.retry_after = retry_after


class Busy(TooMany):
    """The server has too much of this work waiting; ``retry_after`` says when to try again."""

    status = 503
    code = "busy"


def N_(message: str) -> str:
    """``message``, marked for the ``site`` catalog where it is written but raised (and translated)
    elsewhere: gettext's ``gettext_noop``."""
    return message
