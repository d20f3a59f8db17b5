"""OpenSpiel's information states have perfect recall, game by game: two histories share a seat's
information state exactly when the seat cannot tell them apart.

What a seat can tell apart is read off the engine, independently of the adapter: the moves (all
public) and the seat's observation after each of them. Histories come in two kinds: the same deal
played in different orders (two moves of one seat swapped, where the rules allow), which every seat
tells apart, and worlds resampled for a seat (its hidden cards redrawn), then played on alike, which
it tells apart only where its views differ. The string must be perfect recall over the match. The
tensor must be within the hand (over the match for one-deal games and ``single_hand``): it tells apart
any two hands whose moves or observation tensors differ anywhere, and it depends on nothing but the
hand's moves and views.
"""

from __future__ import annotations

import json
import random
from typing import Any, NamedTuple

import numpy as np
import pyspiel
import pytest

import cardtable
from cardtable.envs import openspiel as ct_openspiel
from cardtable.envs.encoding import encoder_for

CASES: list[tuple[str, dict[str, Any]]] = [
    ("slobberhannes", {"players": 3, "start_points": 6}),
    ("slobberhannes", {"players": 4, "single_hand": True}),
    ("troeven", {"start_points": 1}),
    ("troeven", {"version": 2, "single_hand": True}),
    ("troeven", {"version": 2, "mini": True}),
    ("troeven", {"version": 2, "start_points": 1}),
    ("mue", {"players": 4, "hand_limit": 2}),
    ("mue", {"players": 3, "single_hand": True}),
    ("game-of-trains", {"players": 3, "turn_limit": 30}),
    ("cabooses-in-the-corner", {"players": 3}),
]
STEPS = 70
"""Moves per history: enough to span tricks, auctions, draws and (in short matches) a new hand."""


class Key(NamedTuple):
    """One seat's information state at one point of a history, and what the seat saw up to there."""

    string: str
    seen: tuple[str, ...]
    """The moves and the seat's views over the match."""
    tensor: tuple[float, ...]
    hand_views: tuple[str, ...]
    """The moves and the seat's views over the hand (the match for one deal)."""
    hand_tensors: tuple[Any, ...]
    """The same with each view's observation tensor."""


class Trail:
    """A pyspiel state and, per seat, what the seat saw: the moves and its view after each."""

    def __init__(
        self, state: pyspiel.State, seen: list[list[Any]], hand: list[list[Any]], one_deal: bool
    ) -> None:
        self.state, self.seen, self.hand, self.one_deal = state, seen, hand, one_deal

    @classmethod
    def dealt(cls, game: pyspiel.Game, seed: int, one_deal: bool = True) -> Trail:
        state = game.new_initial_state()
        if game.deals is not None:  # one chance node over the listed deals
            state.apply_action(seed % len(game.deals))
        else:
            for byte in seed.to_bytes(ct_openspiel.SEED_BYTES, "big"):
                state.apply_action(byte)
        views = [_view(state, seat) for seat in range(game.num_players())]
        return cls(state, [[view[0]] for view in views], [[view] for view in views], one_deal)

    def copy(self, state: pyspiel.State | None = None) -> Trail:
        seen, hand = [list(s) for s in self.seen], [list(h) for h in self.hand]
        return Trail(state or self.state.clone(), seen, hand, self.one_deal)

    def play(self, action: int) -> None:
        match = self.state.cardtable_state()
        seat, since = match.current_player(), match.event_count()
        self.state.apply_action(action)
        dealt = any("deal" in event for event in self.state.cardtable_state().events(since))
        move = f"{seat}:{action}"
        for observer in range(len(self.seen)):
            view = _view(self.state, observer)
            self.seen[observer] += [move, view[0]]
            fresh = dealt and not self.one_deal
            self.hand[observer] = [view] if fresh else [*self.hand[observer], move, view]

    def key(self, seat: int) -> Key:
        hand = self.hand[seat]
        return Key(
            string=self.state.information_state_string(seat),
            seen=tuple(self.seen[seat]),
            tensor=tuple(self.state.information_state_tensor(seat)),
            hand_views=tuple(step if isinstance(step, str) else step[0] for step in hand),
            hand_tensors=tuple(step if isinstance(step, str) else step[1] for step in hand),
        )


def _view(state: pyspiel.State, seat: int) -> tuple[str, tuple[float, ...]]:
    view = json.dumps(state.cardtable_state().observation(seat), sort_keys=True)
    return view, tuple(state.observation_tensor(seat))


def swapped(game: pyspiel.Game, seed: int, moves: list[int], rng: random.Random) -> list[list[int]]:
    """Orders of ``moves`` with two moves of one seat exchanged that the rules allow, from the same deal."""
    seats = []
    state = Trail.dealt(game, seed).state
    for action in moves:
        seats.append(state.current_player())
        state.apply_action(action)
    found = []
    pairs = [(i, j) for i in range(len(moves)) for j in range(i + 1, len(moves)) if seats[i] == seats[j]]
    for i, j in rng.sample(pairs, min(len(pairs), 60)):
        order = list(moves)
        order[i], order[j] = order[j], order[i]
        state = Trail.dealt(game, seed).state
        for action in order:
            if state.is_terminal() or action not in state.legal_actions():
                break
            state.apply_action(action)
        else:
            if order != moves:
                found.append(order)
    return found


