"""``cardtable dataset``: bots play many games and every game's record is written, one a line, for
imitation learning and other offline research (``games.jsonl``, or gzipped ``games.jsonl.gz``).

Decisions:
- Each line is a whole record (``docs/records.md``), replayed through the engine (``core.records``)
  before it is written: a line that would not replay is never written. ``players`` names the bot
  spec at each seat.
- Seeds: game ``i`` (line ``i``, from 0) is dealt from ``derived_seed(seed, "dataset", i)``, the
  record's ``seed``; the bot at seat ``s`` draws from ``derived_seed(seed, "bot", i, s)``
  (``arena.schedule.derived_seed``). The same command line writes the same file, whatever the
  number of workers.
- Seats rotate: in game ``i`` seat ``s`` holds bot ``(s + i) % k`` of the ``k`` bots given, so with
  fewer bots than seats the list repeats, and over ``k`` games every bot sits everywhere. Unlike the
  arena's duplicate deals, every game has its own deal: a data set wants varied positions.
- ``--bots`` is one comma-separated list; a part holding ``=`` but no ``:`` continues the bot before
  it (``ismcts:iterations=300,rollouts=2,random`` is two bots).
- The games run on the arena's workers (``arena.backends``; the ``arena`` extra); lines come out in
  game order. An existing file is never overwritten.
- Its messages (help, errors, progress) are in the terminal's language (``words``: the locale
  variables). It takes no ``--lang``: what it writes is records, whose format is English, and it shows
  no game words.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape

import cardtable

from .. import bots as bot_registry
from ..core.errors import RecordError
from ..core.records import replay
from .errors import fail
from .layout import terminal_console
from .options import GAME_HELP, read_options
from .words import _, ngettext

if TYPE_CHECKING:
    from ..arena.schedule import GameTask

DATASET_SETTINGS = {"allow_extra_args": True, "ignore_unknown_options": True}
"""The game's options follow as extra words (``--version 2``)."""
HELP = _(
    "Write the records of games bots play, one JSON record a line, each checked by replaying it."
    " Game options follow as --option value (e.g. --version 2)."
)


def dataset(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    bots: Annotated[
        str, typer.Option(help=_("the bots, comma-separated: heuristic,random,ismcts:iterations=300"))
    ],
    out: Annotated[Path, typer.Option(help=_("the file to write: games.jsonl, or games.jsonl.gz (gzip)"))],
    games: Annotated[int, typer.Option(help=_("how many games"))] = 100,
    seed: Annotated[int, typer.Option(help=_("same seed, same file"))] = 0,
    workers: Annotated[int | None, typer.Option(help=_("parallel workers [default: all cores]"))] = None,
) -> None:
    """``HELP``."""
    err = terminal_console(stderr=True)
    try:
        from ..arena.backends import run_tasks
    except ImportError as error:
        fail(
            _("dataset needs the arena's extra: pip install 'cardtable[arena]' ({error})").format(
                error=error
            ),
            2,
        )
    try:
        options = cardtable.make(game, **read_options(game, ctx.args)).options
        specs = split_bots(bots)
        for spec in specs:
            bot_registry.make(spec, seed=0).check_game(game)
        if games < 1:
            raise ValueError(_("--games must be at least 1, got {games}").format(games=games))
        if workers is not None and workers < 1:
            raise ValueError(_("--workers must be at least 1, got {workers}").format(workers=workers))
        if out.exists():
            raise ValueError(_("--out: {path} already exists; name a new file").format(path=out))
        if not out.parent.is_dir():
            raise ValueError(_("--out: there is no folder {folder}").format(folder=out.parent))
    except ValueError as error:
        fail(str(error), 2)
    tasks = dataset_tasks(game, options, specs, games, seed)
    if not err.is_interactive:
        playing = ngettext("{game}: playing {count} game…", "{game}: playing {count} games…", games)
        err.print(escape(playing.format(game=game, count=games)))
    written = 0
    try:
        with _open(out) as stream:
            for record in in_order(run_tasks(tasks, workers=workers)):
                replay(record)  # raises RecordError: such a line is never written
                stream.write(json.dumps(record, separators=(",", ":")) + "\n")
                written += 1
    except (RecordError, OSError, ValueError, RuntimeError) as error:  # ArenaError: a bot failed
        reason = _("game {number}: {error}").format(number=written, error=error)
        if written:
            kept = ngettext(
                "({count} record before it is in {path})",
                "({count} records before it are in {path})",
                written,
            ).format(count=written, path=out)
            reason = f"{reason} {kept}"
        fail(reason, 1)
    done = ngettext("{count} record written to {path}.", "{count} records written to {path}.", games)
    err.print(escape(done.format(count=games, path=out)))


def split_bots(text: str) -> list[str]:
    """The bot specs of ``--bots``: comma-separated, a ``key=value`` part (no ``:``) continuing the
    spec before it; raises ValueError for an empty list or a setting with no bot before it.

    >>> split_bots("heuristic, ismcts:iterations=300,rollouts=2,random")
    ['heuristic', 'ismcts:iterations=300,rollouts=2', 'random']
    """
    specs: list[str] = []
    for part in (piece.strip() for piece in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part:
            if not specs:
                raise ValueError(_("--bots: the setting {part!r} follows no bot").format(part=part))
            specs[-1] += "," + part
        else:
            specs.append(part)
    if not specs:
        raise ValueError(_("--bots needs at least one bot, e.g. --bots heuristic,random"))
    return specs


def dataset_tasks(
    game: str, options: dict[str, Any], specs: list[str], games: int, seed: int
) -> list[GameTask]:
    """The games to play, seats rotated and seeded as the module docstring says."""
    from ..arena.schedule import GameTask, derived_seed

    seats = cardtable.make(game, **options).players
    tasks = []
    for index in range(games):
        seating = tuple((seat + index) % len(specs) for seat in range(seats))
        chosen = tuple(specs[b] for b in seating)
        tasks.append(
            GameTask(
                index=index,
                block=index,
                game=game,
                options=options,
                seating=seating,
                specs=chosen,
                deal_seed=derived_seed(seed, "dataset", index),
                bot_seeds=tuple(derived_seed(seed, "bot", index, seat) for seat in range(seats)),
                keep_record=True,
                labels=chosen,
            )
        )
    return tasks


def in_order(results: Iterator[Any]) -> Iterator[dict[str, Any]]:
    """The records of results that arrive in any order, in game order."""
    waiting: dict[int, dict[str, Any]] = {}
    following = 0
    for result in results:
        waiting[result.index] = result.record
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _open(path: Path) -> IO[str]:
    """The output, gzipped when its name ends in ``.gz``; ``x`` mode: never over an existing file."""
    if path.suffix == ".gz":
        return gzip.open(path, "xt", encoding="utf-8")
    return path.open("x", encoding="utf-8")
