"""Redealing hidden cards for search (``State.resample``): a random deal of the cards a seat cannot
see that agrees with everything it has seen.

>>> import random
>>> hands = deal_hidden(random.Random(1), [1, 2, 3, 4], [2, 2], lambda seat, card: seat == 0 or card != 1)
>>> 1 in hands[0] and sorted(hands[0] + hands[1]) == [1, 2, 3, 4]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import accumulate

Allowed = Callable[[int, int], bool]
"""``allowed(holder, card)``: may this holder have this card, given what the observer has seen?"""


def deal_hidden(
    rng: random.Random, cards: Sequence[int], capacities: Sequence[int], allowed: Allowed | None = None
) -> list[list[int]]:
    """Share ``cards`` among holders with exactly ``capacities[i]`` cards each, every card to a holder
    that ``allowed`` admits. Random and close to uniform (most-constrained card first, random holder,
    backtracking when stuck). Raises ValueError when no such deal exists.

    Without ``allowed`` every deal fits, so the cards are shuffled once and cut into the capacities:
    exactly uniform, each share in random order, and several times faster than placing card by card
    (search resamples a world per iteration)."""
    if sum(capacities) != len(cards):
        raise ValueError(f"{len(cards)} hidden cards cannot fill hands of {list(capacities)}")
    if allowed is None:
        order = list(cards)
        rng.shuffle(order)
        ends = list(accumulate(capacities))
        return [order[end - size : end] for end, size in zip(ends, capacities, strict=True)]
    holders = range(len(capacities))
    options = {card: [h for h in holders if allowed(h, card)] for card in set(cards)}
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda card: len(options[card]))
    hands: list[list[int]] = [[] for _ in holders]
    room = list(capacities)
    if not _place(rng, order, 0, options, hands, room):
        raise ValueError("no deal of the hidden cards fits what has been seen")
    return hands


def _place(
    rng: random.Random,
    order: list[int],
    index: int,
    options: dict[int, list[int]],
    hands: list[list[int]],
    room: list[int],
) -> bool:
    if index == len(order):
        return True
    card = order[index]
    candidates = [h for h in options[card] if room[h]]
    rng.shuffle(candidates)
    for holder in candidates:
        hands[holder].append(card)
        room[holder] -= 1
        if _place(rng, order, index + 1, options, hands, room):
            return True
        hands[holder].pop()
        room[holder] += 1
    return False
