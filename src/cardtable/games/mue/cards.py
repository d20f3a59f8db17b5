"""Mü's cards, action ids and move notation (``docs/records.md``, ``mue``).

Cards are 60 instances (ids ``0..59``) in the hand bitmasks: instance ``code`` (``colour * 10 +
number``, ``0..49``) is the first copy of a code, and ``50..59`` are the second copies of the 1s and
7s. Actions name codes, never instances (``show R7``, ``R7``), so the two copies are one move.

>>> [ACTION_NAMES[a] for a in (PASS, DONE, SHOW_BASE + card_code("r5"), PLAY_BASE + card_code("P9"))]
['pass', 'done', 'show R5', 'P9']
>>> parse_move("Trump none") == TRUMP_BASE + NO_TRUMP, parse_move("partner 3") == PARTNER_BASE + 3
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import mask_of
from ...core.errors import InvalidNotation
from ...core.reasons import reason

# -- cards ----------------------------------------------------------------------------------------

COLOURS = "RBGYP"
COLOUR_NAMES = (
    reason("red"),
    reason("blue"),
    reason("green"),
    reason("yellow"),
    reason("purple"),
)  # cosmetic (§1)
COLOUR_WORDS = dict(zip(COLOURS, COLOUR_NAMES, strict=True))
"""Mü's colours by their letter, as the Mü picture names them (``R`` is red): for the narrator."""
NUMBERS_IN_A_COLOUR = (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)
TRIANGLES = (1, 0, 1, 1, 1, 1, 2, 2, 1, 0)
"""Card points by number (§2): 12 per colour."""
CODES = tuple(colour + str(number) for colour in COLOURS for number in range(10))
CODE_IDS = {code: index for index, code in enumerate(CODES)}
FIRST_COPIES = len(CODES)
"""Instances ``0..49`` are the first copy of each code; ``50..59`` the second copies below."""
DOUBLED = tuple(c * 10 + n for c in range(len(COLOURS)) for n in (1, 7))
INSTANCES = FIRST_COPIES + len(DOUBLED)
CODE_OF = tuple(range(FIRST_COPIES)) + DOUBLED
INSTANCE_NAMES = tuple(CODES[code] for code in CODE_OF)
COLOUR_OF = tuple(code // 10 for code in CODE_OF)
NUMBER_OF = tuple(code % 10 for code in CODE_OF)
POINTS_OF = tuple(TRIANGLES[number] for number in NUMBER_OF)
SECOND_COPY = tuple(FIRST_COPIES + DOUBLED.index(code) if code in DOUBLED else code for code in range(50))
"""The instance of a code's second copy (the code itself where there is only one)."""
CODE_MASK = tuple(1 << code | 1 << SECOND_COPY[code] for code in range(50))
LOW_MASK = (1 << FIRST_COPIES) - 1
SECOND_SPREAD = tuple(mask_of([DOUBLED[i] for i in range(10) if high >> i & 1]) for high in range(1024))
"""Codes (as a mask) of the second copies held in ``instances >> 50``."""


def _name_table(colour: int) -> tuple[tuple[str, ...], ...]:
    """``[index]``: the codes of one colour's instances, sorted, copies repeated; ``index`` holds the
    colour's first copies (bits 0–9, by number) and the second copies of its 1 and 7 (bits 10, 11)."""
    table = []
    for index in range(4096):
        names: list[str] = []
        for number in range(10):
            copies = (index >> number & 1) + (number == 1 and index >> 10 & 1) + (number == 7 and index >> 11)
            names += [CODES[colour * 10 + number]] * copies
        table.append(tuple(names))
    return tuple(table)


NAME_TABLES = tuple(_name_table(colour) for colour in range(len(COLOURS)))


def names_of(instances: int) -> list[str]:
    """The codes of a mask of instances, sorted by colour then number, copies repeated (observations
    list every hand and face-up set): one table lookup a colour, not a sort of the instances. Not kept
    per mask: with search's worlds drawn afresh (other seeds than the last search's), keeping the last
    65,536 sets met was no faster (3,394 against 3,325 iterations a second without, ``bench_bots.py``'s
    positions, 5 players, four alternating pairs of runs) and held about 10 MB."""
    if not instances:
        return []
    t0, t1, t2, t3, t4 = NAME_TABLES
    return [
        *t0[instances & 1023 | instances >> 40 & 0xC00],
        *t1[instances >> 10 & 1023 | instances >> 42 & 0xC00],
        *t2[instances >> 20 & 1023 | instances >> 44 & 0xC00],
        *t3[instances >> 30 & 1023 | instances >> 46 & 0xC00],
        *t4[instances >> 40 & 1023 | instances >> 48 & 0xC00],
    ]


def instances_of(codes: Sequence[int]) -> list[int]:
    """The instances of a sequence of codes: the first time a code comes, its first copy."""
    seen: set[int] = set()
    instances = []
    for code in codes:
        instances.append(SECOND_COPY[code] if code in seen else code)
        seen.add(code)
    return instances


def first_copies_first(keys: list[float], pairs: Sequence[int]) -> None:
    """§3 canonical deal: the first copy of a code dealt is instance ``code``. ``keys`` are the sort
    keys of a shuffle (``core.tricks.shuffled``) of a pack in which each second copy comes just after
    its first, at the places ``pairs``; handing the first copy the lower key of the two deals it first,
    and the cards fall where they would have (the copies are alike).

    >>> keys = [0.5, 0.9, 0.1]
    >>> first_copies_first(keys, [1]); keys
    [0.5, 0.1, 0.9]
    """
    for first in pairs:
        second = first + 1
        if keys[second] < keys[first]:
            keys[first], keys[second] = keys[second], keys[first]


def codes_mask(instances: int) -> int:
    """The mask of distinct codes among a mask of instances."""
    return (instances & LOW_MASK) | SECOND_SPREAD[instances >> FIRST_COPIES]


def deck_codes(colours: int) -> tuple[int, ...]:
    """The codes of the pack (with their copies): 5 colours, or ``R B G`` for three players (§3)."""
    return tuple(c * 10 + n for c in range(colours) for n in NUMBERS_IN_A_COLOUR)


def card_name(code: str) -> str:
    """A card as players say it: ``red 7`` (the code ``R7``).

    >>> card_name("R7"), card_name("P0")
    ('red 7', 'purple 0')
    """
    return f"{COLOUR_WORDS[code[0]]} {code[1]}"


def card_code(text: str) -> int:
    """The code id of ``R7`` (any case); raises InvalidNotation."""
    code = CODE_IDS.get(text)
    if code is None:
        code = CODE_IDS.get(text.strip().upper())
    if code is None:
        raise InvalidNotation(f"{text!r} is not a card: write colour (R B G Y P) then number, like R7")
    return code


# -- action ids -----------------------------------------------------------------------------------

PASS = 0
DONE = 1
SHOW_BASE = 2
TRUMP_BASE = SHOW_BASE + 50
NUMBER_TRUMPS = len(COLOURS)
"""Trump id of the number 0: colours are trumps ``0..4``, numbers ``NUMBER_TRUMPS + n``."""
TRUMP_NAMES = (*COLOURS, *(str(n) for n in range(10)), "none")
NO_TRUMP = len(TRUMP_NAMES) - 1
"""Trump ids: ``0..4`` colours, ``5..14`` numbers 0–9, ``NO_TRUMP`` for the Chief's ``none``."""
PARTNER_BASE = TRUMP_BASE + len(TRUMP_NAMES)
MAX_SEATS = 6
PLAY_BASE = PARTNER_BASE + MAX_SEATS
NUM_ACTIONS = PLAY_BASE + 50
ACTION_NAMES = (
    "pass",
    "done",
    *(f"show {code}" for code in CODES),
    *(f"trump {name}" for name in TRUMP_NAMES),
    *(f"partner {seat}" for seat in range(MAX_SEATS)),
    *CODES,
)
ACTION_IDS = {name: action for action, name in enumerate(ACTION_NAMES)}


def _code_tables(base: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per colour, the action ids ``base + code`` of every 10-bit set of that colour's codes."""
    return tuple(
        tuple(tuple(base + colour * 10 + n for n in range(10) if low >> n & 1) for low in range(1024))
        for colour in range(len(COLOURS))
    )


THREE_COLOURS = 1 << 30
"""Masks of codes below this hold red, blue and green codes only."""
SHOW_TABLES = _code_tables(SHOW_BASE)
PLAY_TABLES = _code_tables(PLAY_BASE)


def code_actions(tables: Sequence[Sequence[tuple[int, ...]]], instances: int) -> list[int]:
    """The action of every distinct code in a mask of instances, sorted (the hot path: ``codes_mask``
    inlined, one table lookup per colour)."""
    codes = (instances & LOW_MASK) | SECOND_SPREAD[instances >> FIRST_COPIES]
    t0, t1, t2, t3, t4 = tables
    if codes < THREE_COLOURS:  # no yellow or purple (the 3-player pack): two lookups fewer
        return [*t0[codes & 1023], *t1[codes >> 10 & 1023], *t2[codes >> 20]]
    return [
        *t0[codes & 1023],
        *t1[codes >> 10 & 1023],
        *t2[codes >> 20 & 1023],
        *t3[codes >> 30 & 1023],
        *t4[codes >> 40],
    ]


def trump_name(trump: int | None) -> str | None:
    """``R``, ``7``, ``none`` (or None when no trump has been named)."""
    return None if trump is None else TRUMP_NAMES[trump]


def trump_id(name: str) -> int:
    """The trump id of ``R``, ``7`` or ``none``; raises ValueError for anything else."""
    return TRUMP_NAMES.index(name)


def parse_move(text: str) -> int:
    """The action id of ``pass``, ``done``, ``show R5``, ``trump R|7|none``, ``partner 2`` or a card
    (keywords and cards in any case), legal now or not; raises InvalidNotation."""
    action = ACTION_IDS.get(text)
    if action is not None:
        return action
    words = text.split() if isinstance(text, str) else []
    match [word.lower() for word in words]:
        case ["pass" | "done" as word]:
            return PASS if word == "pass" else DONE
        case ["show", _]:
            return SHOW_BASE + card_code(words[1])
        case ["trump", name] if name.upper() in TRUMP_NAMES or name == "none":
            return TRUMP_BASE + trump_id(name if name == "none" else name.upper())
        case ["partner", seat] if seat.isdecimal() and int(seat) < MAX_SEATS:
            return PARTNER_BASE + int(seat)
        case [word] if word.upper() in CODE_IDS:
            return PLAY_BASE + CODE_IDS[word.upper()]
    raise InvalidNotation(
        f"{text!r} is not a move of mue: write pass, done, show R5, trump R (or trump 7, trump none),"
        " partner 2, or a card such as R7"
    )
