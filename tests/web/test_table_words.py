"""The table's words in the reader's language (issue 40), in headless Chromium without the server.

web/js/i18n.js reads the page's catalog (the <script id="catalog"> JSON the server puts in every page) and
its language (<html lang>). Here the harness page (renderer_page.py) is given a language and a catalog
before the first picture imports i18n.js:
- the functions themselves, with a small Dutch catalog: a text found or left English, fields filled,
  plural forms chosen by the language's rule, numbers and lists written the Dutch way;
- every game's picture with a "marked" catalog: every message the table's scripts mark for translation
  (t(), tn(), extracted as Babel does with babel/web.cfg) is translated to itself between ⟦ ⟧. A word a
  person reads on the board that is not marked never went through the catalog, so it would stay English
  on a Dutch page (only the games' names, the cards' own words from packs.js and notation are left)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.extract import extract_from_file

import cardtable
from cardtable.server.services.packs import packs_module

from .renderer_page import DESKTOP, WEB, RendererPage, advance, legal_strings, renderer_page

SETUP = """([lang, catalog]) => {
  document.documentElement.lang = lang;
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = "catalog";
  script.textContent = JSON.stringify(catalog);
  document.head.append(script);
}"""

DUTCH = {
    "Pass": "Pas",
    "{name} to play.": "{name} is aan de beurt.",
    "{count} card": ["{count} kaart", "{count} kaarten"],
}

GAMES: dict[str, dict[str, Any]] = {
    "slobberhannes": {"players": 4, "start_points": 6},
    "troeven": {"version": 1, "start_points": 1},
    "mue": {"players": 4, "end": "deals", "deals": 1},
    "game-of-trains": {"players": 3, "turn_limit": 24},
    "cabooses-in-the-corner": {"players": 3},
}
"""Short whole games, shown from seat 0 and to a spectator every few moves."""
TITLES = {"Slobberhannes", "Troeven", "Mü", "Game of Trains", "Cabooses in the Corner"}

# Every text and title or aria-label inside the board, with the marked parts taken out (innermost first).
UNMARKED = r"""() => {
  const board = document.querySelector("#board");
  const texts = [];
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.data);
  for (const el of board.querySelectorAll("[title], [aria-label]")) {
    texts.push(el.getAttribute("title") ?? "", el.getAttribute("aria-label") ?? "");
  }
  const bare = (text) => {
    let before;
    do { before = text; text = text.replace(/⟦[^⟦⟧]*⟧/g, ""); } while (text !== before);
    return text.trim();
  };
  return texts.map(bare).filter((text) => /\p{L}{2,}/u.test(text));
}"""


TABLE_SCRIPTS = ["layout", "cards", "names", "sheet", "results", "endings", "hints", "clock"]
"""The scripts a game's picture draws with (names.js is another part's: it names the seats)."""


def marked_catalog() -> dict[str, str | list[str]]:
    """Every message of the table's scripts translated to itself, marked: what a reader would see
    translated, told apart from what no catalog reaches."""
    scripts = [*WEB.glob("js/games/*.js"), *(WEB / "js" / f"{name}.js" for name in TABLE_SCRIPTS)]
    catalog: dict[str, str | list[str]] = {}
    for path in scripts:
        for _, message, _, _ in extract_from_file(
            "javascript", str(path), keywords={"t": None, "tn": (1, 2)}
        ):
            if isinstance(message, tuple):
                catalog[message[0]] = [f"⟦{form}⟧" for form in message]
            else:
                catalog[message] = f"⟦{message}⟧"
    return catalog


def card_words() -> set[str]:
    """The cards' and suits' own words, served by the server per language in packs.js."""
    found: set[str] = set()
    for line in packs_module().splitlines():
        if line.startswith("export const "):
            value = json.loads(line.split(" = ", 1)[1].rstrip(";"))
            found.update(_strings(value))
    return found


def unnamed(text: str, names: list[str]) -> str:
    """``text`` without the names in it (longest first): what is left must be the catalog's."""
    for name in names:
        text = text.replace(name, "")
    return text


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@pytest.fixture
def dutch(browser: Any, harness: str) -> Iterator[RendererPage]:
    with renderer_page(browser, harness, DESKTOP) as rp:
        rp.page.evaluate(SETUP, ["nl", DUTCH])
        yield rp


def test_i18n_translates_fills_and_counts_in_the_pages_language(dutch: RendererPage) -> None:
    said = dutch.page.evaluate(
        """async () => {
          const { lang, t, tn, formatNumber, formatList } = await import("/static/js/i18n.js");
          return [
            lang, t("Pass"), t("Not in the catalog"), t("{name} to play.", { name: "Ana" }),
            tn("{count} card", "{count} cards", 1), tn("{count} card", "{count} cards", 3),
            tn("{count} trick", "{count} tricks", 1), formatNumber(1234.5), formatList(["Ana", "Bob", "Cas"]),
          ];
        }"""
    )
    assert said == [
        "nl",
        "Pas",
        "Not in the catalog",
        "Ana is aan de beurt.",
        "1 kaart",
        "3 kaarten",
        "1 trick",
        "1.234,5",
        "Ana, Bob en Cas",
    ]


def test_the_rules_link_follows_the_pages_language(dutch: RendererPage) -> None:
    state = cardtable.make("slobberhannes", players=4).new_game(seed=1)
    dutch.show("slobberhannes", state.observation(0), legal_strings(state))
    href = dutch.page.locator("#board .ct-rules").get_attribute("href")
    assert href == "/static/rules/nl/slobberhannes.html"
    assert (WEB / "rules" / "nl" / "slobberhannes.html").exists()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_word_of_a_games_picture_goes_through_the_catalog(
    game: str, browser: Any, harness: str
) -> None:
    allowed = sorted(TITLES | card_words(), key=len, reverse=True)
    state = cardtable.make(game, **GAMES[game]).new_game(seed=5)
    rng = random.Random(5)
    with renderer_page(browser, harness, DESKTOP) as rp:
        rp.page.evaluate(SETUP, ["nl", marked_catalog()])
        while True:
            for seat in (0, None):
                rp.show(
                    game,
                    state.observation(seat),
                    legal_strings(state) if state.current_player() == seat else [],
                )
                left = {
                    text
                    for text in rp.page.evaluate(UNMARKED)
                    if re.search(r"[a-z]{2,}", unnamed(text, allowed))
                }
                assert not left, (game, left)
            if state.is_terminal():
                break
            state = advance(state, rng, 7)
        assert rp.problems() == []
