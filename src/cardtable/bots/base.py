"""The bot interface and ``make``, which turns a spec such as ``random``, ``hard``, ``ismcts:hard`` or
``ismcts:iterations=2000`` into a bot.

Decisions:
- A level names a spec (``hard`` -> ``ismcts:iterations=...``). A bare word among a kind's settings
  that is a level of the same kind stands for that level's settings, so ``ismcts:hard`` is the hard
  ISMCTS and ``ismcts:hard,seconds=0.5`` the same with a time limit added (later settings win).
- Settings are ``key=value`` pairs; values are read as int, then float, else kept as text.

>>> make("ismcts:hard").spec
'ismcts:hard'
>>> make("heuristic:hard")
Traceback (most recent call last):
...
ValueError: level 'hard' is ismcts:iterations=300, not a heuristic bot (in 'heuristic:hard')
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from ..core.game import State
from ..core.registry import find_piece, games

BotFactory = Callable[..., "Bot"]
_KINDS: dict[str, BotFactory] = {}
_LEVELS: dict[str, str] = {}
_DESCRIPTIONS: dict[str, str] = {}
_SECONDS: dict[str, str] = {}
_LEVEL_ORDER = ("easy", "medium", "hard")


class Bot(ABC):
    """A player that picks a legal action for the seat to act."""

    spec: str = ""

    @abstractmethod
    def choose(self, state: State) -> int:
        """A legal action id for ``state.current_player()``."""

    def check_game(self, game: str) -> None:  # noqa: B027 - most bots play every game
        """Raise ValueError when this bot cannot play the game named ``game`` (checked before a match)."""


def register_kind(name: str, factory: BotFactory) -> None:
    """Make a bot kind reachable by ``make(name)``."""
    _KINDS[name] = factory


def register_level(level: str, spec: str, description: str, seconds_piece: str | None = None) -> None:
    """Name a difficulty level (``easy``, ``medium``, ``hard``) after a bot spec; ``description`` says
    how it plays, in a sentence for the people choosing an opponent. Where it thinks long enough for people
    to notice, ``seconds_piece`` names the constant of each game's bot module (``bots/games/<game>.py``)
    that says how long it thinks a move there (measured), so a game brings its own figure."""
    _LEVELS[level] = spec
    _DESCRIPTIONS[level] = description
    if seconds_piece is not None:
        _SECONDS[level] = seconds_piece


def levels() -> list[str]:
    """The difficulty levels, easiest first, as the platform shows them."""
    order = list(_LEVEL_ORDER)
    return sorted(_LEVELS, key=lambda level: (order.index(level) if level in order else len(order), level))


def level_description(level: str) -> str:
    """How a level plays, in words; raises ValueError for an unknown level."""
    level_spec(level)
    return _DESCRIPTIONS[level]


def level_seconds(level: str) -> dict[str, float]:
    """Per game, the CPU seconds the level thinks a move (typical, as measured); empty where the level
    answers at once. Raises ValueError for an unknown level."""
    level_spec(level)
    if level not in _SECONDS:
        return {}
    found = {game: find_piece(game, f"{__package__}.games", _SECONDS[level]) for game in games()}
    return {game: seconds for game, seconds in found.items() if seconds is not None}


def level_spec(level: str) -> str:
    """The bot spec a level stands for; raises ValueError for an unknown level."""
    if level not in _LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(levels())}")
    return _LEVELS[level]


def kinds() -> list[str]:
    """Every bot kind and level ``make`` accepts."""
    return sorted(_KINDS) + sorted(_LEVELS)


def make(spec: str, seed: int | None = None) -> Bot:
    """The bot a spec names: a kind (``random``), a level (``hard``), a kind at a level
    (``ismcts:hard``) or a kind with settings (``ismcts:iterations=2000,seconds=0.5``).
    Raises ValueError for an unknown kind, level or setting."""
    name, settings = parse_spec(spec)
    try:
        bot = _KINDS[name](seed=seed, **settings)
    except TypeError as error:
        raise ValueError(f"bad setting in bot spec {spec!r}: {error}") from None
    bot.spec = spec
    return bot


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """(kind, settings) of a spec, levels expanded; raises ValueError as ``make`` does."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"a bot spec is a non-empty text like 'random' or 'ismcts:hard', got {spec!r}")
    name, _, settings_text = spec.strip().partition(":")
    name = name.strip()
    if name in _LEVELS:
        level_name, _, level_settings = _LEVELS[name].partition(":")
        name, settings_text = level_name, ",".join(filter(None, [level_settings, settings_text]))
    if name not in _KINDS:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(kinds())}")
    settings = _parse_settings(spec, name, settings_text)
    takes = settings_of(name)
    unknown = [key for key in settings if takes is not None and key not in takes]
    if unknown:
        has = f"its settings are: {', '.join(takes)}" if takes else "it takes no settings"
        raise ValueError(f"the {name} bot has no setting {unknown[0]!r} (in {spec!r}); {has}")
    return name, settings


def settings_of(kind: str) -> list[str] | None:
    """The settings a bot kind takes (its factory's keyword parameters but ``seed``), or None when it
    takes any (a factory with ``**settings``)."""
    parameters = inspect.signature(_KINDS[kind]).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    keywords = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [p.name for p in parameters if p.kind in keywords and p.name != "seed"]


def _parse_settings(spec: str, kind: str, text: str) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, equals, value = item.partition("=")
        if not equals and key in _LEVELS:
            level_kind, _, level_settings = _LEVELS[key].partition(":")
            if level_kind != kind:
                raise ValueError(f"level {key!r} is {_LEVELS[key]}, not a {kind} bot (in {spec!r})")
            settings.update(_parse_settings(spec, kind, level_settings))
            continue
        if not equals or not key:
            raise ValueError(f"bot settings are key=value pairs or a level name, got {item!r} in {spec!r}")
        settings[key.strip()] = _number(value.strip())
    return settings


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
