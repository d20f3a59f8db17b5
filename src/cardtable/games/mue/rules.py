"""Mü's rules as pure functions: trump choices and the trump order (§4.3–§5), the Vice election
(§4.2) and the score of a hand (§6). The state calls them; the tests check the worked examples on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ...core.cards import mask_of
from ...core.tricks import BeatTable, beat_table
from .cards import (
    CODES,
    COLOUR_OF,
    COLOURS,
    INSTANCES,
    NO_TRUMP,
    NUMBER_OF,
    NUMBER_TRUMPS,
    codes_mask,
    trump_id,
)


def trump_options(faceup: int) -> int:
    """§4.3/§4.4: the mask of trump ids shown by some face-up card (its colour or its number): read
    off the face-up codes ten bits (one colour) at a time.

    >>> from cardtable.core.cards import bits
    >>> from cardtable.games.mue.cards import TRUMP_NAMES, card_code
    >>> [TRUMP_NAMES[t] for t in bits(trump_options(1 << card_code("R7") | 1 << card_code("B7")))]
    ['R', 'B', '7']
    """
    codes = codes_mask(faceup)
    options = numbers = 0
    for colour in range(len(COLOURS)):
        numbers_shown = codes >> 10 * colour & 1023
        if numbers_shown:
            options |= 1 << colour
            numbers |= numbers_shown
    return options | numbers << NUMBER_TRUMPS


# -- trumps: the card tables of the shared trick machinery (§4.6, §5) -----------------------------

TRUMP_CLASS = len(COLOURS)
"""The suit class every trump belongs to; the colours are classes 0..4."""
TIER = 16
"""A trump's power is ``tier * TIER + value``: above every number (the trick table uses number + 1)."""


@dataclass(frozen=True)
class TrumpTables:
    """Per instance: suit class and trump power; per class: its cards; and the mask of trumps."""

    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    suit_masks: tuple[int, ...]
    trump_mask: int
    beats: BeatTable
    """What trick play reads (``core/tricks.beat_table``, numbers as ranks)."""


def _matches(card: int, trump: int | None) -> bool:
    if trump is None or trump == NO_TRUMP:
        return False
    if trump < NUMBER_TRUMPS:
        return COLOUR_OF[card] == trump
    return NUMBER_OF[card] == trump - NUMBER_TRUMPS


@cache
def trump_tables(chief: int | None, vice: int | None) -> TrumpTables:
    """§5: tier 3 matches both trumps (equal), tier 2 the Chief's, tier 1 the Vice's; within a tier
    a colour trump ranks by number and a number trump's cards are equal (the first played wins)."""
    power = []
    for card in range(INSTANCES):
        by_chief, by_vice = _matches(card, chief), _matches(card, vice)
        if by_chief and by_vice:
            power.append(3 * TIER)
        elif by_chief:
            power.append(2 * TIER + (NUMBER_OF[card] if chief is not None and chief < NUMBER_TRUMPS else 0))
        elif by_vice:
            power.append(TIER + (NUMBER_OF[card] if vice is not None and vice < NUMBER_TRUMPS else 0))
        else:
            power.append(0)
    suit_of = tuple(TRUMP_CLASS if power[card] else COLOUR_OF[card] for card in range(INSTANCES))
    masks = tuple(
        mask_of([card for card in range(INSTANCES) if suit_of[card] == k]) for k in range(TRUMP_CLASS + 1)
    )
    return TrumpTables(
        suit_of, tuple(power), masks, masks[TRUMP_CLASS], beat_table(suit_of, NUMBER_OF, power)
    )


def trump_order(chief: int | None, vice: int | None, colours: int = 5) -> list[list[str]]:
    """The trumps strongest first, equal cards grouped (§5 hierarchies), for a pack of ``colours``
    (new lists from a cached order: every observation holds one).

    >>> trump_order(trump_id("1"), trump_id("B"), colours=2)
    [['B1'], ['R1'], ['B9'], ['B8'], ['B7'], ['B6'], ['B5'], ['B4'], ['B3'], ['B2'], ['B0']]
    """
    return [[*group] for group in _trump_groups(chief, vice, colours)]


@cache
def _trump_groups(chief: int | None, vice: int | None, colours: int) -> tuple[tuple[str, ...], ...]:
    tables = trump_tables(chief, vice)
    trumps = sorted(
        (code for code in range(colours * 10) if tables.power[code]), key=lambda c: (-tables.power[c], c)
    )
    groups: list[list[str]] = []
    last = None
    for code in trumps:
        if tables.power[code] != last:
            groups.append([])
            last = tables.power[code]
        groups[-1].append(CODES[code])
    return tuple(map(tuple, groups))


# -- the auction's outcome and the score (§4.2, §6): pure functions -------------------------------


