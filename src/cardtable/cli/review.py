"""``cardtable review``: the ``hard`` bot's verdict on every decision one seat made in a game record,
as a table, as JSON (``--json``) and as a graph of the seat's win chance (``--plot``; matplotlib
comes with the ``arena`` extra and is imported only then).

Decisions:
- The budget is ``--iterations`` or ``--seconds`` per decision, not both (only iterations reproduce);
  the default is the review's (``cardtable.bots.review.DEFAULT_ITERATIONS``).
- Bad input (a file that cannot be read, a record the rules refuse, a seat that is no number or not
  at the table, a bad budget, a ``--plot`` file that cannot be written) gets one line saying why and
  exit code 1, before any search runs.
- Progress (moves judged of the total: a Mü bid's steps count apart) goes to stderr, so ``--json``
  output can be piped: a bar on a terminal that can redraw, one line where it cannot. Ctrl-C stops
  with a line saying so (130).
- The table fits any width: where its columns do not fit, each decision gets a line instead (and its
  reason a line under it). Written to a file, the table keeps its full width.
- The words are the site's (``narration.decisions``): each move as the game's log names it, as a choice
  of the seat ("Q♣", "red 7 to NE"; a Mü bid as one row, "bid red 7, blue 3 (2 face up)"), the moves
  as good as the best in the best move's place, why each move that was not good lost (under the table,
  by event), and a line per hand; ``--json`` keeps the data alone.
- A review with nothing to judge (every move of the seat forced, or no move) says so in a sentence
  instead of an empty table; ``--json`` keeps the data.
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
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ..bots.review import DEFAULT_ITERATIONS, review
from ..core.errors import RecordError
from ..core.registry import make
from ..narration.decisions import word_review
from ..narration.words import player_names
from .arena import FILE_WIDTH, check_plot
from .errors import fail, unreadable, unwritable
from .layout import Fitted, natural_width, terminal_console
from .replay import seat_names
from .words import N_, Lang, _, current, decimal, ngettext, percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

COLOURS = {"good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}
VERDICTS = {
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
"""The verdicts in words (the review's data keeps them in English)."""
HELP = _(
    "Judge every decision SEAT made in a game record with the hard bot's search: the move played,"
    " the best move, the loss in win chance and a verdict (good, inaccuracy, mistake, blunder)."
)
MARKERS = {"inaccuracy": ("#ccb974", "o"), "mistake": ("#dd8452", "o"), "blunder": ("#c44e52", "X")}


def review_command(
    path: Annotated[Path, typer.Argument(help=_("a game record (JSON)"))],
    seat: Annotated[str, typer.Option(help=_("the seat whose decisions are judged"), metavar="SEAT")],
    seconds: Annotated[float | None, typer.Option(help=_("search time per decision"))] = None,
    iterations: Annotated[
        int | None,
        typer.Option(
            help=_("search iterations per decision (default {iterations})").format(
                iterations=DEFAULT_ITERATIONS
            )
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help=_("same record, seat, iterations and seed: same review"))] = 0,
    plot: Annotated[
        Path | None, typer.Option(help=_("draw the seat's win chance to this image file"))
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help=_("print the review as JSON on stdout"))] = False,
    lang: Lang = None,
) -> None:
    """``HELP``."""
    err = terminal_console(stderr=True)
    try:
        if seconds is not None and iterations is not None:
            raise ValueError(_("give --seconds or --iterations, not both"))
        if not seat.strip().isdecimal():
            raise ValueError(_("--seat is a seat number (0, 1, ...), got {seat!r}").format(seat=seat))
        if plot is not None:
            check_plot(plot)
        record = json.loads(path.read_text(encoding="utf-8"))
        with _ProgressBar(err, _("reviewing seat {seat}").format(seat=seat.strip())) as bar:
            result = review(
                record, int(seat), seconds=seconds, iterations=iterations, seed=seed, progress=bar.show
            )
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        fail(unreadable(path, error) if _from_the_file(error) else str(error), 1)
    except ImportError as error:
        fail(_("--plot needs matplotlib: pip install 'cardtable[arena]' ({error})").format(error=error), 1)
    except KeyboardInterrupt:
        err.print(_("Stopped (Ctrl-C) before the last decision: no review."))
        raise typer.Exit(130) from None
    if json_out:
        sys.stdout.write(json.dumps(result, indent=1) + "\n")
    else:
        print_review(result, record)
    if plot is not None:
        _draw(result, plot, err)


class _ProgressBar:
    """Moves judged of the total, on stderr, from the review's first report on (input it refuses
    leaves nothing on the screen but the reason): a bar, or one line where no bar can be drawn."""

    def __init__(self, err: Console, description: str) -> None:
        columns = (
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(_("moves")),
            TimeElapsedColumn(),
        )
        self.err = err
        self.bar = Progress(*columns, console=err, transient=True)
        self.description = description
        self.started = False
        self.task: TaskID | None = None

    def show(self, done: int, total: int) -> None:
        if not self.started:
            self.started = True
            if not self.err.is_interactive:
                judging = ngettext(
                    "{description}: judging {count} move…", "{description}: judging {count} moves…", total
                )
                self.err.print(judging.format(description=self.description, count=total))
                return
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total)
        if self.task is not None:
            self.bar.update(self.task, completed=done, total=total)

    def __enter__(self) -> _ProgressBar:
        return self

    def __exit__(self, *_: object) -> None:
        if self.task is not None:  # rich's stop writes a line, started or not
            self.bar.stop()


