"""2-player Troeven observations as a vector (``docs/rules/troeven.md``), both versions in one layout.

Cards are indexed by their piquet id (``suit * 8 + rank``, suits S H D C, ranks 7..A), the same ids
as the game's card actions; suits in the order S H D C. Per-seat fields are relative to the observer
(index 0 is the observer, 1 the opponent). Fields a version does not have stay zero (``layout_*`` in
version 2; ``hand_sizes`` and ``stock`` in version 1). 350 values:

offset size  range      field: meaning
     0   32  [0, 1]     hand: the cards the observer may play from (version 1: its pile tops)
    32   32  [0, 1]     played: cards played so far this round, current trick included
    64   64  [0, 1]     trick: the card each relative seat put into the current trick
   128   64  [0, 1]     last_trick: the card each seat put into the last finished trick
   192    2  [0, 1]     last_trick_winner: who took it
   194    2  [0, 1]     last_trick_leader: who led it (its cards alone do not say)
   196    4  [0, 1]     trump: the trump suit, once called
   200    3  [0, 1]     phase: trump call, play, over
   203    2  [0, 1]     to_act: the seat to act
   205    2  [0, 1]     dealer: the dealer of this round (the other seat calls trumps)
   207    2  [0, H]     scores: score / start_points (H = 1 + round_limit / start_points: the caller can
                        climb above the start; unbounded when round_limit is 0)
   209    2  [0, 1]     points: card points taken this round / 40
   211    2  [0, 1]     tricks_won: tricks taken this round / 16
   213   64  [0, 1]     layout_top: version 1, the face-up top card of each seat's piles
   277   64  [0, 1]     layout_covered: version 1, top cards that still have a face-down card under them
   341    2  [0, 1]     layout_hidden: version 1, face-down cards in a seat's piles / 16
   343    2  [0, 1]     hand_sizes: version 2, cards held / 8
   345    1  [0, 1]     stock: version 2, cards left in the stock / 16
   346    4  [0, 1]     previous_round: the last scored round: points / 40 per seat (0-1), its dealer (2-3)

Information state (OpenSpiel's ``information_state_tensor``): the vector above now and at the deal, then
the round so far one-hot, a row of 36 + 32 values per token (65 rows): each move (the trump call ``32 +
suit``, a card), and after it each card the observer saw for the first time this round (news token ``36
+ card``): in version 1 every face-up card as it is dealt or uncovered, taken pile by pile from the
observer's piles; in version 2 the cards coming into its hand, ordered by id."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from ...core.cards import PIQUET_IDS, PIQUET_SUITS
from ...core.game import JsonDict, State
from ...games.troeven import (
    CARD_POINTS,
    MINI_HAND,
    PILES,
    POINTS_PER_ROUND,
    STOCK_DRAWS,
    TRUMP_BASE,
    TRUMP_BEATS,
    V1_COVER_OFFSET,
)
from . import Encoder
from .tracker import Row, Tracker, view_tricks

CARDS = 32
TRICKS = 16
DECISIONS_PER_ROUND = 1 + 32
PHASES = ("trump", "play", "over")
SEAT_CARD_FIELDS = ("trick", "last_trick", "layout_top", "layout_covered")
"""The fields of 32 values per seat that the tracker writes card by card."""


class TroevenEncoder(Encoder):
    """Troeven, versions 1 and 2 (see the module docstring for the layout)."""

    score_sense = -1  # scores count down to a win
    hand_key = "round"
    news_vocabulary = CARDS
    history_one_hot = True

    def _declare(self) -> None:
        add = self.layout.add
        start = int(self.game.options["start_points"])  # type: ignore[arg-type]
        limit = int(self.game.options["round_limit"])  # type: ignore[arg-type]
        top = (start + limit) / start if limit else float("inf")
        add("hand", CARDS, "the cards the observer may play from (version 1: its pile tops)")
        add("played", CARDS, "cards played so far this round, current trick included")
        add("trick", 2 * CARDS, "the card each relative seat put into the current trick", per_seat=CARDS)
        add("last_trick", 2 * CARDS, "the card each seat put into the last finished trick", per_seat=CARDS)
        add("last_trick_winner", 2, "who took it", per_seat=1)
        add("last_trick_leader", 2, "who led it (its cards alone do not say)", per_seat=1)
        add("trump", 4, "the trump suit, once called")
        add("phase", len(PHASES), "trump call, play, over")
        add("to_act", 2, "the seat to act", per_seat=1)
        add("dealer", 2, "the dealer of this round (the other seat calls trumps)", per_seat=1)
        add("scores", 2, "score / start_points (the caller can climb above the start)", high=top, per_seat=1)
        add("points", 2, "card points taken this round / 40", per_seat=1)
        add("tricks_won", 2, "tricks taken this round / 16", per_seat=1)
        add("layout_top", 2 * CARDS, "version 1, the face-up top card of each seat's piles", per_seat=CARDS)
        add(
            "layout_covered",
            2 * CARDS,
            "version 1, top cards with a face-down card under them",
            per_seat=CARDS,
        )
        add("layout_hidden", 2, "version 1, face-down cards in a seat's piles / 16", per_seat=1)
        add("hand_sizes", 2, "version 2, cards held / 8", per_seat=1)
        add("stock", 1, "version 2, cards left in the stock / 16")
        add(
            "previous_round",
            4,
            "the last scored round: points / 40 per seat (0-1), its dealer (2-3)",
            per_seat=1,
        )
        self.f = {field.name: field for field in self.layout.fields}
        self.start = start

    def _write(self, out: np.ndarray, view: JsonDict) -> None:
        f, me = self.f, self.me(view)
        for code in view["hand"] or ():
            out[f["hand"].offset + PIQUET_IDS[code]] = 1.0
        for code in view["played"]:
            out[f["played"].offset + PIQUET_IDS[code]] = 1.0
        self._trick(out, f["trick"].offset, view["trick"], me)
        last = view["last_trick"]
        if last is not None:
            self._trick(out, f["last_trick"].offset, last["cards"], me)
            self.seat_one_hot(out, f["last_trick_winner"], last["winner"], me)
            self.seat_one_hot(out, f["last_trick_leader"], last["cards"][0]["seat"], me)
        if view["trump"] is not None:
            out[f["trump"].offset + PIQUET_SUITS.index(view["trump"])] = 1.0
        out[f["phase"].offset + PHASES.index(view["phase"])] = 1.0
        self.seat_one_hot(out, f["to_act"], view["to_act"], me)
        self.seat_one_hot(out, f["dealer"], view["dealer"], me)
        self.per_seat(out, f["scores"], view["scores"], me, self.start)
        self.per_seat(out, f["points"], view["points"], me, POINTS_PER_ROUND)
        self.per_seat(out, f["tricks_won"], view["tricks_won"], me, TRICKS)
        for seat, piles in enumerate(view.get("layouts") or ()):
            rel = self.relative(seat, me)
            for pile in piles:
                if pile["top"] is not None:
                    card = PIQUET_IDS[pile["top"]]
                    out[f["layout_top"].offset + CARDS * rel + card] = 1.0
                    if pile["face_down"]:
                        out[f["layout_covered"].offset + CARDS * rel + card] = 1.0
                out[f["layout_hidden"].offset + rel] += pile["face_down"] / TRICKS
        if "hand_sizes" in view:
            self.per_seat(out, f["hand_sizes"], view["hand_sizes"], me, 8)
            out[f["stock"].offset] = (view["stock"] or 0) / TRICKS
        previous = view["previous_round"]
        if previous is not None:
            offset = f["previous_round"].offset
            for seat, points in enumerate(previous["points"]):
                out[offset + self.relative(seat, me)] = points / POINTS_PER_ROUND
            out[offset + 2 + self.relative(previous["dealer"], me)] = 1.0

    def _trick(self, out: np.ndarray, offset: int, plays: list[JsonDict], me: int) -> None:
        for play in plays:
            out[offset + CARDS * self.relative(play["seat"], me) + PIQUET_IDS[play["card"]]] = 1.0

    def news(
        self, before: JsonDict | None, view: JsonDict, seat: int | None, action: int | None
    ) -> list[int]:
        """The cards the observer sees for the first time: face-up cards that came on top of a pile
        (version 1), cards that came into its hand (version 2)."""
        if view["version"] == 2:
            had = set(before["hand"] or ()) if before is not None else set()
            return sorted(PIQUET_IDS[code] for code in view["hand"] or () if code not in had)
        me, seen = self.me(view), []
        for rel in (0, 1):
            old = before["layouts"][(me + rel) % 2] if before is not None else None
            for pile, now in enumerate(view["layouts"][(me + rel) % 2]):
                if now["top"] is not None and (old is None or old[pile]["top"] != now["top"]):
                    seen.append(PIQUET_IDS[now["top"]])
        return seen

    @property
    def one_hand(self) -> bool:
        """``mini`` is one round too."""
        return super().one_hand or bool(self.game.options.get("mini"))

    def history_length(self) -> int:
        return DECISIONS_PER_ROUND + CARDS

    def score_range(self) -> tuple[float, float]:
        """A round moves a seat's score by at most one, either way."""
        bound = self.game.max_game_length()
        if bound is None:
            raise ValueError("a Troeven match without round_limit has no bound on its scores")
        rounds = float(bound // DECISIONS_PER_ROUND)
        return -rounds, rounds


class TroevenTracker(Tracker):
    """Every seat's vector of a Troeven match, kept from its moves (``encoding/tracker``): the deal
    event gives the round's pack, so the tracker lays out what the trump call deals, what a card
    played uncovers (version 1) and what the players draw (version 2), as the table shows them."""

    __slots__ = (
        "below",
        "deck",
        "hidden",
        "last",
        "mini",
        "points",
        "seat_at",
        "sizes",
        "start_points",
        "trick",
        "trump",
        "version",
        "won",
    )

    def __init__(self, encoder: Encoder) -> None:
        super().__init__(encoder)
        self.seat_at = [
            SimpleNamespace(**{name: getattr(self.at, name) + CARDS * seat for name in SEAT_CARD_FIELDS})
            for seat in (0, 1)
        ]
        """Per seat, where its 32 values of each per-seat card field start (read on the hot path)."""
        self.version = int(encoder.game.options["version"])  # type: ignore[arg-type]
        self.mini = bool(encoder.game.options["mini"])
        """Option ``mini``: two cards each, no stock to draw from."""
        self.start_points = int(encoder.game.options["start_points"])  # type: ignore[arg-type]
        self.deck: list[int] = []
        """The round's pack in deal order (version 2: the stock is its tail)."""
        self.below: list[int | None] = []
        """Version 1: by card id, the face-down card under it in the deal (None: nothing)."""

    def _remember(self, state: State) -> None:
        self._take_deal(next(event["deal"] for event in reversed(state.events()) if "deal" in event))
        view = state.observation(None)
        self.trick, self.last = view_tricks(view)
        self.points, self.won = view["points"], view["tricks_won"]
        self.trump = None if view["trump"] is None else PIQUET_SUITS.index(view["trump"])
        self.sizes = view.get("hand_sizes")
        self.hidden = [sum(pile["face_down"] for pile in piles) for piles in view.get("layouts") or ()]

    def _take_deal(self, deal: JsonDict) -> None:
        self.deck = deck = [PIQUET_IDS[code] for code in deal["deck"]]
        self.below = below = [None] * CARDS
        if self.version == 1:
            for top, down in zip(deck[V1_COVER_OFFSET:], deck[:V1_COVER_OFFSET], strict=True):
                below[top] = down

    def moved(self, row: Row, state: State, seat: int, action: int, events: list[JsonDict]) -> None:
        if action >= TRUMP_BASE:
            self._trump_called(row, seat, action - TRUMP_BASE)
            return
        at, mine, trick = self.at, self.seat_at[seat], self.trick
        private = self.private[seat]
        row[private + action] = 0.0
        if self.version == 1:  # the card beneath turns up
            row[mine.layout_top + action] = 0.0
            down = self.below[action]
            if down is not None:
                row[private + down] = row[mine.layout_top + down] = 1.0
                row[mine.layout_covered + action] = 0.0
                self.hidden[seat] -= 1
                row[at.layout_hidden + seat] = self.hidden[seat] / TRICKS
        else:
            self.sizes[seat] -= 1
            row[at.hand_sizes + seat] = self.sizes[seat] / 8
        row[at.played + action] = 1.0
        row[mine.trick + action] = 1.0
        row[at.to_act + seat] = 0.0
        trick.append((seat, action))
        if len(trick) < 2:
            row[at.to_act + 1 - seat] = 1.0
            return
        (first, led), (_, card) = trick
        winner = 1 - first if TRUMP_BEATS[self.trump][led][card] else first  # type: ignore[index]
        self._trick_over(row, winner)
        if events:
            self._round_over(row, events)
        else:
            row[at.to_act + winner] = 1.0

    def _trump_called(self, row: Row, caller: int, suit: int) -> None:
        """The caller's trumps, then the rest of the deal (§4 DEAL_2); the caller leads."""
        at, deck, dealer = self.at, self.deck, 1 - caller
        self.trump = suit
        row[at.trump + suit] = 1.0
        row[at.phase] = 0.0
        row[at.phase + 1] = 1.0
        if self.version == 1:
            for owner, cards in ((caller, deck[20:24]), (dealer, deck[24:32])):
                for card in cards:
                    row[self.private[owner] + card] = 1.0
                    row[at.layout_top + CARDS * owner + card] = 1.0
                    row[at.layout_covered + CARDS * owner + card] = 1.0
            return
        if self.mini:  # N holds its two cards already; D gets two, and there is no stock
            for card in deck[MINI_HAND : 2 * MINI_HAND]:
                row[self.private[dealer] + card] = 1.0
            self.sizes = [MINI_HAND, MINI_HAND]
            self.fill(row, at.hand_sizes, at.hand_sizes + 2, MINI_HAND / 8)
            return
        for owner, cards in ((caller, deck[4:8]), (dealer, deck[8:16])):
            for card in cards:
                row[self.private[owner] + card] = 1.0
        self.sizes = [8, 8]
        self.fill(row, at.hand_sizes, at.hand_sizes + 2, 1.0)
        row[at.stock] = 1.0

    def _trick_over(self, row: Row, winner: int) -> None:
        at, trick, seat_at = self.at, self.trick, self.seat_at
        if self.last is not None:
            cards, before = self.last
            for seat, card in cards:
                row[seat_at[seat].last_trick + card] = 0.0
            row[at.last_trick_winner + before] = 0.0
            row[at.last_trick_leader + cards[0][0]] = 0.0
        for seat, card in trick:
            row[seat_at[seat].trick + card] = 0.0
            row[seat_at[seat].last_trick + card] = 1.0
        row[at.last_trick_winner + winner] = 1.0
        row[at.last_trick_leader + trick[0][0]] = 1.0
        self.last = (trick, winner)
        self.trick = []
        self.points[winner] += CARD_POINTS[trick[0][1]] + CARD_POINTS[trick[1][1]]
        row[at.points + winner] = self.points[winner] / POINTS_PER_ROUND
        self.won[winner] += 1
        row[at.tricks_won + winner] = self.won[winner] / TRICKS
        taken = self.won[0] + self.won[1]
        if self.version == 2 and not self.mini and taken <= STOCK_DRAWS:  # the winner, then the loser draws
            left = 2 * STOCK_DRAWS + 2 * (taken - 1)
            for drawer, card in ((winner, self.deck[left]), (1 - winner, self.deck[left + 1])):
                row[self.private[drawer] + card] = 1.0
                self.sizes[drawer] += 1
                row[at.hand_sizes + drawer] = self.sizes[drawer] / 8
            row[at.stock] = (len(self.deck) - left - 2) / TRICKS

    def _round_over(self, row: Row, events: list[JsonDict]) -> None:
        """The round is scored (``previous_round``) and the next one dealt (§3): its caller sees
        four cards before the call."""
        at = self.at
        score = next(event["score"] for event in events if "score" in event)
        deal = next(event["deal"] for event in events if "deal" in event)
        old_dealer = int(row[at.dealer + 1])
        for seat in (0, 1):
            row[at.scores + seat] = score["scores"][seat] / self.start_points
            row[at.previous_round + seat] = self.points[seat] / POINTS_PER_ROUND
            row[at.previous_round + 2 + seat] = 1.0 if seat == old_dealer else 0.0
        self._take_deal(deal)
        dealer = deal["dealer"]
        caller = 1 - dealer
        for start, size in ((at.played, CARDS), (at.trump, 4), (at.points, 2), (at.tricks_won, 2)):
            self.fill(row, start, start + size, 0.0)
        row[at.phase], row[at.phase + 1], row[at.phase + 2] = 1.0, 0.0, 0.0
        row[at.dealer + dealer], row[at.dealer + caller] = 1.0, 0.0
        row[at.to_act + caller] = 1.0
        self.trump, self.points, self.won = None, [0, 0], [0, 0]
        if self.version == 1:
            self.fill(row, at.layout_top, at.layout_top + 4 * CARDS, 0.0)  # the tops and the covered tops
            row[at.layout_hidden], row[at.layout_hidden + 1] = 0.5, 0.5
            self.hidden = [PILES, PILES]
            shown = self.deck[V1_COVER_OFFSET : V1_COVER_OFFSET + 4]
            for card in shown:
                row[at.layout_top + CARDS * caller + card] = 1.0
                row[at.layout_covered + CARDS * caller + card] = 1.0
        else:
            shown = self.deck[:4]
            self.sizes = [0, 0]
            self.sizes[caller] = 4
            row[at.hand_sizes + caller], row[at.hand_sizes + dealer] = 0.5, 0.0
            row[at.stock] = 0.0
        for card in shown:
            row[self.private[caller] + card] = 1.0


tracker_class = TroevenTracker
encoder_class = TroevenEncoder
