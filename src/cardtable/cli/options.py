"""Game options on the command line: ``--start-points 6`` read into ``start_points=6``, and each game's
options described as the flags a person types (for ``cardtable games`` and ``play --help``).

Decisions:
- A value is read as ``true``/``false``, then ``null`` (also ``none`` or ``random``: a seat drawn from
  the seed), then an integer, else kept as text; the game's own check says what it accepts.
- Flags are shown with their default and what they take, in the words of the game's declared options.
"""

from __future__ import annotations

from typing import Any

import cardtable

from .. import bots as bot_module
from ..core.options import Option
from ..narration.options import option_words
from .words import _, current, decimal

GAME_HELP = _("the game: {games}").format(games=", ".join(cardtable.games()))
"""The game argument's help, from the registry (a new game is named without a line here)."""


def flag(name: str) -> str:
    """The command-line flag of an option name: ``start_points`` → ``--start-points``."""
    return "--" + name.replace("_", "-")


def read_options(game: str, words: list[str]) -> dict[str, Any]:
    """``--name value`` (or ``--name=value``) pairs as game options; raises ValueError naming an unknown
    game, an unknown flag or a flag without its value."""
    declared = {o.name: o for o in cardtable.make(game).option_specs}
    options: dict[str, Any] = {}
    words = list(words)
    while words:
        word = words.pop(0)
        if not word.startswith("--"):
            raise ValueError(_("unexpected argument {word!r}").format(word=word))
        key, _equals, value = word[2:].partition("=")
        key = key.replace("-", "_")
        if key not in declared:
            message = _("{game} has no option {flag}; its options: {flags}")
            raise ValueError(message.format(game=game, flag=flag(key), flags=", ".join(map(flag, declared))))
        if not value:
            if not words:
                raise ValueError(_("{flag} needs a value").format(flag=flag(key)))
            value = words.pop(0)
        options[key] = typed(value)
        try:
            declared[key].check(options[key])
        except ValueError:  # said with the flag and the values it is typed with, not the engine's names
            message = _("{flag} takes {values}, got {value}")
            raise ValueError(
                message.format(flag=flag(key), values=typed_values(declared[key]), value=value)
            ) from None
    players = options.get("players", declared["players"].default if "players" in declared else None)
    for key, seat in options.items():
        if declared[key].seat and isinstance(seat, int) and isinstance(players, int) and seat >= players:
            message = _("{flag} takes a seat from 0 to {last} with {players} players, got {seat}")
            raise ValueError(message.format(flag=flag(key), last=players - 1, players=players, seat=seat))
    return options


def typed(text: str) -> Any:
    """A typed value: ``true``/``false``, ``null`` (or ``none``/``random``), an integer, else the text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "none", "random"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def option_flags(options: dict[str, Any]) -> str:
    """Options as ``cardtable play`` takes them: ``--players 4 --first-leader random --single-hand false``
    (``typed`` reads each value back as it was)."""
    return " ".join(f"{flag(name)} {shown(value)}" for name, value in options.items())


def shown(value: Any) -> str:
    """An option's value as typed: ``true``, ``random`` (None: a seat drawn from the seed), ``4``."""
    if value is None:
        return "random"
    return str(value).lower() if isinstance(value, bool) else str(value)


def flag_usage(option: Option, meaning: str) -> tuple[str, str]:
    """One option as typed, and what it does (``meaning``: its help in the terminal's language) with
    its default: (``--start-points 6|10|16``, ``every score starts here (default 10)``); a limit that 0
    switches off says so (``… (0: no limit, default 200)``)."""
    values, default = typed_values(option), shown(option.default)
    if option.zero_is_no_limit:
        said = _("{meaning} (0: no limit, default {default})")
    else:
        said = _("{meaning} (default {default})")
    return f"{flag(option.name)} {values}", said.format(meaning=meaning, default=default)


def typed_values(option: Option) -> str:
    """The values an option takes, as typed: ``SEAT|random``, ``true|false``, ``6|10|16``, ``N (from 1)``."""
    if option.seat:
        return "SEAT|random"
    if option.kind is bool:
        return "true|false"
    if option.choices is not None:
        return "|".join(map(shown, option.choices))
    return "N" if option.minimum is None else _("N (from {minimum})").format(minimum=option.minimum)


def games_usage() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every game with its options as flags (see ``flag_usage``), their help in the game's words."""
    usage = []
    for name in cardtable.games():
        words = option_words(name, current())
        options = cardtable.make(name).option_specs
        usage.append((name, [flag_usage(option, words[option.name]["help"]) for option in options]))
    return usage


def bots_usage() -> str:
    """The bots ``--bots`` accepts, in one line."""
    levels = ", ".join(f"{level} ({bot_module.level_spec(level)})" for level in bot_module.levels())
    kinds = ", ".join(kind for kind in bot_module.kinds() if kind not in bot_module.levels())
    return _("{kinds}; levels {levels}; settings as kind:key=value, e.g. ismcts:iterations=500").format(
        kinds=kinds, levels=levels
    )


def thinking_usage() -> list[str]:
    """For each level that thinks long enough to notice, its time a move in each game (as measured)."""
    lines = []
    for level in bot_module.levels():
        if seconds := bot_module.level_seconds(level):
            times = ", ".join(f"{game} {decimal(time, whole=True)} s" for game, time in seconds.items())
            lines.append(_("{level} thinks about this long a move: {times}").format(level=level, times=times))
    return lines
