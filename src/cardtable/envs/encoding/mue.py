"""Mü observations as a vector (``docs/rules/mue.md``).

Cards are the 50 codes ``R0``…``P9`` (colour R B G Y P, then number), indexed ``colour * 10 + number``;
a card field holds the number of copies / 2 (the 1s and 7s come twice). Trumps are the 16 names
``R B G Y P 0 … 9 none``. ``n`` is the number of players (the dealer who sits out included); per-seat
fields are relative to the observer (index 0 is the observer, then the seats after it). ``H`` is the
hand size of the deal (``tricks_per_hand``). Layout (``145 + 164 * n`` values: 801 with four):

offset  size    range    field: meaning
0       50      [0, 1]   hand: the observer's cards, face up or not (zeros in the public view)
.       50 * n  [0, 1]   face_up: each seat's cards shown in the auction and not yet played
.       50      [0, 1]   played: cards played so far in this hand, current trick included
.       50 * n  [0, 1]   trick: the card each relative seat put into the current trick
.       50 * n  [0, 1]   last_trick: the card each seat put into the last finished trick
.       n       [0, 1]   last_trick_winner: who took it
.       6       [0, 1]   phase: auction, vice_trump, chief_trump, partner, tricks, over
.       n       [0, 1]   to_act: the seat to act
.       n       [0, 1]   dealer: this hand's dealer
.       n       [0, 1]   active: the seats that play this hand
.       n       [0, 1]   hand_sizes: cards held / H
.       n       [0, 1]   bid_counts: cards each seat has shown in the auction / H
.       n       [0, 1]   last_bid: each seat's latest bid in bidding order / the latest bid of all
.       4       [0, 2]   auction: highest count, raise limit and cards shown this turn (/ H), passes in
                         a row / n
.       n       [0, 1]   chief: the Chief
.       n       [0, 1]   vice: the Vice
.       n       [0, 1]   partner: the Chief's partner
.       16      [0, 1]   vice_trump: the Vice's trump
.       16      [0, 1]   chief_trump: the Chief's trump
.       2       [0, 2]   bid: the Chief's bid / H, the team's target / 60 card points
.       n       [0, 1]   points: card points taken this hand / 60
.       n       [0, 1]   tricks_won: tricks taken this hand / H
.       n       [-1, 1]  scores: score / (|score| + 100), a bounded and order-keeping squash
.       1       [0, 1]   over: 1 once the game is over
.       n       [0, 1]   winners: the winning seats, once the game is over

The score sheet (one line per past hand) is left out: the scores carry its sum.
``MueEncoder(game).layout.describe()`` prints the exact offsets for a player count.

Information state (OpenSpiel's ``information_state_tensor``): the vector above now and at the deal, then
the hand's moves in order (auction, trumps, partner, cards), one value each, ``(action + 1) / 124``, in
as many slots as a hand can have decisions (``C * (2 + n) + n + 3 + C`` for a pack of C cards). Mü shows
a seat nothing by chance after the deal, and its dealt cards are its hand and the cards it has played.
"""

from __future__ import annotations

import numpy as np

from ...core.game import JsonDict, State
from ...games.mue.cards import CODE_IDS, DONE, PASS, PLAY_BASE, POINTS_OF, SHOW_BASE, TRUMP_BASE, TRUMP_NAMES
from ...games.mue.rules import BONUS_CAP, GAIN_PER_CARD, LOSS_PER_CARD
from ...games.mue.state import PHASE_NAMES, pack_for
from . import Encoder
from .tracker import Row, Tracker, view_tricks

CODES = 50
TARGET_SCALE = 60
SCORE_SQUASH = 100
MAX_CARDS = 60


