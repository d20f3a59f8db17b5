"""Ratings for the bots of an arena, with openskill's Plackett-Luce model (a maintained, multiplayer
relative of TrueSkill).

Decisions:
- Each game is one rated match between the bots at the table: a bot's place is first when one of its
  seats won, else second (all equal when nobody won). A bot holding several seats is one player, not
  several copies of itself.
- Games are rated in index order, so the ratings do not depend on which worker finished first.
- Ratings are openskill's defaults (mu 25, sigma 25/3); ``ordinal`` = mu - 3 sigma is a cautious
  single number to sort by.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .play import GameResult


@dataclass(frozen=True)
class Rating:
    """A skill estimate: mean and uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def as_json(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def rate(results: Sequence[GameResult], bots: int) -> list[Rating]:
    """Per bot (by index), its rating after every game of ``results`` in index order."""
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(bots)]
    for result in sorted(results, key=lambda r: r.index):
        present = sorted(set(result.seating))
        if len(present) < 2:
            continue
        won = {who for who, r in zip(result.seating, result.returns, strict=True) if r == 1.0}
        ranks = [0.0 if (who in won or not won) else 1.0 for who in present]
        rated = model.rate([[ratings[who]] for who in present], ranks=ranks)
        for who, (new,) in zip(present, rated, strict=True):
            ratings[who] = new
    return [Rating(r.mu, r.sigma) for r in ratings]
