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
from ...core.game import JsonDict, State
from ...games.slobberhannes import NO_TRUMPS, QUEEN_OF_CLUBS, deck_for
from . import Encoder
from .tracker import Row, Tracker, view_tricks

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
        add("trick", CARDS * n, "the card each relative seat put into the current trick", per_seat=CARDS)
        add("trick_leader", n, "the seat that led the current trick", per_seat=1)
        add("to_act", n, "the seat to act (all zeros once the match is over)", per_seat=1)
        add("hand_sizes", n, "cards held / tricks per hand", per_seat=1)
        add("tricks_won", n, "tricks taken this hand / tricks per hand", per_seat=1)
        add("scores", n, "score / start_points (scores may end below 0)", low=-1.0, per_seat=1)
        add("first_taker", n, "who took this hand's first trick", per_seat=1)
        add("queen_taker", n, "who took the trick holding QC", per_seat=1)
        add("last_trick", CARDS * n, "the card each seat put into the last finished trick", per_seat=CARDS)
        add("last_trick_winner", n, "who took it", per_seat=1)
        add("over", 1, "1 once the match is over")
        add("winners", n, "the winning seats, once the match is over", per_seat=1)
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


class SlobberhannesTracker(Tracker):
    """Every seat's vector of a Slobberhannes match, kept from the moves (``encoding/tracker``)."""

    __slots__ = ("first", "last", "n", "scale", "sizes", "start_points", "trick", "won")

    def __init__(self, encoder: Encoder) -> None:
        super().__init__(encoder)
        self.n = encoder.players
        self.scale = len(deck_for(self.n)) // self.n
        self.start_points = int(encoder.game.options["start_points"])  # type: ignore[arg-type]

    def _remember(self, state: State) -> None:
        view = state.observation(None)
        self.trick, self.last = view_tricks(view)
        self.sizes, self.won = view["hand_sizes"], view["tricks_won"]
        self.first = view["first_taker"] is not None

    def moved(self, row: Row, state: State, seat: int, action: int, events: list[JsonDict]) -> None:
        at, trick = self.at, self.trick
        row[self.private[seat] + action] = 0.0
        row[at.played + action] = 1.0
        row[at.trick + CARDS * seat + action] = 1.0
        if not trick:
            row[at.trick_leader + seat] = 1.0
        trick.append((seat, action))
        sizes = self.sizes
        sizes[seat] -= 1
        row[at.hand_sizes + seat] = sizes[seat] / self.scale
        row[at.to_act + seat] = 0.0
        if len(trick) < self.n:
            row[at.to_act + state.current_player()] = 1.0  # type: ignore[operator]  # the match goes on
            return
        winner, best = trick[0]
        for other, played in trick[1:]:
            if NO_TRUMPS[best][played]:
                winner, best = other, played
        self._trick_over(row, trick, winner)
        if events:
            self._hand_over(row, events)
        else:
            row[at.to_act + winner] = 1.0

    def _trick_over(self, row: Row, trick: list[tuple[int, int]], winner: int) -> None:
        at = self.at
        for seat, card in trick:
            row[at.trick + CARDS * seat + card] = 0.0
        row[at.trick_leader + trick[0][0]] = 0.0
        if self.last is not None:
            cards, before = self.last
            for seat, card in cards:
                row[at.last_trick + CARDS * seat + card] = 0.0
            row[at.last_trick_winner + before] = 0.0
        queen = False
        for seat, card in trick:
            row[at.last_trick + CARDS * seat + card] = 1.0
            queen = queen or card == QUEEN_OF_CLUBS
        row[at.last_trick_winner + winner] = 1.0
        self.last = (list(trick), winner)
        trick.clear()
        self.won[winner] += 1
        row[at.tricks_won + winner] = self.won[winner] / self.scale
        if not self.first:
            self.first = True
            row[at.first_taker + winner] = 1.0
        if queen:
            row[at.queen_taker + winner] = 1.0

    def _hand_over(self, row: Row, events: list[JsonDict]) -> None:
        """The hand is scored and the next one dealt (the match goes on)."""
        at, n = self.at, self.n
        for event in events:
            if "score" in event:
                for seat, score in enumerate(event["score"]["scores"]):
                    row[at.scores + seat] = score / self.start_points
            elif "deal" in event:
                deal = event["deal"]
                deck = [PIQUET_IDS[code] for code in deal["deck"]]
                for seat in range(n):
                    for card in deck[seat * self.scale : (seat + 1) * self.scale]:
                        row[self.private[seat] + card] = 1.0
                self.fill(row, at.played, at.played + CARDS, 0.0)
                for start in (at.tricks_won, at.first_taker, at.queen_taker):
                    self.fill(row, start, start + n, 0.0)
                self.fill(row, at.hand_sizes, at.hand_sizes + n, 1.0)
                self.sizes, self.won, self.first = [self.scale] * n, [0] * n, False
                row[at.to_act + deal["leader"]] = 1.0


tracker_class = SlobberhannesTracker
encoder_class = SlobberhannesEncoder
