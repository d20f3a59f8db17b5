"""``cardtable arena``: bots play many games with seats rotated, on all cores by default, and a table
of win rates, mean returns (95% intervals) and ratings comes out; ``--json`` for machines, ``--plot``
for people, ``--records`` to keep every game.

The arena's libraries (openskill, scipy, matplotlib; Ray for ``--backend ray``) are the ``arena`` and
``ray`` extras, imported only when the command runs, so the rest of the CLI works without them.

Decisions:
- Everything is checked before the first game: the game, its options, the bots (two at least), and
  the paths. ``--plot`` needs an existing folder and a file type matplotlib writes; ``--records``
  needs a folder that holds no records yet, so that old and new games are never mixed.
- The table fits any width: where its columns do not fit, each bot gets a few lines instead, and an
  interval is never cut or wrapped. Written to a file, the table keeps its full width.
- Progress is a bar on a terminal that can redraw, one line where it cannot (``TERM=dumb``, a file).
- Ctrl-C stops the arena at once (its workers are ended, not waited for) with a line saying so, then
  reports the whole rotations finished, table and plot as usual, and exits with code 130; records
  already written stay. Before one whole rotation there is no report.
- An interval of zero width (every deal gave the same result) says nothing: it is shown as "too few
  games", and the bot's place against the even result as unclear.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console, Group
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .errors import fail, unwritable
from .layout import Fitted, natural_width, terminal_console
from .options import GAME_HELP, read_options
from .words import Lang, _, decimal, ngettext, percent

if TYPE_CHECKING:
    from ..arena import ArenaReport, GameResult, Interval, Standing

ARENA_SETTINGS = {"allow_extra_args": True, "ignore_unknown_options": True}
"""Click settings the command needs: more bots and the game's options follow as extra words."""
HELP = _(
    "Play bots against each other with seats rotated and report who is stronger, with 95% intervals."
    " Game options follow as --option value (e.g. --players 5)."
)
FILE_WIDTH = 80
"""The width prose is wrapped at when the report goes to a file (the table may be wider)."""


def arena(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    bots: Annotated[
        list[str] | None,
        typer.Option(help=_("two or more bots: --bots hard heuristic random (kinds, levels, kind:settings)")),
    ] = None,
    games: Annotated[int, typer.Option(help=_("games to play (rounded up to whole seat rotations)"))] = 100,
    seed: Annotated[int, typer.Option(help=_("same seed, same games and results"))] = 0,
    workers: Annotated[int | None, typer.Option(help=_("parallel workers [default: all cores]"))] = None,
    backend: Annotated[
        str, typer.Option(help=_("process (this machine) or ray (a Ray cluster)"))
    ] = "process",
    json_out: Annotated[bool, typer.Option("--json", help=_("print the report as JSON on stdout"))] = False,
    plot: Annotated[
        Path | None, typer.Option(help=_("draw win rates and ratings to this image file"))
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help=_("write every game's record into this folder"))
    ] = None,
    lang: Lang = None,
) -> None:
    """``HELP``."""
    err = terminal_console(stderr=True)
    try:
        from .. import arena as arena_module
    except ImportError as error:
        needs = _("the arena needs its extra: pip install 'cardtable[arena]' ({error})").format(error=error)
        fail(needs, 2)
    try:
        more_bots, options = _split_extra(game, ctx.args)
        config = arena_module.ArenaConfig(
            game=game, bots=tuple([*(bots or []), *more_bots]), games=games, seed=seed, options=options
        )
        config.check()
        if backend not in arena_module.BACKENDS:
            message = _("unknown backend {backend!r}; the backends are: {backends}")
            raise ValueError(message.format(backend=backend, backends=", ".join(arena_module.BACKENDS)))
        if workers is not None and workers < 1:
            raise ValueError(_("--workers must be at least 1, got {workers}").format(workers=workers))
        if plot is not None:
            check_plot(plot)
        if records is not None:
            check_records(records)
            records.mkdir(parents=True, exist_ok=True)
    except (ValueError, OSError) as error:
        fail(str(error), 2)
    planned = arena_module.planned_games(config)
    if planned != games:
        playing = _("Playing {planned} games: whole rotations of {bots} bots over every seat.")
        err.print(playing.format(planned=planned, bots=len(config.bots)))
    if any("seconds=" in spec for spec in config.bots):
        err.print(_("Note: a bot with a time budget makes the results depend on the machine's speed."))
    try:
        report = _run_with_progress(arena_module, config, backend, workers, records, err)
    except (arena_module.ArenaError, ImportError, OSError) as error:
        fail(str(error), 1)
    except (KeyboardInterrupt, arena_module.ArenaStopped):
        if records:
            stopped = _(
                "Stopped (Ctrl-C) before a whole rotation was played: no report; the records of the games"
                " played are in {folder}/."
            ).format(folder=escape(str(records)))
        else:
            stopped = _("Stopped (Ctrl-C) before a whole rotation was played: no report.")
        err.print(stopped)
        raise typer.Exit(130) from None
    if report.interrupted:
        stopped = _(
            "Stopped (Ctrl-C) after {played} of {planned} games: the report covers the {blocks} whole"
            " rotations finished."
        )
        err.print(stopped.format(played=len(report.results), planned=planned, blocks=report.blocks))
    if json_out:
        sys.stdout.write(json.dumps(report.as_json(), indent=2) + "\n")
    else:
        print_report(report)
    if plot is not None:
        _draw(report, plot, err)
    if records is not None and not report.interrupted:
        written = _("{count} records written to {folder}/.")
        err.print(written.format(count=len(report.results), folder=escape(str(records))))
    elif records is not None:
        err.print(_("The records of the games played are in {folder}/.").format(folder=escape(str(records))))
    if report.interrupted:
        raise typer.Exit(130)


