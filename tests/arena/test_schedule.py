"""Seat rotation and seeds: every bot sits in every seat equally, blocks share a deal, and everything
follows from the arena seed."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.arena.schedule import derived_seed, rotation, schedule, whole_blocks


@pytest.mark.parametrize("seats", range(2, 7))
@pytest.mark.parametrize("bots", range(1, 8))
def test_every_bot_sits_in_every_seat_exactly_once_per_block(bots: int, seats: int) -> None:
    block = rotation(bots, seats)
    assert len(block) == bots
    for seat in range(seats):
        assert sorted(seating[seat] for seating in block) == list(range(bots))


def test_games_are_rounded_up_to_whole_rotations() -> None:
    assert [whole_blocks(n, 3) for n in (1, 3, 4, 600, 601)] == [3, 3, 6, 600, 603]


def plan(games: int = 7, seed: int = 1) -> list:
    return schedule(
        game="slobberhannes",
        options={"players": 4},
        bots=("a", "b", "c"),
        labels=("a", "b", "c"),
        seats=4,
        games=games,
        seed=seed,
        keep_records=False,
    )


def test_a_block_plays_one_deal_in_every_rotation() -> None:
    tasks = plan()
    assert [t.index for t in tasks] == list(range(9))
    assert [t.block for t in tasks] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    for block in range(3):
        deals = {t.deal_seed for t in tasks if t.block == block}
        assert len(deals) == 1
    assert len({t.deal_seed for t in tasks}) == 3
    assert [t.specs for t in tasks[:3]] == [("a", "b", "c", "a"), ("b", "c", "a", "b"), ("c", "a", "b", "c")]


def test_seeds_follow_from_the_arena_seed_only() -> None:
    assert plan(seed=1) == plan(seed=1)
    assert {t.deal_seed for t in plan(seed=1)}.isdisjoint({t.deal_seed for t in plan(seed=2)})
    bot_seeds = Counter(seed for t in plan() for seed in t.bot_seeds)
    assert max(bot_seeds.values()) == 1, "every seat of every game has its own bot seed"
    assert derived_seed(1, "deal", 0) == derived_seed(1, "deal", 0) < 2**63


def test_a_rotation_needs_bots_and_seats() -> None:
    with pytest.raises(ValueError, match="at least one bot and one seat"):
        rotation(0, 4)
