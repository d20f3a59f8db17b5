"""The wire messages of the platform (pydantic): REST bodies by role (``XIn`` from clients, ``XPublic`` to
them) and the websocket messages both ways. Database models never cross the wire.

Decisions:
- Every text a client sends has a length limit and, where it is stored or looked up, a character set
  (names: letters, digits, ``_`` and ``-``; display names: printable characters without control codes), so
  no input can reach a database it cannot be stored in.
- Integers that reach the database (table ids, seats, versions, option values) are bounded to 32 bits.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

MAX_INT = 2**31 - 1
Id = Annotated[int, Field(ge=1, le=MAX_INT)]
SeatNumber = Annotated[int, Field(ge=0, le=63)]
Username = Annotated[str, StringConstraints(min_length=3, max_length=20, pattern=r"^[A-Za-z0-9_-]+$")]
DisplayName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=24, pattern=r"^[^\x00-\x1f\x7f]+$")
]
Password = Annotated[str, StringConstraints(min_length=8, max_length=128)]
OptionValue = (
    Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)] | bool | Annotated[str, Field(max_length=40)] | None
)


class Strict(BaseModel):
    """A message from a client: unknown fields are refused, not ignored."""

    model_config = ConfigDict(extra="forbid")


# -- accounts ------------------------------------------------------------------------------------


class SignUpIn(Strict):
    username: Username
    password: Password
    display_name: DisplayName | None = None


class LogInIn(Strict):
    username: Username
    password: Annotated[str, StringConstraints(min_length=1, max_length=128)]


class GuestIn(Strict):
    name: DisplayName


class ErrorPublic(BaseModel):
    """Why a request was refused: a stable code for programs and a reason for people."""

    detail: str
    code: str


class UserPublic(BaseModel):
    id: int
    name: str
    """The display name."""
    username: str | None
    guest: bool


# -- games and bots --------------------------------------------------------------------------------


class OptionPublic(BaseModel):
    name: str
    default: Any
    help: str
    allowed: str
    """The accepted values in words."""
    kind: Literal["int", "bool", "str", "seat"]
    choices: list[Any] | None
    minimum: int | None


class GamePublic(BaseModel):
    name: str
    players: list[int]
    options: list[OptionPublic]


class BotsPublic(BaseModel):
    levels: list[str]
    """Easiest first."""


# -- tables ------------------------------------------------------------------------------------------


class SeatIn(Strict):
    """How a seat starts: the creator (``me``), open to anyone, kept for an account, or a bot."""

    kind: Literal["me", "open", "invited", "bot"]
    name: Username | None = None
    """For ``invited``: the account's username."""
    level: Annotated[str, StringConstraints(max_length=20)] | None = None
    """For ``bot``: one of the levels of ``/api/bots``."""

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> SeatIn:
        if (self.kind == "invited") != (self.name is not None):
            raise ValueError("'name' is given for an invited seat, and only for it")
        if (self.kind == "bot") != (self.level is not None):
            raise ValueError("'level' is given for a bot seat, and only for it")
        return self


class TableIn(Strict):
    game: Annotated[str, StringConstraints(max_length=40)]
    options: Annotated[
        dict[Annotated[str, StringConstraints(max_length=40)], OptionValue], Field(max_length=20)
    ] = Field(default_factory=dict)
    seats: Annotated[list[SeatIn], Field(min_length=1, max_length=64)] | None = None
    """One per player; left out: the creator in seat 0 and every other seat open."""


class JoinIn(Strict):
    seat: SeatNumber | None = None
    """Left out: the seat kept for you, else the first open one."""


class SeatPublic(BaseModel):
    seat: int
    kind: Literal["open", "invited", "player", "bot"]
    name: str | None
    """Who sits there (a display name, or the bot's level), or for whom it is kept."""
    user_id: int | None
    guest: bool


class TablePublic(BaseModel):
    id: int
    game: str
    options: dict[str, Any]
    status: Literal["open", "playing", "over"]
    seats: list[SeatPublic]
    version: int
    to_act: int | None
    result: dict[str, Any] | None
    created_by: str


# -- the websocket ------------------------------------------------------------------------------------


class WatchIn(Strict):
    """Follow a table: the server answers with its state and sends every change."""

    type: Literal["watch"]
    table: Id


class UnwatchIn(Strict):
    type: Literal["unwatch"]
    table: Id


class MoveIn(Strict):
    """A move for your seat, answering the state ``version`` you were shown."""

    type: Literal["move"]
    table: Id
    version: Annotated[int, Field(ge=0, le=MAX_INT)]
    move: Annotated[str, StringConstraints(max_length=60)]


ClientMessage = Annotated[WatchIn | UnwatchIn | MoveIn, Field(discriminator="type")]


class TableMessage(BaseModel):
    """A table as one seat (or a spectator, ``seat`` None) may see it."""

    type: Literal["table"] = "table"
    table: int
    game: str
    status: Literal["open", "playing", "over"]
    version: int
    seat: int | None
    seats: list[SeatPublic]
    observation: dict[str, Any] | None
    """``observation(seat)`` of the engine; None until the game starts."""
    to_act: int | None
    """The seat to act (None before the start and after the end)."""
    moves: list[str]
    """Your legal moves, in notation; empty unless it is your turn."""
    result: dict[str, Any] | None


class ErrorMessage(BaseModel):
    """Why a message of yours was refused; nothing changed."""

    type: Literal["error"] = "error"
    table: int | None
    code: str
    detail: str