def check_plot(path: Path) -> None:
    """Raise ValueError unless a plot can be written to ``path``."""
    from ..arena.plot import file_types

    folder = path.parent
    if not folder.is_dir():
        raise ValueError(_("--plot: there is no folder {folder}").format(folder=folder))
    if path.is_dir():
        message = _("--plot: {path} is a folder; name a file, e.g. {example}")
        raise ValueError(message.format(path=path, example=path / "arena.png"))
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(_("--plot: {path} cannot be written").format(path=path))
    kind = path.suffix.lstrip(".").lower()
    if kind not in file_types():
        endings = ", ".join(file_types())
        message = _("--plot: cannot draw a '.{kind}' file; name one ending in {endings}")
        raise ValueError(message.format(kind=kind, endings=endings))


def check_records(folder: Path) -> None:
    """Raise ValueError unless ``folder`` can take a new set of records (a new folder, or one without
    records in it)."""
    if folder.exists() and not folder.is_dir():
        raise ValueError(
            _("--records: {folder} is a file; name a folder for the records").format(folder=folder)
        )
    if folder.is_dir() and any(folder.glob("game-*.json")):
        message = _(
            "--records: {folder} already holds game records; name a new or empty folder,"
            " so that old and new records are not mixed"
        )
        raise ValueError(message.format(folder=folder))
    existing = next(parent for parent in (folder, *folder.parents) if parent.exists())
    if not os.access(existing, os.W_OK):
        raise ValueError(_("--records: {folder} cannot be written").format(folder=existing))


def _draw(report: ArenaReport, path: Path, err: Console) -> None:
    from ..arena.plot import ratings_figure

    try:
        ratings_figure(report).savefig(path, dpi=120)
    except OSError as error:
        fail(_("the plot could not be written: {why}").format(why=unwritable(path, error)), 1)
    err.print(_("Plot written to {path}.").format(path=escape(str(path))))


def _run_with_progress(
    arena_module: Any, config: Any, backend: str, workers: int | None, records: Path | None, err: Console
) -> ArenaReport:
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(_("games")),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    title = f"{config.game}: {' v '.join(config.labels())}"
    if not err.is_interactive:  # no bar can be drawn: say what is going on once
        playing = _("{title}: playing {count} games…")
        err.print(playing.format(title=escape(title), count=arena_module.planned_games(config)))
    with Progress(*columns, console=err, transient=False) as progress:
        task = progress.add_task(escape(title), total=arena_module.planned_games(config))

        def done(result: GameResult, total: int) -> None:
            if records is not None and result.record is not None:
                path = records / f"game-{result.index:05d}.json"
                path.write_text(json.dumps(result.record, indent=1) + "\n")
            progress.update(task, advance=1)

        return arena_module.run(  # type: ignore[no-any-return]
            config,
            backend=backend,
            workers=workers,
            keep_records=records is not None,
            on_result=done,
            stop_on_interrupt=True,
        )


def _split_extra(game: str, words: list[str]) -> tuple[list[str], dict[str, Any]]:
    """Bare words are more bots (``--bots a b c``); ``--name value`` pairs are game options."""
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
    return bots, read_options(game, option_words)


def print_report(report: ArenaReport) -> None:
    """The report for people on stdout: at the terminal's width, or whole when it goes to a file."""
    out = terminal_console()
    view = report_view(report)
    if not out.is_terminal:
        table, title = natural_width(out, standings_table(report)), len(report_title(report))
        out = Console(highlight=False, width=max(FILE_WIDTH, table, title))
    out.print(view)


