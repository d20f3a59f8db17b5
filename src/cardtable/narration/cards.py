"""The cards' names in words, per pack, in any language: the game packs' ``words`` (``core.cards.Pack``,
"queen of clubs", "red 7") and the short names the log writes (``Q♣``).

A name is made from its parts (a template, the suit or colour, the rank), each a word of the narration
catalog, not one catalog entry per card: a translator writes "{suit} {rank}" once ("klaveren vrouw",
"Kreuz-Dame", "dame de trèfle") instead of 32 names, and a pack's English names are these parts put
together (tests/narration check that they equal each game's ``Pack.words``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from ..core.cards import PIQUET_RANKS, RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS
from ..games.cabooses_in_the_corner import CABOOSE_WORDS
from ..games.cabooses_in_the_corner import COLOUR_WORDS as CABOOSE_COLOURS
from ..games.mue.cards import COLOUR_WORDS as MUE_COLOURS
from ..i18n import DEFAULT
from .base import translated

PACK_WORDS: Mapping[str, Mapping[str, str]] = {
    "piquet": {
        "piquet.card": "{rank} of {suit}",
        **{f"suit.{suit}": name for suit, name in SUIT_NAMES.items()},
        **{f"rank.{rank}": name for rank, name in RANK_NAMES.items()},
    },
    "five-colours": {
        "mue.card": "{colour} {number}",
        **{f"mue.colour.{colour}": name for colour, name in MUE_COLOURS.items()},
    },
    "cabooses": {
        "cabooses.card": "{colour} {number}",
        "cabooses.engine": "{colour} engine 1",
        **{f"cabooses.colour.{colour}": name for colour, name in CABOOSE_COLOURS.items()},
        **{f"cabooses.card.{code}": name for code, name in CABOOSE_WORDS.items()},
    },
    "trains": {"game-of-trains.card": "car {number}"},
}
"""Each pack's words by key, in English: what its cards' names are made of."""
PIQUET_SHORT_WORDS: Mapping[str, str] = {
    f"rank.short.{rank}": rank for rank in PIQUET_RANKS if not rank.isdigit() and rank != "T"
}
"""The piquet ranks written with a letter (``Q♣``: a Dutch ``V♣``, a German ``D♣``)."""


def piquet_short(code: str, words: Mapping[str, str]) -> str:
    """A piquet card as players write it: ``Q♣``, ``10♦`` (``TD``), the rank's letter from ``words``."""
    rank = "10" if code[0] == "T" else words.get(f"rank.short.{code[0]}", code[0])
    return rank + SUIT_SYMBOLS[code[1]]


@cache
def short_name(code: str, language: str = DEFAULT) -> str:
    """``piquet_short`` in ``language``: the queen of clubs is ``Q♣``, a Dutch ``V♣``, a German ``D♣``."""
    return piquet_short(code, translated(PIQUET_SHORT_WORDS, language))


def _piquet(code: str, words: Mapping[str, str]) -> str:
    rank = words.get(f"rank.{code[0]}", code[0])
    return words["piquet.card"].format(rank=rank, suit=words[f"suit.{code[1]}"])


def _five_colours(code: str, words: Mapping[str, str]) -> str:
    return words["mue.card"].format(colour=words[f"mue.colour.{code[0]}"], number=code[1])


def _cabooses(code: str, words: Mapping[str, str]) -> str:
    named = words.get(f"cabooses.card.{code}")
    if named is not None:
        return named
    template = words["cabooses.engine" if code[1] == "1" else "cabooses.card"]
    return template.format(colour=words[f"cabooses.colour.{code[0]}"], number=code[1])


def _trains(code: str, words: Mapping[str, str]) -> str:
    return words["game-of-trains.card"].format(number=code)


NAMERS: Mapping[str, Callable[[str, Mapping[str, str]], str]] = {
    "piquet": _piquet,
    "five-colours": _five_colours,
    "cabooses": _cabooses,
    "trains": _trains,
}


def named_card(pack: str, code: str, words: Mapping[str, str]) -> str:
    """The card ``code`` of ``pack`` in ``words`` (a pack without words of its own: its code)."""
    namer = NAMERS.get(pack)
    return namer(code, words) if namer is not None else code


@cache
def pack_words(game: str, language: str = DEFAULT) -> dict[str, str]:
    """Every card of ``game``'s pack by its code, in words in ``language`` (``Pack.words`` in English:
    the browser's card table and a screen reader's names); empty for a game without a pack."""
    from ..core.registry import make

    pack = make(game).pack
    if pack is None:
        return {}
    words = pack_words_in(pack.name, language)
    return {code: named_card(pack.name, code, words) for code in pack.words}


@cache
def pack_words_in(pack: str, language: str = DEFAULT) -> Mapping[str, str]:
    """The words of ``pack`` (``PACK_WORDS``) in ``language``: a suit's name is ``suit.<letter>``."""
    return translated(PACK_WORDS.get(pack, {}), language)
