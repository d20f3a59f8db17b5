"""The browser flow in headless Chromium (the system's, driven by Playwright): sign up, create a
Slobberhannes table against three bots, play it to the end by clicking legal cards, see the result and
fetch the record; and every game played for a few moves at the generic table. Screenshots of the first
go to test-output/web/."""

from __future__ import annotations

import contextlib
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardtable

from ..server.process import Server, server_env

SHOTS = Path(__file__).parents[2] / "test-output" / "web"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web")
    running = Server(["--db", str(folder / "web.db")], server_env(bot_delay="0.05"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def test_sign_up_create_a_table_against_bots_and_play_it_to_the_end(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    errors: list[str] = []
    with contextlib.closing(browser.new_context(viewport={"width": 1100, "height": 800})) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))

        page.goto(f"{server.url}/")
        page.wait_for_url("**/login?next=%2F")
        page.screenshot(path=SHOTS / "1-login.png")
        signup = page.locator("#signup-form")
        signup.get_by_label("Username").fill("ana")
        signup.get_by_label("Password").fill("a long secret")
        signup.get_by_role("button", name="Sign up").click()
        page.wait_for_url(f"{server.url}/")
        expect(page.locator("#user-name")).to_have_text("ana")
        expect(page.locator("#mine")).to_contain_text("You sit at no table yet.")
        page.screenshot(path=SHOTS / "2-lobby.png")

        page.get_by_role("link", name="Create a table").click()
        page.wait_for_url("**/new")
        page.select_option("#game", "slobberhannes")
        page.select_option("#opt-start_points", "6")
        expect(page.locator("select[name=seat-kind-0]")).to_have_value("me")
        for seat in (1, 2, 3):
            page.select_option(f"select[name=seat-kind-{seat}]", "bot")
            page.select_option(f"select[name=seat-level-{seat}]", "easy")
        page.screenshot(path=SHOTS / "3-create.png")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url("**/tables/*")
        expect(page.locator("#seats li")).to_have_count(4)

        over = page.locator("body[data-status=over]")
        playable = page.locator("#board:not(.waiting) .card-button[data-move]:enabled")
        clicks = 0
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            over.or_(playable.first).first.wait_for(timeout=30_000)
            if over.count():
                break
            if clicks == 2:
                page.screenshot(path=SHOTS / "4-table.png")
            playable.first.click()
            clicks += 1
        expect(page.locator("#status")).to_have_text("Game over.")
        expect(page.locator("#winners")).to_contain_text("Won by")
        page.screenshot(path=SHOTS / "5-game-over.png", full_page=True)
        link = page.locator("#record-link").get_attribute("href") or ""
        record = page.request.get(server.url + link).json()

    assert clicks >= 8, "a game to 6 points takes at least one whole hand of the person's cards"
    assert record["format"] == "cardtable-record/1" and record["seed"] is None
    assert record["players"][0] == "ana" and record["result"]["winners"]
    assert sum(1 for e in record["events"] if e.get("seat") == 0 and "move" in e) == clicks
    assert errors == []
    names = ["1-login.png", "2-lobby.png", "3-create.png", "4-table.png", "5-game-over.png"]
    assert sorted(p.name for p in SHOTS.iterdir()) == names


@pytest.mark.parametrize("game", cardtable.games())
def test_every_game_is_playable_at_the_generic_table(server: Server, browser: Any, game: str) -> None:
    """A guest creates a table of the game against bots with the default options and, at the generic
    table (``?view=generic``, whatever picture the game has), moves by clicking the move buttons the
    server offered; each click is taken (no error shown), and the seats in the table's text go by the
    players' names."""
    from playwright.sync_api import expect

    errors: list[str] = []
    with contextlib.closing(browser.new_context()) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/new")
        page.wait_for_url("**/login?next=%2Fnew")
        page.locator("#guest-form").get_by_label("Your name").fill(f"guest {game}")
        page.get_by_role("button", name="Play as a guest").click()
        page.wait_for_url("**/new")
        page.select_option("#game", game)
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url("**/tables/*")
        page.goto(page.url + "?view=generic")
        expect(page.locator("#seats li")).to_have_count(cardtable.make(game).players)
        over = page.locator("body[data-status=over]")
        move = page.locator("#board:not(.waiting) button.move[data-move]")
        clicks = 0
        ended = False
        while clicks < 6:
            over.or_(move.first).first.wait_for(timeout=30_000)
            if ended := over.count() > 0:
                break
            move.first.click()
            clicks += 1
            expect(page.locator("#board")).not_to_have_class(re.compile("waiting"))  # answered
            expect(page.locator("#notice")).to_have_text("")
        assert page.locator("#board .public dd").count() >= 3, "the public state is shown as text"
        fields = page.locator("#board .public dt").all_inner_texts()
        shown = dict(zip(fields, page.locator("#board .public dd").all_inner_texts(), strict=True))
        assert shown["seat"] == page.locator("#seats li.mine .seat-name").inner_text(), "seats go by names"
        public = page.locator("#board .public").inner_text()  # nested too: a trick's cards and winner
        assert not re.search(r"\bseat \d+;|\bwinner \d", public), public
    # The table's deal is random: a game may end by the rules before six clicks (Cabooses in the Corner: 75
    # of 20,000 random 4-player games end before the first seat's sixth decision, none before its first).
    assert (clicks == 6 or (ended and clicks >= 1)) and errors == []
