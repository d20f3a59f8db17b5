"""The arena's picture for people: win rates with their intervals beside the even line, and ratings
with two standard deviations. Built on matplotlib's object interface (no pyplot, no display needed);
the caller saves it."""

from __future__ import annotations

from matplotlib.figure import Figure

from .run import ArenaReport


def ratings_figure(report: ArenaReport) -> Figure:
    """A two-panel figure of ``report``."""
    labels = [s.label for s in report.standings]
    rows = list(range(len(labels)))
    height = 1.2 + 0.45 * len(labels)
    figure = Figure(figsize=(10, height), layout="constrained")
    wins, skill = figure.subplots(1, 2, sharey=True)
    rates = [s.stats.win_rate for s in report.standings]
    low = [r.mean - (r.low if r.low is not None else r.mean) for r in rates]
    high = [(r.high if r.high is not None else r.mean) - r.mean for r in rates]
    wins.barh(
        rows,
        [100 * r.mean for r in rates],
        xerr=[[100 * x for x in low], [100 * x for x in high]],
        color="#4c72b0",
        capsize=4,
    )
    wins.axvline(100 * report.even, color="#c44e52", linestyle="--", label=f"even ({100 * report.even:.1f}%)")
    wins.set_xlabel("win rate, % (95% interval)")
    wins.set_yticks(rows, labels)
    wins.invert_yaxis()
    wins.legend(loc="lower right")
    mus = [s.rating.mu for s in report.standings]
    sigmas = [2 * s.rating.sigma for s in report.standings]
    skill.errorbar(mus, rows, xerr=sigmas, fmt="o", color="#55a868", capsize=4)
    skill.set_xlabel("rating (openskill mu, ±2 sigma)")
    options = ", ".join(f"{k}={v}" for k, v in report.options.items())
    figure.suptitle(
        f"{report.config.game} ({options}): {len(report.results)} games, seed {report.config.seed}"
    )
    return figure
