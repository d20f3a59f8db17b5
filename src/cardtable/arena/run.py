"""An arena: bots play many games of one game with seats rotated, and the results are summed up with
confidence intervals and ratings (``run``). The ``cardtable arena`` command is a thin layer on this.

Decisions:
- Stopped early (``stop_on_interrupt`` and Ctrl-C), the report covers the whole blocks finished and
  leaves out the games of blocks that are not complete: a block is one deal played from every seat by
  every bot, and a part of one would favour the bots that happened to sit in its better seats.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import bots as bot_registry
from ..core.game import JsonDict
from ..core.registry import make as make_game
from .backends import run_tasks
from .play import GameResult
from .ratings import Rating, rate
from .schedule import schedule, whole_blocks
from .stats import BotStats, bot_stats

FORMAT = "cardtable-arena/1"


@dataclass(frozen=True, kw_only=True)
class ArenaConfig:
    """What to play: the game and its options, the bots (specs for ``bots.make``), how many games
    (rounded up to whole rotations) and the seed everything is derived from."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    def check(self) -> dict[str, Any]:
        """The game's full options; raises ValueError naming what is wrong, before any game is played."""
        if not isinstance(self.games, int) or isinstance(self.games, bool) or self.games < 1:
            raise ValueError(f"games must be a positive integer, got {self.games!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError(f"seed must be an integer, got {self.seed!r}")
        game = make_game(self.game, **self.options)
        for spec in self.bots:
            bot_registry.make(spec, seed=0).check_game(self.game)
        if len(self.bots) < 2:
            raise ValueError(
                "an arena needs at least two bots to compare (name one twice to play it against itself)"
            )
        return dict(game.options)

    def labels(self) -> tuple[str, ...]:
        """A distinct label per bot: its spec, numbered when the same spec appears more than once."""
        labels = []
        for index, spec in enumerate(self.bots):
            if self.bots.count(spec) > 1:
                spec = f"{spec} #{self.bots[:index].count(spec) + 1}"
            labels.append(spec)
        return tuple(labels)


@dataclass(frozen=True)
class Standing:
    """One bot's line in the arena's table."""

    bot: str
    label: str
    stats: BotStats
    rating: Rating


@dataclass(frozen=True)
class ArenaReport:
    """The outcome of an arena: per-bot standings (in the order the bots were given) and the games."""

    config: ArenaConfig
    options: dict[str, Any]
    seats: int
    results: tuple[GameResult, ...]
    standings: tuple[Standing, ...]
    seconds: float
    interrupted: bool = False
    """Stopped before the last game: ``results`` are the whole blocks finished by then."""

    @property
    def even(self) -> float:
        """The win rate of a bot exactly as strong as the others."""
        return 1.0 / len(self.config.bots)

    @property
    def blocks(self) -> int:
        return len({r.block for r in self.results})

    def as_json(self) -> JsonDict:
        """The machine-readable report; everything but ``timing`` depends only on the config."""
        return {
            "format": FORMAT,
            "game": self.config.game,
            "options": dict(self.options),
            "seed": self.config.seed,
            "games": len(self.results),
            "blocks": self.blocks,
            "interrupted": self.interrupted,
            "even_win_rate": self.even,
            "confidence": 0.95,
            "standings": [
                {
                    "bot": s.bot,
                    "label": s.label,
                    "seat_games": s.stats.seat_games,
                    "win_rate": s.stats.win_rate.as_json(),
                    "mean_return": s.stats.mean_return.as_json(),
                    "rating": s.rating.as_json(),
                    "decisions": s.stats.decisions,
                }
                for s in self.standings
            ],
            "timing": {
                "seconds": self.seconds,
                "seconds_per_decision": {
                    s.label: (s.stats.think_seconds / s.stats.decisions if s.stats.decisions else None)
                    for s in self.standings
                },
            },
        }


def run(
    config: ArenaConfig,
    *,
    backend: str = "process",
    workers: int | None = None,
    keep_records: bool = False,
    on_result: Callable[[GameResult, int], None] | None = None,
    stop_on_interrupt: bool = False,
) -> ArenaReport:
    """Play the arena and sum it up. ``on_result(result, total)`` is called as each game finishes (in
    any order). Raises ValueError for a bad config (before playing) and ArenaError if a game fails.
    With ``stop_on_interrupt``, Ctrl-C ends the play at once and the report covers the whole blocks
    finished (``interrupted``); ArenaStopped when not one block was."""
    options = config.check()
    seats = make_game(config.game, **config.options).players
    labels = config.labels()
    tasks = schedule(
        game=config.game,
        options=options,
        bots=config.bots,
        labels=labels,
        seats=seats,
        games=config.games,
        seed=config.seed,
        keep_records=keep_records,
    )
    start = time.perf_counter()
    results: list[GameResult] = []
    interrupted = False
    try:
        for result in run_tasks(tasks, backend=backend, workers=workers):
            results.append(result)
            if on_result is not None:
                on_result(result, len(tasks))
    except KeyboardInterrupt:
        if not stop_on_interrupt:
            raise
        interrupted = True
        results = whole_blocks_of(results, len(config.bots))
        if not results:
            rotation = len(config.bots)
            raise ArenaStopped(f"stopped before a whole rotation of {rotation} games was played") from None
    results.sort(key=lambda r: r.index)
    stats = bot_stats(results, len(config.bots))
    ratings = rate(results, len(config.bots))
    standings = tuple(
        Standing(spec, label, s, r)
        for spec, label, s, r in zip(config.bots, labels, stats, ratings, strict=True)
    )
    return ArenaReport(
        config=config,
        options=options,
        seats=seats,
        results=tuple(results),
        standings=standings,
        seconds=time.perf_counter() - start,
        interrupted=interrupted,
    )


class ArenaStopped(Exception):
    """The arena was stopped before one whole block was played: there is nothing to report."""


def whole_blocks_of(results: list[GameResult], games_per_block: int) -> list[GameResult]:
    """The results of the blocks all of whose games are among ``results``."""
    count = Counter(result.block for result in results)
    return [result for result in results if count[result.block] == games_per_block]


def planned_games(config: ArenaConfig) -> int:
    """How many games ``run`` will play: ``games`` rounded up to whole rotations of the bots."""
    return whole_blocks(config.games, len(config.bots))
