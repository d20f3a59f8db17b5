"""The wire messages of the platform (pydantic): REST bodies by role (``XIn`` from clients, ``XPublic`` to
them) and the websocket messages both ways. Database models never cross the wire.

Decisions:
- Every text a client sends has a length limit and, where it is stored or looked up, a character set
  (names: letters, digits, ``_`` and ``-``), so no input can reach a database it cannot be stored in.
  Display names follow ``names.display_name``: letters, digits, a few marks, spaces and common
  punctuation, stored in NFC; a name with an invisible, control or format character is refused.
- Client messages are validated strictly: a JSON ``false`` is no seat number, ``"3"`` no integer.
- Times are sent with their zone (RFC 3339, as the OpenAPI document's ``date-time`` says).
- Integers that reach the database (table ids, seats, versions, option values) are bounded to 32 bits.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator

from ..i18n import LANGUAGES
from .mail_address import checked_address
from .names import display_name

MAX_INT = 2**31 - 1
Id = Annotated[int, Field(ge=1, le=MAX_INT)]
SeatNumber = Annotated[int, Field(ge=0, le=63)]
Username = Annotated[str, StringConstraints(min_length=3, max_length=20, pattern=r"^[A-Za-z0-9_-]+$")]
DisplayName = Annotated[str, StringConstraints(min_length=1, max_length=24), AfterValidator(display_name)]
Password = Annotated[str, StringConstraints(min_length=8, max_length=128)]
Moment = Annotated[datetime, AfterValidator(lambda at: at if at.tzinfo else at.replace(tzinfo=UTC))]
"""A time sent to clients, always with its zone (SQLite gives times back without it; they are UTC)."""
Language = Literal["en", "nl", "de", "fr"]
"""One of the languages the site speaks (``cardtable.i18n.LANGUAGES``)."""
assert get_args(Language) == LANGUAGES, "schemas.Language must name the languages of cardtable.i18n"
OptionValue = (
    Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)] | bool | Annotated[str, Field(max_length=40)] | None
)


class Strict(BaseModel):
    """A message from a client: unknown fields are refused, not ignored, and values are not coerced."""

    model_config = ConfigDict(extra="forbid", strict=True)


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
    trick_pause_ms: int | None = None
    """The account's trick pause (settings), which seeds a browser that has none of its own."""
    language: str | None = None
    """The account's language (settings; None: the browser's choice rules, ``server.language``)."""


# -- games and bots --------------------------------------------------------------------------------


class OptionPublic(BaseModel):
    name: str
    """The option's id in the API and records ("start_points")."""
    label: str
    """The option's name in the reader's words ("start points")."""
    default: Any
    help: str
    """What it does, in the reader's words."""
    allowed: str
    """The accepted values in words."""
    kind: Literal["int", "bool", "str", "seat"]
    choices: list[Any] | None
    choice_words: dict[str, str] = {}
    """The reader's words for the choices that are words (Mü's ``end``: "score"), by choice."""
    minimum: int | None
    maximum: int | None = None
    """The highest value a table of this server allows (None: no more than the choices say)."""
    research: bool = False
    """Kept for research: the create-table form does not offer it (the game's ``Option.research``)."""


class GamePublic(BaseModel):
    name: str
    """The game's id in the API and records (its registered name, as ``cardtable.games()`` lists it)."""
    title: str
    """The game's name as players write it ("Game of Trains"): what the pages show."""
    tricks: bool = False
    """Played in tricks (Slobberhannes, Troeven, Mü): the table offers the pause after a finished trick."""
    players: list[int]
    options: list[OptionPublic]


class BotsPublic(BaseModel):
    levels: list[str]
    """Easiest first."""
    descriptions: dict[str, str] = {}
    """How each level plays, in a sentence (the table form shows it beside the level)."""
    seconds_per_move: dict[str, dict[str, float]] = {}
    """Per level that thinks long enough to notice, per game: its typical CPU seconds a move, as
    measured (the table form says it beside the level's sentence for the game chosen)."""


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


class ClockIn(Strict):
    """A table's clock: seconds per decision, seconds per seat for the whole game, or both. When a person's
    time for a move runs out the stand-in bot makes that move; when their game time runs out it plays their
    seat to the end."""

    move_seconds: Annotated[int, Field(ge=1, le=86_400)] | None = None
    game_seconds: Annotated[int, Field(ge=1, le=604_800)] | None = None


TURN_SECONDS_MIN = 3600
TURN_SECONDS_MAX = 3 * 86_400


