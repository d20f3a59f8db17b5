"""Slobberhannes observations as a vector (``docs/rules/slobberhannes.md``).

Cards are indexed by their piquet id (``suit * 8 + rank``, suits S H D C, ranks 7..A), the same ids
as the game's actions. ``n`` is the number of players; per-seat fields are relative to the observer
(index 0 is the observer, then the seats after it). Layout for ``n`` players (``65 + 73 * n`` values:
357 with four):

====== =========== ======== ===========================================================
offset size        range    field: meaning
====== =========== ======== ===========================================================
0      32          [0, 1]   hand: 1 for each card in the observer's hand (zeros in the public view)
32     32          [0, 1]   played: cards played so far in this hand, current trick included
64     32 * n       [0, 1]   trick: the card each relative seat put into the current trick
.      n           [0, 1]   trick_leader: the seat that led the current trick
.      n           [0, 1]   to_act: the seat to act (all zeros once the match is over)
.      n           [0, 1]   hand_sizes: cards held / tricks per hand
.      n           [0, 1]   tricks_won: tricks taken this hand / tricks per hand
.      n           [-1, 1]  scores: score / start_points (scores may end below 0)
.      n           [0, 1]   first_taker: who took this hand's first trick
.      n           [0, 1]   queen_taker: who took the trick holding QC
.      32 * n       [0, 1]   last_trick: the card each seat put into the last finished trick
.      n           [0, 1]   last_trick_winner: who took it
.      1           [0, 1]   over: 1 once the match is over
.      n           [0, 1]   winners: the winning seats, once the match is over
====== =========== ======== ===========================================================

``SlobberhannesEncoder(game).layout.describe()`` prints the exact offsets for a player count.

Information state (OpenSpiel's ``information_state_tensor``): the vector above now and at the deal, then
the hand so far one-hot, a row of ``32 + n`` values per token (``1 + 32`` rows): the hand's leader (news
token ``32 + seat``, relative), then each card played, in order. The seats that played them follow from
the rules."""

from __future__ import annotations

import numpy as np

from ...core.cards import PIQUET_IDS
from ...core.game import JsonDict
from ...games.slobberhannes import deck_for
from . import Encoder

CARDS = 32


class SlobberhannesEncoder(Encoder):
    """Slobberhannes for 3–6 players (see the module docstring for the layout)."""

    score_sense = 1
    hand_key = "hand_number"
    history_one_hot = True

    def _declare(self) -> None:
        n, add = self.players, self.layout.add
        self.news_vocabulary = n
        add("hand", CARDS, "1 for each card in the observer's hand (zeros in the public view)")
        add("played", CARDS, "cards played so far in this hand, current trick included")
        add("trick", CARDS * n, "the card each relative seat put into the current trick")
        add("trick_leader", n, "the seat that led the current trick")
        add("to_act", n, "the seat to act (all zeros once the match is over)")
        add("hand_sizes", n, "cards held / tricks per hand")
        add("tricks_won", n, "tricks taken this hand / tricks per hand")
        add("scores", n, "score / start_points (scores may end below 0)", low=-1.0)
        add("first_taker", n, "who took this hand's first trick")
        add("queen_taker", n, "who took the trick holding QC")
        add("last_trick", CARDS * n, "the card each seat put into the last finished trick")
        add("last_trick_winner", n, "who took it")
        add("over", 1, "1 once the match is over")
        add("winners", n, "the winning seats, once the match is over")
        self.f = {field.name: field for field in self.layout.fields}

    def _write(self, out: np.ndarray, view: JsonDict) -> None:
        f, me = self.f, self.me(view)
        tricks = view["tricks_per_hand"]
        for code in view["hand"] or ():
            out[f["hand"].offset + PIQUET_IDS[code]] = 1.0
        for code in view["played"]:
            out[f["played"].offset + PIQUET_IDS[code]] = 1.0
        self._trick(out, "trick", view["trick"], me)
        if view["trick"]:
            self.seat_one_hot(out, f["trick_leader"], view["trick"][0]["seat"], me)
        self.seat_one_hot(out, f["to_act"], view["to_act"], me)
        self.per_seat(out, f["hand_sizes"], view["hand_sizes"], me, tricks)
        self.per_seat(out, f["tricks_won"], view["tricks_won"], me, tricks)
        self.per_seat(out, f["scores"], view["scores"], me, view["start_points"])
        self.seat_one_hot(out, f["first_taker"], view["first_taker"], me)
        self.seat_one_hot(out, f["queen_taker"], view["queen_taker"], me)
        last = view["last_trick"]
        if last is not None:
            self._trick(out, "last_trick", last["cards"], me)
            self.seat_one_hot(out, f["last_trick_winner"], last["winner"], me)
        out[f["over"].offset] = 1.0 if view["over"] else 0.0
        for seat in view["winners"]:
            self.seat_one_hot(out, f["winners"], seat, me)

    def _trick(self, out: np.ndarray, name: str, plays: list[JsonDict], me: int) -> None:
        offset = self.f[name].offset
        for play in plays:
            out[offset + CARDS * self.relative(play["seat"], me) + PIQUET_IDS[play["card"]]] = 1.0

    def news(
        self, before: JsonDict | None, view: JsonDict, seat: int | None, action: int | None
    ) -> list[int]:
        """At a deal: who leads the hand."""
        if before is None and not view["over"]:
            return [self.relative(view["to_act"], self.me(view))]
        return []

    def history_length(self) -> int:
        return 1 + len(deck_for(self.players))

    def score_range(self) -> tuple[float, float]:
        """A seat loses at most 4 points a hand, and is dealt no more hands once at 0 or below."""
        start = int(self.game.options["start_points"])  # type: ignore[arg-type]
        return (-4.0 if self.game.options["single_hand"] else -(start + 3.0)), 0.0


encoder_class = SlobberhannesEncoder
