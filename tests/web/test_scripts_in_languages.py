"""The site's scripts in the reader's language (issue 40), in headless Chromium against a real server.

An account that picks Dutch on its settings page gets the page again in Dutch at once; then the header, a
table of the lobby (its player count, the options it changed, its seats and bot) and the new-table form (the
seat choices, an option's label and word choices from /api/games) speak Dutch. A French reader, known by
the browser's languages alone, reads the tournaments list in French, counts in French plurals included
("0 participant": French says one for 0). Every expected text comes from the catalogs themselves, so the
test checks that the pages use them, whatever the translator's words."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.i18n import messages
from cardtable.narration.options import option_words

from ..server.process import Server, server_env

PASSWORD = "a long secret"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("languages")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.05"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def catalog(lang: str) -> Any:
    """``say(english, **fields)`` in ``lang`` from the web catalog, failing for a text not translated; a
    plural's English is its singular, and ``plural`` says which form."""
    found = messages(lang, "web")

    def say(english: str, plural: int | None = None, **fields: object) -> str:
        text = found.get(english)
        assert text, f"{english!r} is not translated into {lang}"
        form = text[plural] if isinstance(text, list) and plural is not None else text
        assert isinstance(form, str), f"{english!r} is a plural: say which form"
        return form.format(**fields)

    return say


def account(context: Any, server: Server, name: str) -> Any:
    """A new account, signed in in ``context`` by the API (the login page speaks the reader's language)."""
    answer = context.request.post(
        f"{server.url}/api/accounts/signup", data={"username": name, "password": PASSWORD}
    )
    assert answer.status == 201, answer.text()
    return context.new_page()


def post(page: Any, server: Server, path: str, body: dict[str, Any]) -> int:
    answer = page.request.post(f"{server.url}/api{path}", data=body)
    assert answer.status == 201, answer.text()
    return int(answer.json()["id"])


def test_a_dutch_account_reads_the_header_the_lobby_and_the_new_table_form(
    server: Server, browser: Any
) -> None:
    from playwright.sync_api import expect

    say = catalog("nl")
    errors: list[str] = []
    with contextlib.closing(browser.new_context()) as context:
        page = account(context, server, "anna")
        page.on("pageerror", lambda error: errors.append(str(error)))
        body = {
            "game": "cabooses-in-the-corner",
            "options": {"players": 3, "broken_cabooses": False, "first_dealer": 0},
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}],
        }
        table = post(page, server, "/tables", body)

        page.goto(f"{server.url}/settings")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("#mail-form input[name=mail_turns]")).to_be_checked()  # the settings are read
        page.locator("#mail-form select[name=language]").select_option("nl")
        page.locator("#mail-form button[type=submit]").click()
        expect(page.locator("html")).to_have_attribute("lang", "nl")  # the page made again, in Dutch
        expect(page.locator("#mail-form select[name=language]")).to_have_value("nl")
        links = [say("Lobby"), say("New table"), say("Replays"), say("Leaderboards")]
        expect(page.locator("header.bar nav a")).to_have_text(links)
        expect(page.locator("header.bar")).to_contain_text(say("Log out"))

        page.goto(f"{server.url}/")
        item = page.locator(f"#mine .table-item[data-table='{table}']")
        words = option_words("cabooses-in-the-corner", "nl")
        changed = ", ".join(
            [
                say("no {option}", option=words["broken_cabooses"]["label"]),
                say(
                    "{option}: {value}",
                    option=words["first_dealer"]["label"],
                    value=say("seat {number}", number=1),
                ),
            ]
        )
        expect(item.locator(".table-title")).to_contain_text(say("{count} player", 1, count=3))
        expect(item.locator(".quiet").first).to_contain_text(changed)
        expect(item.locator(".seat-list li")).to_have_text(["anna", say("open"), say("easy bot")])

        page.goto(f"{server.url}/new")
        page.select_option("#game", "mue")
        mue = option_words("mue", "nl")
        expect(page.locator("#opt-end option")).to_have_text(
            [mue["end"]["choices"][c] for c in ("score", "deals")]
        )
        expect(page.locator("label[for=opt-target]")).to_have_text(mue["target"]["label"])
        kinds = [say("you"), say("bot"), say("open to anyone"), say("kept for an account")]
        expect(page.locator("select[name=seat-kind-0] option")).to_have_text(kinds)
    assert errors == []


def test_a_french_reader_reads_the_tournaments_in_french_plurals(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    say = catalog("fr")
    errors: list[str] = []
    with contextlib.closing(browser.new_context(locale="fr-FR")) as context:  # Accept-Language: fr-FR
        page = account(context, server, "chloe")
        page.on("pageerror", lambda error: errors.append(str(error)))
        body = {"game": "troeven", "options": {"version": 2}, "format": "swiss", "rounds": 2}
        tournament = post(page, server, "/tournaments", body)
        page.goto(f"{server.url}/tournaments")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        item = page.locator(f".tournament-item[data-tournament='{tournament}']")
        expect(item).to_contain_text(say("Swiss, {count} round", 1, count=2))
        expect(item).to_contain_text(say("{count} entrant", 0, count=0))  # French: 0 takes the singular
        expect(item).to_contain_text(say("open for entries"))
        expect(item.get_by_role("button")).to_have_text([say("Join"), say("Start")])
    assert errors == []