class TableIn(Strict):
    game: Annotated[str, StringConstraints(max_length=40)]
    options: Annotated[
        dict[Annotated[str, StringConstraints(max_length=40)], OptionValue], Field(max_length=20)
    ] = Field(default_factory=dict)
    seats: Annotated[list[SeatIn], Field(min_length=1, max_length=64)] | None = None
    """One per player; left out: the creator in seat 0 and every other seat open."""
    clock: ClockIn | None = None
    """Left out: no clock."""
    stand_in: Annotated[str, StringConstraints(max_length=20)] | None = None
    """The bot level that moves for a person out of time or away (a level of ``/api/bots``; left out:
    ``medium``, or the middle level of those the server has)."""
    turn_seconds: Annotated[int, Field(ge=TURN_SECONDS_MIN, le=TURN_SECONDS_MAX)] | None = None
    """A turn-based table: the time per move, from an hour to three days (left out: real-time). Nobody
    is replaced for being gone; when a move's time runs out the stand-in bot makes it."""
    min_reputation: Annotated[int, Field(ge=0, le=100, strict=True)] | None = None
    """The reputation (``/api/players/{name}``) an account needs to sit down here, 0 to 100 (left out, or
    0: anyone, guests too). A table with a minimum takes accounts only; invited seats are exempt."""
    rated: bool = True
    """False: a friendly table, whose game changes no rating."""

    @model_validator(mode="after")
    def _one_pace(self) -> TableIn:
        if self.turn_seconds is not None and self.clock is not None:
            raise ValueError("a turn-based table has its time per move (turn_seconds) and no other clock")
        return self


class JoinIn(Strict):
    seat: SeatNumber | None = None
    """Left out: the seat kept for you, else the first open one."""


class SeatPublic(BaseModel):
    """A seat as everybody may see it. Frozen: a change is a new object (``model_copy``), which is how
    ``Live.seats_dump`` knows when to dump the seats again."""

    model_config = ConfigDict(frozen=True)

    seat: int
    kind: Literal["open", "invited", "player", "bot"]
    name: str | None
    """Who sits there (a display name, or the bot's level), or for whom it is kept."""
    user_id: int | None
    guest: bool
    away: Literal["away", "time"] | None = None
    """Why the stand-in bot plays this person's seat now: ``away`` (left or disconnected for longer than
    the grace period; they may take the seat back) or ``time`` (their game time ran out)."""
    username: str | None = None
    """The account's name, for a link to its profile (None: a guest, a bot, or a deleted account)."""
    abandon_vote: bool = False
    """This seat's person voted to abandon the running game (``POST /api/tables/{id}/abandon``)."""


class ClockPublic(BaseModel):
    """A table's clock settings."""

    move_seconds: int | None
    game_seconds: int | None


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
    creator_id: int | None = None
    """The creator's user id: they may end the table before it starts."""
    clock: ClockPublic | None = None
    stand_in: str | None = None
    turn_based: bool = False
    """Played over hours or days: ``clock.move_seconds`` per move, nobody replaced for being gone."""
    board: str = ""
    """The leaderboard the table is rated on (``/api/leaderboards``): the game, with its version when it
    has several."""
    min_reputation: int | None = None
    """The reputation an account needs to sit down here (None: anyone may)."""
    rated: bool = True
    """False: a friendly table, whose game changes no rating."""
    tournament: int | None = None
    """The tournament this table is a game of (``/api/tournaments/{id}``; None: a table of the lobby)."""


# -- the websocket ------------------------------------------------------------------------------------


class WatchIn(Strict):
    """Follow a table: the server answers with its state and sends every change."""

    type: Literal["watch"]
    table: Id


class UnwatchIn(Strict):
    """Stop following a table: the server sends none of its changes from then on."""

    type: Literal["unwatch"]
    table: Id


class MoveIn(Strict):
    """A move for your seat, answering the state ``version`` you were shown."""

    type: Literal["move"]
    table: Id
    version: Annotated[int, Field(ge=0, le=MAX_INT)]
    move: Annotated[str, StringConstraints(max_length=60)]


class UndoIn(Strict):
    """Take back the last step of your turn in progress, answering the state ``version`` you were shown:
    refused (``nothing-to-undo``, ``revealed``) when no step of it may be taken back."""

    type: Literal["undo"]
    table: Id
    version: Annotated[int, Field(ge=0, le=MAX_INT)]


CHAT_MAX = 200


