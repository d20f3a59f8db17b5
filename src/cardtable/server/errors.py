"""What the services refuse, and why: one exception type carrying a stable ``code`` for programs, a
``detail`` sentence for people, and the HTTP status it maps to. The HTTP routes and the websocket turn the
same errors into their own replies, so a reason is written once."""

from __future__ import annotations


class Refused(Exception):
    """A request the server will not carry out; nothing was changed."""

    status = 409
    code = "refused"

    def __init__(self, detail: str, *, code: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code


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


class TooMany(Refused):
    """Rate limited; ``retry_after`` says in how many seconds to try again."""

    status = 429
    code = "too-many"

    def __init__(self, detail: str, *, retry_after: float) -> None:
        super().__init__(detail)
        self.retry_after = retry_after


class Busy(TooMany):
    """The server has too much of this work waiting; ``retry_after`` says when to try again."""

    status = 503
    code = "busy"
