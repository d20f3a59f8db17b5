"""``cardtable arena`` as a person meets it in a terminal (pexpect): paths refused before any game is
played, records never mixed, one bot refused, a table that fits 40, 60 and 100 columns and a file, an
interval of zero width flagged; and the plot's legend, title and values."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pexpect
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from rich.cells import cell_len

from cardtable.arena import ArenaConfig, run
from cardtable.arena.plot import ratings_figure

from ..cli.terminal import CARDTABLE, ended, spawn, text

QUICK = ["arena", "troeven", "--bots", "heuristic", "random", "--games", "6", "--seed", "3", "--workers", "1"]
SEARCH = "ismcts:iterations=4,rollout=random"
SPREAD = ["arena", "troeven", "--bots", "random", SEARCH, "--games", "12", "--seed", "3", "--workers", "1"]
"""Bots whose results vary from deal to deal: every interval has a width."""
ENDLESS = ["arena", "troeven", "--bots", "heuristic", "random", "--games", "10000000", "--workers", "1"]
"""An arena that would run for hours: a refusal that comes back at once was made before any game."""


def finished(child: pexpect.spawn) -> tuple[int, str]:
    ended(child)
    assert "Traceback" not in child.before, child.before
    return child.exitstatus, " ".join(text(child.before).split())


@pytest.mark.parametrize(
    ("words", "reason"),
    [
        (["--plot", "/nonexistent/x.png"], "error: --plot: there is no folder /nonexistent"),
        (["--plot", "plot.jpgg"], "error: --plot: cannot draw a '.jpgg' file; name one ending in"),
        (["--plot", "."], "error: --plot: . is a folder; name a file"),
        (["--records", "afile"], "error: --records: afile is a file; name a folder for the records"),
    ],
)
def test_bad_paths_are_refused_before_any_game(tmp_path: Path, words: list[str], reason: str) -> None:
    (tmp_path / "afile").write_text("not a folder")
    code, shown = finished(spawn(*ENDLESS, *words, cwd=tmp_path))
    assert code == 2 and reason in shown, shown
    assert "games" not in shown.replace("10000000", "")  # no progress bar: nothing was played


def test_records_are_never_mixed_with_an_earlier_run(tmp_path: Path) -> None:
    code, shown = finished(spawn(*QUICK, "--records", "games", cwd=tmp_path))
    assert code == 0 and "6 records written to games/" in shown
    before = {path.name: path.read_text() for path in (tmp_path / "games").iterdir()}
    code, shown = finished(spawn(*ENDLESS, "--seed", "9", "--records", "games", cwd=tmp_path))
    assert code == 2 and "--records: games already holds game records; name a new or empty folder" in shown
    assert {path.name: path.read_text() for path in (tmp_path / "games").iterdir()} == before


def test_one_bot_alone_is_refused(tmp_path: Path) -> None:
    code, shown = finished(spawn("arena", "troeven", "--bots", "heuristic", cwd=tmp_path))
    assert code == 2 and "an arena needs at least two bots to compare" in shown


@pytest.mark.parametrize("columns", [40, 60, 100])
def test_the_table_fits_the_terminal(tmp_path: Path, columns: int) -> None:
    child = spawn(*SPREAD, cwd=tmp_path, columns=columns)
    code, _ = finished(child)
    lines = text(child.before).splitlines()
    report = lines[next(i for i, line in enumerate(lines) if line.startswith("troeven (players=2")) :]
    assert code == 0 and all(cell_len(line.rstrip()) <= columns for line in report), report
    for bot in ("random", SEARCH):
        assert any(bot in line for line in report), report
    assert "…" not in "\n".join(report)
    intervals = [line for line in report if "%" in line and "[" in line]
    assert intervals and all(line.count("[") == line.count("]") for line in intervals), report


def test_written_to_a_file_the_table_keeps_its_rows_whole(tmp_path: Path) -> None:
    """Redirected output is not cut to 80 columns: one row per bot, intervals whole."""
    with (tmp_path / "out.txt").open("w") as out:
        subprocess.run([CARDTABLE, *SPREAD], stdout=out, stderr=subprocess.DEVNULL, check=True, cwd=tmp_path)
    lines = (tmp_path / "out.txt").read_text().splitlines()
    rows = [line.split() for line in lines if line.split()[:1] in ([SEARCH], ["random"])]
    assert len(rows) == 2, lines
    for row in rows:
        assert row[2].endswith("%") and row[3].startswith("[") and row[4].endswith("]"), row


def test_an_interval_of_zero_width_is_flagged_as_too_few_games(tmp_path: Path) -> None:
    """Heuristic wins every deal of these six games: the interval has no width and says nothing."""
    report = run(ArenaConfig(game="troeven", bots=("heuristic", "random"), games=6, seed=3), workers=1)
    rate = report.standings[0].stats.win_rate
    assert rate.low == rate.high == 1.0 and not rate.estimated
    code, shown = finished(spawn(*QUICK, cwd=tmp_path, columns=140))
    assert code == 0 and "heuristic 6 100.0% too few games unclear" in shown, shown
    assert "[100.0, 100.0]" not in shown and "above" not in shown


def test_the_plot_keeps_its_legend_off_the_bars_its_title_whole_and_json_values() -> None:
    config = ArenaConfig(
        game="mue", bots=("heuristic", "random"), games=4, seed=1, options={"players": 4, "end": "deals"}
    )
    report = run(config, workers=1)
    figure = ratings_figure(report)
    FigureCanvasAgg(figure).draw()
    wins = figure.axes[0]
    assert wins.get_legend() is None and len(figure.legends) == 1  # the legend is the figure's, below
    legend = figure.legends[0].get_window_extent()
    assert not any(legend.overlaps(bar.get_window_extent()) for bar in wins.patches)
    title = figure._suptitle
    assert (
        title is not None
        and "first_dealer=null" in title.get_text()
        and "dealer_sits_out=false" in title.get_text()
    )
    assert figure.bbox.x0 <= title.get_window_extent().x0 and title.get_window_extent().x1 <= figure.bbox.x1


def test_ctrl_c_stops_the_arena_at_once_and_reports_the_whole_rotations_finished(tmp_path: Path) -> None:
    """Two worker processes mid-game: Ctrl-C ends them without waiting for their games, and the games of
    the whole rotations finished still make a table (exit code 130), their records kept."""
    long = ["arena", "troeven", "--bots", "heuristic", "random", "--games", "100000", "--workers", "2"]
    child = spawn(*long, "--records", "games", cwd=tmp_path)
    child.expect("playing 100000 games")
    deadline = time.monotonic() + 60
    while len(list((tmp_path / "games").glob("game-*.json"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)  # a whole rotation (two games) is done
    pgrep = ["pgrep", "-P", str(child.pid), "-f", "spawn_main"]  # the workers, not the resource tracker
    workers = subprocess.run(pgrep, capture_output=True, text=True).stdout.split()
    assert workers
    child.sendintr()
    child.expect("Stopped \\(Ctrl-C\\) after", timeout=10)  # workers ended, not waited for
    code, shown = finished(child)
    assert code == 130 and "the report covers the" in shown and "whole rotations finished" in shown, shown
    assert "heuristic" in shown and "win rate" in shown.lower(), shown
    assert "The records of the games played are in games/" in shown
    assert any((tmp_path / "games").glob("game-*.json"))
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]  # no worker left playing


def test_ctrl_c_before_a_whole_rotation_says_there_is_no_report(tmp_path: Path) -> None:
    slow = ["arena", "troeven", "--bots", "ismcts:iterations=20000", "random", "--games", "2"]
    slow += ["--workers", "1"]
    child = spawn(*slow, cwd=tmp_path)
    child.expect("troeven: ismcts")
    child.sendintr()
    code, shown = finished(child)
    assert code == 130 and "Stopped (Ctrl-C) before a whole rotation was played: no report." in shown, shown
