"""A whole game played in Dutch: a guest whose browser asks for Dutch plays Slobberhannes against easy bots at
the real table page, and no English word shows on the table, in play or after the end (the log, the score
sheet and the result included).

An English word is one the English side of the catalogs uses (narration, site, web) that no Dutch
translation uses too ("bot", "hand" and "score" are Dutch as well): so the check follows the catalogs as they
grow, and a string a script shows without ``t()`` or a line the server words in English fails it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po

from cardtable.i18n import LOCALE_DIR, messages

from ..server.process import Server, server_env
from .test_full_games import VIEWPORT, PageView, Seat
from .test_renderers import TABLES

DOMAINS = ("narration", "site", "web")
NAMES = {"ana", "slobberhannes", "cardtable"}
"""Words that are names, in every language."""
WORD = re.compile(r"[^\W\d_]{3,}")
FIELD = re.compile(r"\{[^{}]*\}")
"""A message's ``{field}``: a name for a value, not a word a reader meets."""
PAGE_WORDS = """() => [
    document.body.innerText,
    ...[...document.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap((el) =>
        ['title', 'aria-label', 'placeholder'].map((name) => el.getAttribute(name) ?? '')),
].join(' ')"""
"""Every text a reader meets on the page: what it shows, and what hovering or a screen reader says."""


def english_words() -> set[str]:
    """The words of the catalogs' English that their Dutch never uses."""
    english: set[str] = set()
    dutch: set[str] = set()
    for domain in DOMAINS:
        with (LOCALE_DIR / "nl" / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
            for message in read_po(file):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                english.update(word for text in ids for word in WORD.findall(FIELD.sub(" ", text).lower()))
                dutch.update(word for text in strings for word in WORD.findall(FIELD.sub(" ", text).lower()))
    return english - dutch - NAMES


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("dutch")
    running = Server(["--db", str(folder / "dutch.db")], server_env(bot_delay="0.02"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def test_a_game_in_dutch_shows_no_english_word(server: Server, browser: Any) -> None:
    web = messages("nl", "web")
    your_turn, over = web["Your turn."], web["Game over."]
    my_turn_or_over = f"""() => document.body.dataset.status === "over" || (
        document.querySelector("#status")?.textContent === {your_turn!r}
        && !document.querySelector("#board").classList.contains("waiting"))"""
    english = english_words()
    assert {"your", "turn", "trick", "plays", "takes"} <= english, "the check knows English when it sees it"
    seen: dict[str, str] = {}

    def read(page: Any, moment: str) -> None:
        for word in WORD.findall(page.evaluate(PAGE_WORDS).lower()):
            if word in english:
                seen.setdefault(word, moment)

    with contextlib.closing(
        browser.new_context(locale="nl-NL", viewport=VIEWPORT, reduced_motion="reduce")
    ) as context:
        seat = Seat(server, context, "ana")
        page = seat.page
        seat.create("slobberhannes", {"players": 3, "start_points": 6})
        assert page.evaluate("document.documentElement.lang") == "nl"
        turns = 0
        while True:
            page.wait_for_function(my_turn_or_over, timeout=30_000)
            if page.evaluate("document.body.dataset.status") == "over":
                break
            version = int(page.evaluate("document.body.dataset.version"))
            state = seat.state_at(version)
            read(page, f"turn {turns}")
            TABLES["slobberhannes"].click(PageView(page), state["observation"], state["moves"][0])
            page.wait_for_function(
                "(v) => Number(document.body.dataset.version) > v", arg=version, timeout=30_000
            )
            turns += 1
        assert page.locator("#status").inner_text() == over
        page.wait_for_function("() => document.querySelectorAll('#log li.log-result').length > 0")
        page.click("#score-sheet summary")
        read(page, "the end, score sheet open")
        log = page.locator("#log").inner_text()
        seat.close()
    assert turns > 3 and "ana" in log
    assert seen == {}, f"English words on the Dutch table (word: when first seen): {seen}"
    assert seat.errors == []
