"""``cardtable tournament``: a local tournament of bots, Swiss (rounds) or arena (a time), with the
same pairing and scoring as the online tournaments (``cardtable.tournaments``), the rounds and the
final standings printed as tables.

Games are played one after another by the arena's machinery (``arena.play.play_game``), so the
command needs the ``arena`` extra, as ``cardtable arena`` does.

Decisions:
- Everything is checked before the first game: the game and its options, the bots (at least a table's
  worth), the format with its length (``--rounds`` for Swiss; ``--minutes`` and/or ``--games`` for an
  arena) and the records folder.
- Entrants are named as in the online standings (``hard bot 2``) and sit under those names in the
  records (``--records``: one ``game-NNNNN.json`` per game, numbered in the order the games started).
- Arena in the terminal: games run one at a time, but in the order they would finish at a real table,
  a game lasting as many ticks as it has moves; whoever finishes is seated again at once with those
  waiting. No game starts after ``--minutes`` of wall time or beyond ``--games``; games already
  started count. Each game is printed as it finishes (who placed first), the standings at the end.
- Swiss rounds are printed a line per seat, so that a table of five fits a narrow terminal.
"""

from __future__ import annotations

import gettext
import heapq
import json
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table
from rich.text import Text

import cardtable

from .. import bots as bot_module
from ..i18n import translations
from ..narration.words import player_names
from ..tournaments import (
    BYE_POINTS,
    TableResult,
    arena_points,
    arena_round,
    bot_names,
    deal_seed,
    pair_round,
    placing_points,
    rotated,
    rules_in_words,
    seat_round,
    seat_waiting,
    standings,
)
from ..tournaments.seeds import derived
from ..tournaments.standings import Standing
from .arena import check_records
from .errors import fail
from .layout import terminal_console
from .options import GAME_HELP, read_options
from .words import Lang, _, current, decimal

FORMATS = ("swiss", "arena")
HELP = _(
    "Run a local tournament of bots with the online tournaments' pairing and scoring, and print the"
    " rounds and the standings. Game options follow as --option value (e.g. --players 5)."
)


@dataclass(frozen=True)
class Setup:
    """A checked tournament: what to play and by whom."""

    game: str
    options: dict[str, Any]
    size: int
    entrants: tuple[str, ...]
    specs: dict[str, str]
    """Each entrant's bot spec."""
    seed: int
    duplicate: bool
    records: Path | None


Play = Callable[[int, tuple[str, ...], int], tuple[tuple[float, ...], int]]
"""Plays game ``index`` with ``seating`` (entrant names by seat) from a deal seed: its returns and its
moves (see ``_player``)."""


def tournament(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    bots: Annotated[
        list[str],
        typer.Option(help=_("the entrants: bot levels or kinds, comma-separated (--bots easy,hard,hard)")),
    ],
    kind: Annotated[str, typer.Option("--format", help=_("swiss (rounds) or arena (a time)"))] = "swiss",
    rounds: Annotated[int | None, typer.Option(help=_("Swiss: the number of rounds"))] = None,
    minutes: Annotated[float | None, typer.Option(help=_("arena: no game starts after this time"))] = None,
    games: Annotated[int | None, typer.Option(help=_("arena: no game starts after this many"))] = None,
    duplicate: Annotated[bool, typer.Option(help=_("every table of a round plays the same deal"))] = False,
    seed: Annotated[int, typer.Option(help=_("same seed, same pairings, deals and results"))] = 0,
    records: Annotated[
        Path | None, typer.Option(help=_("write every game's record into this folder"))
    ] = None,
    lang: Lang = None,
) -> None:
    """``HELP``."""
    try:
        setup = _setup(game, ctx.args, bots, seed, duplicate, records)
        _check_length(kind, rounds, minutes, games)
    except ValueError as error:
        fail(str(error), 2)
    try:
        from ..arena.play import ArenaError
    except ImportError as error:
        fail(
            _("the tournament needs the arena's extra: pip install 'cardtable[arena]' ({error})").format(
                error=error
            ),
            2,
        )
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    play = _player(setup)
    try:
        if rounds is not None:  # Swiss (``_check_length``)
            results, byes = run_swiss(setup, rounds, play)
        else:
            results, byes = run_arena(setup, minutes, games, play), []
    except ArenaError as error:
        fail(str(error), 1)
    rows = standings(setup.entrants, results, byes=byes, arena=kind == "arena", duplicate=setup.duplicate)
    out = terminal_console()
    out.print(Text(_("Standings"), style="bold"))
    out.print(standings_table(rows))
    scoring = rules_in_words(arena=kind == "arena", duplicate=setup.duplicate, gettext=site_words().gettext)
    out.print(Text(scoring, style="dim"))


