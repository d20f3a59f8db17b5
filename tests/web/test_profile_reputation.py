"""Reputation and profiles in headless Chromium against a real server: ana, who finished one game of Troeven
and plays another, sees on her profile her reputation (91) with what it counts and its formula in words,
her average place, and the game in progress; she opens a table asking "reputation 95+" from the new-table
form, which the lobby's card and the table page show; bob, a new account (90), is told why he may not sit
down. Screenshots go to test-output/reputation/."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server.live_server import Client, play_to_end
from ..server.process import Server, server_env

SHOTS = Path(__file__).parents[2] / "test-output" / "reputation"
DUEL = {
    "options": {"version": 2, "single_hand": True, "first_dealer": 1},
    "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}],
}
"""One hand of Troeven against an easy bot; ana (seat 0) decides first, so a table left alone waits."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("reputation")
    running = Server(
        ["--db", str(folder / "reputation.db")], server_env(bot_delay="0.02"), folder / "server.log"
    )
    running.start()
    yield running
    running.kill()


def log_in(context: Any, server: Server, name: str) -> Any:
    page = context.new_page()
    page.goto(f"{server.url}/login")
    form = page.locator("#login-form")
    form.get_by_label("Username").fill(name)
    form.get_by_label("Password").fill("secret-pass")
    form.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{server.url}/")
    return page


def test_the_profile_shows_reputation_with_its_formula_statistics_and_games_in_progress(
    server: Server, browser: Any
) -> None:
    from playwright.sync_api import expect

    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    ana, bob = Client(server.url, "ana", account=True), Client(server.url, "bob", account=True)
    finished = ana.create("troeven", **DUEL)
    ws = ana.socket()
    end = play_to_end(ws, ws.watch(finished["id"]))
    ws.close()
    place = 1 if 0 in end["result"]["winners"] or not end["result"]["winners"] else 2
    running = ana.create("troeven", **DUEL)

    errors: list[str] = []
    with (
        contextlib.closing(browser.new_context(viewport={"width": 1000, "height": 900})) as ana_browser,
        contextlib.closing(browser.new_context(viewport={"width": 1000, "height": 900})) as bob_browser,
    ):
        page = log_in(ana_browser, server, "ana")
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/players/ana")
        panel = page.locator("#reputation")
        expect(panel.locator(".reputation-score")).to_have_text("91")
        expect(panel.locator(".reputation-counts")).to_have_text(
            "1 game finished · 0 games left to the stand-in bot · 0 timeouts"
        )
        expect(panel.locator(".reputation-formula")).to_contain_text(
            "How it is counted: 100 × (games finished + 9) ÷ "
            "(games finished + games left + timeouts ÷ 4 + 10)"
        )
        board = page.locator(".board-stats[data-board='troeven-v2']")
        expect(board.locator(".played")).to_have_text("1 game")
        expect(board.locator(".average-place")).to_have_text(f"average place {place}")
        expect(page.locator(f"#playing a[href='/tables/{running['id']}']")).to_have_text(
            f"Troeven (version 2) · table {running['id']}"
        )
        expect(page.locator(f"#recent li[data-table='{finished['id']}']")).to_have_count(1)
        page.screenshot(path=SHOTS / "1-profile.png", full_page=True)

        page.goto(f"{server.url}/new")
        page.select_option("#game", "troeven")
        page.select_option("select[name=seat-kind-1]", "open")
        page.get_by_label("Reputation needed to sit down").fill("95")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url(f"{server.url}/tables/*")
        table = int(page.url.rsplit("/", 1)[1])
        expect(page.locator("#reputation-minimum")).to_have_text("reputation 95+")

        other = log_in(bob_browser, server, "bob")
        other.on("pageerror", lambda error: errors.append(str(error)))
        card = other.locator(f"#open .table-item[data-table='{table}']")
        expect(card.locator(".reputation-minimum")).to_have_text("reputation 95+")
        card.get_by_role("button", name="Join").click()
        expect(other.locator("#notice")).to_contain_text(f"table {table} asks for a reputation of 95 or more")
        other.screenshot(path=SHOTS / "2-refused.png", full_page=True)
        assert bob.http.get(f"/api/tables/{table}").json()["seats"][1]["kind"] == "open"
    assert errors == []
