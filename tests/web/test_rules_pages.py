"""The rules help pages in every language (web/rules/<lang>/<game>.html, issue 40): a reader who switches
language gets the same page, with the same cards drawn and the same sections, marked with its language."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

import cardtable

RULES = Path(cardtable.__file__).parent / "web" / "rules"
LANGUAGES = ("nl", "de", "fr")
"""The languages besides English (the pages in rules/ itself) that every rules page is written in."""
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


class Outline(HTMLParser):
    """What a translation must keep from the English page: the cards, the headings, the assets."""

    def __init__(self, page: Path) -> None:
        super().__init__()
        self.lang: str | None = None
        self.cards: list[tuple[str | None, str | None, str | None, bool]] = []
        self.headings: list[str] = []
        self.h1 = ""
        self.assets: list[str] = []
        self._in_h1 = False
        self.feed(page.read_text(encoding="utf-8"))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        if "data-card" in found:
            card = (
                found["data-card"],
                found.get("data-deck"),
                found.get("data-ability"),
                "data-small" in found,
            )
            self.cards.append(card)
        if tag in HEADINGS:
            self.headings.append(tag)
            self._in_h1 = tag == "h1"
        self.assets += [value for name, value in attrs if name in {"src", "href"} and value and value != "/"]

    def handle_endtag(self, tag: str) -> None:
        if tag == "h1":
            self._in_h1 = False

    def handle_data(self, data: str) -> None:
        if self._in_h1:
            self.h1 += data


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", cardtable.games())
def test_every_rules_page_is_written_in_every_language(game: str, lang: str) -> None:
    page = RULES / lang / f"{game}.html"
    assert page.is_file(), f"no {lang} rules page for {game}"
    english, translated = Outline(RULES / f"{game}.html"), Outline(page)
    assert translated.lang == lang
    assert translated.cards == english.cards, "the translation draws other cards"
    assert translated.headings == english.headings, "the translation has other sections"
    assert translated.h1 == english.h1, "the game keeps its own name"
    assert translated.assets == english.assets, "the translation loads other styles or scripts"


def test_no_rules_page_is_written_in_a_language_nobody_chose() -> None:
    """A folder of rules/ is a language of LANGUAGES, holding only pages of games that exist."""
    folders = {path.name for path in RULES.iterdir() if path.is_dir()}
    assert folders == set(LANGUAGES)
    for lang in LANGUAGES:
        assert sorted(page.stem for page in (RULES / lang).glob("*.html")) == cardtable.games()
