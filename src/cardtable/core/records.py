"""Reading game records (``cardtable-record/1``): a state rebuilt from a record, step by step, with every
event checked against the rules. A state writes its own record (``State.record``, ``State.events``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from .errors import IllegalAction, InvalidNotation, RecordError
from .events import RECORD_FORMAT, ChanceScript
from .game import State
from .registry import make
from .story import Fact

_KEYS = {"format", "game", "options", "seed", "players", "events", "result"}


class Step(NamedTuple):
    """One step of a replay: the state after the set-up, or after one recorded move and what the
    engine wrote after it (deals, scores)."""

    state: State
    """The same object at every step: clone it to keep one."""
    seat: int | None
    """The seat that moved, as the record says (None at the set-up)."""
    move: str | None
    """The move as the record writes it (None at the set-up)."""


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild the state a record describes (finished or still running), checking every event.

    Raises RecordError naming the first bad event's index and the rules' reason.
    """
    steps = replay_steps(record)
    step = next(steps)
    for step in steps:  # noqa: B007 - the last step is the answer
        pass
    return step.state


def replay_steps(record: Mapping[str, Any]) -> Iterator[Step]:
    """Replay a record one decision at a time: the set-up, then each move (``Step``). The record's
    result is checked at the end; raises RecordError naming the first bad event's index and why."""
    for step, _ in _replay(record, tell=False):
        yield step


def story_steps(record: Mapping[str, Any]) -> Iterator[tuple[Step, list[Fact]]]:
    """``replay_steps`` with what happened at each step, as the engine tells it (``State.opening`` at the
    set-up, ``State.tell`` for each move)."""
    return _replay(record, tell=True)


def _replay(record: Mapping[str, Any], *, tell: bool) -> Iterator[tuple[Step, list[Fact]]]:
    events = _check_header(record)
    try:
        game = make(record["game"], **record["options"])
    except (ValueError, TypeError) as error:
        raise RecordError(f"bad game or options: {error}") from None
    labels = record.get("players")
    if labels is not None and not (
        isinstance(labels, list) and len(labels) == game.players and all(isinstance(x, str) for x in labels)
    ):
        seats = game.players
        raise RecordError(f"players must be a list of {seats} names (text), one per seat, got {labels!r}")
    state = game.state_class(game, record["seed"], ChanceScript(events))
    index = _check_generated(state, events, 0)
    yield Step(state, None, None), state.opening() if tell else []
    while index < len(events):
        event = events[index]
        facts = _apply_move(state, event, index, tell)
        index = _check_generated(state, events, index + 1)
        yield Step(state, event["seat"], event["move"]), facts
    _check_result(state, record["result"])
    state.end_replay()


def _check_header(record: Mapping[str, Any]) -> list[Any]:
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"format must be {RECORD_FORMAT!r}, got {record.get('format')!r}")
    missing = sorted(_KEYS - {"players"} - set(record))
    if missing:
        raise RecordError(f"the record has no '{missing[0]}'")
    extra = sorted(set(record) - _KEYS)
    if extra:
        raise RecordError(f"unknown key '{extra[0]}' in the record")
    if not isinstance(record["options"], Mapping):
        raise RecordError("options must be an object")
    seed = record["seed"]
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("seed must be an integer or null")
    if not isinstance(record["events"], list):
        raise RecordError("events must be a list")
    return record["events"]


def _check_generated(state: State, events: list[Any], index: int) -> int:
    """Events the engine wrote by itself (deals, scores) must stand in the record as written."""
    for expected in state.events(index):
        if index >= len(events):
            raise RecordError(f"the record ends before the engine's event {expected}", index=index)
        if events[index] != expected:
            raise RecordError(f"expected {expected}, found {events[index]!r}", index=index)
        index += 1
    return index


def _apply_move(state: State, event: Any, index: int, tell: bool) -> list[Fact]:
    """Make a recorded move (and with ``tell``, return what happened)."""
    if not isinstance(event, dict) or set(event) != {"seat", "move"}:
        raise RecordError(f"expected a move {{'seat': s, 'move': ...}} here, found {event!r}", index=index)
    seat, text = event["seat"], event["move"]
    if type(seat) is not int:
        raise RecordError(f"a seat is written as an integer, found {seat!r}", index=index)
    if state.is_terminal():
        raise RecordError("the game is already over", index=index)
    if seat != state.current_player():
        raise RecordError(f"seat {seat!r} moved, but it is seat {state.current_player()}'s turn", index=index)
    if not isinstance(text, str):
        raise RecordError(f"a move is written as text, found {text!r}", index=index)
    try:
        action = state.string_to_action(text)
    except InvalidNotation as error:
        raise RecordError(f"seat {seat}'s move {text!r} is no move: {error}", index=index) from None
    try:
        if tell:
            return state.tell(action)
        state.apply_action(action)
    except IllegalAction as error:  # the reason already names the seat and the move
        raise RecordError(str(error), index=index) from None
    return []


def _check_result(state: State, result: Any) -> None:
    if result is None:
        if state.is_terminal():
            raise RecordError("the record's result is null, but its events end the game")
        return
    if not state.is_terminal():
        raise RecordError("the record has a result, but its events do not end the game")
    expected = state.result()
    if result != expected:
        raise RecordError(f"the result should be {expected}, the record says {result!r}")