def report_view(report: ArenaReport) -> Group:
    """Title, the standings (a table, or a few lines per bot where the table does not fit) and notes."""
    intervals = ngettext(
        "95% intervals over {count} deal, each played in every seat rotation.",
        "95% intervals over {count} deals, each played in every seat rotation.",
        report.blocks,
    )
    notes = [
        intervals.format(count=report.blocks),
        _("Win rate: share of the wins, shared wins split; even = {even}.").format(even=percent(report.even)),
        _("Mean return: per seat. Rating: openskill mu ± sigma."),
    ]
    if not all(s.stats.win_rate.estimated and s.stats.mean_return.estimated for s in report.standings):
        notes.append(
            _(
                "too few games: one deal, or every deal gave the same result, so there is no interval;"
                " play more games."
            )
        )
    return Group(
        Text(report_title(report), style="bold"),
        Fitted(standings_table(report), standings_lines(report)),
        Text(" ".join(notes), style="dim"),
    )


def report_title(report: ArenaReport) -> str:
    """The game, its options as in the JSON report, the number of games and the seed."""
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in report.options.items())
    title = _("{game} ({options}): {count} games, seed {seed}")
    return title.format(
        game=report.config.game, options=options, count=len(report.results), seed=report.config.seed
    )


def standings_table(report: ArenaReport) -> Table:
    """The arena's result for people: one row per bot, strongest first."""
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column(_("bot"), overflow="fold")
    table.add_column(_("seats"), justify="right")
    table.add_column(_("win rate [95%]"), justify="right", no_wrap=True)
    table.add_column(_("vs even"), justify="center", no_wrap=True)
    table.add_column(_("mean return [95%]"), justify="right", no_wrap=True)
    table.add_column(_("rating"), justify="right", no_wrap=True)
    table.add_column(_("ms/move"), justify="right", no_wrap=True)
    for standing in _strongest_first(report):
        stats = standing.stats
        table.add_row(
            Text(standing.label),
            str(stats.seat_games),
            _shown(stats.win_rate, _win_rate),
            _verdict(stats.win_rate, report.even),
            _shown(stats.mean_return, _mean_return),
            _rating(standing),
            _think(standing),
        )
    return table


def standings_lines(report: ArenaReport) -> Group:
    """The same standings for a narrow terminal: a few lines per bot."""
    parts: list[Text | Table] = []
    for standing in _strongest_first(report):
        stats = standing.stats
        facts = Table.grid(padding=(0, 1))
        facts.add_column(no_wrap=True)
        facts.add_column(no_wrap=True)
        facts.add_row("  " + _("win rate"), _shown(stats.win_rate, _win_rate))
        facts.add_row("  " + _("vs even"), _verdict(stats.win_rate, report.even))
        facts.add_row("  " + _("mean return"), _shown(stats.mean_return, _mean_return))
        facts.add_row("  " + _("rating"), _rating(standing))
        facts.add_row("  " + _("seats"), f"{stats.seat_games} · {_think(standing)} " + _("ms/move"))
        parts += [Text(standing.label, style="bold", overflow="fold"), facts]
    return Group(*parts)


def _strongest_first(report: ArenaReport) -> list[Standing]:
    return sorted(report.standings, key=lambda s: -s.stats.win_rate.mean)


def _shown(interval: Interval, said: Callable[[float, bool], str]) -> Text:
    """``57.5% [52.1, 62.9]`` (``57,5 % [52,1; 62,9]`` in German), or the mean and "too few games" when
    there is no interval; ``said`` writes a number, with its unit or (a bound) without."""
    mean = said(interval.mean, True)
    if not interval.estimated or interval.low is None or interval.high is None:
        return Text.assemble(mean, " ", (_("too few games"), "dim"))
    # Translators: an interval's bounds; a language whose decimal sign is a comma parts them with ";".
    bounds = _("[{low}, {high}]").format(low=said(interval.low, False), high=said(interval.high, False))
    return Text(f"{mean} {bounds}")


def _win_rate(rate: float, unit: bool) -> str:
    return percent(rate) if unit else decimal(100 * rate, 1)


def _mean_return(value: float, unit: bool) -> str:
    return decimal(value, 3)


def _rating(standing: Standing) -> str:
    return f"{decimal(standing.rating.mu, 1)}±{decimal(standing.rating.sigma, 1)}"


def _verdict(rate: Interval, even: float) -> Text:
    if rate.estimated and rate.clear_above(even):
        return Text(_("above"), style="green")
    if rate.estimated and rate.clear_below(even):
        return Text(_("below"), style="red")
    return Text(_("unclear"))


def _think(standing: Standing) -> str:
    stats = standing.stats
    return decimal(1000 * stats.think_seconds / stats.decisions) if stats.decisions else "-"
