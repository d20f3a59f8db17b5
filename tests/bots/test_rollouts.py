"""Rollouts that play the whole game (issue 36): a game's rollout policy, which search and the review play
on with for every seat, makes every kind of decision the game has. A policy that skips one judges every
move as if nobody ever made it: Mü's rollouts used to stop bidding, so a bid looked as if nobody would
answer it, and the review called passes mistakes where showing a card changed nothing."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.bots import SeatView
from cardtable.bots.evaluation import evaluation_for

WITH_ROLLOUTS = [game for game in cardtable.games() if evaluation_for(game).rollout is not None]
OPTIONS = {"mue": [{"players": 3}, {"players": 5}], "game-of-trains": [{"players": 2}, {"players": 4}]}
MATCHES = 6
MOVES = 1500
"""Moves played from the start of each seeded match, at most: many hands or whole games in each."""


def kinds_seen_and_chosen(game: str, options: dict[str, int]) -> tuple[set[str], set[str]]:
    """The kinds of move (``describe(action).kind``) legal where the rollout policy had a choice, and
    the kinds it chose there, over seeded matches it plays for every seat (a forced move is played
    without asking it, as in search)."""
    policy = evaluation_for(game).rollout
    assert policy is not None
    seen: set[str] = set()
    chosen: set[str] = set()
    for seed in range(MATCHES):
        state = cardtable.make(game, **options).new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(MOVES):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            action = legal[0]
            if len(legal) > 1:
                action = policy(SeatView(state), rng)
                seen |= {state.describe(move).kind for move in legal}
                chosen.add(state.describe(action).kind)
            state.apply_action(action)
    return seen, chosen


def test_the_games_that_search_plays_on_with_a_policy_are_checked() -> None:
    assert {"mue", "slobberhannes", "game-of-trains", "cabooses-in-the-corner"} <= set(WITH_ROLLOUTS)


@pytest.mark.parametrize(
    ("game", "options"), [(game, options) for game in WITH_ROLLOUTS for options in OPTIONS.get(game, [{}])]
)
def test_the_rollout_policy_makes_every_kind_of_decision(game: str, options: dict[str, int]) -> None:
    seen, chosen = kinds_seen_and_chosen(game, options)
    assert seen - chosen == set(), f"{game} rollouts never choose {sorted(seen - chosen)} (of {sorted(seen)})"
