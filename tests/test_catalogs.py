"""The translation catalogs are complete: every message the sources hold (extracted afresh, as ``make
catalogs`` extracts them from ``babel/<domain>.cfg``) is in every language's catalog, translated, not
fuzzy, with the same placeholders as the English; and a catalog holds no message that no source uses.

A failure names the messages, so the fix is to run ``make catalogs`` and translate what it names
(``docs/translating.md``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from cardtable.i18n import DOMAINS, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[1]
COMMENT_TAGS = ("Translators:",)
"""As the Makefile's ``--add-comments``."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[sdifr]")
"""A ``{name}`` field (Python's format, the browser's ``t``) or a ``%(name)s`` one (Jinja2's)."""
TRANSLATED = [language for language in LANGUAGES if language != "en"]

Key = tuple[str | None, str]
"""A message by its context and its English (a plural's singular)."""


@cache
def extracted(domain: str) -> dict[Key, tuple[str, ...]]:
    """Every message of ``domain`` in the sources now: its English forms (one, or a plural's two)."""
    with (ROOT / "babel" / f"{domain}.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    found: dict[Key, tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS
    ):
        forms = (message,) if isinstance(message, str) else tuple(message)
        found[context, forms[0]] = forms
    return found


def catalog(domain: str, language: str) -> Catalog:
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        pytest.fail(
            f"{path.relative_to(ROOT)} does not exist: run make catalogs DOMAINS={domain} and translate it"
        )
    with path.open("rb") as file:
        return read_po(file)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(wanted: dict[Key, tuple[str, ...]], held: Catalog) -> Iterator[str]:
    """What is wrong with a catalog ``held`` of the messages ``wanted``, a line each."""
    messages: dict[Key, Message] = {
        (message.context, message.id[0] if isinstance(message.id, tuple) else message.id): message
        for message in held
        if message.id
    }
    for key, english in sorted(wanted.items(), key=str):
        message = messages.get(key)
        if message is None:
            yield f"missing: {key}"
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            yield f"fuzzy: {key}"
        if not all(forms) or len(forms) < len(english):
            yield f"untranslated: {key}"
            continue
        for index, form in enumerate(forms):
            source = english[min(index, len(english) - 1)]
            if placeholders(form) != placeholders(source):
                yield f"placeholders differ: {key} {form!r}"
    for key in sorted(set(messages) - set(wanted), key=str):
        yield f"obsolete (no source uses it): {key}"
    for message in held.obsolete.values():
        yield f"obsolete (kept as #~): {message.context, message.id}"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_a_catalog_holds_every_message_translated(domain: str, language: str) -> None:
    found = list(problems(extracted(domain), catalog(domain, language)))
    assert not found, f"{domain}.po ({language}), {len(found)} to fix:\n" + "\n".join(found)


def test_the_check_names_what_is_missing_fuzzy_changed_or_obsolete() -> None:
    held = catalog("narration", "nl")
    missing, fuzzy, changed = list(held)[1:4]
    held.delete(missing.id, context=missing.context)
    fuzzy.flags.add("fuzzy")
    changed.string = "{nothing}"
    held.add("no source says this", "geen bron zegt dit", context="gone")
    wanted = {(message.context, message.id): (message.id,) for message in (missing, fuzzy, changed)}
    found = list(problems(wanted, held))
    assert f"missing: {(missing.context, missing.id)}" in found
    assert f"fuzzy: {(fuzzy.context, fuzzy.id)}" in found
    assert any(line.startswith(f"placeholders differ: {(changed.context, changed.id)}") for line in found)
    assert "obsolete (no source uses it): ('gone', 'no source says this')" in found
