"""The arena's picture for people: win rates with their intervals beside the even line, and ratings
with two standard deviations. Built on matplotlib's object interface (no pyplot, no display needed);
the caller saves it.

Decisions:
- The legend sits under the plots, where it covers no bar; the title wraps instead of being cut.
- Option values are written as in the JSON report (``null``, ``false``), not as Python writes them.
- A bar whose interval is not estimated (one deal, or every deal alike) has no error bar and says
  "too few games" beside it.
"""

from __future__ import annotations

import json
import textwrap

from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.figure import Figure

from .run import ArenaReport

TITLE_WIDTH = 90
"""Characters per title line at the figure's width."""


def file_types() -> list[str]:
    """The file name endings ``savefig`` can write (``png``, ``pdf``, ``svg``, ...)."""
    return sorted(FigureCanvasBase.get_supported_filetypes())


def ratings_figure(report: ArenaReport) -> Figure:
    """A two-panel figure of ``report``."""
    labels = [s.label for s in report.standings]
    rows = list(range(len(labels)))
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in report.options.items())
    title = textwrap.fill(
        f"{report.config.game} ({options}): {len(report.results)} games, seed {report.config.seed}",
        TITLE_WIDTH,
    )
    height = 2.0 + 0.45 * len(labels) + 0.25 * title.count("\n")
    figure = Figure(figsize=(10, height), layout="constrained")
    wins, skill = figure.subplots(1, 2, sharey=True)
    rates = [s.stats.win_rate for s in report.standings]
    low = [r.mean - r.low if r.estimated and r.low is not None else 0.0 for r in rates]
    high = [r.high - r.mean if r.estimated and r.high is not None else 0.0 for r in rates]
    wins.barh(
        rows,
        [100 * r.mean for r in rates],
        xerr=[[100 * x for x in low], [100 * x for x in high]],
        color="#4c72b0",
        capsize=4,
    )
    for row, rate in zip(rows, rates, strict=True):
        if not rate.estimated:
            wins.annotate(
                "too few games",
                (100 * rate.mean, row),
                xytext=(4, 0),
                textcoords="offset points",
                va="center",
                fontsize=8,
                color="#555555",
            )
    wins.axvline(100 * report.even, color="#c44e52", linestyle="--", label=f"even ({100 * report.even:.1f}%)")
    wins.set_xlabel("win rate, % (95% interval)")
    wins.set_xlim(0, 100)
    wins.set_yticks(rows, labels)
    wins.invert_yaxis()
    mus = [s.rating.mu for s in report.standings]
    sigmas = [2 * s.rating.sigma for s in report.standings]
    skill.errorbar(mus, rows, xerr=sigmas, fmt="o", color="#55a868", capsize=4)
    skill.set_xlabel("rating (openskill mu, ±2 sigma)")
    figure.legend(loc="outside lower center", frameon=False)
    figure.suptitle(title)
    return figure
