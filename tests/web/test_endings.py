"""Ending a game early from the table's menu, in headless Chromium against a real server: ana concedes a
friendly two-player game (the table and the lobby card say "friendly"; a confirm comes first; the result
and the log say she conceded, and so does the replay); at a three-player table there is no "Concede", and
a vote to abandon shows on both players' pages until the second vote ends the game."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env
from .renderer_page import DESKTOP
from .test_table_defects import Guest

LOG = "#log .log-lines"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("endings")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.05"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def create(guest: Guest, body: dict[str, Any]) -> int:
    answer = guest.page.request.post(f"{guest.server.url}/api/tables", data=body)
    assert answer.status == 201, answer.text()
    return int(answer.json()["id"])


def test_conceding_from_the_menu(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        ana = Guest(server, context, "ana")
        page = ana.page
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
        table = create(
            ana, {"game": "troeven", "options": {"single_hand": True}, "seats": seats, "rated": False}
        )
        page.goto(f"{server.url}/")
        expect(page.locator(f'.table-item[data-table="{table}"] .tag.friendly')).to_have_text("friendly")
        page.goto(f"{server.url}/tables/{table}")
        expect(page.locator("#friendly")).to_be_visible()
        asked: list[str] = []

        def dismiss(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.dismiss()

        page.once("dialog", dismiss)
        page.click("#concede")
        expect(page.locator("#concede")).to_be_visible()  # dismissed: nothing happened
        assert asked and "Concede" in asked[0]
        assert page.evaluate("document.body.dataset.status") == "playing"
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#concede")
        page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=30_000)
        expect(page.locator("#end-note")).to_contain_text("ana conceded.")
        expect(page.locator("#end-note")).to_contain_text("A friendly game: no rating changed.")
        expect(page.locator("#winners")).to_have_text("Won by easy bot.")
        expect(page.locator(f"{LOG} li.log-end")).to_have_text("ana conceded")
        expect(page.locator("#table-menu")).to_be_hidden()
        page.click("#replay-link")
        expect(page.locator("#replay-players")).to_contain_text("ana conceded; won by easy bot")
        assert not ana.errors, ana.errors


def test_the_vote_to_abandon_shows_at_the_table(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    with (
        contextlib.closing(browser.new_context(viewport=DESKTOP)) as first,
        contextlib.closing(browser.new_context(viewport=DESKTOP)) as second,
    ):
        ana, bob = Guest(server, first, "ana"), Guest(server, second, "bob")
        seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}]
        table = create(ana, {"game": "slobberhannes", "options": {"players": 3}, "seats": seats})
        joined = bob.page.request.post(f"{server.url}/api/tables/{table}/join")
        assert joined.status == 200, joined.text()
        for guest in (ana, bob):
            guest.page.goto(f"{server.url}/tables/{table}")
            expect(guest.page.locator("#abandon-vote")).to_be_visible()
            expect(guest.page.locator("#concede")).to_have_count(0)  # three players: no concession
        ana.page.click("#abandon-vote")
        expect(bob.page.locator("#abandon-votes")).to_have_text("Voted to abandon: ana (1 of 2).")
        expect(ana.page.locator("#withdraw-vote")).to_be_visible()
        ana.page.click("#withdraw-vote")
        expect(bob.page.locator("#abandon-votes")).to_have_count(0)
        ana.page.click("#abandon-vote")
        expect(bob.page.locator("#abandon-votes")).to_have_text("Voted to abandon: ana (1 of 2).")
        bob.page.click("#abandon-vote")
        for guest in (ana, bob):
            guest.page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=30_000)
            expect(guest.page.locator("#end-note")).to_have_text(
                "The players agreed to abandon the game: it is not rated."
            )
            expect(guest.page.locator(f"{LOG} li.log-end")).to_have_text(
                "The players agreed to abandon the game"
            )
            assert not guest.errors, guest.errors
