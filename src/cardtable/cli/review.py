"""``cardtable review``: the ``hard`` bot's verdict on every decision one seat made in a game record,
as a table, as JSON (``--json``) and as a graph of the seat's win chance (``--plot``, matplotlib: the
``review`` extra, imported only then).

Decisions:
- The budget is ``--iterations`` or ``--seconds`` per decision, not both (only iterations reproduce);
  the default is the review's (``cardtable.bots.review.DEFAULT_ITERATIONS``).
- Bad input (a file that cannot be read, a record the rules refuse, a seat that is no number or not
  at the table, a bad budget) gets one line saying why and exit code 1, before any search runs.
- Progress (decisions judged of the total) goes to stderr, so ``--json`` output can be piped.
- Losses and win chances are shown in percentage points; the graph plots, per judged decision, the
  win chance after the move played and after the best move, with the moves that were not good marked.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..bots.review import DEFAULT_ITERATIONS, review

if TYPE_CHECKING:
    from matplotlib.figure import Figure

COLOURS = {"good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}
MARKERS = {"inaccuracy": ("#ccb974", "o"), "mistake": ("#dd8452", "o"), "blunder": ("#c44e52", "X")}


def review_command(
    path: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    seat: Annotated[str, typer.Option(help="the seat whose decisions are judged", metavar="SEAT")],
    seconds: Annotated[float | None, typer.Option(help="search time per decision")] = None,
    iterations: Annotated[
        int | None, typer.Option(help=f"search iterations per decision [default: {DEFAULT_ITERATIONS}]")
    ] = None,
    seed: Annotated[int, typer.Option(help="same record, seat, iterations and seed: same review")] = 0,
    plot: Annotated[Path | None, typer.Option(help="draw the seat's win chance to this PNG")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the review as JSON on stdout")] = False,
) -> None:
    """Judge every decision SEAT made in a game record with the hard bot's search: the move played,
    the best move, the loss in win chance and a verdict (good, inaccuracy, mistake, blunder)."""
    err = Console(stderr=True, highlight=False)
    try:
        if seconds is not None and iterations is not None:
            raise ValueError("give --seconds or --iterations, not both")
        if not seat.strip().isdigit():
            raise ValueError(f"--seat is a seat number (0, 1, ...), got {seat!r}")
        record = json.loads(path.read_text())
        figure_class = _figure_class() if plot is not None else None
        with _ProgressBar(err, f"reviewing seat {seat}") as bar:
            result = review(
                record, int(seat), seconds=seconds, iterations=iterations, seed=seed, progress=bar.show
            )
    except (OSError, ValueError, ImportError) as error:
        err.print(f"[red]error:[/red] {_one_line(error)}", soft_wrap=True)
        raise typer.Exit(1) from None
    if json_out:
        sys.stdout.write(json.dumps(result, indent=1) + "\n")
    else:
        Console(highlight=False).print(review_table(result, record))
    if plot is not None and figure_class is not None:
        win_chance_figure(result, figure_class).savefig(plot, dpi=120)
        err.print(f"Graph written to {plot}.")


class _ProgressBar:
    """Decisions judged of the total, on stderr; shown from the review's first report on, so input it
    refuses leaves nothing on the screen but the reason."""

    def __init__(self, err: Console, description: str) -> None:
        columns = (
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("decisions"),
            TimeElapsedColumn(),
        )
        self.bar = Progress(*columns, console=err, transient=True)
        self.description = description
        self.task: TaskID | None = None

    def show(self, done: int, total: int) -> None:
        if self.task is None:
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def __enter__(self) -> _ProgressBar:
        return self

    def __exit__(self, *_: object) -> None:
        if self.task is not None:  # rich's stop writes a line even to a bar never started
            self.bar.stop()


def _one_line(error: Exception) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"not a JSON game record: {error}"
    if isinstance(error, ImportError):
        return f"--plot needs matplotlib: pip install 'cardtable[review]' ({error})"
    return " ".join(str(error).split())


def _figure_class() -> type[Figure]:
    """matplotlib's Figure, checked before the review runs (raises ImportError without it)."""
    from matplotlib.figure import Figure

    return Figure