@pytest.mark.parametrize("case", CASES, ids=lambda case: "-".join([case[0], *map(str, case[1].values())]))
def test_a_seat_shares_an_information_state_only_with_histories_it_cannot_tell_apart(
    case: tuple[str, dict[str, Any]],
) -> None:
    name, options = case
    game = ct_openspiel.load(cardtable.make(name, **options))
    one_deal = encoder_for(game.cardtable_game).hand_key is None or bool(
        options.get("single_hand") or options.get("mini")
    )
    rng = random.Random(1)
    keys: list[tuple[int, Key]] = []
    orders_found = resampled = 0

    def follow(trail: Trail, moves: list[int]) -> None:
        for action in moves:
            if trail.state.is_terminal() or action not in trail.state.legal_actions():
                return
            trail.play(action)
            keys.extend((seat, trail.key(seat)) for seat in range(game.num_players()))

    for seed in (11, 12):
        moves = []
        probe = Trail.dealt(game, seed).state
        while len(moves) < STEPS and not probe.is_terminal():
            moves.append(rng.choice(probe.legal_actions()))
            probe.apply_action(moves[-1])
        follow(Trail.dealt(game, seed, one_deal), moves)
        for order in swapped(game, seed, moves, rng)[:6]:
            follow(Trail.dealt(game, seed, one_deal), order)
            orders_found += 1
        # Worlds: at a few points the hidden cards of the seat to act are redrawn; both go on alike.
        trail = Trail.dealt(game, seed, one_deal)
        for step, action in enumerate(moves):
            if trail.state.is_terminal():
                break
            if step % 9 == 0:
                seat = trail.state.current_player()
                world = trail.copy(trail.state.resample_from_infostate(seat, random.Random(step).random))
                real = trail.copy()
                for _ in range(12):
                    if real.state.is_terminal() or world.state.is_terminal():
                        break
                    both = sorted(set(real.state.legal_actions()) & set(world.state.legal_actions()))
                    if not both:
                        break
                    move = rng.choice(both)
                    for each in (real, world):
                        each.play(move)
                        keys.append((seat, each.key(seat)))
                resampled += 1
            trail.play(action)
    # Game of Trains' market changes with every move, so a seat's moves seldom stay legal in another
    # order: its histories differ by seed and by moves.
    assert resampled and (orders_found or name == "game-of-trains")

    strings: dict[Any, Any] = {}
    seen_as: dict[Any, Any] = {}
    tensors: dict[Any, Any] = {}
    hands: dict[Any, Any] = {}
    for seat, key in keys:
        assert strings.setdefault((seat, key.string), key.seen) == key.seen, (
            "a string shared by two histories"
        )
        assert seen_as.setdefault((seat, key.seen), key.string) == key.string, "one history, two strings"
        assert tensors.setdefault((seat, key.tensor), key.hand_tensors) == key.hand_tensors, (
            "a tensor shared by two hands the seat tells apart"
        )
        assert hands.setdefault((seat, key.hand_views), key.tensor) == key.tensor, "one hand, two tensors"
    assert len(strings) > len(keys) // (2 * game.num_players())


def test_the_old_information_state_was_not_perfect_recall() -> None:
    """The case the issue names: in Slobberhannes two trick orders of one deal gave a seat one and the
    same current view (a played set); the information state now tells them apart."""
    game = ct_openspiel.load(cardtable.make("slobberhannes", players=3, single_hand=True))
    rng = random.Random(3)
    for seed in range(20):
        state = Trail.dealt(game, seed).state
        moves = []
        for _ in range(12):
            moves.append(rng.choice(state.legal_actions()))
            state.apply_action(moves[-1])
        for order in swapped(game, seed, moves, rng):
            other = Trail.dealt(game, seed).state
            for action in order:
                other.apply_action(action)
            for seat in range(3):
                if other.observation_tensor(seat) == state.observation_tensor(seat):
                    assert other.information_state_string(seat) != state.information_state_string(seat)
                    assert not np.array_equal(
                        other.information_state_tensor(seat), state.information_state_tensor(seat)
                    )
                    return
    pytest.fail("no two orders of one deal with the same current view were found")


@pytest.mark.parametrize("case", CASES, ids=lambda case: "-".join([case[0], *map(str, case[1].values())]))
def test_the_game_provides_an_information_state_tensor_only_where_it_is_perfect_recall(
    case: tuple[str, dict[str, Any]],
) -> None:
    """The tensor is the current hand's history: perfect recall where a match is one hand. Over many
    hands two matches that differ only in an earlier hand share it, so the game type says so."""
    name, options = case
    game = ct_openspiel.load(cardtable.make(name, **options))
    one_hand = encoder_for(game.cardtable_game).hand_key is None or bool(
        options.get("single_hand") or options.get("mini")
    )
    assert game.get_type().provides_information_state_tensor == one_hand
    assert game.get_type().provides_information_state_string


def test_over_many_hands_the_tensor_merges_what_the_string_tells_apart() -> None:
    """Why the flag is off there: a Troeven round played in two orders that end alike (same points,
    same last trick) leads to a second round that seat 0 sees through the same tensor, while the
    string (the whole match) tells the two apart."""
    game = ct_openspiel.load(cardtable.make("troeven", start_points=2))
    assert not game.get_type().provides_information_state_tensor
    rng = random.Random(2)

    def second_round(seed: int, moves: list[int]) -> pyspiel.State:
        state = Trail.dealt(game, seed).state
        for action in moves:
            state.apply_action(action)
        return state

    for seed in range(20):
        state, moves = Trail.dealt(game, seed).state, []
        while state.cardtable_state().observation(None)["round"] == 1:
            moves.append(rng.choice(state.legal_actions()))
            state.apply_action(moves[-1])
        if state.is_terminal():
            continue
        for order in swapped(game, seed, moves, rng):
            other = second_round(seed, order)
            if other.information_state_tensor(0) == state.information_state_tensor(0):
                assert other.information_state_string(0) != state.information_state_string(0)
                return
    pytest.fail("no two first rounds led to one second-round tensor")
