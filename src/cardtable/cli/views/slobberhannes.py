"""Slobberhannes at the terminal: scores, tricks taken and the three penalty marks per seat."""

from __future__ import annotations

from .base import Observation
from .tricks import TrickView


class SlobberhannesView(TrickView):
    title = "Slobberhannes"

    def header(self, obs: Observation) -> str:
        trick = obs["tricks_won"] and sum(obs["tricks_won"]) + 1
        return (
            f"Slobberhannes — hand {obs['hand_number']}, trick {min(trick, obs['tricks_per_hand'])}"
            f" of {obs['tricks_per_hand']} — avoid the first trick, the last trick and QC"
        )

    def seat_columns(self, obs: Observation) -> dict[str, list[str]]:
        n = obs["players"]
        marks = [[] for _ in range(n)]
        if obs["first_taker"] is not None:
            marks[obs["first_taker"]].append("first")
        if obs["queen_taker"] is not None:
            marks[obs["queen_taker"]].append("QC")
        return {
            "score": [str(s) for s in obs["scores"]],
            "tricks": [str(t) for t in obs["tricks_won"]],
            "cards": [str(c) for c in obs["hand_sizes"]],
            "penalties": [" ".join(m) for m in marks],
        }


VIEW = SlobberhannesView()