def elect_vice(counts: Sequence[int], numbers: Sequence[Sequence[int]], chief: int) -> int | None:
    """§4.2.4: the non-Chief seat with the most face-up cards (at least one); a tie goes to the greater
    list of face-up numbers sorted high to low; a tie for the best list means no Vice.

    >>> elect_vice([4, 2, 2, 2, 0], [[], [9, 2], [8, 8], [9, 1], []], chief=0)
    1
    """
    best = max((count for seat, count in enumerate(counts) if seat != chief), default=0)
    if best == 0:
        return None
    candidates = [seat for seat, count in enumerate(counts) if count == best and seat != chief]
    lists = {seat: sorted(numbers[seat], reverse=True) for seat in candidates}
    top = max(lists.values())
    winners = [seat for seat in candidates if lists[seat] == top]
    return winners[0] if len(winners) == 1 else None


TARGET_ROWS = {3: (10, 2), 4: (28, 2), 5: (21, 3), 6: (16, 4)}
"""§6: target(p, b) = base + step · b for p active players."""


def target(active: int, bid: int) -> int:
    """§6: the card points the Chief's team needs for a bid of ``bid`` with ``active`` players.

    >>> target(5, 4), target(6, 1), target(3, 3)
    (33, 20, 16)
    """
    base, step = TARGET_ROWS[active]
    return base + step * bid


BONUS_STEP, BONUS_CAP = 10, 100
"""§6: the bonus is ``BONUS_STEP · (b + k)``, at most ``BONUS_CAP``."""
LOSS_PER_CARD, GAIN_PER_CARD = 10, 5
"""§4.2.2 and §6: per card of the bid (éclat) or overbid (failure), what the Chief or latecomer loses
and what each opponent or other tied seat gains."""
DOUBLED_NUMBERS = (trump_id("1"), trump_id("7"))
"""The number trumps with two cards per colour: their bonus step k is 1 (§6)."""


def bonus(bid: int, chief_trump: int) -> int:
    """§6: ``min(10·(b + k), 100)``; k is 0 for a colour, 1 for the number 1 or 7, 2 for another
    number, 3 for ``none``.

    >>> [bonus(1, trump_id(name)) for name in ("R", "7", "4", "none")], bonus(9, NO_TRUMP)
    ([10, 20, 30, 40], 100)
    """
    if chief_trump == NO_TRUMP:
        k = 3
    elif chief_trump < NUMBER_TRUMPS:
        k = 0
    else:
        k = 1 if chief_trump in DOUBLED_NUMBERS else 2
    return min(BONUS_STEP * (bid + k), BONUS_CAP)


def shortfall(active: int, bid: int, team_points: int) -> int:
    """§6 "cards overbid": the bid minus the highest lower bid the team's points would have made.

    >>> shortfall(5, 5, 31), shortfall(6, 2, 18)
    (2, 2)
    """
    base, step = TARGET_ROWS[active]
    achieved = max(0, min(bid - 1, (team_points - base) // step))  # the targets rise by step a card
    return bid - achieved


def played_hand_deltas(
    active: Sequence[int],
    points: Sequence[int],
    *,
    chief: int,
    partner: int | None,
    bid: int,
    chief_trump: int,
) -> list[int]:
    """§6: card points for every seat, plus the bonus to the Chief and partner when their points reach
    the target, else ``−10·s`` to the Chief and ``+5·s`` to every other active seat but the partner.
    ``points`` is indexed by seat (0 for a seat sitting out).

    >>> played_hand_deltas(range(5), [20, 14, 10, 9, 7], chief=0, partner=1, bid=4, chief_trump=trump_id("Y"))
    [60, 54, 10, 9, 7]
    """
    deltas = list(points)
    team = points[chief] + (points[partner] if partner is not None else 0)
    if team >= target(len(active), bid):
        for seat in (chief, partner):
            if seat is not None:
                deltas[seat] += bonus(bid, chief_trump)
    else:
        s = shortfall(len(active), bid, team)
        deltas[chief] -= LOSS_PER_CARD * s
        for seat in active:
            if seat not in (chief, partner):
                deltas[seat] += GAIN_PER_CARD * s
    return deltas


def eclat_deltas(players: int, tied: Sequence[int], latecomer: int, highest: int) -> list[int]:
    """§4.2.2: the latecomer −10·M, every other tied seat +5·M, everybody else 0.

    >>> eclat_deltas(4, tied=[1, 2], latecomer=2, highest=2)
    [0, 10, -20, 0]
    """
    deltas = [0] * players
    for seat in tied:
        deltas[seat] = GAIN_PER_CARD * highest
    deltas[latecomer] = -LOSS_PER_CARD * highest
    return deltas


def winners_of(scores: Sequence[int]) -> list[int]:
    """Every seat with the highest total (a tie is a shared win)."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]