def _from_the_file(error: BaseException) -> bool:
    """Whether ``error`` came from reading the record (not from checking the command's words)."""
    return isinstance(error, OSError | UnicodeDecodeError | json.JSONDecodeError | RecursionError)


def print_review(result: dict[str, Any], record: dict[str, Any]) -> None:
    """The review for people on stdout: at the terminal's width, or whole when it goes to a file."""
    out = terminal_console()
    if not result["decisions"]:
        title = _("Review of seat {seat} in {game}").format(seat=result["seat"], game=result["game"])
        out.print(Text(title, style="bold"))
        out.print(nothing_to_judge(result))
        return
    worded(result, record)
    table = review_table(result, record)
    if not out.is_terminal:
        out = Console(highlight=False, width=max(FILE_WIDTH, natural_width(out, table)))
    lines = review_lines(result)
    parts: list[RenderableType] = [
        Text(_title(result), style="bold"),
        Fitted(_Under(table, _reasons(result)), lines),
    ]
    parts += [Text(line) for line in result["said"]["hands"]]
    out.print(Group(*parts, _notes(result)))


def nothing_to_judge(result: dict[str, Any]) -> str:
    """What a review without a judged decision says instead of its table."""
    if result["forced"]:
        return _("Nothing to judge: every move seat {seat} made was forced.").format(seat=result["seat"])
    return _("Nothing to judge: seat {seat} made no move.").format(seat=result["seat"])


def worded(result: dict[str, Any], record: dict[str, Any]) -> None:
    """Add the review's words (``word_review``: moves, reasons, hands), the players named as the record
    names them (its seats alone where its players do not fit them)."""
    players = make(record["game"], **record["options"]).players
    try:
        names = player_names(seat_names(record, players), first_seat=0, language=current())
    except RecordError:
        names = [_("seat {seat}").format(seat=seat) for seat in range(players)]
    word_review(record, result, names, current())


def review_table(result: dict[str, Any], record: dict[str, Any]) -> Table:
    """One row per judged decision: the move played and the best (the moves as good as it, where the
    search could not tell several apart), their win chances (and points of the hand), the loss (± its
    margin, where the review has one) and the verdict."""
    hands = _hand_numbers(record)
    with_points = any("points" in decision for decision in result["decisions"])
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), show_edge=False)
    table.add_column(_("event"), justify="right")
    if hands:
        table.add_column(_("hand"), justify="right")
    for heading in (_("played"), _("best")):
        table.add_column(heading, no_wrap=True)
        table.add_column(_("win %"), justify="right")
        if with_points:
            table.add_column(_("pts"), justify="right")
    table.add_column(_("loss"), justify="right")
    table.add_column(_("verdict"), no_wrap=True)
    for decision in result["decisions"]:
        row: list[str | Text] = [str(decision["event"])]
        if hands:
            row.append(str(hands[decision["event"]]))
        played, best, said = decision["played"], decision["best"], decision["said"]
        for move, shown in ((played, said["played"]), (best, _best(decision))):
            row += [Text(shown), decimal(100 * decision["values"][move], 1)]
            if with_points:
                row.append(decimal(decision["points"][move]))
        row += [_loss(decision), _verdict(decision["verdict"])]
        table.add_row(*row)
    return table


def _best(decision: dict[str, Any]) -> str:
    """The best move in words; the moves as good as it where there are several; "=" for the move played."""
    said = decision["said"]
    return said.get("equal") or ("=" if decision["best"] == decision["played"] else said["best"])


def _loss(decision: dict[str, Any]) -> str:
    margin = decision.get("margin")
    loss = decimal(100 * decision["loss"], 1)
    return loss if margin is None else f"{loss} ±{decimal(100 * margin, 1)}"


class _Under:
    """A table with words under it, as wide as the table alone: the words wrap to it."""

    def __init__(self, table: Table, words: Text) -> None:
        self.table, self.words = table, words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table
        yield self.words

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)


def _reasons(result: dict[str, Any]) -> Text:
    """Why each move that was not good lost, by event, under the table."""
    reasons = [(d["event"], d["said"]["reason"]) for d in result["decisions"] if "reason" in d["said"]]
    said = _("event {event}: {reason}")
    return Text("\n".join(said.format(event=event, reason=reason) for event, reason in reasons))


def review_lines(result: dict[str, Any]) -> Group:
    """The same decisions for a narrow terminal: a line each, and the reason of a move not good."""
    lines: list[RenderableType] = []
    for decision in result["decisions"]:
        event, played, best, values, said = (
            decision["event"],
            decision["played"],
            decision["best"],
            decision["values"],
            decision["said"],
        )
        line = Text.assemble((f"{event:>4} ", "dim"), said["played"], f" {percent(values[played])} ")
        line.append_text(_verdict(decision["verdict"]))
        if "equal" in said:
            line.append(f" ({said['equal']})")
        elif best != played:
            best_said = _(" (best: {move} {chance}, -{loss})").format(
                move=said["best"], chance=percent(values[best]), loss=decimal(100 * decision["loss"], 1)
            )
            line.append(best_said)
        lines.append(line)
        if "reason" in said:
            lines.append(Padding(Text(said["reason"], style="dim"), (0, 0, 0, 5)))
    return Group(*lines)


