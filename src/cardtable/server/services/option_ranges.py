"""The ranges the platform allows for the games' open-ended options, so that every game at a table ends.

The engine accepts any value of an integer option above its minimum, and some values turn the safeguard
off that bounds a match (``round_limit`` 0, ``hand_limit`` 0, ``turn_limit`` 0) or let it run for ever in
practice (a Mü ``target`` of 2**31 - 1). For research that is right; at a table of the platform, where bots
may play unwatched, it is not. So each integer option without fixed choices declares, with the option in
its game (``Option.table_range``), the inclusive range a table allows, and a table is also refused whose
game has no bound on its length (``Game.max_game_length``) or a bound above ``MAX_DECISIONS``: a test runs
every game at the ends of its ranges against that.

Options kept for research (``Option.research``: ``single_hand``, a match cut to one hand for experiments)
are not offered by the create-table form: ``/api/games`` marks them, and a table keeps their defaults
unless an API client asks otherwise. Some are refused at a table whatever the client asks
(``Option.tables_keep_default``: Troeven's ``mini``, a toy game made to be solved, not played).
"""

from __future__ import annotations

from functools import cache

import cardtable
from cardtable.core.game import Game
from cardtable.core.options import Option

from ..errors import Invalid

MAX_DECISIONS = 1_000_000
"""The most decisions a game of the platform may take (a Mü game of 500 hands of six players may take
274,500)."""


def platform_range(game: str, option: str) -> tuple[int, int] | None:
    """The (lowest, highest) value the platform allows for an integer option, or None (fixed choices):
    the option's ``table_range``."""
    return next((o.table_range for o in _specs(game) if o.name == option), None)


@cache
def _specs(game: str) -> tuple[Option, ...]:
    return cardtable.make(game).option_specs


def open_ended(option: Option) -> bool:
    """True for an integer option that takes any value above its minimum."""
    return option.kind is int and option.choices is None and not option.seat


def check_table_game(game: Game) -> None:
    """Invalid unless every option is within the platform's range and the game has a bounded length."""
    for option in game.option_specs:
        limits = platform_range(game.name, option.name)
        value = game.options[option.name]
        if option.tables_keep_default and value != option.default:
            raise Invalid(
                "option '{option}' of {game} is for research only: the tables of this server "
                "play the full game",
                code="bad-game",
                option=option.name,
                game=game.title,
            )
        if limits is not None and isinstance(value, int) and not limits[0] <= value <= limits[1]:
            raise Invalid(
                "option '{option}' of {game} must be from {low} to {high} at a table of this server "
                "(got {value})",
                code="bad-game",
                option=option.name,
                game=game.name,
                low=limits[0],
                high=limits[1],
                value=value,
            )
    longest = game.max_game_length()
    if longest is None or longest > MAX_DECISIONS:
        raise Invalid(
            "these options of {game} would let a game run without end", code="bad-game", game=game.name
        )


def unbounded_options() -> list[str]:
    """The open-ended options of any game that have no platform range (none, as a test checks)."""
    return [
        f"{name}.{option.name}"
        for name in cardtable.games()
        for option in cardtable.make(name).option_specs
        if open_ended(option) and platform_range(name, option.name) is None
    ]
