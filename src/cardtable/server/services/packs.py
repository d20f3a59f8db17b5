"""The browser's table of cards, made from each game's ``Game.pack`` and the suits of ``core/cards``, in
the reader's language.

The pages import it as the module ``/static/js/packs.js`` (``web/js/cards.js`` does), which the server
writes from the games on the first request in each language: so no script keeps a copy of a suit's name,
a card's name or the pack a game is played with, and a new game's cards reach every page with the game's
own module. The names come from the narration catalog (``narration.cards``: the game's words), so a card is
called the same on the page, in the game log and in a screen reader's words.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import cardtable
from cardtable.core.cards import PIQUET_RANKS, PIQUET_SUITS, SUIT_SYMBOLS
from cardtable.i18n import DEFAULT
from cardtable.narration.base import translated
from cardtable.narration.cards import PACK_WORDS, PIQUET_SHORT_WORDS, pack_words

HEADER = "// Written by the server from the games' own card tables (server/services/packs.py): do not copy.\n"


@cache
def packs_module(lang: str = DEFAULT) -> str:
    """The text of ``packs.js`` in ``lang``: ``SUITS`` (in the pack's order), ``PIQUET_RANKS`` (low to
    high), ``RANK_LETTERS`` (each piquet rank as the cards print it and the log writes it: a Dutch queen
    is "V"), ``PACKS`` (by pack name: each card's words and printed marks) and ``GAME_PACKS`` (each game's
    pack)."""
    words = translated(PACK_WORDS["piquet"], lang)
    suits = {
        letter: {"name": words[f"suit.{letter}"], "symbol": SUIT_SYMBOLS[letter]} for letter in PIQUET_SUITS
    }
    short = translated(PIQUET_SHORT_WORDS, lang)
    letters = {rank: short.get(f"rank.short.{rank}", "10" if rank == "T" else rank) for rank in PIQUET_RANKS}
    packs: dict[str, Any] = {}
    game_packs: dict[str, str] = {}
    for game in cardtable.games():
        pack = cardtable.make(game).pack
        if pack is not None:
            packs[pack.name] = {"words": pack_words(game, lang), "marks": dict(pack.marks)}
            game_packs[game] = pack.name
    exports = {
        "SUITS": suits,
        "PIQUET_RANKS": PIQUET_RANKS,
        "RANK_LETTERS": letters,
        "PACKS": packs,
        "GAME_PACKS": game_packs,
    }
    return HEADER + "".join(
        f"export const {name} = {json.dumps(value, ensure_ascii=False)};\n" for name, value in exports.items()
    )
