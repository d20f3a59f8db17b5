"""Game of Trains observations as a vector (``docs/rules/game-of-trains.md``).

Railcars ``1``–``84`` are indexed ``card - 1``; abilities in the game's ``Ability`` order (MOVE_R2,
PROTECT, MOVE_L2, SWAP_ADJ, REMOVE_MIDDLE, REMOVE_LAST, REMOVE_FIRST, SWAP_GAP1). ``n`` is the number
of players; per-seat fields are relative to the observer (index 0 is the observer, then the seats
after it). Trains are read from the locomotive (position 1) to position 7. Layout
(``343 + 662 * n`` values: 1667 with two players):

offset      size      range   field: meaning
0           588 * n   [0, 1]  trains: per seat and position, the railcar there (84 values)
.           7 * n     [0, 1]  train_numbers: per seat and position, the railcar's number / 84
.           56 * n    [0, 1]  train_abilities: per seat and position, its ability (8 values)
.           7 * n     [0, 1]  protected: per seat and position, 1 when a PROTECT card guards it
.           84        [0, 1]  market: the face-up market cards
.           84        [0, 1]  drawn: the card the observer drew and must place now
.           84        [0, 1]  setup_hand: the cards the observer drew in setup, still to place
.           84        [0, 1]  setup_discards: the cards the observer discarded in setup
.           n         [0, 1]  setup_hand_sizes: setup cards each seat still holds / n
.           1         [0, 1]  draw_pile: cards in the draw pile / 84
.           1         [0, 1]  discard_pile: cards in the discard pile / 84
.           4         [0, 1]  phase: setup, turn, place, over
.           n         [0, 1]  to_act: the seat to act
.           n         [0, 1]  first_player: the seat that played first
.           1         [0, 1]  turn: turns played / turn_limit (without a limit: turns / 1000, unbounded)
.           n         [0, 1]  winners: the winner, once the match is over

``GameOfTrainsEncoder(game).layout.describe()`` prints the exact offsets for a player count.

Information state (OpenSpiel's ``information_state_tensor``): the vector above now and at the deal, then
the game so far, one value per token, ``(token + 1) / (1261 + 84)``: the cards the observer drew in
setup (news token ``1261 + card - 1``, by number), then each move (its action id), and after a removal
the replacement cars in every train that lost one, from the observer's train on (news tokens). Slots:
``n`` for the setup draws, ``n + 2 * turn_limit`` for moves, ``n * turn_limit`` for replacements. A
drawn card is named by the ``place`` that follows it, and shown in ``drawn`` until then."""

from __future__ import annotations

from typing import cast

import numpy as np

from ...core.game import JsonDict, State
from ...games.game_of_trains import (
    ABILITY_OF,
    DRAW,
    PLACE_OF,
    USE_AT_BASE,
    USE_BASE,
    Ability,
    GameOfTrainsState,
    Table,
)
from . import Encoder
from .tracker import Row, Tracker

CARDS = 84
LENGTH = 7
ABILITIES = [ability.name for ability in Ability]
PHASES = ("setup", "turn", "place", "over")
UNLIMITED_SCALE = 1000


