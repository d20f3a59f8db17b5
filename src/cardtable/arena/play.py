"""Playing one game of an arena: the unit of work every backend runs (a plain function of a
picklable task, so processes and Ray workers can run it alike)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from .. import bots as bot_registry
from ..core.errors import IllegalAction
from ..core.game import JsonDict
from ..core.registry import make as make_game
from .schedule import GameTask


class ArenaError(RuntimeError):
    """A game of the arena could not be played to its end (a bot failed)."""


@dataclass(frozen=True, kw_only=True)
class GameResult:
    """The outcome of one arena game, with the bot seated at each seat."""

    index: int
    block: int
    seating: tuple[int, ...]
    returns: tuple[float, ...]
    moves: int
    decisions: tuple[int, ...]
    """Decisions each seat's bot made."""
    think: tuple[float, ...]
    """Seconds each seat's bot spent choosing (machine-dependent: kept out of the statistics)."""
    record: JsonDict | None = None


def play_game(task: GameTask) -> GameResult:
    """Play ``task`` to the end; raises ArenaError naming the bot, seat and game when a bot fails."""
    state = make_game(task.game, **task.options).new_game(seed=task.deal_seed)
    seats = state.game.players
    players = [
        bot_registry.make(spec, seed=seed) for spec, seed in zip(task.specs, task.bot_seeds, strict=True)
    ]
    decisions = [0] * seats
    think = [0.0] * seats
    moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        start = time.perf_counter()
        try:
            action = players[seat].choose(state)
            think[seat] += time.perf_counter() - start
            state.apply_action(action)
        except (IllegalAction, ValueError) as error:
            raise ArenaError(
                f"game {task.index}: bot {task.specs[seat]!r} at seat {seat} failed at move {moves}: {error}"
            ) from error
        decisions[seat] += 1
        moves += 1
    record = state.record(list(task.labels) if task.labels else None) if task.keep_record else None
    return GameResult(
        index=task.index,
        block=task.block,
        seating=task.seating,
        returns=tuple(state.returns()),
        moves=moves,
        decisions=tuple(decisions),
        think=tuple(think),
        record=record,
    )
