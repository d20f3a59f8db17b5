"""The ``cardtable`` command: play at the terminal, replay a record, list the games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

import cardtable

from .. import bots as bot_module
from ..core.errors import RecordError
from ..core.records import events_since, replay_steps
from .arena import ARENA_SETTINGS, arena
from .serve import serve
from .table import TerminalTable, save_record
from .views import view_for

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Play and study cardtable's card games.")
console = Console(highlight=False)
app.command("serve")(serve)
app.command("arena", context_settings=ARENA_SETTINGS)(arena)

DEFAULT_BOT = "random"


@app.command("games")
def list_games() -> None:
    """List the games and their options."""
    for name in cardtable.games():
        game = cardtable.make(name)
        options = ", ".join(f"{o.name}={json.dumps(o.default)} ({o.allowed()})" for o in game.option_specs)
        console.print(f"[bold]{name}[/bold]  {options}")


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game, e.g. slobberhannes")],
    seed: Annotated[int | None, typer.Option(help="same seed, same deals")] = None,
    seat: Annotated[int, typer.Option(help="the seat you play")] = 0,
    bots: Annotated[str, typer.Option(help="bot for the other seats (random, ...)")] = DEFAULT_BOT,
    save: Annotated[Path | None, typer.Option(help="write the game record here")] = None,
    name: Annotated[str, typer.Option(help="your name in the record")] = "you",
) -> None:
    """Play a game at the terminal against bots. Game options follow as --option value
    (e.g. --players 5, --start-points 6, --version 2)."""
    try:
        options = _game_options(game, ctx.args)
        match = cardtable.make(game, **options)
        if not 0 <= seat < match.players:
            raise ValueError(f"--seat must be 0..{match.players - 1}")
        seat_bots = {
            s: bot_module.make(bots, seed=None if seed is None else seed * 100 + s)
            for s in range(match.players)
            if s != seat
        }
    except ValueError as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(2) from None
    names = [name if s == seat else f"bot:{bots}" for s in range(match.players)]
    state = match.new_game(seed=seed)
    table = TerminalTable(state, view_for(game), seat_bots, names, console, console.input)
    finished = table.run()
    if not finished:
        console.print("Game left unfinished.")
    if save is not None:
        save_record(state, save, names)
        console.print(f"Record written to {save}.")


def _game_options(game: str, args: list[str]) -> dict[str, Any]:
    """Read ``--name value`` pairs into game options, typed by the game's declared options."""
    declared = {o.name: o for o in cardtable.make(game).option_specs} if game in cardtable.games() else {}
    cardtable.make(game)  # an unknown game is reported before its options
    options: dict[str, Any] = {}
    words = list(args)
    while words:
        word = words.pop(0)
        if not word.startswith("--"):
            raise ValueError(f"unexpected argument {word!r}")
        key, _, value = word[2:].partition("=")
        key = key.replace("-", "_")
        if key not in declared:
            raise ValueError(
                f"{game} has no option --{key.replace('_', '-')}; its options: "
                + ", ".join("--" + o.replace("_", "-") for o in declared)
            )
        if not value:
            if not words:
                raise ValueError(f"--{key.replace('_', '-')} needs a value")
            value = words.pop(0)
        options[key] = _typed(value)
    return options


def _typed(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "none", "random"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


@app.command("replay")
def replay_command(path: Annotated[Path, typer.Argument(help="a game record (JSON)")]) -> None:
    """Print a game from its record, checking every move; a record that breaks the rules is refused."""
    try:
        record = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as error:
        console.print(f"[red]cannot read {path}:[/red] {error}")
        raise typer.Exit(2) from None
    try:
        shown, before, state = 0, None, None
        for state in replay_steps(record):
            view = view_for(state.game.name)
            after = state.observation(None)
            for line in view.narrate(before or after, after, events_since(state, shown)):
                console.print(line)
            shown, before = state.event_count(), after
    except RecordError as error:
        console.print(f"[red]refused:[/red] {error}")
        raise typer.Exit(1) from None
    assert state is not None
    if state.is_terminal():
        labels = record.get("players") or [f"seat {s}" for s in range(state.game.players)]
        console.print(view.standings(state.observation(None), labels))
    else:
        console.print("The record stops before the end of the game.")


def main() -> None:
    """Entry point of the ``cardtable`` script."""
    app()