class GameOfTrainsEncoder(Encoder):
    """Game of Trains for 2–4 players (see the module docstring for the layout)."""

    private_fields = ("drawn", "setup_hand", "setup_discards")
    news_vocabulary = CARDS

    def _declare(self) -> None:
        n, add = self.players, self.layout.add
        limit = int(self.game.options["turn_limit"])  # type: ignore[arg-type]
        self.turn_scale = limit or UNLIMITED_SCALE
        add(
            "trains",
            CARDS * LENGTH * n,
            "per seat and position, the railcar there (84 values)",
            per_seat=CARDS * LENGTH,
        )
        add("train_numbers", LENGTH * n, "per seat and position, the railcar's number / 84", per_seat=LENGTH)
        add(
            "train_abilities",
            len(ABILITIES) * LENGTH * n,
            "per seat and position, its ability (8 values)",
            per_seat=len(ABILITIES) * LENGTH,
        )
        add(
            "protected", LENGTH * n, "per seat and position, 1 when a PROTECT card guards it", per_seat=LENGTH
        )
        add("market", CARDS, "the face-up market cards")
        add("drawn", CARDS, "the card the observer drew and must place now")
        add("setup_hand", CARDS, "the cards the observer drew in setup, still to place")
        add("setup_discards", CARDS, "the cards the observer discarded in setup")
        add("setup_hand_sizes", n, "setup cards each seat still holds / n", per_seat=1)
        add("draw_pile", 1, "cards in the draw pile / 84")
        add("discard_pile", 1, "cards in the discard pile / 84")
        add("phase", len(PHASES), "setup, turn, place, over")
        add("to_act", n, "the seat to act", per_seat=1)
        add("first_player", n, "the seat that played first", per_seat=1)
        add(
            "turn",
            1,
            "turns played / turn_limit (/ 1000 without a limit)",
            high=1.0 if limit else float("inf"),
        )
        add("winners", n, "the winner, once the match is over", per_seat=1)
        self.f = {field.name: field for field in self.layout.fields}

    def _write(self, out: np.ndarray, view: JsonDict) -> None:
        f, me, n = self.f, self.me(view), self.players
        for seat, train in enumerate(view["trains"]):
            rel = self.relative(seat, me)
            for position, car in enumerate(train):
                slot = rel * LENGTH + position
                number = int(car["card"])
                out[f["trains"].offset + slot * CARDS + number - 1] = 1.0
                out[f["train_numbers"].offset + slot] = number / CARDS
                out[f["train_abilities"].offset + slot * len(ABILITIES) + ABILITIES.index(car["ability"])] = (
                    1.0
                )
                if car["protect"] is not None:
                    out[f["protected"].offset + slot] = 1.0
        self._cards(out, "market", view["market"])
        if view["drawn"] is not None:
            self._cards(out, "drawn", [view["drawn"]])
        self._cards(out, "setup_hand", view["setup_hand"] or [])
        self._cards(out, "setup_discards", view["setup_discards"] or [])
        self.per_seat(out, f["setup_hand_sizes"], view["setup_hand_sizes"], me, n)
        out[f["draw_pile"].offset] = view["draw_pile"] / CARDS
        out[f["discard_pile"].offset] = view["discard_pile"] / CARDS
        out[f["phase"].offset + PHASES.index(view["phase"])] = 1.0
        self.seat_one_hot(out, f["to_act"], view["to_act"], me)
        self.seat_one_hot(out, f["first_player"], view["first_player"], me)
        out[f["turn"].offset] = view["turn"] / self.turn_scale
        for seat in view["winners"]:
            self.seat_one_hot(out, f["winners"], seat, me)

    def _cards(self, out: np.ndarray, name: str, cards: list[JsonDict]) -> None:
        offset = self.f[name].offset
        for card in cards:
            out[offset + int(card["card"]) - 1] = 1.0

    def news(
        self, before: JsonDict | None, view: JsonDict, seat: int | None, action: int | None
    ) -> list[int]:
        """The observer's setup draws at the deal; the replacement cars after a removal (``use C``)."""
        if before is None:
            return sorted(int(card["card"]) - 1 for card in view["setup_hand"] or ())
        if action is None or not USE_BASE <= action < USE_AT_BASE:
            return []
        me, cars = self.me(view), []
        for rel in range(self.players):
            s = (me + rel) % self.players
            for old, new in zip(before["trains"][s], view["trains"][s], strict=True):
                if old["card"] != new["card"]:
                    cars.append(int(new["card"]) - 1)
        return cars

    def history_length(self) -> int:
        bound = self.game.max_game_length()
        if bound is None:
            raise ValueError("a Game of Trains without turn_limit has no bound on its history")
        turns = (bound - self.players) // 2
        return self.players + bound + self.players * turns