class ChatIn(Strict):
    """A line for a table's chat (everyone who follows the table reads it)."""

    type: Literal["chat"]
    table: Id
    text: Annotated[str, StringConstraints(min_length=1, max_length=CHAT_MAX)]


class WhyIn(Strict):
    """Why may I not make this move (or play this card) now? Answered for your seat only."""

    type: Literal["why"]
    table: Id
    move: Annotated[str, StringConstraints(min_length=1, max_length=60)]


class AwayIn(Strict):
    """Let the stand-in bot play your seat from now on (you may take it back)."""

    type: Literal["away"]
    table: Id


class BackIn(Strict):
    """Take your seat back from the stand-in bot."""

    type: Literal["back"]
    table: Id


ClientMessage = Annotated[
    WatchIn | UnwatchIn | MoveIn | UndoIn | ChatIn | WhyIn | AwayIn | BackIn, Field(discriminator="type")
]


class ClockState(BaseModel):
    """The clocks as of when a table message was made (a client counts down from when it arrived)."""

    move_seconds: int | None
    game_seconds: int | None
    left: list[float | None]
    """Per seat: game time left in seconds (None without a game clock, or for a bot seat)."""
    turn_left: float | None
    """Seconds left for the decision being made now (None when nobody's clock runs)."""


class TableMessage(BaseModel):
    """A table as one seat (or a spectator, ``seat`` None) may see it."""

    type: Literal["table"] = "table"
    table: int
    game: str
    status: Literal["open", "playing", "over"]
    version: int
    """The record version of the state shown, which a move answers (counting ``held`` steps)."""
    held: int = 0
    """Steps of your turn in progress that you may still take back ("undo"): shown to you alone, and to
    everybody once the turn's end (or a card drawn) makes them final."""
    seat: int | None
    seats: list[SeatPublic]
    observation: dict[str, Any] | None
    """``observation(seat)`` of the engine; None until the game starts."""
    to_act: int | None
    """The seat to act (None before the start and after the end)."""
    moves: list[str]
    """Your legal moves, in notation; empty unless it is your turn."""
    result: dict[str, Any] | None
    clock: ClockState | None = None
    """The clocks, when the table has one."""
    turn_based: bool = False
    """Played over hours or days: leaving the page is normal, nobody is replaced for being gone."""
    rated: bool = True
    """False: a friendly table, whose game changes no rating."""
    log_since: int | None = None
    """The record version that ``log`` follows on from (the version before the table's latest step), or
    None when the message carries no log (before the start; a finished table read afresh)."""
    log: list[LogEntryPublic] = []
    """The game log's entries of the table's latest step (a move and what the rules did after it; at the
    start, the set-up) for your audience, as ``GET /api/tables/{id}/log`` gives them: a page that shows
    the log up to ``log_since`` or later adds those after the version it shows; one whose log stops
    before ``log_since`` (it missed a message) asks ``GET /api/tables/{id}/log?since=`` once."""
    log_sheet: list[SheetRowPublic] = []
    """The score-sheet rows that step added (a hand or round scored), as the log's ``sheet`` has them."""


class ErrorMessage(BaseModel):
    """Why a message of yours was refused; nothing changed."""

    type: Literal["error"] = "error"
    table: int | None
    code: str
    detail: str


class ChatLinePublic(BaseModel):
    id: int
    name: str
    """The display name of who said it."""
    user_id: int | None = None
    """Who said it (as seats name their users): a reader who blocked that account is not sent the line."""
    seat: int | None
    """Their seat, or None for a spectator."""
    text: str
    """As typed (control characters removed): show it as text, never as markup."""
    at: Moment


class ChatMessage(BaseModel):
    """New lines of a table's chat; on ``watch`` the recent ones come in one message."""

    type: Literal["chat"] = "chat"
    table: int
    lines: list[ChatLinePublic]
    history: bool = False
    """True for the recent lines sent on ``watch``, said before: a client tells of new lines only."""


class HintMessage(BaseModel):
    """The answer to ``why``: the engine's reason for your seat said to you (seats and cards as the table
    names them, in every language), or that the move is legal."""

    type: Literal["hint"] = "hint"
    table: int
    move: str
    legal: bool
    reason: str | None


# -- ratings and replays ------------------------------------------------------------------------------


class BoardPublic(BaseModel):
    """A leaderboard: one per game and rule set."""

    key: str
    game: str
    label: str


class RatingPublic(BaseModel):
    rank: int
    kind: Literal["account", "bot"]
    name: str
    """The account's display name, or the bot level."""
    user_id: int | None
    username: str | None = None
    rating: int
    games: int
    wins: int


