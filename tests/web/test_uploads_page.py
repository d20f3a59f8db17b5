"""Sharing an upload in headless Chromium: the uploader presses "Share" on /replays and gets a link; a
guest who opens it (through the login page) replays the game; once the uploader presses "Stop sharing" the
link shows that nothing is shared there, and the upload's own page stays closed to the guest."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server.helpers import finished_record
from ..server.process import Server, server_env


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("uploads")
    running = Server(["--db", str(folder / "web.db")], server_env(), folder / "server.log")
    running.start()
    yield running
    running.kill()


def test_share_an_upload_with_a_guest_and_stop_sharing_it(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    file = tmp_path / "game.json"
    file.write_text(json.dumps(finished_record()))
    errors: list[str] = []
    with (
        contextlib.closing(browser.new_context()) as owner_context,
        contextlib.closing(browser.new_context()) as guest_context,
    ):
        owner, guest = owner_context.new_page(), guest_context.new_page()
        for page in (owner, guest):
            page.on("pageerror", lambda error: errors.append(str(error)))
        owner.goto(f"{server.url}/replays")
        owner.wait_for_url("**/login?next=%2Freplays")
        signup = owner.locator("#signup-form")
        signup.get_by_label("Username").fill("una")
        signup.get_by_label("Password").fill("a long secret")
        signup.get_by_role("button", name="Sign up").click()
        owner.wait_for_url(f"{server.url}/replays")
        owner.set_input_files("#record-file", str(file))
        owner.get_by_role("button", name="Upload and replay").click()
        owner.wait_for_url("**/replays/uploads/*")
        own_page = owner.url
        owner.goto(f"{server.url}/replays")
        owner.get_by_role("button", name="Share", exact=True).click()
        link = owner.locator("input.share-link")
        expect(link).to_have_count(1, timeout=30_000)
        shared = link.input_value()
        assert shared.startswith(f"{server.url}/replays/shared/") and len(shared.rsplit("/", 1)[1]) == 22

        guest.goto(shared)
        guest.wait_for_url("**/login?next=*")
        guest.locator("#guest-form").get_by_label("Your name").fill("gus")
        guest.get_by_role("button", name="Play as a guest").click()
        guest.wait_for_url(shared)
        expect(guest.locator("body[data-step='0']")).to_have_count(1, timeout=30_000)
        expect(guest.locator("#replay-title")).to_contain_text("a shared record")
        assert (
            guest.locator("#download").get_attribute("href")
            == "/api" + shared.removeprefix(server.url) + "/record"
        )

        owner.get_by_role("button", name="Stop sharing").click()
        expect(owner.get_by_role("button", name="Share", exact=True)).to_have_count(1, timeout=30_000)
        expect(owner.locator("input.share-link")).to_have_count(0)
        guest.reload()
        expect(guest.locator("#notice")).to_contain_text("no record is shared at this link", timeout=30_000)
        guest.goto(own_page)
        expect(guest.locator("#notice")).to_contain_text("there is no uploaded record", timeout=30_000)
    assert errors == []
