"""Display names, guests' and accounts': which characters a name may hold, which names are the site's own
words, and when two names look alike.

Decisions:
- A name is what others read beside a seat, so it is refused (with the reason), never quietly changed
  into something else: it must hold only letters, decimal digits, combining marks (at most two on one
  letter, none on their own, no enclosing marks), single plain spaces and common punctuation
  (``PUNCTUATION``). Format, control and other default-ignorable characters (U+034F, zero-width spaces,
  bidirectional controls, Hangul fillers, variation selectors) show as nothing and are refused; so are
  characters that draw as a whole phrase (U+FDFA: a character whose compatibility form is more than
  three characters long) or as a large picture (the cuneiform and hieroglyph blocks), and names wider
  than ``MAX_COLUMNS`` (an East Asian wide character counts two). What is kept is stored in NFC, with
  leading and trailing spaces dropped and runs of spaces made one.
- Two names look alike when their case-folded skeletons (Unicode TS #39: NFD, each character replaced
  by its prototype, NFD again) are equal; both orders of folding and mapping are compared, so "Il" and
  "il" look alike as much as "Ann" and "Аnn" (Cyrillic А). The prototypes come from Unicode's
  confusables data as the ``confusable-homoglyphs`` package ships it. That package keeps each line of
  the data as a link both ways, so the direction is read back from its shape: a prototype is linked to
  all its sources, a source to its one prototype. Where two characters are linked only to each other
  either may be the prototype, and both are mapped to one of them, which leaves equality of skeletons as
  it is.
- The site's own words (``SITE_WORDS``: what the pages and the server call bots, seats and former
  players, "<level> bot" for every bot level) are refused as names, compared by their skeletons' letters
  and digits alone and without a seat note, so "Easy-Bot", "еasy bot" and "easy bot (seat 2)" are all
  "easy bot"; a number after a bot or a seat is disregarded too ("easy bot 2", "Seat 3"), not after the
  other words ("guest7" is a name, "Guest" is not).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache

from confusable_homoglyphs.utils import load

from ..core.reasons import Reason, reason
from .errors import N_

MAX_COLUMNS = 32
MAX_MARKS = 2
PUNCTUATION = frozenset(string.punctuation + "‘’·")
"""The punctuation and symbols a name may hold besides letters, digits, marks and spaces: ASCII's (where
nothing is invisible or large; pages show names as text), the typographic apostrophes, the middle dot."""
SITE_WORDS = (
    "bot",
    "bots",
    "stand-in",
    "stand-in bot",
    "Former player",
    "guest",
    "open seat",
    "seat",
    "kept for",
    "cardtable",
    "admin",
    "administrator",
    "moderator",
    "system",
    "server",
)
"""Words the server and the pages use for seats and players that are no person (the bots' levels are added
as "<level> bot"): no person may be called so."""

_IGNORABLE = frozenset(
    [
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x3164, 0xFFA0),
        *range(0xFE00, 0xFE10),
        *range(0xE0100, 0xE01F0),
    ]
)
"""Default-ignorable code points whose category is not C (those are refused by category)."""
_PICTURES = ((0x12000, 0x1254F), (0x13000, 0x1345F), (0x14400, 0x1467F))
"""Cuneiform, Egyptian and Anatolian hieroglyphs: letters drawn as large pictures."""
_LRM = "\u200e"
_NUMBER = re.compile(r"[\W\d_]+$")
_SEAT_NOTE = re.compile(r"[\s(]*seat[\s\d)]*$", re.IGNORECASE)


def display_name(text: str) -> str:
    """The display name ``text`` makes (NFC, spaces tidied); ValueError saying why it is refused."""
    name = " ".join(part for part in unicodedata.normalize("NFC", text).split(" ") if part)
    marks = 0
    after_base = False
    for char in unicodedata.normalize("NFD", name):
        refused = _refused_character(char)
        if refused:
            raise ValueError(
                reason("a name may not hold {character}: {why}", character=_describe(char), why=refused)
            )
        if unicodedata.category(char).startswith("M"):
            marks += 1
            if not after_base:
                raise ValueError(reason("{character} must follow a letter", character=_describe(char)))
            if marks > MAX_MARKS:
                raise ValueError(
                    reason("a letter in a name may carry at most {most} accents or marks", most=MAX_MARKS)
                )
            continue
        marks = 0
        after_base = unicodedata.category(char)[0] in "LN"
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        raise ValueError(reason("a name must hold at least one letter or digit"))
    if sum(_columns(char) for char in name) > MAX_COLUMNS:
        raise ValueError(
            reason(
                "a name may be at most {most} columns wide (a wide character counts two)", most=MAX_COLUMNS
            )
        )
    return name


def _refused_character(char: str) -> Reason | None:
    """Why ``char`` may not be part of a name, or None if it may."""
    code = ord(char)
    category = unicodedata.category(char)
    if category[0] == "C" or code in _IGNORABLE:
        return reason("it is invisible or controls how text is shown")
    if char.isspace() and char != " ":
        return reason("the only space allowed is the plain one")
    if any(low <= code <= high for low, high in _PICTURES) or len(unicodedata.normalize("NFKC", char)) > 3:
        return reason("it draws as a picture or a phrase")
    if category == "Me":
        return reason("enclosing marks draw over their neighbours")
    if category[0] in "LM" or category == "Nd" or char == " " or char in PUNCTUATION:
        return None
    return reason("names hold letters, digits, accents, spaces and common punctuation")


def _columns(char: str) -> int:
    """How many columns ``char`` takes: 2 when East Asian wide, 0 for a mark, else 1."""
    if unicodedata.category(char)[0] == "M":
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _describe(char: str) -> str:
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'a control character').lower()})"


# -- looking alike ----------------------------------------------------------------------------------------


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (see the module's decisions)."""
    links: dict[str, list[str]] = {}
    for key, entries in load("confusables.json").items():
        bare = key.replace(_LRM, "")
        targets = links.setdefault(bare, [])
        for entry in entries:
            target = entry["c"].replace(_LRM, "")
            if target not in targets:
                targets.append(target)
    single: dict[str, str] = {}
    for char, targets in links.items():
        if len(char) != 1 or len(targets) != 1:
            continue  # a prototype of several sources, or a sequence (only prototypes are sequences)
        target = targets[0]
        if len(target) > 1 or len(links.get(target, ())) > 1:
            single[char] = target
        else:  # two characters linked only to each other: one stands for both
            single[char] = min((char, target), key=lambda c: (unicodedata.normalize("NFD", c) != c, c))
    return {char: "".join(single.get(c, c) for c in target) for char, target in single.items()}


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: equal skeletons look alike."""
    table = _prototypes()
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@lru_cache(maxsize=65536)
def likeness(name: str) -> frozenset[str]:
    """The case-folded skeletons of ``name`` (folded before and after mapping): two names look alike when
    they share one."""
    plain = " ".join(name.split())
    return frozenset((skeleton(skeleton(plain).casefold()), skeleton(plain.casefold())))


def looks_alike(name: str, others: Iterable[str | None]) -> bool:
    """True if ``name`` looks like any of ``others``."""
    mine = likeness(name)
    return any(mine & likeness(other) for other in others if other)


@cache
def _site_words() -> tuple[frozenset[str], frozenset[str]]:
    """The keys of the site's words, and of those it numbers ("easy bot 2", "seat 3")."""
    from cardtable import bots  # the levels are the bots' own; read once

    numbered = ["bot", "seat", "open seat", *(f"{level} bot" for level in bots.levels())]
    return _keys(*SITE_WORDS, *numbered), _keys(*numbered)


def _keys(*names: str) -> frozenset[str]:
    """The names' skeletons, letters and digits only."""
    return frozenset("".join(c for c in key if c.isalnum()) for name in names for key in likeness(name))


def site_word(name: str) -> str | None:
    """Why ``name`` is refused as one of the site's own words (a message whose ``{name}`` is the name,
    ``errors``), or None. A seat note ("(seat 2)", as the pages add to a name two seats share) is
    disregarded, and so is a number after a bot or a seat."""
    words, numbered = _site_words()
    plain = _keys(name, _SEAT_NOTE.sub("", name) or name)
    if plain & words or _keys(_NUMBER.sub("", name) or name) & numbered:
        return N_("{name!r} is what the site calls seats, bots or former players; choose another name")
    if any(key.startswith("keptfor") for key in plain):
        return N_("{name!r} is how the site shows a kept seat; choose another name")
    return None