class RatingChangePublic(BaseModel):
    kind: Literal["account", "bot"]
    name: str
    user_id: int | None
    before: int
    after: int


class ReplayStep(BaseModel):
    """One step of a replay: the set-up (step 0, ``seat`` and ``move`` None) or a move."""

    step: int
    seat: int | None
    move: str | None
    version: int
    """The record events up to and including this step."""


class ReplayPublic(BaseModel):
    """A game to step through: what it is, who played, and its moves."""

    source: str
    """``table/<id>``, ``upload/<id>`` or ``shared/<share key>``."""
    game: str
    options: dict[str, Any]
    players: list[str]
    result: dict[str, Any] | None
    """The record's result: the engine's (None for a game that stopped before its rules ended it)."""
    ended: dict[str, Any] | None = None
    """For a table's game that stopped before its rules ended it, why: the table's result
    (``{"winners": [...], "conceded": seat}`` or ``{"abandoned": true, "winners": []}``); else None."""
    steps: list[ReplayStep]


class ReplayFrame(BaseModel):
    """The game after one step, as every seat saw it, and the public view."""

    step: int
    version: int
    seat: int | None
    move: str | None
    to_act: int | None
    views: list[dict[str, Any]]
    """``observation(seat)`` for each seat: the hands of everybody (a replay is made from a whole record)."""
    public: dict[str, Any]
    """``observation(None)``."""


class UploadPublic(BaseModel):
    """A record you uploaded to replay (nobody else sees it unless you share it)."""

    id: int
    game: str
    created_at: Moment
    share_key: str | None = None
    """The id of its share link (``/replays/shared/<share_key>``) while you share it."""


# -- your account: turns, settings -----------------------------------------------------------------


class TurnPublic(BaseModel):
    """A table waiting for your move."""

    table: int
    game: str
    board: str
    turn_based: bool
    since: float | None
    """When the wait began (Unix seconds)."""
    deadline: float | None
    """When the stand-in bot moves for you (Unix seconds; None: no clock)."""
    left: float | None
    """Seconds until then, as of the answer (None: no clock)."""


class InvitationPublic(BaseModel):
    """An open table with a seat kept for you (you do not sit there yet)."""

    table: int
    game: str
    board: str
    seat: int
    """The seat kept for you (0-based, as every seat in the API)."""
    invited_by: str
    """The display name of the table's creator, who invited you."""
    invited_by_username: str | None
    """Their username, for their profile (None: the account was deleted)."""


Email = Annotated[str, StringConstraints(max_length=254), AfterValidator(checked_address)]
"""One plain mail address (``mail_address``): no lists, names, encoded words or control characters."""


class SettingsPublic(BaseModel):
    """An account's settings, as its settings page shows them."""

    email: str | None
    email_verified: bool
    """Whether the address was confirmed through the link mailed to it; only then is it mailed anything
    else."""
    mail_turns: bool
    mail_results: bool
    mail_invitations: bool
    trick_pause_ms: int | None
    language: str | None
    """The language the site speaks to the account (None: the browser's cookie or its languages)."""
    mail_enabled: bool
    """Whether this server sends mail at all (``CARDTABLE_SMTP_URL``)."""


class SettingsIn(Strict):
    """New settings; a field left out stays as it is."""

    email: Email | Literal[""] | None = None
    """An address, or "" for none."""
    mail_turns: bool | None = None
    mail_results: bool | None = None
    mail_invitations: bool | None = None
    trick_pause_ms: Annotated[int, Field(ge=0, le=10_000)] | None = None
    language: Language | None = None
    """One of the site's languages; null for none (the browser's choice)."""


class PasswordIn(Strict):
    current: Annotated[str, StringConstraints(min_length=1, max_length=128)]
    new: Password


class DeleteIn(Strict):
    """Deleting an account asks for its password."""

    password: Annotated[str, StringConstraints(min_length=1, max_length=128)]


class MailLinkPublic(BaseModel):
    """What following a link from a mail did, in a sentence."""

    detail: str


# -- profiles -------------------------------------------------------------------------------------------


class RatingPoint(BaseModel):
    table: int
    rating: int
    """The rating after that table's game."""


class BoardStats(BaseModel):
    """A player's games on one leaderboard (a game and rule set)."""

    board: str
    game: str
    label: str
    played: int
    won: int
    average_place: float | None = None
    """The average placing (1: first) over the games that have one (None: none): by score where the game
    keeps scores, else winners first and everyone else after them."""
    rating: int | None
    """The current rating (None: not rated here, e.g. only games against guests)."""
    history: list[RatingPoint]
    """Oldest first."""


