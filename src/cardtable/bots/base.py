"""The bot interface and ``make``, which turns a spec such as ``random`` or ``ismcts:iterations=2000``
into a bot."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from ..core.game import State

BotFactory = Callable[..., "Bot"]
_KINDS: dict[str, BotFactory] = {}
_LEVELS: dict[str, str] = {}


class Bot(ABC):
    """A player that picks a legal action for the seat to act."""

    spec: str = ""

    @abstractmethod
    def choose(self, state: State) -> int:
        """A legal action id for ``state.current_player()``."""


def register_kind(name: str, factory: BotFactory) -> None:
    """Make a bot kind reachable by ``make(name)``."""
    _KINDS[name] = factory


def register_level(level: str, spec: str) -> None:
    """Name a difficulty level (``easy``, ``medium``, ``hard``) after a bot spec."""
    _LEVELS[level] = spec


def levels() -> list[str]:
    """The difficulty levels, easiest first, as the platform shows them."""
    order = ["easy", "medium", "hard"]
    return sorted(_LEVELS, key=lambda level: (order.index(level) if level in order else len(order), level))


def kinds() -> list[str]:
    """Every bot kind and level ``make`` accepts."""
    return sorted(_KINDS) + sorted(_LEVELS)


def make(spec: str, seed: int | None = None) -> Bot:
    """The bot a spec names: a kind (``random``), a level (``hard``), or a kind with settings
    (``ismcts:iterations=2000,seconds=0.5``). Raises ValueError for an unknown kind or setting."""
    name, _, settings_text = spec.partition(":")
    if name in _LEVELS:
        level_name, _, level_settings = _LEVELS[name].partition(":")
        name, settings_text = level_name, ",".join(filter(None, [level_settings, settings_text]))
    if name not in _KINDS:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(kinds())}")
    settings = _parse_settings(spec, settings_text)
    try:
        bot = _KINDS[name](seed=seed, **settings)
    except TypeError as error:
        raise ValueError(f"bad setting in bot spec {spec!r}: {error}") from None
    bot.spec = spec
    return bot


def _parse_settings(spec: str, text: str) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key:
            raise ValueError(f"bot settings are key=value pairs, got {item!r} in {spec!r}")
        settings[key.strip()] = _number(value.strip())
    return settings


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