def _setup(
    game: str, words: list[str], bots: list[str], seed: int, duplicate: bool, records: Path | None
) -> Setup:
    """The checked tournament; raises ValueError naming what is wrong."""
    options = read_options(game, words)
    size = cardtable.make(game, **options).players
    levels = [name.strip() for text in bots for name in text.split(",")]
    for level in levels:
        bot_module.make(level, seed=0).check_game(game)
    if len(levels) < size:
        message = _("{game} seats {size}: a tournament needs at least {size} bots, got {count}")
        raise ValueError(message.format(game=game, size=size, count=len(levels)))
    if records is not None:
        check_records(records)
    names = bot_names(levels, lambda level: player_names([f"bot:{level}"], language=current())[0])
    return Setup(
        game=game,
        options=options,
        size=size,
        entrants=tuple(names),
        specs=dict(zip(names, levels, strict=True)),
        seed=seed,
        duplicate=duplicate,
        records=records,
    )


def _check_length(kind: str, rounds: int | None, minutes: float | None, games: int | None) -> None:
    if kind not in FORMATS:
        raise ValueError(_("--format is swiss or arena, got {kind!r}").format(kind=kind))
    if kind == "swiss":
        if rounds is None or rounds < 1:
            raise ValueError(_("a Swiss tournament needs --rounds N (1 or more)"))
        if minutes is not None or games is not None:
            raise ValueError(
                _("--minutes and --games are for an arena (--format arena); Swiss takes --rounds")
            )
        return
    if rounds is not None:
        raise ValueError(_("--rounds is for Swiss; an arena takes --minutes and/or --games"))
    if minutes is None and games is None:
        raise ValueError(_("an arena needs --minutes M and/or --games N to end"))
    if (minutes is not None and minutes <= 0) or (games is not None and games < 1):
        raise ValueError(_("--minutes and --games must be more than 0"))


def _player(setup: Setup) -> Play:
    """Plays the tournament's games with the arena's machinery, writing records where asked."""
    from ..arena.play import play_game
    from ..arena.schedule import GameTask

    def play(index: int, seating: tuple[str, ...], deal: int) -> tuple[tuple[float, ...], int]:
        task = GameTask(
            index=index,
            block=0,
            game=setup.game,
            options=setup.options,
            seating=tuple(setup.entrants.index(name) for name in seating),
            specs=tuple(setup.specs[name] for name in seating),
            deal_seed=deal,
            bot_seeds=tuple(derived(setup.seed, "bot", index, seat) for seat in range(len(seating))),
            keep_record=setup.records is not None,
            labels=seating,
        )
        game = play_game(task)
        if setup.records is not None:
            path = setup.records / f"game-{index + 1:05d}.json"
            path.write_text(json.dumps(game.record, indent=1) + "\n")
        return game.returns, game.moves

    return play


def run_swiss(setup: Setup, rounds: int, play: Play) -> tuple[list[TableResult], list[str]]:
    """Pair and play ``rounds`` rounds, printing each; the results and the byes."""
    out = terminal_console()
    results: list[TableResult] = []
    byes: list[str] = []
    for number in range(1, rounds + 1):
        rows = standings(setup.entrants, results, byes=byes)
        paired = pair_round(
            setup.entrants,
            points={row.name: row.points for row in rows},
            history=[result.seating for result in results],
            byes=Counter(byes),
            size=setup.size,
            seed=derived(setup.seed, "round", number),
        )
        seated = seat_round(paired.tables, number) if setup.duplicate else list(paired.tables)
        played: list[TableResult] = []
        for table, seating in enumerate(seated):
            deal = deal_seed(setup.seed, number, table, duplicate=setup.duplicate)
            returns, _moves = play(len(results) + len(played), seating, deal)
            played.append(TableResult(round=number, seating=seating, returns=returns))
        results += played
        byes += paired.byes
        out.print(Text(_("Round {number}").format(number=number), style="bold"))
        out.print(round_table(played, paired.byes))
    return results, byes


