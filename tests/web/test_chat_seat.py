"""The table chat names a writer's seat as the page's seat list does, counted from 1: the player in seat 1
("Seat 1" above the board) writes as "(seat 1)", not as the API's seat 0."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("chat-seat")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="5"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def test_a_chat_line_names_the_seat_counted_from_one(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server.url}/login")
        form = page.locator("#signup-form")
        form.get_by_label("Username").fill("chatter")
        form.get_by_label("Password").fill("a long secret")
        form.get_by_role("button", name="Sign up").click()
        page.wait_for_url(f"{server.url}/")
        made = page.request.post(
            f"{server.url}/api/tables",
            data={"game": "troeven", "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]},
            headers={"Origin": server.url},
        )
        assert made.status == 201, made.text()
        page.goto(f"{server.url}/tables/{made.json()['id']}")
        expect(page.locator("#seats li").first).to_contain_text("Seat 1")
        page.locator("#chat-text").fill("hello")
        page.locator("#chat-text").press("Enter")
        line = page.locator(".chat-line").last
        expect(line.locator(".chat-text")).to_have_text("hello")
        expect(line).to_contain_text("(seat 1)")
    finally:
        context.close()
