"""The players' languages: which there are, choosing one, and the gettext catalogs that translate.

cardtable speaks English (the source text, so the English "translation" is the text itself), Dutch, German
and French. The words live in gettext catalogs in the package,
``locale/<language>/LC_MESSAGES/<domain>.po``, one domain per edge that speaks:

- ``narration``: the games' words (the game log, score sheets, the review's words), card and suit names;
- ``site``: the pages and what the server tells a person (errors, notices);
- ``web``: the browser's scripts (served to them as JSON, ``messages``);
- ``terminal``: the terminal table and the command line;
- ``mail``: the mails the site sends.

Decisions:
- Catalogs are made with Babel (``make catalogs`` extracts and updates them, ``docs/translating.md`` says
  how). The install compiles each ``.po`` to a ``.mo`` beside it (``setup.py``); compiled catalogs are not
  kept in git. A catalog whose ``.mo`` is missing or older than its ``.po`` (a checkout, or a translation
  just corrected) is compiled in memory from the ``.po`` at first use, so no step is ever needed to see
  a change.
- Numbers are written as the language writes them (``decimal``, ``percent``: "0,76", "28,6 %"), from
  Babel's CLDR data, with a true minus sign ("−0,76") in every language. Babel is imported when a number
  is written, not with this module: only the edges that word numbers call them (the terminal, the server
  and the reviews they word: the ``cli`` and ``server`` extras both install Babel), so the engine, whose
  narration speaks through this module, keeps no dependency.
- A language is named by its two-letter code; anything else a person or a system sends ("nl-BE",
  "de_DE.UTF-8", "FR") is brought to it, and one we do not speak gives None, so the caller falls back
  (account setting, then cookie, then ``Accept-Language``, then English: the server decides that order).
"""

from __future__ import annotations

import gettext
import io
import re
from copy import copy
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "nl", "de", "fr")
"""The languages cardtable speaks, English (the source) first."""
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "de": "Deutsch", "fr": "Français"}
"""Each language in its own words, as a language switch shows it."""
DEFAULT = "en"
DOMAINS = ("narration", "site", "web", "terminal", "mail")
LOCALE_DIR = Path(__file__).parent / "locale"

_TAG = re.compile(r"[a-z]{2,3}")


def language(requested: str | None) -> str | None:
    """The language we speak that ``requested`` names ("nl-BE", "de_DE.UTF-8", "FR"), or None."""
    if not requested:
        return None
    found = _TAG.match(requested.strip().lower())
    code = found.group() if found else None
    return code if code in LANGUAGES else None


def from_accept_language(header: str | None) -> str | None:
    """The language we speak that an ``Accept-Language`` header prefers most, or None.

    >>> from_accept_language("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")
    'fr'
    >>> from_accept_language("es, nl;q=0.3, de;q=0.4")
    'de'
    """
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = language(tag)
        if code is not None and quality > 0:
            ranked.append((-quality, order, code))
    return min(ranked)[2] if ranked else None


def from_environment(environ: dict[str, str]) -> str | None:
    """The language the POSIX locale variables ask for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, in gettext's order), or None.

    >>> from_environment({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8"})
    'nl'
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            first = value.split(":")[0]
            return language(first) if first not in ("C", "POSIX") else None
    return None


@cache
def translations(lang: str, domain: str) -> gettext.NullTranslations:
    """The catalog of ``domain`` in ``lang``; English, and a catalog not written yet, give the source text."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    source = _catalog_path(lang, domain, ".po")
    compiled = source.with_suffix(".mo")
    if compiled.exists() and (not source.exists() or compiled.stat().st_mtime >= source.stat().st_mtime):
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    if not source.exists():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_catalog(source)))


def decimal(value: float, lang: str, digits: int = 2, *, whole: bool = False, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals as ``lang`` writes it: ``decimal(-0.756, "de")`` is "−0,76".
    ``whole``: only the decimals it needs ("1", "0,5", "0,33"); ``signed``: a plus sign on a gain
    ("+0,20"). A value that rounds to nought has no sign ("0,00")."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + ("#" if whole else "0") * digits if digits else "")
    rounded = round(value, digits) + 0.0  # (+ 0.0: no "−0")
    return _signs(format_decimal(rounded, format=pattern, locale=lang), rounded, signed)


def percent(fraction: float, lang: str, digits: int = 1, *, signed: bool = False) -> str:
    """``fraction`` as a percentage with ``digits`` decimals, as ``lang`` writes one: ``percent(0.286,
    "fr")`` is "28,6 %" (a no-break space), "28.6%" in English; ``signed`` as ``decimal``'s."""
    from babel.numbers import format_percent

    from babel import Locale

    pattern = copy(Locale.parse(lang).percent_formats[None])
    pattern.frac_prec = (digits, digits)
    rounded = round(fraction, digits + 2) + 0.0
    return _signs(format_percent(rounded, format=pattern, locale=lang), rounded, signed)


def _signs(text: str, value: float, signed: bool) -> str:
    """A true minus sign ("−0,76", not "-0,76"), and a plus where ``signed`` asks for one."""
    return ("+" if signed and value > 0 else "") + text.replace("-", "\N{MINUS SIGN}")


def compile_catalog(source: Path) -> bytes:
    """A ``.po`` file compiled to ``.mo`` bytes (Babel: the install and a fresh checkout both use it)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalog = read_po(file)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


@cache
def messages(lang: str, domain: str) -> dict[str, str | list[str]]:
    """Every translated message of a catalog, by its English text: a plural's forms as a list. The
    browser's scripts get the ``web`` catalog this way (as JSON), so the pages and the server speak from
    one set of catalogs."""
    if lang == DEFAULT:
        return {}
    from babel.messages.pofile import read_po

    source = _catalog_path(lang, domain, ".po")
    if not source.exists():
        return {}
    with source.open("rb") as file:
        catalog = read_po(file)
    found: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        if message.context:
            key = f"{message.context}\x04{key}"
        value = message.string
        found[key] = list(value) if isinstance(value, (list, tuple)) else value
    return found


def _catalog_path(lang: str, domain: str, suffix: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}{suffix}"
