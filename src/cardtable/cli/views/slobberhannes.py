"""Slobberhannes at the terminal: scores, tricks taken and the three penalty marks per seat."""

from __future__ import annotations

from ...narration.cards import short_name
from ..words import N_, _, current
from .base import Observation, SeatColumns
from .tricks import TrickView

QUEEN = "QC"
"""The queen of clubs, whose trick costs a point: the header and the penalty marks show it as the table
shows cards."""


class SlobberhannesView(TrickView):
    title = "Slobberhannes"
    rules = (
        N_(
            "Slobberhannes: a trick game without trumps. Follow the suit led if you can; the highest card"
            " of the suit led takes the trick, and its taker leads the next one."
        ),
        N_(
            "Each hand costs 1 point for the first trick, 1 for the last trick and 1 for the trick with the"
            " queen of clubs (Q♣), and 1 more for taking all three. Scores start at 10 (or 6 or 16) and"
            " count down; after the hand in which someone reaches 0, the highest score wins."
        ),
    )
    notation = (
        N_("a card: rank then suit, in any case: QC is Q♣, TD is 10♦ (T for ten), 7s is 7♠"),
        N_("or the card's number in your hand"),
    )

    def header(self, obs: Observation) -> str:
        trick = obs["tricks_won"] and sum(obs["tricks_won"]) + 1
        # at most 80 characters in English, so it fits a terminal of 80 columns whole
        header = _(
            "Slobberhannes — hand {hand}, trick {trick} of {tricks} — avoid the first and last tricks and"
            " {queen}"
        )
        return header.format(
            hand=obs["hand_number"],
            trick=min(trick, obs["tricks_per_hand"]),
            tricks=obs["tricks_per_hand"],
            queen=short_name(QUEEN, current()),
        )

    def seat_columns(self, obs: Observation) -> SeatColumns:
        n = obs["players"]
        marks: list[list[str]] = [[] for _ in range(n)]
        if obs["first_taker"] is not None:
            marks[obs["first_taker"]].append(_("first"))
        if obs["queen_taker"] is not None:
            marks[obs["queen_taker"]].append(short_name(QUEEN, current()))
        return {
            _("score"): [str(s) for s in obs["scores"]],
            _("tricks"): [str(t) for t in obs["tricks_won"]],
            _("cards"): [str(c) for c in obs["hand_sizes"]],
            _("penalties"): [" ".join(m) for m in marks],
        }


VIEW = SlobberhannesView()