class GameOfTrainsTracker(Tracker):
    """Every seat's vector of a Game of Trains match, kept from its moves (``encoding/tracker``).

    What a move does to the public table (the car a place replaces, the cars a removal takes and the
    hidden ones that replace them, the duplicate rule's discards, protections ended by a swap) is read
    after the move from ``GameOfTrainsState.table`` and only what changed is rewritten: the rules stay
    the engine's alone. The tracker itself lays out the turn count, the phase (a ``draw`` opens the
    place, any other move ends the turn), the seat to act (from the state), the drawn card (named by
    the seat's legal places, into its private field only) and a reshuffle's end of every seat's setup
    discards (a ``shuffle`` event). Setup placements, a handful per match, rewrite the row from the
    views, as ``start`` does. A match that is over is not followed (the vector env starts the next)."""

    __slots__ = ("drawn", "n", "setup", "table", "turn_scale", "turns")

    def __init__(self, encoder: Encoder) -> None:
        super().__init__(encoder)
        self.n = encoder.players
        self.turn_scale = cast(GameOfTrainsEncoder, encoder).turn_scale

    def _remember(self, state: State) -> None:
        view = state.observation(None)
        self.setup, self.turns = view["phase"] == "setup", view["turn"]
        self.drawn = PLACE_OF[state.legal_actions()[0]][0] if view["phase"] == "place" else None
        self.table = cast(GameOfTrainsState, state).table()

    def moved(self, row: Row, state: State, seat: int, action: int, events: list[JsonDict]) -> None:
        if self.setup:
            self.start(row, state)  # a setup placement: see the class docstring
            return
        at = self.at
        if events:  # a reshuffle: the setup discards left the discard pile
            discards = at.setup_discards - at.drawn
            for private in self.private:
                self.fill(row, private + discards, private + discards + CARDS, 0.0)
        if action == DRAW:
            self.drawn = drawn = PLACE_OF[state.legal_actions()[0]][0]
            row[self.private[seat] + drawn - 1] = 1.0
            row[at.phase + 1], row[at.phase + 2] = 0.0, 1.0
            if not events:  # the top card left the draw pile, and nothing else changed
                row[at.draw_pile] = (self.table.draw_pile - 1) / CARDS
                return  # self.table is behind by that card: the next move rewrites both piles
        else:
            if self.drawn is not None:
                row[self.private[seat] + self.drawn - 1] = 0.0
                row[at.phase + 1], row[at.phase + 2] = 1.0, 0.0
                self.drawn = None
            self.turns += 1
            row[at.turn] = self.turns / self.turn_scale
            row[at.to_act + seat] = 0.0
            row[at.to_act + state.current_player()] = 1.0  # type: ignore[operator]  # the match goes on
        self._table(row, cast(GameOfTrainsState, state).table())

    def _table(self, row: Row, table: Table) -> None:
        """Rewrite what changed on the public table since the last move."""
        at, old = self.at, self.table
        self.table = table
        if table.trains != old.trains:
            for seat, (before, after) in enumerate(zip(old.trains, table.trains, strict=True)):
                if before != after:
                    for position, (was, car) in enumerate(zip(before, after, strict=True)):
                        if was != car:
                            self._car(row, seat * LENGTH + position, was, car)
        if table.protect != old.protect:
            for seat, (before, after) in enumerate(zip(old.protect, table.protect, strict=True)):
                if before != after:
                    for position, (was, card) in enumerate(zip(before, after, strict=True)):
                        if was != card:
                            row[at.protected + seat * LENGTH + position] = 0.0 if card is None else 1.0
        if table.market != old.market:
            for was, card in zip(old.market, table.market, strict=True):
                if was != card:
                    if was is not None:
                        row[at.market + was - 1] = 0.0
                    if card is not None:
                        row[at.market + card - 1] = 1.0
        row[at.draw_pile] = table.draw_pile / CARDS
        row[at.discard_pile] = table.discard_pile / CARDS

    def _car(self, row: Row, slot: int, was: int, car: int) -> None:
        """The car at ``slot`` (seat * 7 + position) is now ``car``, not ``was``."""
        at = self.at
        row[at.trains + slot * CARDS + was - 1] = 0.0
        row[at.trains + slot * CARDS + car - 1] = 1.0
        row[at.train_numbers + slot] = car / CARDS
        row[at.train_abilities + slot * len(ABILITIES) + ABILITY_OF[was]] = 0.0
        row[at.train_abilities + slot * len(ABILITIES) + ABILITY_OF[car]] = 1.0


tracker_class = GameOfTrainsTracker
encoder_class = GameOfTrainsEncoder
