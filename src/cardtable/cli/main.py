"""The ``cardtable`` command: play at the terminal, replay or review a record, list the games.

Decisions:
- ``play`` writes the record given with ``--save`` however the game ends: finished, left with ``q``,
  or interrupted by Ctrl-C or Ctrl-D. It never overwrites a file: an existing one is refused before
  the game starts (a finished game's record is not lost to a game left at once).
- Errors go to stderr, one line each (``errors``).
- No printed line ends in spaces (``trimmed``): a line copied or piped holds only what it shows.
- ``-h`` is ``--help`` everywhere, and typer's shell completion is on (``--install-completion``).
- Exit codes: 0 when the command did its work (a game left early included), 1 when a record is
  refused or a file cannot be read or written, 2 for a mistake in the command line itself.
"""

from __future__ import annotations

import textwrap
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

import cardtable

from .. import bots as bot_module
from .arena import ARENA_SETTINGS, arena
from .arena import HELP as ARENA_HELP
from .dataset import DATASET_SETTINGS, dataset
from .dataset import HELP as DATASET_HELP
from .errors import fail, unwritable
from .layout import Fitted, terminal_console
from .options import GAME_HELP, bots_usage, games_usage, read_options, thinking_usage
from .replay import HELP as REPLAY_HELP
from .replay import replay_command
from .review import HELP as REVIEW_HELP
from .review import review_command
from .serve import HELP as SERVE_HELP
from .serve import serve
from .table import TerminalTable, save_record
from .tournament import HELP as TOURNAMENT_HELP
from .tournament import tournament
from .trimmed import trim_output
from .views import view_for
from .words import Lang, _

app = typer.Typer(
    no_args_is_help=True,
    help=_("Play and study cardtable's card games."),
    context_settings={"help_option_names": ["-h", "--help"]},
)
console = terminal_console()
app.command("serve", help=SERVE_HELP)(serve)
app.command("arena", context_settings=ARENA_SETTINGS, help=ARENA_HELP)(arena)
app.command("replay", help=REPLAY_HELP)(replay_command)
app.command("review", help=REVIEW_HELP)(review_command)
app.command("tournament", context_settings=ARENA_SETTINGS, help=TOURNAMENT_HELP)(tournament)
app.command("dataset", context_settings=DATASET_SETTINGS, help=DATASET_HELP)(dataset)

DEFAULT_BOT = "random"


def _version(show: bool) -> None:
    if show:
        try:
            number = version("cardtable")
        except PackageNotFoundError:  # running from a source tree that was never installed
            number = _("(not installed)")
        console.print(f"cardtable {number}")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=_("print the version and exit")),
    ] = False,
) -> None:
    """Play and study cardtable's card games."""


@app.command("games", help=_("List the games and their options, as the flags 'cardtable play GAME' takes."))
def list_games(lang: Lang = None) -> None:
    """List the games and their options, as the flags 'cardtable play GAME' takes."""
    for name, flags in games_usage():
        console.print(Text(name, style="bold"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        stacked: list[RenderableType] = []
        for typed, meaning in flags:
            grid.add_row(Text(f"  {typed}"), Text(meaning))
            stacked += [Text(f"  {typed}"), Padding(Text(meaning), (0, 0, 0, 6))]
        console.print(Fitted(grid, Group(*stacked)))


def _play_epilog() -> str:
    """The games' options and the bots, for ``play --help`` (Rich markup, escaped)."""
    lines = [_("[bold]Game options[/bold] (after the game's name):")]
    for name, flags in games_usage():
        lines.append(f"{name}:")
        # the flag, then what it does indented below it, wrapped to fit 80 columns (a line the terminal
        # wraps restarts at column 1)
        for typed, meaning in flags:
            lines.append(f"  {escape(typed)}")
            lines.extend(
                escape(line)
                for line in textwrap.wrap(meaning, 76, initial_indent=6 * " ", subsequent_indent=6 * " ")
            )
    lines.append("")
    lines.append(_("[bold]Bots[/bold] (--bots): {bots}").format(bots=escape(bots_usage())))
    lines.extend(escape(line) for line in thinking_usage())
    return "\n".join(lines)


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    epilog=_play_epilog(),
    help=_(
        "Play a game at the terminal against bots. Game options follow as --option value"
        " (e.g. --players 5, --start-points 6, --version 2); they are listed below."
    ),
)
def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    seed: Annotated[int | None, typer.Option(help=_("same seed, same deals"))] = None,
    seat: Annotated[int, typer.Option(help=_("the seat you play"))] = 0,
    bots: Annotated[str, typer.Option(help=_("the bot in the other seats (see Bots below)"))] = DEFAULT_BOT,
    save: Annotated[Path | None, typer.Option(help=_("write the game record here, however it ends"))] = None,
    name: Annotated[str, typer.Option(help=_("your name in the record"))] = "you",
    lang: Lang = None,
) -> None:
    """Play a game at the terminal against bots. Game options follow as --option value
    (e.g. --players 5, --start-points 6, --version 2); they are listed below."""
    try:
        options = read_options(game, ctx.args)
        match = cardtable.make(game, **options)
        if not 0 <= seat < match.players:
            raise ValueError(_("--seat must be 0..{last}").format(last=match.players - 1))
        seat_bots = {
            s: bot_module.make(bots, seed=None if seed is None else seed * 100 + s)
            for s in range(match.players)
            if s != seat
        }
        for bot in seat_bots.values():
            bot.check_game(game)
        view = view_for(game)
        if save is not None:
            check_save(save)
    except ValueError as error:
        fail(str(error), 2)
    names = [name if s == seat else f"bot:{bots}" for s in range(match.players)]
    state = match.new_game(seed=seed)
    try:
        finished = TerminalTable(state, view, seat_bots, names, console).run()
        if not finished:
            console.print(_("Game left unfinished."))
    finally:
        if save is not None:
            _write_record(state, save, names)


def check_save(path: Path) -> None:
    """Raise ValueError unless ``path`` is a new file in an existing folder."""
    if path.is_dir():
        raise ValueError(_("--save: {path} is a folder; name a new file").format(path=path))
    if path.exists() or path.is_symlink():
        message = _("--save: {path} exists already; name a new file (or remove that one first)")
        raise ValueError(message.format(path=path))
    if not path.parent.is_dir():
        raise ValueError(_("--save: there is no folder {folder}").format(folder=path.parent))


def _write_record(state: cardtable.State, path: Path, names: list[str]) -> None:
    try:
        save_record(state, path, names)
    except OSError as error:
        fail(_("the record could not be written: {why}").format(why=unwritable(path, error)), 1)
    console.print(_("Record written to {path}.").format(path=escape(str(path))))


def main() -> None:
    """Entry point of the ``cardtable`` script and of ``python -m cardtable``."""
    trim_output()
    app()
