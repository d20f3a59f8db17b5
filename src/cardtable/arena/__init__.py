"""The arena: bots play many games with seats rotated, on all cores or a Ray cluster, and the
results come back as win rates and mean returns with 95% confidence intervals and ratings.

Needs the ``arena`` extra (openskill, scipy, matplotlib; ``ray`` for the Ray backend).

>>> from cardtable.arena import ArenaConfig, run
>>> report = run(ArenaConfig(game="slobberhannes", bots=("heuristic", "random"), games=4, seed=1), workers=1)
>>> [s.label for s in report.standings], len(report.results)
(['heuristic', 'random'], 4)
"""

from .backends import BACKENDS, default_workers
from .play import ArenaError, GameResult
from .ratings import Rating
from .run import ArenaConfig, ArenaReport, ArenaStopped, Standing, planned_games, run
from .stats import Interval

__all__ = [
    "BACKENDS",
    "ArenaConfig",
    "ArenaError",
    "ArenaReport",
    "ArenaStopped",
    "GameResult",
    "Interval",
    "Rating",
    "Standing",
    "default_workers",
    "planned_games",
    "run",
]
