"""The terminal's words in its reader's language: ``_``, ``ngettext`` and ``N_`` over the ``terminal``
catalog (``cardtable.i18n``), and the ``--lang`` option of the commands that show words.

Decisions:
- The language is the environment's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext
  reads them: ``i18n.from_environment``), English where it names none we speak, until a command's
  ``--lang`` says another (``use``). The game's words (the narration) follow the same language.
- The English text is the message (gettext style); ``N_`` marks a text kept in a constant, translated
  where it is shown.
- Typer's own help (its "Usage:", "Options", "Show this message and exit.") stays English. Our help
  texts are translated in the environment's language: typer reads them when the command line is built,
  before ``--lang`` is parsed, so ``--lang`` changes what a command says, not its ``--help``.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from .. import i18n
from ..i18n import DEFAULT, LANGUAGES, from_environment, language, translations

_current = [from_environment(dict(os.environ)) or DEFAULT]


def current() -> str:
    """The language the terminal speaks now."""
    return _current[0]


def use(requested: str | None) -> str | None:
    """Speak ``requested`` (a language tag: ``nl``, ``de_DE``) from now on; None keeps the environment's.
    Raises typer.BadParameter for a language we do not speak. The ``--lang`` option's callback."""
    if requested is not None:
        found = language(requested)
        if found is None:
            message = _("unknown language {requested!r}; the languages are: {languages}")
            raise typer.BadParameter(message.format(requested=requested, languages=", ".join(LANGUAGES)))
        _current[0] = found
    return requested


def _(message: str) -> str:
    """``message`` in the terminal's language."""
    return translations(current(), "terminal").gettext(message)


def ngettext(one: str, many: str, count: int) -> str:
    """``one`` or ``many`` for ``count``, in the terminal's language (its own plural rule)."""
    return translations(current(), "terminal").ngettext(one, many, count)


def decimal(value: float, digits: int = 2, *, whole: bool = False, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals as the terminal's language writes it ("−0,76"): ``i18n.decimal``."""
    return i18n.decimal(value, current(), digits, whole=whole, signed=signed)


def percent(fraction: float, digits: int = 1) -> str:
    """``fraction`` as a percentage as the terminal's language writes it ("28,6 %"): ``i18n.percent``."""
    return i18n.percent(fraction, current(), digits)


def N_(message: str) -> str:
    """``message`` marked for the catalog, left English until it is shown (``_``)."""
    return message


Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        callback=use,
        is_eager=True,
        metavar="LANG",
        help=_("the language to speak: en, nl, de or fr (default: from LANG)"),
    ),
]
"""The ``--lang`` option of a command that shows words."""
