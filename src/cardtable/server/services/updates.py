"""What each audience of a table is sent, and sending it: one table message per seated person and one for
everybody else, published on the table's channel after every committed change.

Decisions:
- Each seat gets ``observation(seat)`` and, when it is to act and plays its seat itself, its legal moves
  in notation; spectators and people not seated get ``observation(None)``. Nothing else about the game is
  sent while it runs: not the last move's text, not the record (published once the game is over, by the
  lobby, with ``seed`` null: a seed would reveal future deals).
- The texts are made once per change, by the publisher, and each connection picks its own
  (``TableUpdate.text_for``): a hundred spectators cost one public text, not a hundred.
- The clocks in every text of one update are read at one moment.
- The texts are JSON made from plain values (orjson), not through the ``schemas.TableMessage``
  model, which stays the description of the message (a test checks that every text is a valid one).
- Every text carries the game log's entries of the table's latest step for its audience (``log``, after
  ``log_since``) and the score-sheet rows it added, worded once per step from the facts the move path
  kept (``game_log.Story``): the public words once, a seat's own only when it holds a secret of the
  step (a card it drew). So a page follows the log from its table messages and never asks the server
  to tell the game again. A seat handed to the stand-in or back makes no new version: its note is told
  with the next step, as the log has always told it (``game_log``), and the message of the hand-off
  repeats the latest step, which a page already has.
- A seat with steps of its turn in progress held (``held``) is sent its view of them (``version``
  counts them, ``held`` says how many it may take back, no log until they are final); nobody else is
  sent anything for them, and the update's own version (by which connections order updates) stays the
  stored one.
- A move's change for the other servers carries why the stand-in made it, if it did: with the events,
  the follower tells the move itself (``live.follow``) and words the same log; no fact crosses Redis.
- The log is in its reader's language. The texts are English (``texts``), and the same texts are made
  in every other language a connection here reads the table in (``worded``, from ``Live.languages``): a
  step is worded once per audience and language read, and the observations are made once for all of
  them. A reader whose language an update lacks (a connection to another server, or one that came
  meanwhile) has the log part of its text worded when it is sent (``reworded``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from cardtable.i18n import DEFAULT

from ..pubsub import PubSub
from .clocks import clock_state
from .held import Held
from .live import Live


def channel(table_id: int) -> str:
    """The pub/sub channel of a table's updates."""
    return f"table:{table_id}"


@dataclass(frozen=True)
class TableUpdate:
    """A table as each audience may see it, as ready-to-send JSON texts (one per seated person and one for
    everybody else)."""

    table_id: int
    version: int
    seat_users: tuple[int | None, ...]
    texts: dict[int | None, str]
    """In English, by audience (a seat, or None for everybody else)."""
    change: str | None = None
    """For the other servers only (never sent to a client: it holds what no seat may see): the move's
    record events and the table's running facts after it, as JSON (``move_change``)."""
    worded: dict[str, dict[int | None, str]] = field(default_factory=dict)
    """The texts in each other language read at the table, by language and audience."""

    def audience(self, user_id: int) -> int | None:
        """The seat ``user_id`` sits at, or None (the public text's audience)."""
        for seat, owner in enumerate(self.seat_users):
            if owner == user_id:
                return seat
        return None

    def text_for(self, user_id: int, language: str = DEFAULT) -> str | None:
        """The text for ``user_id`` in ``language``: its seat's view if it sits at the table, else the
        public one; None when the update is not for them (a step of a turn in progress goes to its person
        alone: ``held``). A language the update lacks gives the English text (see ``unworded``)."""
        audience = self.audience(user_id)
        if language != DEFAULT:
            text = self.worded.get(language, {}).get(audience)
            if text is not None:
                return text
        return self.texts.get(audience)

    def unworded(self, user_id: int, language: str) -> bool:
        """Whether ``user_id``'s text carries log words that are not in ``language`` (``reworded``)."""
        audience = self.audience(user_id)
        if language == DEFAULT or audience in self.worded.get(language, {}):
            return False
        text = self.texts.get(audience)
        return text is not None and not text.endswith(f"{NO_LOG}}}")


def table_message(live: Live, *, seat: int | None, now: float, language: str = DEFAULT) -> str:
    """The table message for one seat, or for spectators when ``seat`` is None, with the clocks at ``now``
    and the log in ``language``; a seat with steps of its turn in progress held sees them (``held``)."""
    held = live.held_by(seat) if seat is not None else None
    return _text(_common(live, now, held), live, seat, {}, held, language)


def table_update(live: Live, *, since: int | None = None) -> TableUpdate:
    """The table as every audience may see it now, in English and each language read here
    (``Live.languages``); after a move from version ``since``, with its change."""
    common = _common(live, time.time())
    audiences = [seat for seat, user in enumerate(live.seat_users) if user is not None]
    own = {seat: _own(common, live, seat) for seat in [*audiences, None]}
    held = live.held_by()
    held_texts: dict[int | None, str] = {}
    if held is not None and held.seat in own:  # its person sees the turn in progress (``held``)
        held_texts[held.seat] = _text(_common(live, common.now, held), live, held.seat, {}, held)
    logs: dict[int, str] = {}  # the log part of the texts, by the words it is made of: most share one

    def texts(language: str) -> dict[int | None, str]:
        found = {seat: f"{part},{_log_part(live, seat, logs, language)}}}" for seat, part in own.items()}
        return {**found, **held_texts}

    change = move_change(live, since) if since is not None else None
    worded = {language: texts(language) for language in live.languages}
    return TableUpdate(live.id, live.version, live.seat_users, texts(DEFAULT), change, worded)


