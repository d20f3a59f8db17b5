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

Information state (OpenSpiel's ``information_state_tensor``): the vector above now and at the deal, then
the game so far, one value per token, ``(token + 1) / (425 + 24)``: the observer's dealt cards (news
token ``425 + card``), each move (its action id), and after a move the cards the observer drew (``425 +
card``) or one token ``425 + 23`` per card the seat to act drew. Slots: the game's ``max_game_length``
plus the pack (every card drawn at most once)."""

from __future__ import annotations

from collections import Counter

import numpy as np

from ...core.game import JsonDict
from ...games.cabooses_in_the_corner import (
    CARD_IDS,
    CODES,
    MOVE_BASE,
    NUM_CODES,
    NUM_PLACES,
    PLACES,
    PLAY_BASE,
    TRAIN_LENGTH,
    pack_for,
)
from . import Encoder

PACK = 72
OUTCOMES = ("win", "stalemate", "draw")
FLIPS = 4
PILE_VALUES = 2 * NUM_CODES + 1


class CaboosesEncoder(Encoder):
    """Cabooses in the Corner for 2–6 players (see the module docstring for the layout)."""

    news_vocabulary = NUM_CODES + 1
    OTHER_DREW = NUM_CODES
    """The news token of a card drawn by another seat, unseen."""

    def _declare(self) -> None:
        n, add = self.players, self.layout.add
        counts = Counter(pack_for(True))
        self.copies = [counts[code] for code in range(NUM_CODES)]
        add("hand", NUM_CODES, "the observer's cards, copies / copies in the pack (zeros in the public view)")
        add("piles", len(PLACES) * PILE_VALUES, "per place: top card (23), bottom card (23), length / 8")
        add("flips", FLIPS * NUM_CODES, "the four setup cards turned on N, E, S, W (23 each)")
        add("departed", NUM_CODES, "cards gone with departed corner trains, copies / copies in the pack")
        add("hand_sizes", n, "cards held / 72", per_seat=1)
        add("depot", 1, "cards left in the depot / 72")
        add("to_act", n, "the seat to act", per_seat=1)
        add("dealer", n, "the dealer", per_seat=1)
        add("first_turn", n, "seats still on their first turn", per_seat=1)
        add("turn", 2, "cards played and cards drawn this turn by the seat to act / 72")
        add("outcome", len(OUTCOMES), "win, stalemate, draw (once the game is over)")
        add("winners", n, "the seat that emptied its hand", per_seat=1)
        add("losers", n, "the seats holding the most cards at a stalemate", per_seat=1)
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

    def news(
        self, before: JsonDict | None, view: JsonDict, seat: int | None, action: int | None
    ) -> list[int]:
        """The observer's cards at the deal; after a move, the cards it drew, or one token per card
        another seat drew."""
        if before is None:
            return sorted(CARD_IDS[code] for code in view["hand"] or ())
        played = None
        if seat is not None and action is not None and action < MOVE_BASE:
            played = (action - PLAY_BASE) // NUM_PLACES
        me, tokens = view["seat"], []
        if me is not None:
            held = Counter(before["hand"])
            if seat == me and played is not None:
                held[CODES[played]] -= 1
            tokens += sorted(CARD_IDS[code] for code in (Counter(view["hand"]) - held).elements())
        for other in range(self.players):
            if other != me:
                drawn = view["hand_sizes"][other] - before["hand_sizes"][other]
                drawn += seat == other and played is not None
                tokens += [self.OTHER_DREW] * drawn
        return tokens

    def history_length(self) -> int:
        return self.game.max_game_length() + PACK  # type: ignore[operator]


encoder_class = CaboosesEncoder