class GameInProgress(BaseModel):
    table: int
    game: str
    board: str
    label: str
    players: list[str]


class FinishedGame(GameInProgress):
    won: bool


class ReputationPublic(BaseModel):
    """How reliably an account plays its games to the end (``services.reputation``)."""

    finished: int
    """Games that ended with the account playing its seat."""
    left: int
    """Games that ended with its seat left to the stand-in bot (away or gone, not back before the end)."""
    timeouts: int
    """Moves the stand-in made because the account's time ran out, and game times run out."""
    score: int
    """0 to 100; a new account starts at 90."""
    formula: str
    """How ``score`` is counted, in words."""


class PlayerPublic(BaseModel):
    """An account's profile."""

    username: str
    name: str
    joined: Moment
    boards: list[BoardStats]
    recent: list[FinishedGame]
    """Newest first."""
    playing: list[GameInProgress] = []
    """The games the account sits at that are being played now, newest first."""
    reputation: ReputationPublic | None = None


# -- friends and blocked accounts ----------------------------------------------------------------------


class FriendTable(BaseModel):
    """A table a friend sits at that is not over."""

    id: int
    game: str
    status: Literal["open", "playing"]


class FriendPublic(BaseModel):
    """An account you follow as a friend."""

    username: str
    name: str
    """The display name."""
    online: bool
    """Some connection of theirs follows a table now."""
    tables: list[FriendTable]
    """The tables they sit at that are not over, newest first."""


class BlockedPublic(BaseModel):
    """An account you blocked."""

    username: str
    name: str
    """The display name."""


# -- reviews --------------------------------------------------------------------------------------


class ReviewIn(Strict):
    """Ask for the review of one seat of a finished game."""

    seat: Annotated[int, Field(ge=0, le=63, strict=True)]
    """Strict: ``false`` is no seat number."""
    iterations: Annotated[int, Field(ge=1, le=MAX_INT, strict=True)] | None = None
    """Search iterations per decision: the site's budget when left out, at most that; rounded down to a
    level of the ladder 1, 2, 5, 10, 20, 50, ... (``services.reviews.budget_level``)."""


class ReviewPublic(BaseModel):
    """A review of one seat: its progress while it runs, its result (``cardtable.review``'s, each
    decision with the replay ``step`` showing its position) once done."""

    id: int
    seat: int
    iterations: int
    status: Literal["running", "done", "failed"]
    done: int
    """Judged decisions done so far."""
    total: int | None
    """Judged decisions in all (None until the record was looked through)."""
    percent: int
    error: str | None
    result: dict[str, Any] | None
    place: int | None = None
    """While it waits for a free review worker: its place in the queue (1: next); None once it runs."""
    seconds_left: int | None = None
    """While it runs: the estimated seconds until it is done, from its time per decision so far (None
    before its first decision)."""


# -- the game log -------------------------------------------------------------------------------------


class LogEntryPublic(BaseModel):
    """One line of a game log (``services.game_log``)."""

    step: int
    """Moves made before this line's step ended (0: the set-up)."""
    version: int
    """Record events up to and including this line's step."""
    kind: Literal["section", "move", "note", "result", "end"]
    """``section``: a deal begins; ``result``: a hand, a round or the game ends; ``end``: the game
    stopped before its rules ended it (a concession, an abandonment), told by the server."""
    text: str
    seat: int | None
    """The seat the line is about, if one."""


class SheetRowPublic(BaseModel):
    """One hand or round of a score sheet."""

    label: str
    deltas: list[int]
    totals: list[int]
    note: str
    """What decided the hand or round, in words (may be empty)."""
    version: int
    """The record version of the step that scored it."""


class GameLogPublic(BaseModel):
    """A game's log as the caller may see it: a seat's view, or the public one (``seat`` None)."""

    seat: int | None
    names: list[str]
    """The players' names as the log uses them, one per seat."""
    version: int
    """The record version the log is told up to (a table's messages carry what comes after it)."""
    entries: list[LogEntryPublic]
    sheet: list[SheetRowPublic]
    """The score sheet: every hand or round scored so far (always whole, whatever ``since``)."""


# -- tournaments ---------------------------------------------------------------------------------------

TOURNAMENT_ROUNDS_MAX = 20
TOURNAMENT_MINUTES_MAX = 7 * 24 * 60
TOURNAMENT_BOTS_MAX = 64