def reworded(text: str, told_start: int, words: tuple[list[Any], list[Any]]) -> str:
    """``text`` (a table message with a log) with its log part replaced by ``words`` (the entries and
    score rows of the step that started at record event ``told_start``, in another language)."""
    entries, rows = words
    part = _json({"log_since": told_start, "log": entries, "log_sheet": rows})[1:-1]
    return f"{text[: text.rfind(LOG_FIELD)]},{part}}}"


def move_change(live: Live, since: int) -> str:
    """What another server holding the table at version ``since`` needs to follow a move (``live``): the
    record events from ``since`` and the facts a move changes."""
    assert live.state is not None
    change = {
        "from": since,
        "events": live.state.events(since),
        "status": live.status,
        "result": live.result,
        "turn_since": live.turn_since,
        "time_used": live.time_used,
        "stand_in": live.story.marks.moves.get(since) if live.story is not None else None,
    }
    return _json(change)


@dataclass(frozen=True)
class _Common:
    """What every audience's text of one update shares: the seat to act, and the shared fields of the
    ``TableMessage`` as JSON text without its closing brace."""

    to_act: int | None
    head: str
    now: float


def _common(live: Live, now: float, held: Held | None = None) -> _Common:
    """The shared part of an update's texts, made once: through pydantic per seat, it cost more than the
    observations. With ``held``, that of the text of a seat with steps of its turn in progress held: its
    ``version`` counts them, ``held`` says how many."""
    state = live.state if held is None else held.state
    to_act = state.current_player() if state is not None else None
    clock = clock_state(live, now) if live.status == "playing" else None
    fields = {
        "type": "table",
        "table": live.id,
        "game": live.game,
        "status": live.status,
        "version": state.event_count() if state is not None else 0,
        "held": len(held.steps) if held is not None else 0,
        "seats": live.seats_dump(),
        "to_act": to_act,
        "result": live.result,
        "clock": clock.model_dump() if clock is not None else None,
        "turn_based": live.turn_based,
        "rated": live.rated,
    }
    return _Common(to_act, _json(fields)[:-1], now)


def _text(
    common: _Common,
    live: Live,
    seat: int | None,
    logs: dict[int, str],
    held: Held | None = None,
    language: str = DEFAULT,
) -> str:
    """The ``TableMessage`` text of one audience: the shared fields, its seat, observation and moves, and
    its log of the latest step in ``language`` (from ``logs``, the log parts made so far for this
    update). With ``held`` steps, the seat's view of its turn in progress, without a log: the log tells a
    turn once final."""
    log = _log_part(live, seat, logs, language) if held is None else NO_LOG
    return f"{_own(common, live, seat, held)},{log}}}"


def _own(common: _Common, live: Live, seat: int | None, held: Held | None = None) -> str:
    """An audience's text up to its log (JSON without the log's fields and the closing brace): the shared
    fields, its seat, observation and moves."""
    state = live.state if held is None else held.state
    moves: list[str] = []
    if (
        state is not None
        and live.status == "playing"
        and seat is not None
        and common.to_act == seat
        and seat not in live.away
    ):
        moves = [state.action_to_string(a) for a in state.legal_actions()]
    observation = state.observation(seat) if state is not None else None
    own = _json({"seat": seat, "observation": observation, "moves": moves})
    return f"{common.head},{own[1:-1]}"


LOG_FIELD = ',"log_since":'
"""Where an audience's text turns to its log (no string in the JSON before it can hold it: a quote in a
string is escaped)."""
NO_LOG = '"log_since":null,"log":[],"log_sheet":[]'


def _log_part(live: Live, seat: int | None, logs: dict[int, str], language: str = DEFAULT) -> str:
    """The ``log_since``, ``log`` and ``log_sheet`` fields of one audience's text (JSON without braces):
    the latest step's words in ``language``, made into JSON once for all the audiences that read the
    same words."""
    story = live.story
    if story is None or not story.steps:
        return NO_LOG
    told = story.steps[-1]
    words = story.words(told, seat, language)
    part = logs.get(id(words))
    if part is None:
        entries, rows = words
        part = _json({"log_since": told.start, "log": entries, "log_sheet": rows})[1:-1]
        logs[id(words)] = part
    return part


def _json(value: Any) -> str:
    """Compact JSON, as pydantic writes it (orjson: the texts of every move are most of a move's JSON)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def publish_held(pubsub: PubSub, live: Live, seat: int) -> None:
    """Send ``seat``'s person alone its view of its turn in progress, after a step held or taken back
    (``held``): nobody else is sent anything. The update carries the stored version, by which a
    connection orders updates."""
    held = live.held_by(seat)
    text = _text(_common(live, time.time(), held), live, seat, {}, held)
    pubsub.publish(channel(live.id), TableUpdate(live.id, live.version, live.seat_users, {seat: text}))


def publish(pubsub: PubSub, live: Live, *, since: int | None = None) -> None:
    """Send the table as it is now to everyone following it (after a commit: nothing unstored goes out);
    after a move from version ``since``, other servers get the move's change with it."""
    pubsub.publish(channel(live.id), table_update(live, since=since))
