"""Game records (``cardtable-record/1``): written from a state's event log, and replayed with every
event checked against the rules."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .errors import IllegalAction, InvalidNotation, RecordError
from .game import ChanceScript, JsonDict, State
from .registry import make

FORMAT = "cardtable-record/1"
_KEYS = {"format", "game", "options", "seed", "players", "events", "result"}


def build_record(state: State, players: list[str] | None = None) -> JsonDict:
    """The record of ``state`` so far; ``players`` are optional labels per seat."""
    record: JsonDict = {
        "format": FORMAT,
        "game": state.game.name,
        "options": dict(state.game.options),
        "seed": state._seed,
    }
    if players is not None:
        if len(players) != state.game.players:
            raise ValueError(f"players needs {state.game.players} labels, got {len(players)}")
        record["players"] = [str(label) for label in players]
    record["events"] = [_event_json(state, entry) for entry in state._log]
    record["result"] = _copy(state._result()) if state._over else None
    return record


def events_since(state: State, start: int) -> list[JsonDict]:
    """The record's events from index ``start`` on (to follow a game as it goes)."""
    return [_event_json(state, entry) for entry in state._log[start:]]


def _event_json(state: State, entry: Any) -> JsonDict:
    if isinstance(entry, tuple):
        seat, action = entry
        return {"seat": seat, "move": state.game.action_to_string(action)}
    return _copy(entry)  # type: ignore[no-any-return]


def _copy(value: Any) -> Any:
    """A copy of JSON-like data, so a record never shares lists with the live state."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild the state a record describes (finished or still running), checking every event.

    Raises RecordError naming the first bad event's index and the rules' reason.
    """
    steps = replay_steps(record)
    state = next(steps)
    for state in steps:  # noqa: B007 - the last state is the answer
        pass
    return state


def replay_steps(record: Mapping[str, Any]) -> Iterator[State]:
    """Replay a record one decision at a time: yields the state after set-up, then after each move
    (the same object each time; clone it to keep one). The record's result is checked at the end."""
    events = _check_header(record)
    try:
        game = make(record["game"], **record["options"])
    except (ValueError, TypeError) as error:
        raise RecordError(f"bad game or options: {error}") from None
    state = game.state_class(game, record["seed"], ChanceScript(events))
    index = _check_generated(state, events, 0)
    yield state
    while index < len(events):
        _apply_move(state, events[index], index)
        index = _check_generated(state, events, index + 1)
        yield state
    _check_result(state, record["result"])
    del state._script  # the record is replayed: chance comes from the seed again


def _check_header(record: Mapping[str, Any]) -> list[Any]:
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, got {record.get('format')!r}")
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
    while index < len(state._log):
        if index >= len(events):
            expected = _event_json(state, state._log[index])
            raise RecordError(f"the record ends before the engine's event {expected}", index=index)
        expected = _event_json(state, state._log[index])
        if events[index] != expected:
            raise RecordError(f"expected {expected}, found {events[index]!r}", index=index)
        index += 1
    return index


def _apply_move(state: State, event: Any, index: int) -> None:
    if not isinstance(event, dict) or set(event) != {"seat", "move"}:
        raise RecordError(f"expected a move {{'seat': s, 'move': ...}} here, found {event!r}", index=index)
    seat, text = event["seat"], event["move"]
    if state.is_terminal():
        raise RecordError("the game is already over", index=index)
    if seat != state.current_player():
        raise RecordError(f"seat {seat!r} moved, but it is seat {state.current_player()}'s turn", index=index)
    if not isinstance(text, str):
        raise RecordError(f"a move is written as text, found {text!r}", index=index)
    try:
        state.apply_action(state.string_to_action(text))
    except (IllegalAction, InvalidNotation) as error:
        raise RecordError(f"seat {seat} cannot play {text!r}: {error}", index=index) from None


def _check_result(state: State, result: Any) -> None:
    if result is None:
        if state.is_terminal():
            raise RecordError("the record's result is null, but its events end the game")
        return
    if not state.is_terminal():
        raise RecordError("the record has a result, but its events do not end the game")
    expected = _copy(state._result())
    if result != expected:
        raise RecordError(f"the result should be {expected}, the record says {result!r}")
