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
from typing import Any

Allowed = Callable[[int, int], bool]
"""``allowed(holder, card)``: may this holder have this card, given what the observer has seen?"""


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same order from the same random numbers (Fisher–Yates from the end,
    each index drawn by ``getrandbits`` and rejection, as ``Random.shuffle`` does), about twice as
    fast, as it calls no Python method per card; so search's worlds stay those of its seed. A subclass
    of ``Random`` may draw otherwise: it shuffles itself."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for last in range(len(items) - 1, 0, -1):
        size = last + 1
        width = size.bit_length()
        index = getrandbits(width)
        while index >= size:
            index = getrandbits(width)
        items[last], items[index] = items[index], items[last]


def deal_hidden(
    rng: random.Random,
    cards: Sequence[int],
    capacities: Sequence[int],
    allowed: Allowed | None = None,
    *,
    voids: Sequence[int] | None = None,
) -> list[list[int]]:
    """Share ``cards`` among holders with exactly ``capacities[i]`` cards each, every card to a holder
    that ``allowed`` admits, or with ``voids`` (cards that are bits of a mask) to a holder whose mask
    ``voids[holder]`` lacks it. Random and close to uniform (most-constrained card first, random
    holder, backtracking when stuck). Raises ValueError when no such deal exists.

    Without either, every deal fits, so the cards are shuffled once and cut into the capacities:
    exactly uniform, each share in random order, and several times faster than placing card by card
    (search resamples a world per iteration). ``voids`` deals exactly as the same rule given as
    ``allowed`` does, from the same random numbers, at less cost: the trick games' resample, where
    most cards fit every holder, so they share one list of holders."""
    if sum(capacities) != len(cards):
        raise ValueError(f"{len(cards)} hidden cards cannot fill hands of {list(capacities)}")
    holders = range(len(capacities))
    order = list(cards)
    if allowed is None and voids is None:
        shuffle(rng, order)
        ends = list(accumulate(capacities))
        return [order[end - size : end] for end, size in zip(ends, capacities, strict=True)]
    if voids is None:
        assert allowed is not None
        options = {card: [h for h in holders if allowed(h, card)] for card in order}
    else:
        blocked = 0
        for void in voids:
            blocked |= void
        if not blocked:
            shuffle(rng, order)
            return _place_anywhere(rng, order, capacities)
        everyone = list(holders)
        options = {
            card: [h for h in holders if not voids[h] >> card & 1] if blocked >> card & 1 else everyone
            for card in order
        }
    shuffle(rng, order)
    order.sort(key=lambda card: len(options[card]))
    hands: list[list[int]] = [[] for _ in holders]
    if not _place(rng, order, options, hands, list(capacities)):
        raise ValueError("no deal of the hidden cards fits what has been seen")
    return hands


def _place_anywhere(rng: random.Random, order: list[int], capacities: Sequence[int]) -> list[list[int]]:
    """``_place`` where every card may go to every holder: each card to a random holder with room,
    which never gets stuck. The same random numbers as ``_place`` (whose sort keeps the order of
    cards that all have the same holders), with neither its candidates filtered per card nor its
    bookkeeping for going back: the trick games' resample before anyone has shown a void."""
    hands: list[list[int]] = [[] for _ in capacities]
    room = list(capacities)
    open_holders = [holder for holder, size in enumerate(capacities) if size]
    getrandbits = rng.getrandbits if type(rng) is random.Random else None
    for card in order:
        count = len(open_holders)
        if count == 2 and getrandbits is not None:  # shuffle() of two, inline (Troeven's every resample):
            pick = getrandbits(2)  # one 2-bit draw below 2; 0 swaps the two
            while pick >= 2:
                pick = getrandbits(2)
            holder = open_holders[1 - pick]
        elif count > 1:
            candidates = open_holders.copy()
            shuffle(rng, candidates)
            holder = candidates[0]
        else:
            holder = open_holders[0]
        hands[holder].append(card)
        room[holder] -= 1
        if not room[holder]:
            open_holders.remove(holder)
    return hands


def _place(
    rng: random.Random,
    order: list[int],
    options: dict[int, list[int]],
    hands: list[list[int]],
    room: list[int],
) -> bool:
    """Give each card of ``order`` in turn to a random holder it may go to that has room, going back
    to the latest card with a holder left to try when stuck: depth first, as a recursion would, and
    drawing the same random numbers (one shuffle of the candidates each time a card is reached), but
    in a loop, without a call a card."""
    pending: list[list[int]] = []  # per card reached: the holders left to try, the next one last
    chosen: list[int] = []  # per card placed: its holder
    index, count = 0, len(order)
    while index < count:
        card = order[index]
        if len(pending) == index:  # reached going forward: its candidates in random order
            candidates = [h for h in options[card] if room[h]]
            if len(candidates) > 1:
                shuffle(rng, candidates)
                candidates.reverse()
            pending.append(candidates)
        else:  # back from a dead end: take the card back from its holder
            holder = chosen.pop()
            hands[holder].pop()
            room[holder] += 1
            candidates = pending[index]
        if candidates:
            holder = candidates.pop()
            hands[holder].append(card)
            room[holder] -= 1
            chosen.append(holder)
            index += 1
        else:
            pending.pop()
            index -= 1
            if index < 0:
                return False
    return True
