"""Cabooses in the Corner observations as a vector (``docs/rules/cabooses-in-the-corner.md``).

Cards are the 23 codes ``B1``…``B7``, ``R1``…``R7``, ``W1``…``W7``, ``P8``, ``OB``, in that order; a
count field holds copies / the pack's copies of that code (3 of each train card, 7 ``P8``, 2 ``OB``).
Places are ``N E S W NE SE SW NW``. ``n`` is the number of players; per-seat fields are relative to the
observer (index 0 is the observer, then the seats after it). Layout (``520 + 6 * n`` values: 544 with
four):

offset  size    range   field: meaning
0       23      [0, 1]  hand: the observer's cards, copies / copies in the pack (zeros in the public view)
23      376     [0, 1]  piles: per place (8): its top card (23), its bottom card (23), its length / 8
399     92      [0, 1]  flips: the four setup cards turned on N, E, S, W (23 each)
491     23      [0, 1]  departed: cards gone with departed corner trains, copies / copies in the pack
514     n       [0, 1]  hand_sizes: cards held / 72
.       1       [0, 1]  depot: cards left in the depot / 72
.       n       [0, 1]  to_act: the seat to act
.       n       [0, 1]  dealer: the dealer
.       n       [0, 1]  first_turn: seats still on their first turn
.       2       [0, 1]  turn: cards played and cards drawn this turn by the seat to act / 72
.       3       [0, 1]  outcome: win, stalemate, draw (once the game is over)
.       n       [0, 1]  winners: the seat that emptied its hand
.       n       [0, 1]  losers: the seats holding the most cards at a stalemate

``CaboosesEncoder(game).layout.describe()`` prints the exact offsets for a player count.

Longest game (OpenSpiel's ``max_game_length``): moves between piles may be repeated within a turn, so
the rules set no bound on decisions; OpenSpiel is told 2**31 - 1.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from ...core.game import JsonDict
from ...games.cabooses_in_the_corner import CARD_IDS, NUM_CODES, PLACES, TRAIN_LENGTH, pack_for
from . import Encoder

PACK = 72
OUTCOMES = ("win", "stalemate", "draw")
FLIPS = 4
PILE_VALUES = 2 * NUM_CODES + 1


class CaboosesEncoder(Encoder):
    """Cabooses in the Corner for 2–6 players (see the module docstring for the layout)."""

    def _declare(self) -> None:
        n, add = self.players, self.layout.add
        counts = Counter(pack_for(True))
        self.copies = [counts[code] for code in range(NUM_CODES)]
        add("hand", NUM_CODES, "the observer's cards, copies / copies in the pack (zeros in the public view)")
        add("piles", len(PLACES) * PILE_VALUES, "per place: top card (23), bottom card (23), length / 8")
        add("flips", FLIPS * NUM_CODES, "the four setup cards turned on N, E, S, W (23 each)")
        add("departed", NUM_CODES, "cards gone with departed corner trains, copies / copies in the pack")
        add("hand_sizes", n, "cards held / 72")
        add("depot", 1, "cards left in the depot / 72")
        add("to_act", n, "the seat to act")
        add("dealer", n, "the dealer")
        add("first_turn", n, "seats still on their first turn")
        add("turn", 2, "cards played and cards drawn this turn by the seat to act / 72")
        add("outcome", len(OUTCOMES), "win, stalemate, draw (once the game is over)")
        add("winners", n, "the seat that emptied its hand")
        add("losers", n, "the seats holding the most cards at a stalemate")
        self.f = {field.name: field for field in self.layout.fields}

    def _write(self, out: np.ndarray, view: JsonDict) -> None:
        f, me = self.f, self.me(view)
        self._counts(out, f["hand"].offset, view["hand"] or ())
        for place, pile in view["piles"].items():
            if pile:
                offset = f["piles"].offset + PLACES.index(place) * PILE_VALUES
                out[offset + CARD_IDS[pile[-1]]] = 1.0
                out[offset + NUM_CODES + CARD_IDS[pile[0]]] = 1.0
                out[offset + 2 * NUM_CODES] = len(pile) / TRAIN_LENGTH
        for index, code in enumerate(view["flips"]):
            out[f["flips"].offset + index * NUM_CODES + CARD_IDS[code]] = 1.0
        self._counts(out, f["departed"].offset, [code for train in view["departed"] for code in train])
        self.per_seat(out, f["hand_sizes"], view["hand_sizes"], me, PACK)
        out[f["depot"].offset] = view["depot"] / PACK
        self.seat_one_hot(out, f["to_act"], view["to_act"], me)
        self.seat_one_hot(out, f["dealer"], view["dealer"], me)
        self.per_seat(out, f["first_turn"], [float(first) for first in view["first_turn"]], me, 1)
        out[f["turn"].offset] = view["played"] / PACK
        out[f["turn"].offset + 1] = view["drawn"] / PACK
        if view["outcome"] is not None:
            out[f["outcome"].offset + OUTCOMES.index(view["outcome"])] = 1.0
        for name in ("winners", "losers"):
            for seat in view[name]:
                self.seat_one_hot(out, f[name], seat, me)

    def _counts(self, out: np.ndarray, offset: int, codes: list[str] | tuple[str, ...]) -> None:
        for code in codes:
            card = CARD_IDS[code]
            out[offset + card] += 1.0 / self.copies[card]

    def max_game_length(self) -> int:
        return 2**31 - 1


encoder_class = CaboosesEncoder
