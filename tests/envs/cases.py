"""The games and options the adapter tests run: every game at every player count, with options that
keep matches short where a game has them, plus the variants that change a game's shape."""

from __future__ import annotations

from typing import Any

import cardtable

SHORT: dict[str, dict[str, Any]] = {
    "slobberhannes": {"start_points": 6},
    "troeven": {"start_points": 1},
    "mue": {"hand_limit": 2},
    "game-of-trains": {"turn_limit": 60},
}
"""Options that end a match sooner (a game missing here plays its defaults)."""

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "troeven": [{"version": 2}, {"version": 2, "mini": True}],
    "mue": [{"players": 6, "dealer_sits_out": True}],
    "cabooses-in-the-corner": [{"broken_cabooses": False}],
}
"""Extra options that change what a game shows or deals."""


def cases() -> list[tuple[str, dict[str, Any]]]:
    """(game, options) for every game and player count, then the variants."""
    found = []
    for game in cardtable.games():
        for players in cardtable.make(game).player_counts():
            found.append((game, {**SHORT.get(game, {}), "players": players}))
        for variant in VARIANTS.get(game, []):
            found.append((game, {**SHORT.get(game, {}), **variant}))
    return found


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    game, options = case
    return game + "-" + "-".join(f"{k}={v}" for k, v in options.items() if k not in SHORT.get(game, {}))
