"""Turn-based play, profiles and settings in headless Chromium against a real server that mails through a real
local SMTP server (aiosmtpd): ana gives her address on the settings page (shown unverified) and confirms it
through the link mailed to it (then shown verified), opens a turn-based Troeven table kept for bob, bob sits
down and moves while ana's page is closed, the "your turn" mail reaches ana's address, she finds the table
in the lobby's "Your turn" list and comes back through the mail's link to move; the two play to the end, the
"game over" mail arrives, and ana's profile shows the game, her rating chart and the replay link.
Screenshots go to test-output/turns/."""

from __future__ import annotations

import contextlib
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server.mailbox import Mailbox, smtp_server, text
from ..server.process import Server, server_env

SHOTS = Path(__file__).parents[2] / "test-output" / "turns"
MY_TURN = "Your turn."


@pytest.fixture(scope="module")
def mailbox() -> Iterator[Mailbox]:
    with smtp_server() as running:
        yield running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, mailbox: Mailbox) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("turns")
    env = server_env(bot_delay="0.02", smtp_url=mailbox.url)
    running = Server(["--db", str(folder / "turns.db")], env, folder / "server.log")
    running.env["CARDTABLE_PUBLIC_URL"] = running.url
    running.start()
    yield running
    running.kill()


def sign_up(context: Any, server: Server, name: str) -> Any:
    page = context.new_page()
    page.goto(f"{server.url}/login")
    form = page.locator("#signup-form")
    form.get_by_label("Username").fill(name)
    form.get_by_label("Password").fill("a long secret")
    form.get_by_role("button", name="Sign up").click()
    page.wait_for_url(f"{server.url}/")
    return page


def give_address(page: Any, server: Server, address: str) -> None:
    """The settings page: an address, both mails (the default), and a trick pause."""
    from playwright.sync_api import expect

    page.goto(f"{server.url}/settings")
    form = page.locator("#mail-form")
    expect(form.get_by_label("Mail me when it is my turn")).to_be_checked()
    form.get_by_label("Email address").fill(address)
    form.get_by_label("Trick pause").fill("1.5")
    form.get_by_role("button", name="Save").click()
    expect(page.locator("#notice")).to_have_text("Saved.")


def confirm_address(page: Any, server: Server, mailbox: Mailbox, address: str) -> None:
    """The settings page says the address is unverified; the link mailed to it, opened in the browser and
    confirmed with its button, makes it verified."""
    from playwright.sync_api import expect

    state = page.locator("#mail-state")
    expect(state).to_contain_text("Unverified")
    expect(page.get_by_role("button", name="Send the link again")).to_be_visible()
    mail = mailbox.wait_for(lambda m: m["To"] == address and "Confirm" in str(m["Subject"]))
    found = re.search(r"http://\S+/mail/verify/[A-Za-z0-9_-]+", text(mail))
    assert found is not None and found.group(0).startswith(server.url)
    page.goto(found.group(0))
    page.get_by_role("button", name="Confirm my address").click()
    expect(page.locator("#notice")).to_contain_text("Your address is verified")
    page.goto(f"{server.url}/settings")
    expect(page.locator("#mail-verified")).to_have_text("Verified.")
    expect(page.get_by_role("button", name="Send the link again")).to_be_hidden()


def play_while_my_turn(page: Any) -> int:
    """Click the first move offered while the page says it is this seat's turn; how many were made."""
    made = 0
    while (
        page.locator("#status").text_content() == MY_TURN
        and page.locator("body[data-status=playing]").count()
    ):
        version = int(page.locator("body").get_attribute("data-version") or 0)
        page.locator("#board:not(.waiting) button.move[data-move]").first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}")
        made += 1
    return made


