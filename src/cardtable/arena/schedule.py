"""Who sits where in each game of an arena, and the seeds each game uses.

Decisions:
- Games come in blocks of ``k`` (the number of bots). Within a block, seat ``s`` of game ``r`` holds bot
  ``(s + r) % k``: every bot sits in every seat exactly once per block, whatever the seat count. The
  number of games is rounded up to whole blocks so that the rotation is always complete.
- Every game of a block is dealt from the same seed (duplicate play, as in bridge tournaments): each
  bot meets the same cards from each seat, which takes much of the luck of the deal out of the
  comparison. Blocks, not games, are therefore the independent samples of the statistics.
- Seeds are derived from the arena seed by hashing text (``random.Random(str)`` is stable across
  runs and platforms), never from the global generator.

>>> rotation(3, 4)
[(0, 1, 2, 0), (1, 2, 0, 1), (2, 0, 1, 2)]
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, kw_only=True)
class GameTask:
    """Everything a worker needs to play one game of an arena (picklable, no live objects)."""

    index: int
    block: int
    game: str
    options: Mapping[str, Any]
    seating: tuple[int, ...]
    """The bot (index into the arena's bots) in each seat."""
    specs: tuple[str, ...]
    """The bot spec in each seat."""
    deal_seed: int
    bot_seeds: tuple[int, ...]
    keep_record: bool = False
    labels: tuple[str, ...] = field(default=())
    """Seat labels for the record."""


def rotation(bots: int, seats: int) -> list[tuple[int, ...]]:
    """The seatings of one block: game ``r`` puts bot ``(s + r) % bots`` in seat ``s``."""
    if bots < 1 or seats < 1:
        raise ValueError("an arena needs at least one bot and one seat")
    return [tuple((seat + r) % bots for seat in range(seats)) for r in range(bots)]


def whole_blocks(games: int, bots: int) -> int:
    """The number of games rounded up to complete rotations."""
    return math.ceil(games / bots) * bots


def derived_seed(*parts: object) -> int:
    """A 63-bit seed that depends only on ``parts``."""
    return random.Random(":".join(["cardtable-arena", *map(str, parts)])).getrandbits(63)


def schedule(
    *,
    game: str,
    options: Mapping[str, Any],
    bots: tuple[str, ...],
    labels: tuple[str, ...],
    seats: int,
    games: int,
    seed: int,
    keep_records: bool,
) -> list[GameTask]:
    """The games of an arena in order (``games`` rounded up to whole blocks)."""
    seatings = rotation(len(bots), seats)
    tasks = []
    for index in range(whole_blocks(games, len(bots))):
        block, turn = divmod(index, len(bots))
        seating = seatings[turn]
        tasks.append(
            GameTask(
                index=index,
                block=block,
                game=game,
                options=dict(options),
                seating=seating,
                specs=tuple(bots[b] for b in seating),
                deal_seed=derived_seed(seed, "deal", block),
                bot_seeds=tuple(derived_seed(seed, "bot", index, seat) for seat in range(seats)),
                keep_record=keep_records,
                labels=tuple(labels[b] for b in seating),
            )
        )
    return tasks