class MueEncoder(Encoder):
    """Mü for 3–6 players (see the module docstring for the layout)."""

    score_sense = 1
    hand_key = "hand_number"

    def _declare(self) -> None:
        n, add = self.players, self.layout.add
        add("hand", CODES, "the observer's cards, face up or not (zeros in the public view)")
        add("face_up", CODES * n, "each seat's cards shown in the auction and not yet played", per_seat=CODES)
        add("played", CODES, "cards played so far in this hand, current trick included")
        add("trick", CODES * n, "the card each relative seat put into the current trick", per_seat=CODES)
        add("last_trick", CODES * n, "the card each seat put into the last finished trick", per_seat=CODES)
        add("last_trick_winner", n, "who took it", per_seat=1)
        add("phase", len(PHASE_NAMES), "auction, vice_trump, chief_trump, partner, tricks, over")
        add("to_act", n, "the seat to act", per_seat=1)
        add("dealer", n, "this hand's dealer", per_seat=1)
        add("active", n, "the seats that play this hand", per_seat=1)
        add("hand_sizes", n, "cards held / H", per_seat=1)
        add("bid_counts", n, "cards each seat has shown in the auction / H", per_seat=1)
        add("last_bid", n, "each seat's latest bid in bidding order / the latest bid of all", per_seat=1)
        add("auction", 4, "highest count, raise limit, shown this turn (/ H), passes in a row / n", high=2.0)
        add("chief", n, "the Chief", per_seat=1)
        add("vice", n, "the Vice", per_seat=1)
        add("partner", n, "the Chief's partner", per_seat=1)
        add("vice_trump", len(TRUMP_NAMES), "the Vice's trump")
        add("chief_trump", len(TRUMP_NAMES), "the Chief's trump")
        add("bid", 2, "the Chief's bid / H, the team's target / 60 card points", high=2.0)
        add("points", n, "card points taken this hand / 60", per_seat=1)
        add("tricks_won", n, "tricks taken this hand / H", per_seat=1)
        add("scores", n, "score / (|score| + 100), a bounded and order-keeping squash", low=-1.0, per_seat=1)
        add("over", 1, "1 once the game is over")
        add("winners", n, "the winning seats, once the game is over", per_seat=1)
        self.f = {field.name: field for field in self.layout.fields}

    def _write(self, out: np.ndarray, view: JsonDict) -> None:
        f, me, n = self.f, self.me(view), self.players
        size = view["tricks_per_hand"]
        self._cards(out, f["hand"].offset, view["hand"] or ())
        for seat, cards in enumerate(view["face_up"]):
            self._cards(out, f["face_up"].offset + CODES * self.relative(seat, me), cards)
        self._cards(out, f["played"].offset, view["played"])
        for play in view["trick"]:
            self._cards(out, f["trick"].offset + CODES * self.relative(play["seat"], me), [play["card"]])
        last = view["last_trick"]
        if last is not None:
            for play in last["cards"]:
                rel = self.relative(play["seat"], me)
                self._cards(out, f["last_trick"].offset + CODES * rel, [play["card"]])
            self.seat_one_hot(out, f["last_trick_winner"], last["winner"], me)
        out[f["phase"].offset + PHASE_NAMES.index(view["phase"])] = 1.0
        for name in ("to_act", "dealer", "chief", "vice", "partner"):
            self.seat_one_hot(out, f[name], view[name], me)
        for seat in view["active"]:
            self.seat_one_hot(out, f["active"], seat, me)
        self.per_seat(out, f["hand_sizes"], view["hand_sizes"], me, size)
        auction = view["auction"]
        self.per_seat(out, f["bid_counts"], auction["counts"], me, size)
        latest = max(auction["last_bid_seq"]) or 1
        self.per_seat(out, f["last_bid"], auction["last_bid_seq"], me, latest)
        offset = f["auction"].offset
        out[offset] = auction["highest"] / size
        out[offset + 1] = (auction["limit"] or 0) / size
        out[offset + 2] = auction["shown_this_turn"] / size
        out[offset + 3] = auction["passes"] / n
        for name in ("vice_trump", "chief_trump"):
            if view[name] is not None:
                out[f[name].offset + TRUMP_NAMES.index(view[name])] = 1.0
        if view["bid"] is not None:
            out[f["bid"].offset] = view["bid"] / size
        if view["target"] is not None:
            out[f["bid"].offset + 1] = view["target"] / TARGET_SCALE
        self.per_seat(out, f["points"], view["points"], me, MAX_CARDS)
        self.per_seat(out, f["tricks_won"], view["tricks_won"], me, size)
        for seat, score in enumerate(view["scores"]):
            out[f["scores"].offset + self.relative(seat, me)] = score / (abs(score) + SCORE_SQUASH)
        out[f["over"].offset] = 1.0 if view["over"] else 0.0
        for seat in view["winners"]:
            self.seat_one_hot(out, f["winners"], seat, me)

    @staticmethod
    def _cards(out: np.ndarray, offset: int, codes: list[str] | tuple[str, ...]) -> None:
        for code in codes:
            out[offset + CODE_IDS[code]] += 0.5

    def history_length(self) -> int:
        cards = len(pack_for(self.game).instances)
        return cards * (2 + self.players) + self.players + 3 + cards

    def score_range(self) -> tuple[float, float]:
        """A hand gives a seat at most every card point, the bonus cap and the pay for a whole hand
        overbid by another, and takes at most the Chief's loss for a whole hand overbid."""
        pack = pack_for(self.game)
        hands = pack.end_hands
        if hands == float("inf"):
            raise ValueError("a Mü game without hand_limit, deals or single_hand has no bound on its scores")
        size = pack.tricks_per_hand
        gain = sum(POINTS_OF) + BONUS_CAP + GAIN_PER_CARD * size
        return -hands * LOSS_PER_CARD * size, hands * gain