def test_a_turn_based_game_between_two_accounts_with_mail_and_a_profile_after_it(
    server: Server, browser: Any, mailbox: Mailbox
) -> None:
    from playwright.sync_api import expect

    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    errors: list[str] = []
    with (
        contextlib.closing(browser.new_context(viewport={"width": 1100, "height": 800})) as ana_browser,
        contextlib.closing(browser.new_context(viewport={"width": 1100, "height": 800})) as bob_browser,
    ):
        ana = sign_up(ana_browser, server, "ana")
        bob = sign_up(bob_browser, server, "bob")
        for page in (ana, bob):
            page.on("pageerror", lambda error: errors.append(str(error)))
        give_address(ana, server, "ana@example.org")
        confirm_address(ana, server, mailbox, "ana@example.org")
        ana.reload()
        expect(ana.locator("#mail-form").get_by_label("Email address")).to_have_value("ana@example.org")
        expect(ana.locator("#mail-form").get_by_label("Trick pause")).to_have_value("1.5")
        assert ana.evaluate("localStorage.getItem('cardtable.trickPause')") == "1500"
        ana.screenshot(path=SHOTS / "1-settings.png", full_page=True)

        ana.goto(f"{server.url}/new")
        ana.select_option("#game", "troeven")
        ana.fill("#opt-start_points", "1")  # a short match: the first round that moves a score ends it
        ana.select_option("#opt-first_dealer", "0")  # bob, in seat 1, decides first
        ana.select_option("select[name=seat-kind-1]", "invited")
        ana.fill("input[name=seat-name-1]", "bob")
        ana.get_by_label("Turn-based").check()
        expect(ana.get_by_label("Time per move, in seconds")).to_be_hidden()
        ana.select_option("#turn-seconds", "3600")
        ana.screenshot(path=SHOTS / "2-new-turn-based.png", full_page=True)
        ana.get_by_role("button", name="Create the table").click()
        ana.wait_for_url("**/tables/*")
        table = int(ana.url.rsplit("/", 1)[1])
        ana.close()  # ana leaves: at a turn-based table that is how it is played

        bob.goto(f"{server.url}/")
        item = bob.locator(f"#open li[data-table='{table}']")
        expect(item).to_contain_text("turn-based, 1 h per move")
        item.get_by_role("button", name="Join").click()
        bob.wait_for_url(f"**/tables/{table}")
        bob.goto(f"{server.url}/tables/{table}?view=generic")
        expect(bob.locator("#status")).to_have_text(MY_TURN)
        expect(bob.locator("#my-turns")).to_contain_text("Your turn at 1 table")
        assert play_while_my_turn(bob) >= 1
        expect(bob.locator("#status")).to_have_text(re.compile("to play"))

        mail = mailbox.wait_for(lambda m: m["To"] == "ana@example.org" and "Your turn" in str(m["Subject"]))
        assert mail["Subject"] == f"Your turn at table {table} (Troeven (version 1))"
        link = re.search(r"http://\S+/tables/\d+", text(mail))
        assert link is not None and link.group(0) == f"{server.url}/tables/{table}"

        ana = ana_browser.new_page()
        ana.on("pageerror", lambda error: errors.append(str(error)))
        ana.goto(f"{server.url}/")
        expect(ana.locator("#turns-title")).to_have_text("Your turn at 1 table")
        expect(ana.locator("#my-turns")).to_contain_text("Your turn at 1 table")
        ana.screenshot(path=SHOTS / "3-lobby-your-turn.png", full_page=True)
        ana.goto(link.group(0) + "?view=generic")  # back through the mail
        expect(ana.locator("#status")).to_have_text(MY_TURN)
        expect(ana.locator("#seats .seat-name a[href='/players/bob']")).to_have_text("bob")
        ana.screenshot(path=SHOTS / "4-back-to-move.png", full_page=True)
        moved = play_while_my_turn(ana)
        assert moved >= 1
        # leaving a turn-based table mid-game is normal: the page goes without an "are you sure?"
        dialogs: list[str] = []
        ana.on("dialog", lambda dialog: (dialogs.append(dialog.type), dialog.dismiss()))
        with ana.expect_navigation():  # a dismissed beforeunload dialog would keep the page: no navigation
            ana.evaluate("setTimeout(() => location.reload())")
        assert dialogs == []
        expect(ana.locator("#status")).to_be_visible()

        deadline = time.monotonic() + 180
        while not ana.locator("body[data-status=over]").count():
            assert time.monotonic() < deadline, "the game did not end"
            moved += play_while_my_turn(ana) + play_while_my_turn(bob)
            time.sleep(0.05)
        expect(bob.locator("body[data-status=over]")).to_have_count(1)
        done = mailbox.wait_for(lambda m: m["To"] == "ana@example.org" and "Game over" in str(m["Subject"]))
        assert f"{server.url}/replays/tables/{table}" in text(done)

        ana.goto(f"{server.url}/players/ana")
        panel = ana.locator(".board-stats[data-board='troeven-v1']")
        expect(panel.locator(".played")).to_have_text("1 game")
        expect(panel.locator(".rating")).to_have_text(re.compile(r"rating \d+"))
        expect(panel.locator("svg.rating-chart circle")).to_have_count(2)  # the start and this game
        expect(ana.locator(f"#recent a[href='/replays/tables/{table}']")).to_have_text(
            f"Troeven (version 1) · table {table}"
        )
        ana.screenshot(path=SHOTS / "5-profile.png", full_page=True)
        ana.locator("#recent a").first.click()
        ana.wait_for_url(f"**/replays/tables/{table}")
        ana.goto(f"{server.url}/leaderboards/troeven-v1")
        expect(ana.locator("#board-title")).to_have_text("Troeven (version 1) leaderboard")
        expect(ana.locator(".ranking a[href='/players/bob']")).to_have_text("bob")
    assert errors == []


def test_the_settings_page_changes_the_password_and_deletes_the_account(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    with contextlib.closing(browser.new_context()) as context:
        page = sign_up(context, server, "cleo")
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.get_by_role("link", name="Settings").click()
        page.wait_for_url("**/settings")
        form = page.locator("#password-form")
        form.get_by_label("Current password").fill("not the password")
        form.get_by_label("New password").fill("another long secret")
        form.get_by_role("button", name="Change the password").click()
        expect(page.locator("#notice")).to_have_text("wrong password")
        form.get_by_label("Current password").fill("a long secret")
        form.get_by_role("button", name="Change the password").click()
        expect(page.locator("#notice")).to_have_text("Password changed: your other logins have ended.")
        page.on("dialog", lambda dialog: dialog.accept())
        removal = page.locator("#delete-form")
        removal.get_by_label("Password").fill("another long secret")
        removal.get_by_role("button", name="Delete my account").click()
        page.wait_for_url("**/login")
        login = page.locator("#login-form")
        login.get_by_label("Username").fill("cleo")
        login.get_by_label("Password").fill("another long secret")
        login.get_by_role("button", name="Log in").click()
        expect(page.locator("#notice")).to_have_text("wrong username or password")
    assert errors == []
