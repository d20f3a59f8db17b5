"""A game's options in words, in any language: what the new-table form and the terminal show of them.

An option's words are its label (its name in words: ``start_points`` is "start points"), its help and,
for an option whose choices are words (Mü's ``end``: ``score``, ``deals``), each choice. They are the
game's words, so they are in the narration catalog, by the context ``option.<game>.<name>`` (``.help``,
``.choice.<value>``); the option's name and its values stay what the API and the records take.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TypedDict

from ..core.options import Option
from ..core.registry import make
from ..i18n import DEFAULT
from .base import translated


class OptionWords(TypedDict):
    """One option in words."""

    label: str
    help: str
    choices: dict[str, str]
    """A word choice's words by its value (choices that are numbers or seats are shown as they are)."""


def option_english(game: str) -> dict[str, str]:
    """Every option word of ``game``, in English, by its catalog key."""
    words: dict[str, str] = {}
    for option in make(game).option_specs:
        key = f"option.{game}.{option.name}"
        words[key] = option.name.replace("_", " ")
        words[f"{key}.help"] = option.help
        words.update({f"{key}.choice.{choice}": choice for choice in _word_choices(option)})
    return words


@cache
def option_words(game: str, language: str = DEFAULT) -> Mapping[str, OptionWords]:
    """The options of ``game`` in words in ``language``, by option name (``OptionWords``): the site's
    ``/api/games`` and the terminal's option list both say them so."""
    words = translated(option_english(game), language)
    found: dict[str, OptionWords] = {}
    for option in make(game).option_specs:
        key = f"option.{game}.{option.name}"
        choices = {choice: words[f"{key}.choice.{choice}"] for choice in _word_choices(option)}
        found[option.name] = OptionWords(label=words[key], help=words[f"{key}.help"], choices=choices)
    return found


def _word_choices(option: Option) -> list[str]:
    return [choice for choice in option.choices or () if isinstance(choice, str)]