def _verdict(verdict: str) -> Text:
    return Text(_(VERDICTS[verdict]), style=COLOURS[verdict])


def _hand_numbers(record: dict[str, Any]) -> dict[int, int] | None:
    """The hand (1, 2, ...) each event belongs to, in games that score hands (None otherwise)."""
    hand, numbers = 1, {}
    for index, event in enumerate(record["events"]):
        numbers[index] = hand
        hand += "score" in event
    return numbers if hand > 1 else None


def _title(
    result: dict[str, Any],
    template: str = N_("Review of seat {seat} in {game}: accuracy {accuracy}, {good} good"),
) -> str:
    return _(template).format(
        seat=result["seat"],
        game=result["game"],
        accuracy=_figure(result["accuracy"]),
        good=_percent(result["good_share"]),
    )


def _notes(result: dict[str, Any]) -> Text:
    thresholds = result["thresholds"]
    decisions = result["decisions"]
    budget = ", ".join(f"{key} {value}" for key, value in result["budget"].items())
    judged = ngettext(
        "{judged} decision judged, {forced} forced (one legal move, not judged)",
        "{judged} decisions judged, {forced} forced (one legal move, not judged)",
        result["judged"],
    ).format(judged=result["judged"], forced=result["forced"])
    if result.get("even"):
        judged += _(", {even} where every move was as good (not in the accuracy)").format(even=result["even"])
    loss = _("Loss in points of win chance")
    if any("points_loss" in decision for decision in decisions):
        loss = _(
            "Loss in points of win chance, counting the expected hand points lost the more, the more the"
            " match is decided"
        )
    scale = _("{loss}: good < {good} <= inaccuracy < {inaccuracy} <= mistake < {mistake} <= blunder").format(
        loss=loss,
        good=f"{100 * thresholds['good']:g}",
        inaccuracy=f"{100 * thresholds['inaccuracy']:g}",
        mistake=f"{100 * thresholds['mistake']:g}",
    )
    if any("margin" in decision for decision in decisions):
        scale += _("; ± its 95% margin")
    notes = [
        f"{judged}.",
        _("Win %: the seat's chance to win the match after the move, from what it knew then."),
        f"{scale}.",
        _("Budget: {budget} a decision, seed {seed}.").format(budget=budget, seed=result["seed"]),
    ]
    if result["biggest_mistakes"]:
        mistake = _("event {event}: {played}, best {best} (-{loss})")
        worst = "; ".join(
            mistake.format(
                event=d["event"],
                played=d["said"]["played"],
                best=d["said"]["best"],
                loss=decimal(100 * d["loss"], 1),
            )
            for d in result["biggest_mistakes"]
        )
        notes.append(_("Biggest mistakes: {mistakes}.").format(mistakes=worst))
    return Text(" ".join(notes), style="dim")


def _figure(value: float | None) -> str:
    return "-" if value is None else decimal(value, 1)


def _percent(value: float | None) -> str:
    return "-" if value is None else percent(value, 0)


def _draw(result: dict[str, Any], path: Path, err: Console) -> None:
    try:
        win_chance_figure(result).savefig(path, dpi=120)
    except OSError as error:
        fail(_("the graph could not be written: {why}").format(why=unwritable(path, error)), 1)
    err.print(_("Graph written to {path}.").format(path=escape(str(path))))


def win_chance_figure(result: dict[str, Any]) -> Figure:
    """The seat's win chance after each judged decision: the move played, the best move, and the
    moves that were not good marked."""
    from matplotlib.figure import Figure

    decisions = result["decisions"]
    events = [d["event"] for d in decisions]
    figure = Figure(figsize=(10, 4), layout="constrained")
    axes = figure.subplots()
    best = [100 * d["values"][d["best"]] for d in decisions]
    played = [100 * d["values"][d["played"]] for d in decisions]
    axes.plot(events, best, "--", color="#8c8c8c", label=_("best move"))
    axes.plot(events, played, "-", color="#4c72b0", label=_("move played"))
    for verdict, (colour, marker) in MARKERS.items():
        marked = [d for d in decisions if d["verdict"] == verdict]
        if marked:
            axes.scatter(
                [d["event"] for d in marked],
                [100 * d["values"][d["played"]] for d in marked],
                color=colour,
                marker=marker,
                zorder=3,
                label=_(VERDICTS[verdict]),
            )
    axes.set_ylim(0, 100)
    axes.set_xlabel(_("event in the record"))
    axes.set_ylabel(_("win chance, %"))
    axes.legend(loc="best")
    axes.set_title(_title(result, N_("Seat {seat} in {game}: accuracy {accuracy}, {good} good")))
    return figure
