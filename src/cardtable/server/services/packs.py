"""The browser's table of cards, made from each game's ``Game.pack`` and the suits of ``core/cards``.

The pages import it as the module ``/static/js/packs.js`` (``web/js/cards.js`` does), which the server
writes from the games on the first request: so no script keeps a copy of a suit's name, a card's name or the
pack a game is played with, and a new game's cards reach every page with the game's own module.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import cardtable
from cardtable.core.cards import PIQUET_RANKS, PIQUET_SUITS, SUIT_NAMES, SUIT_SYMBOLS

HEADER = "// Written by the server from the games' own card tables (server/services/packs.py): do not copy.\n"


@cache
def packs_module() -> str:
    """The text of ``packs.js``: ``SUITS`` (in the pack's order), ``PIQUET_RANKS`` (low to high), ``PACKS``
    (by pack name: each card's words and printed marks) and ``GAME_PACKS`` (each game's pack)."""
    suits = {letter: {"name": SUIT_NAMES[letter], "symbol": SUIT_SYMBOLS[letter]} for letter in PIQUET_SUITS}
    packs: dict[str, Any] = {}
    game_packs: dict[str, str] = {}
    for game in cardtable.games():
        pack = cardtable.make(game).pack
        if pack is not None:
            packs[pack.name] = {"words": dict(pack.words), "marks": dict(pack.marks)}
            game_packs[game] = pack.name
    exports = {"SUITS": suits, "PIQUET_RANKS": PIQUET_RANKS, "PACKS": packs, "GAME_PACKS": game_packs}
    return HEADER + "".join(
        f"export const {name} = {json.dumps(value, ensure_ascii=False)};\n" for name, value in exports.items()
    )