def review_table(result: dict[str, Any], record: dict[str, Any]) -> Table:
    """The review for people: one row per judged decision, and the summary as the caption."""
    hands = _hand_numbers(record)
    with_points = any("points" in decision for decision in result["decisions"])
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        show_edge=False,
        title=f"Review of seat {result['seat']} in {result['game']}: accuracy {_figure(result['accuracy'])}, "
        f"{_percent(result['good_share'])} good",
        caption=_caption(result),
    )
    table.add_column("event", justify="right")
    if hands:
        table.add_column("hand", justify="right")
    table.add_column("played")
    table.add_column("win %", justify="right")
    if with_points:
        table.add_column("pts", justify="right")
    table.add_column("best")
    table.add_column("win %", justify="right")
    if with_points:
        table.add_column("pts", justify="right")
    table.add_column("loss", justify="right")
    table.add_column("verdict", no_wrap=True)
    for decision in result["decisions"]:
        row = [str(decision["event"])]
        if hands:
            row.append(str(hands[decision["event"]]))
        for move in (decision["played"], decision["best"]):
            row += [move, f"{100 * decision['values'][move]:.1f}"]
            if with_points:
                row.append(f"{decision['points'][move]:.2f}")
        if decision["best"] == decision["played"]:
            row[-3 if with_points else -2] = "="
        colour = COLOURS[decision["verdict"]]
        row += [f"{100 * decision['loss']:.1f}", f"[{colour}]{decision['verdict']}[/{colour}]"]
        table.add_row(*row)
    return table


def _hand_numbers(record: dict[str, Any]) -> dict[int, int] | None:
    """The hand (1, 2, ...) each event belongs to, in games that score hands (None otherwise)."""
    hand, numbers = 1, {}
    for index, event in enumerate(record["events"]):
        numbers[index] = hand
        hand += "score" in event
    return numbers if hand > 1 else None


def _caption(result: dict[str, Any]) -> str:
    thresholds = result["thresholds"]
    budget = ", ".join(f"{key} {value}" for key, value in result["budget"].items() if value is not None)
    lines = [
        f"{result['judged']} decisions judged, {result['forced']} forced (one legal move, not judged).",
        "Win %: the seat's chance to win the match after the move, from what it knew then. "
        f"Loss (points of win chance): good < {100 * thresholds['good']:g} <= inaccuracy < "
        f"{100 * thresholds['inaccuracy']:g} <= mistake < {100 * thresholds['mistake']:g} <= blunder.",
        f"Budget: {budget} a decision, seed {result['seed']}.",
    ]
    if result["biggest_mistakes"]:
        worst = "; ".join(
            f"event {d['event']}: {d['played']} for {d['best']} (-{100 * d['loss']:.1f})"
            for d in result["biggest_mistakes"]
        )
        lines.append(f"Biggest mistakes: {worst}.")
    return "\n".join(lines)


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def win_chance_figure(result: dict[str, Any], figure_class: type[Figure]) -> Figure:
    """The seat's win chance after each judged decision: the move played, the best move, and the
    moves that were not good marked."""
    decisions = result["decisions"]
    events = [d["event"] for d in decisions]
    figure = figure_class(figsize=(10, 4), layout="constrained")
    axes = figure.subplots()
    axes.plot(events, [100 * d["values"][d["best"]] for d in decisions], "--", color="#8c8c8c", label="best")
    axes.plot(
        events, [100 * d["values"][d["played"]] for d in decisions], "-", color="#4c72b0", label="played"
    )
    for verdict, (colour, marker) in MARKERS.items():
        marked = [d for d in decisions if d["verdict"] == verdict]
        axes.scatter(
            [d["event"] for d in marked],
            [100 * d["values"][d["played"]] for d in marked],
            color=colour,
            marker=marker,
            zorder=3,
            label=verdict,
        )
    axes.set_ylim(0, 100)
    axes.set_xlabel("event in the record")
    axes.set_ylabel("win chance, %")
    axes.legend(loc="best")
    axes.set_title(
        f"{result['game']}, seat {result['seat']}: accuracy {_figure(result['accuracy'])}, "
        f"{_percent(result['good_share'])} of {result['judged']} decisions good"
    )
    return figure
