"""``cardtable arena``: bots play many games with seats rotated, on all cores by default, and a table
of win rates, mean returns (95% intervals) and ratings comes out; ``--json`` for machines, ``--plot``
for people, ``--records`` to keep every game.

The arena's libraries (openskill, scipy, matplotlib; Ray for ``--backend ray``) are the ``arena`` and
``ray`` extras, imported only when the command runs, so the rest of the CLI works without them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

if TYPE_CHECKING:
    from ..arena import ArenaReport, GameResult

ARENA_SETTINGS = {"allow_extra_args": True, "ignore_unknown_options": True}
"""Click settings the command needs: more bots and the game's options follow as extra words."""


def arena(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game, e.g. slobberhannes")],
    bots: Annotated[
        list[str] | None,
        typer.Option(help="the bots: --bots hard heuristic random (kinds, levels, kind:settings)"),
    ] = None,
    games: Annotated[int, typer.Option(help="games to play (rounded up to whole seat rotations)")] = 100,
    seed: Annotated[int, typer.Option(help="same seed, same games and results")] = 0,
    workers: Annotated[int | None, typer.Option(help="parallel workers [default: all cores]")] = None,
    backend: Annotated[str, typer.Option(help="process (this machine) or ray (a Ray cluster)")] = "process",
    json_out: Annotated[bool, typer.Option("--json", help="print the report as JSON on stdout")] = False,
    plot: Annotated[Path | None, typer.Option(help="draw win rates and ratings to this PNG")] = None,
    records: Annotated[Path | None, typer.Option(help="write every game's record into this folder")] = None,
) -> None:
    """Play bots against each other with seats rotated and report who is stronger, with 95% intervals.
    Game options follow as --option value (e.g. --players 5)."""
    err = Console(stderr=True, highlight=False)
    try:
        from .. import arena as arena_module
    except ImportError as error:
        err.print(f"[red]error:[/red] the arena needs its extra: pip install 'cardtable[arena]' ({error})")
        raise typer.Exit(2) from None
    try:
        more_bots, options = _split_extra(game, ctx.args)
        config = arena_module.ArenaConfig(
            game=game, bots=tuple([*(bots or []), *more_bots]), games=games, seed=seed, options=options
        )
        config.check()
        if backend not in arena_module.BACKENDS:
            raise ValueError(
                f"unknown backend {backend!r}; the backends are: {', '.join(arena_module.BACKENDS)}"
            )
        if workers is not None and workers < 1:
            raise ValueError(f"--workers must be at least 1, got {workers}")
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
    except (ValueError, OSError) as error:
        err.print(f"[red]error:[/red] {error}")
        raise typer.Exit(2) from None
    planned = arena_module.planned_games(config)
    if planned != games:
        err.print(f"Playing {planned} games: whole rotations of {len(config.bots)} bots over every seat.")
    if any("seconds=" in spec for spec in config.bots):
        err.print("Note: a bot with a time budget makes the results depend on the machine's speed.")
    try:
        report = _run_with_progress(arena_module, config, backend, workers, records, err)
    except (arena_module.ArenaError, ImportError) as error:
        err.print(f"[red]error:[/red] {error}")
        raise typer.Exit(1) from None
    if json_out:
        sys.stdout.write(json.dumps(report.as_json(), indent=2) + "\n")
    else:
        Console(highlight=False).print(standings_table(report))
    if plot is not None:
        from ..arena.plot import ratings_figure

        ratings_figure(report).savefig(plot, dpi=120)
        err.print(f"Plot written to {plot}.")
    if records is not None:
        err.print(f"{len(report.results)} records written to {records}/.")


def _run_with_progress(
    arena_module: Any, config: Any, backend: str, workers: int | None, records: Path | None, err: Console
) -> ArenaReport:
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=False) as progress:
        task = progress.add_task(f"{config.game}: {' v '.join(config.labels())}", total=None)

        def done(result: GameResult, total: int) -> None:
            if records is not None and result.record is not None:
                path = records / f"game-{result.index:05d}.json"
                path.write_text(json.dumps(result.record, indent=1) + "\n")
            progress.update(task, total=total, advance=1)

        return arena_module.run(  # type: ignore[no-any-return]
            config, backend=backend, workers=workers, keep_records=records is not None, on_result=done
        )


def _split_extra(game: str, words: list[str]) -> tuple[list[str], dict[str, Any]]:
    """Bare words are more bots (``--bots a b c``); ``--name value`` pairs are game options."""
    from .main import _game_options  # the play command's reader of game options

    bots: list[str] = []
    option_words: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word.startswith("--"):
            option_words.append(word)
            if "=" not in word and index + 1 < len(words):
                option_words.append(words[index + 1])
                index += 1
        else:
            bots.append(word)
        index += 1
    return bots, _game_options(game, option_words)


def standings_table(report: ArenaReport) -> Table:
    """The arena's result for people: one row per bot, strongest first."""
    even = report.even
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in report.options.items())
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{report.config.game} ({options}): {len(report.results)} games, seed {report.config.seed}",
        caption=(
            f"95% intervals over {report.blocks} deals, each played in every seat rotation. "
            f"Win rate: share of the wins, shared wins split; even = {100 * even:.1f}%. "
            "Mean return: per seat. Rating: openskill mu ± sigma."
        ),
    )
    table.add_column("bot", overflow="fold", max_width=20)
    table.add_column("seats", justify="right")
    table.add_column("win rate [95%]", justify="right")
    table.add_column("vs even", justify="center", no_wrap=True)
    table.add_column("mean return [95%]", justify="right")
    table.add_column("rating", justify="right", no_wrap=True)
    table.add_column("ms/move", justify="right")
    for standing in sorted(report.standings, key=lambda s: -s.stats.win_rate.mean):
        stats = standing.stats
        rate, mean = stats.win_rate, stats.mean_return
        verdict = (
            "[green]above[/green]"
            if rate.clear_above(even)
            else "[red]below[/red]"
            if rate.clear_below(even)
            else "unclear"
        )
        table.add_row(
            standing.label,
            str(stats.seat_games),
            f"{100 * rate.mean:.1f}% {_interval(rate.low, rate.high, 100, '.1f')}",
            verdict,
            f"{mean.mean:.3f} {_interval(mean.low, mean.high, 1, '.3f')}",
            f"{standing.rating.mu:.1f}±{standing.rating.sigma:.1f}",
            f"{1000 * stats.think_seconds / stats.decisions:.2f}" if stats.decisions else "-",
        )
    return table


def _interval(low: float | None, high: float | None, scale: float, form: str) -> str:
    if low is None or high is None:
        return "[no interval]"
    return f"[{scale * low:{form}}, {scale * high:{form}}]"
