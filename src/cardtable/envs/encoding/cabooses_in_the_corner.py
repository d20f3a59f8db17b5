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
from itertools import compress
from operator import ne

import numpy as np

from ...core.game import JsonDict, State
from ...games.cabooses_in_the_corner.board import (
    CARD_IDS,
    CODES,
    EMPTY,
    END_ACTION,
    MOVE_BASE,
    MOVE_OF,
    NUM_CODES,
    NUM_PLACES,
    PILES,
    PLACES,
    PLAY_BASE,
    PLAY_OF,
    RELOCATE_BASE,
    RELOCATE_OF,
    TRAIN_LENGTH,
    Pile,
    pack_for,
)
from ...games.cabooses_in_the_corner.state import CaboosesState
from . import Encoder
from .tracker import Row, Tracker

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
        self.count_values = [self._count_values(code) for code in CODES]
        """``count_values[card][k]``: what a count field holds for ``k`` copies of a code (``_counts``'
        float32 sums: ``k / copies`` rounded once is not always the same number, e.g. 3/7)."""

    def _count_values(self, code: str) -> list[float]:
        values = []
        for k in range(self.copies[CARD_IDS[code]] + 1):
            out = np.zeros(NUM_CODES, np.float32)
            self._counts(out, 0, [code] * k)
            values.append(float(out[CARD_IDS[code]]))
        return values

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


class CaboosesTracker(Tracker):
    """Every seat's vector of a Cabooses in the Corner game, kept from its moves (``encoding/tracker``).

    A play takes a card from the hand onto a pile; a move or relocation changes two piles; ``end``
    passes the turn. What the rules settle is read from the state, not worked out again: the piles a
    move left (``pile_ids``: a completed corner train has departed, which empties its corner) and the
    cards drawn (``hand_counts`` of the seat to act, compared with its hand before: the turn's draw
    after ``end``, forced draws after a move or relocation made before any play). A departed train is
    the cards that arrived at the place it left. The game's end (a win, a stalemate) is never laid
    out: the match is over and the vector environment starts the next one."""

    __slots__ = ("counts", "departed", "depot", "drawn", "piles", "played", "sizes", "values")

    def __init__(self, encoder: Encoder) -> None:
        super().__init__(encoder)
        assert isinstance(encoder, CaboosesEncoder)
        self.values = encoder.count_values

    def _remember(self, state: State) -> None:
        assert isinstance(state, CaboosesState)
        view = state.observation(None)
        self.counts = [state.hand_counts(seat) for seat in range(self.encoder.players)]
        self.sizes = view["hand_sizes"]
        self.piles = list(state.pile_ids())
        self.departed = [0] * NUM_CODES
        for train in view["departed"]:
            for code in train:
                self.departed[CARD_IDS[code]] += 1
        self.depot, self.played, self.drawn = view["depot"], view["played"], view["drawn"]

    def moved(self, row: Row, state: State, seat: int, action: int, events: list[JsonDict]) -> None:
        assert isinstance(state, CaboosesState)
        if action < MOVE_BASE:
            self._played(row, state, seat, *PLAY_OF[action - PLAY_BASE])
        elif action < RELOCATE_BASE:
            source, _, target = MOVE_OF[action - MOVE_BASE]
            self._moved(row, state, seat, source, target)
        elif action < END_ACTION:
            self._moved(row, state, seat, *RELOCATE_OF[action - RELOCATE_BASE])
        else:
            self._ended(row, state, seat)

    def _played(self, row: Row, state: CaboosesState, seat: int, card: int, place: int) -> None:
        """A card from the hand onto the pile at ``place`` (where it may complete a corner's train)."""
        at, counts = self.at, self.counts[seat]
        counts[card] -= 1
        row[self.private[seat] + card] = self.values[card][counts[card]]
        self.sizes[seat] -= 1
        row[at.hand_sizes + seat] = self.sizes[seat] / PACK
        old = self.piles[place]
        if self._pile(row, place, state.pile_ids()[place]) == EMPTY:  # a corner's train departed
            self._departed(row, PILES[old] + (card,))
        self.played += 1
        row[at.turn] = self.played / PACK

    def _moved(self, row: Row, state: CaboosesState, seat: int, source: int, target: int) -> None:
        """A move or relocation from ``source`` onto ``target``; forced draws may follow."""
        piles, now = self.piles, state.pile_ids()
        arrived = PILES[piles[target]] + PILES[piles[source]][len(PILES[now[source]]) :]
        self._pile(row, source, now[source])
        if self._pile(row, target, now[target]) == EMPTY:
            self._departed(row, arrived)
        if not self.played:
            self._drew(row, state, seat)

    def _ended(self, row: Row, state: CaboosesState, seat: int) -> None:
        """The turn passes: the next seat draws (the turn's draw and any forced draws)."""
        at = self.at
        row[at.first_turn + seat] = 0.0
        row[at.to_act + seat] = 0.0
        nxt: int = state.current_player()  # type: ignore[assignment]  # the match goes on
        row[at.to_act + nxt] = 1.0
        self.played = self.drawn = 0
        row[at.turn] = 0.0
        row[at.turn + 1] = 0.0
        self._drew(row, state, nxt)

    def _drew(self, row: Row, state: CaboosesState, seat: int) -> None:
        """Lay out the cards ``seat`` (to act) drew since its hand was last laid out, if any."""
        counts, now = self.counts[seat], state.hand_counts(seat)
        if counts == now:
            return
        drawn, hand = 0, self.private[seat]
        for card in compress(range(NUM_CODES), map(ne, counts, now)):  # the codes drawn
            drawn += now[card] - counts[card]
            row[hand + card] = self.values[card][now[card]]
        self.counts[seat] = now
        at = self.at
        self.sizes[seat] += drawn
        row[at.hand_sizes + seat] = self.sizes[seat] / PACK
        self.depot -= drawn
        row[at.depot] = self.depot / PACK
        self.drawn += drawn
        row[at.turn + 1] = self.drawn / PACK

    def _pile(self, row: Row, place: int, pile: int) -> int:
        """Show ``pile`` at ``place`` (its top, its bottom and its length) instead of the one there."""
        offset = self.at.piles + place * PILE_VALUES
        before, after = PILES[self.piles[place]], PILES[pile]
        if before:
            row[offset + before[-1]] = 0.0
            row[offset + NUM_CODES + before[0]] = 0.0
        if after:
            row[offset + after[-1]] = 1.0
            row[offset + NUM_CODES + after[0]] = 1.0
        row[offset + 2 * NUM_CODES] = len(after) / TRAIN_LENGTH
        self.piles[place] = pile
        return pile

    def _departed(self, row: Row, train: Pile) -> None:
        """Add a departed train's cards to ``departed``."""
        departed, offset = self.departed, self.at.departed
        for card in train:
            departed[card] += 1
            row[offset + card] = self.values[card][departed[card]]


encoder_class = CaboosesEncoder
tracker_class = CaboosesTracker