def run_arena(setup: Setup, minutes: float | None, games: int | None, play: Play) -> list[TableResult]:
    """Seat whoever waits, again and again, until the time or the number of games is up; the results
    in the order the games finished (at a real table: a game lasts as many ticks as it has moves)."""
    out = terminal_console()
    ends = time.monotonic() + 60 * minutes if minutes is not None else None
    at_once = max(1, len(setup.entrants) // setup.size)
    waiting = list(setup.entrants)
    last_table: dict[str, tuple[str, ...]] = {}
    placings: dict[str, list[float]] = {name: [] for name in setup.entrants}
    results: list[TableResult] = []
    running: list[tuple[int, int, TableResult]] = []  # (finishing tick, game number, result)
    started = 0

    def seat(now: int) -> None:
        nonlocal started, waiting
        points = {name: sum(arena_points(placings[name])) for name in waiting}
        tables, waiting = seat_waiting(waiting, points=points, size=setup.size, last_table=last_table)
        for table in tables:
            if (ends is not None and time.monotonic() >= ends) or (games is not None and started >= games):
                waiting = [*waiting, *table]
                continue
            group = arena_round(started, len(setup.entrants), setup.size)
            seating = rotated(table, started % at_once) if setup.duplicate else table
            deal = deal_seed(setup.seed, group, started, duplicate=setup.duplicate)
            returns, moves = play(started, seating, deal)
            finished = TableResult(round=group, seating=seating, returns=returns)
            heapq.heappush(running, (now + moves, started, finished))
            started += 1

    if minutes is not None:
        terminal_console(stderr=True).print(
            _("Arena: games start for {minutes} minutes…").format(minutes=f"{minutes:g}")
        )
    seat(0)
    while running:
        now, number, result = heapq.heappop(running)
        results.append(result)
        out.print(
            _("Game {number}: first {players}").format(number=number + 1, players=escape(_firsts(result))),
            highlight=False,
        )
        for name, placing in zip(result.seating, placing_points(result.returns), strict=True):
            last_table[name] = result.seating
            placings[name].append(placing)
        waiting += result.seating
        seat(now)
    out.print(_("{count} games played.").format(count=len(results)))
    return results


def round_table(played: Sequence[TableResult], byes: Sequence[str]) -> Table:
    """A round: a line per seat (seats counted from 1) with its entrant and placing points, table by
    table, then the byes."""
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column(_("table"), justify="right")
    table.add_column(_("seat"), justify="right")
    table.add_column(_("entrant"), overflow="fold")
    table.add_column(_("points"), justify="right")
    for number, result in enumerate(played, start=1):
        points = placing_points(result.returns)
        for seat, name in enumerate(result.seating):
            table.add_row(str(number) if seat == 0 else "", str(seat + 1), Text(name), _number(points[seat]))
        table.add_section()
    for name in byes:
        table.add_row(_("bye"), "", Text(name), _number(BYE_POINTS))
    return table


def standings_table(rows: Sequence[Standing]) -> Table:
    """The standings, best first: points, games and the tie-breaks."""
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    table.add_column(_("entrant"), overflow="fold")
    table.add_column(_("points"), justify="right")
    table.add_column(_("games"), justify="right")
    table.add_column("Buchholz", justify="right")
    shows_duplicate = any(row.duplicate is not None for row in rows)
    if shows_duplicate:
        table.add_column(_("duplicate"), justify="right")
    for place, row in enumerate(rows, start=1):
        cells: list[str | Text] = [
            str(place),
            Text(row.name),
            _number(row.points),
            str(row.games),
            _number(row.buchholz),
        ]
        if row.duplicate is not None:
            cells.append(decimal(row.duplicate, signed=True))
        table.add_row(*cells)
    return table


def _firsts(result: TableResult) -> str:
    """Who placed first in a game (several when they tied)."""
    points = placing_points(result.returns)
    best = max(points)
    return ", ".join(name for name, p in zip(result.seating, points, strict=True) if p == best)


def _number(value: float) -> str:
    """``1``, ``0.5``, ``0.33`` (``0,5`` in Dutch): at most two decimals, none when whole."""
    return decimal(value, whole=True)


def site_words() -> gettext.NullTranslations:
    """The site's catalog in the terminal's language: the tournaments' scoring rules are said there
    (``tournaments.rules``), by the server's pages and here alike, so they are translated once."""
    return translations(current(), "site")