class MueTracker(Tracker):
    """Every seat's vector of a Mü match, kept from its moves (``encoding/tracker``).

    The auction's shows, bids and passes and the cards played are laid out move by move: they are
    nearly every decision. The few moves that change the phase (the pass that ends the auction, the
    trumps, the partner, the last card of a hand) rewrite the row from the views, as ``start`` does:
    the rules that settle them (void, éclat, the Vice's election, the hand's score, the next deal)
    stay the engine's alone, at the cost of one rebuild or two a hand. The next seat to act is read
    from the state; after a trick it is the trick's winner (the winner leads)."""

    __slots__ = (
        "active_count",
        "counts",
        "face_up",
        "highest",
        "last",
        "last_bid",
        "n",
        "passes",
        "points",
        "shown",
        "sizes",
        "trick",
        "tricks_per_hand",
        "won",
    )

    def __init__(self, encoder: Encoder) -> None:
        super().__init__(encoder)
        self.n = encoder.players

    def _remember(self, state: State) -> None:
        view = state.observation(None)
        self.tricks_per_hand, self.active_count = view["tricks_per_hand"], len(view["active"])
        self.face_up = [[CODE_IDS[code] for code in cards] for cards in view["face_up"]]
        self.sizes, self.points, self.won = view["hand_sizes"], view["points"], view["tricks_won"]
        self.trick, self.last = view_tricks(view, CODE_IDS)
        auction = view["auction"]
        self.counts, self.last_bid = auction["counts"], auction["last_bid_seq"]
        self.highest, self.passes = auction["highest"], auction["passes"]
        self.shown = auction["shown_this_turn"]

    def moved(self, row: Row, state: State, seat: int, action: int, events: list[JsonDict]) -> None:
        if action >= PLAY_BASE:
            self._played(row, state, seat, action - PLAY_BASE, events)
        elif action >= TRUMP_BASE or (action == PASS and self.passes + 1 == self.active_count):
            self.start(row, state)  # the phase changes: see the class docstring
        elif action >= SHOW_BASE:
            self._shown(row, seat, action - SHOW_BASE)
        else:
            self._bid_over(row, state, seat, action == DONE)

    def _shown(self, row: Row, seat: int, code: int) -> None:
        """A card turned face up in the auction (the same seat goes on)."""
        at, size = self.at, self.tricks_per_hand
        self.face_up[seat].append(code)
        row[at.face_up + CODES * seat + code] += 0.5
        self.counts[seat] += 1
        row[at.bid_counts + seat] = self.counts[seat] / size
        if self.counts[seat] > self.highest:  # nothing is played yet: what a seat shows is face up
            self.highest = self.counts[seat]
            row[at.auction] = self.highest / size
        self.shown += 1
        row[at.auction + 2] = self.shown / size

    def _bid_over(self, row: Row, state: State, seat: int, done: bool) -> None:
        """The turn ends with ``done`` (a bid) or a pass that leaves the auction open."""
        at, size = self.at, self.tricks_per_hand
        if done:
            bids = self.last_bid
            bids[seat] = latest = max(bids) + 1
            for other, bid in enumerate(bids):
                row[at.last_bid + other] = bid / latest
            self.passes = 0
        else:
            self.passes += 1
        row[at.auction + 3] = self.passes / self.n
        row[at.auction + 1] = (self.highest + 1) / size  # the next turn's limit
        self.shown = 0
        row[at.auction + 2] = 0.0
        row[at.to_act + seat] = 0.0
        row[at.to_act + state.current_player()] = 1.0  # type: ignore[operator]  # the match goes on

    def _played(self, row: Row, state: State, seat: int, code: int, events: list[JsonDict]) -> None:
        """A card into the trick: a face-up copy if the seat shows one (as the engine plays it)."""
        if events:  # the hand's last card: scored and dealt again
            self.start(row, state)
            return
        at, trick = self.at, self.trick
        row[self.private[seat] + code] -= 0.5
        if code in self.face_up[seat]:
            self.face_up[seat].remove(code)
            row[at.face_up + CODES * seat + code] -= 0.5
        row[at.played + code] += 0.5
        row[at.trick + CODES * seat + code] = 0.5
        self.sizes[seat] -= 1
        row[at.hand_sizes + seat] = self.sizes[seat] / self.tricks_per_hand
        row[at.to_act + seat] = 0.0
        leader: int = state.current_player()  # type: ignore[assignment]  # the match goes on
        row[at.to_act + leader] = 1.0
        trick.append((seat, code))
        if len(trick) == self.active_count:
            self._trick_over(row, leader)

    def _trick_over(self, row: Row, winner: int) -> None:
        at, trick = self.at, self.trick
        if self.last is not None:
            cards, before = self.last
            for seat, card in cards:
                row[at.last_trick + CODES * seat + card] = 0.0
            row[at.last_trick_winner + before] = 0.0
        points = self.points
        for seat, card in trick:
            row[at.trick + CODES * seat + card] = 0.0
            row[at.last_trick + CODES * seat + card] = 0.5
            points[winner] += POINTS_OF[card]
        row[at.last_trick_winner + winner] = 1.0
        self.last = (trick, winner)
        self.trick = []
        row[at.points + winner] = points[winner] / MAX_CARDS
        self.won[winner] += 1
        row[at.tricks_won + winner] = self.won[winner] / self.tricks_per_hand


tracker_class = MueTracker
encoder_class = MueEncoder
