"""Friends and blocking in headless Chromium against a real server: ana adds bob as a friend from his
profile, invites him to a new table with one click on /new, and after blocking cyd from cyd's profile no
longer sees cyd's chat lines at a table (while her page is open, and when she opens it again), though bob
does."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env

NUMBERS = itertools.count()
"""Each test signs up accounts of its own on the module's server."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("friends")
    running = Server(["--db", str(folder / "friends.db")], server_env(), folder / "server.log")
    running.start()
    yield running
    running.kill()


@pytest.fixture
def people(server: Server, browser: Any) -> Iterator[dict[str, tuple[Any, str]]]:
    """ana, bob and cyd, each signed up (under a username of this test's) in a browser of their own: their
    page and username."""
    number = next(NUMBERS)
    with contextlib.ExitStack() as stack:
        found = {}
        for name in ("ana", "bob", "cyd"):
            context = stack.enter_context(contextlib.closing(browser.new_context()))
            page = context.new_page()
            page.goto(f"{server.url}/login")
            form = page.locator("#signup-form")
            form.get_by_label("Username").fill(f"{name}{number}")
            form.get_by_label("Password").fill("a long secret")
            form.get_by_role("button", name="Sign up").click()
            page.wait_for_url(f"{server.url}/")
            found[name] = (page, f"{name}{number}")
        yield found


def test_add_a_friend_on_a_profile_and_invite_them_in_one_click(
    server: Server, people: dict[str, tuple[Any, str]]
) -> None:
    from playwright.sync_api import expect

    (ana, ana_name), (bob, bob_name) = people["ana"], people["bob"]
    ana.goto(f"{server.url}/players/{bob_name}")
    add = ana.get_by_role("button", name="Add friend")
    expect(ana.get_by_role("button", name="Block")).to_be_visible()
    add.click()
    expect(ana.locator("#notice")).to_have_text(f"{bob_name} is your friend.")
    ana.reload()
    expect(ana.get_by_role("button", name="Remove friend")).to_be_visible()  # stored, not just drawn
    bob.goto(f"{server.url}/players/{bob_name}")  # one's own profile has no such buttons
    expect(bob.locator("#player-name")).to_have_text(bob_name)
    expect(bob.locator("#profile-friends button")).to_have_count(0)

    ana.goto(f"{server.url}/new")
    ana.locator("#friend-chips").get_by_role("button", name=bob_name).click()
    expect(ana.get_by_label("seat 2", exact=True)).to_have_value("invited")
    expect(ana.get_by_label("account for seat 2")).to_have_value(bob_name)
    ana.get_by_role("button", name="Create the table").click()
    ana.wait_for_url(f"{server.url}/tables/*")
    table = ana.request.get(f"{server.url}/api/tables/{ana.url.rsplit('/', 1)[1]}").json()
    assert table["seats"][1]["kind"] == "invited" and table["seats"][1]["name"] == bob_name
    assert bob.request.put(f"{server.url}/api/me/friends/{ana_name}").status == 200
    bob.goto(f"{server.url}/")  # the lobby lists the friend's open table first, marked
    first = bob.locator("#open .game-group").first
    expect(first.locator("h3")).to_have_text("Your friends' tables")
    expect(first.locator(".tag.friends-here")).to_have_text(f"with {ana_name}")


def test_a_blocked_players_chat_lines_are_not_shown(
    server: Server, people: dict[str, tuple[Any, str]]
) -> None:
    from playwright.sync_api import expect

    (ana, _), (bob, _), (cyd, cyd_name) = people["ana"], people["bob"], people["cyd"]
    created = cyd.request.post(
        f"{server.url}/api/tables",
        data={
            "game": "slobberhannes",
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}],
        },
    )
    assert created.status == 201
    table_url = f"{server.url}/tables/{created.json()['id']}"
    for page in (ana, bob, cyd):
        page.goto(table_url)
        expect(page.locator("#chat-text")).to_be_visible()

    def say(page: Any, text: str) -> None:
        page.locator("#chat-text").fill(text)
        page.locator("#chat-text").press("Enter")
        expect(bob.locator(".chat-text").last).to_have_text(text)  # bob reads every line

    lines = ana.locator(".chat-text")
    say(cyd, "before the block")
    expect(lines).to_have_text(["before the block"])
    profile = ana.context.new_page()
    profile.goto(f"{server.url}/players/{cyd_name}")
    profile.get_by_role("button", name="Block").click()
    expect(profile.get_by_role("button", name="Unblock")).to_be_visible()
    expect(profile.get_by_role("button", name="Add friend")).to_have_count(0)
    say(cyd, "hidden from ana")
    say(bob, "from bob")
    expect(lines).to_have_text(["before the block", "from bob"])
    ana.reload()  # the history the page loads leaves cyd's lines out
    expect(ana.locator(".chat-text")).to_have_text(["from bob"])