class TournamentIn(Strict):
    """A new tournament (``services.tournaments``): Swiss with ``rounds``, or an arena of ``minutes``."""

    game: Annotated[str, StringConstraints(max_length=40)]
    options: Annotated[
        dict[Annotated[str, StringConstraints(max_length=40)], OptionValue], Field(max_length=20)
    ] = Field(default_factory=dict)
    format: Literal["swiss", "arena"]
    rounds: Annotated[int, Field(ge=1, le=TOURNAMENT_ROUNDS_MAX)] | None = None
    """Swiss: the rounds to play."""
    minutes: Annotated[float, Field(gt=0, le=TOURNAMENT_MINUTES_MAX)] | None = None
    """Arena: for how long new games start (fractions of a minute too)."""
    duplicate: bool = False
    """Every table of a round plays the same deal, seats rotated from table to table."""
    turn_seconds: Annotated[int, Field(ge=TURN_SECONDS_MIN, le=TURN_SECONDS_MAX)] | None = None
    """Turn-based games, with this time per move (left out: real-time, with a clock per move)."""
    bots: Annotated[
        list[Annotated[str, StringConstraints(max_length=20)]], Field(max_length=TOURNAMENT_BOTS_MAX)
    ] = Field(default_factory=list)
    """A bot level (``/api/bots``) per bot entered."""
    min_reputation: Annotated[int, Field(ge=0, le=100, strict=True)] | None = None
    """The reputation an account needs to enter (left out, or 0: any account)."""
    rated: bool = True
    """False: its games change no rating."""

    @model_validator(mode="after")
    def _one_length(self) -> TournamentIn:
        if self.format == "swiss" and (self.rounds is None or self.minutes is not None):
            raise ValueError("a Swiss tournament has 'rounds' and no 'minutes'")
        if self.format == "arena" and (self.minutes is None or self.rounds is not None):
            raise ValueError("an arena has 'minutes' and no 'rounds'")
        return self


class EntrantPublic(BaseModel):
    """An entrant: an account, or a bot named by its level and number (``hard bot 1``)."""

    name: str
    user_id: int | None
    username: str | None
    """For a link to the account's profile (None: a bot, or a deleted account)."""
    bot: str | None
    """The bot's level (None: an account)."""


class StandingPublic(BaseModel):
    """One entrant's row of the standings, best first."""

    name: str
    username: str | None
    points: float
    games: int
    """Games played (not byes)."""
    buchholz: float
    """The tie-break: the sum of the points of the entrants one sat with."""
    duplicate: float | None
    """Duplicate tournaments: the points against those who held the same cards (None otherwise)."""
    streak: bool = False
    """Arena: the next game scores double."""


class TournamentGamePublic(BaseModel):
    """A table of a round, with its players in seat order."""

    table: int
    status: Literal["open", "playing", "over"]
    players: list[str]
    points: list[float] | None
    """Once over: each seat's placing points (1 first, 0 last)."""


class RoundPublic(BaseModel):
    """A Swiss round (an arena: a group of tables started one after another, which play the same deal in a
    duplicate arena)."""

    number: int
    """From 1."""
    tables: list[int]
    byes: list[str]
    """The entrants sitting the round out (a bye scores half a point)."""
    games: list[TournamentGamePublic]
    """The tables again, with their players and status."""


class TournamentSummary(BaseModel):
    """A tournament as the list shows it."""

    id: int
    game: str
    title: str
    """The game's title."""
    format: Literal["swiss", "arena"]
    status: Literal["open", "running", "over"]
    planned_rounds: int | None
    """Swiss: the rounds to play."""
    minutes: float | None
    """Arena: its length."""
    duplicate: bool
    turn_seconds: int | None
    rated: bool
    min_reputation: int | None
    created_by: str
    creator_id: int
    created_at: Moment
    started_at: Moment | None
    ends_at: Moment | None
    """Arena: when new games stop."""
    options: dict[str, Any]
    """Every table's options (the list says those changed from the game's defaults)."""
    entrant_count: int
    user_ids: list[int]
    """The accounts entered (the list offers them Leave, others Join)."""
    round: int
    """Swiss: rounds paired so far; arena: groups of tables started so far."""


class TournamentPublic(TournamentSummary):
    """A tournament with its entrants, rounds and standings, and how it is scored in words."""

    entrants: list[EntrantPublic]
    rounds: list[RoundPublic]
    standings: list[StandingPublic]
    scoring: str
    """The rules of scoring in words, for the page."""
