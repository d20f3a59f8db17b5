"""Undo within a turn, in headless Chromium against a real server: in Cabooses in the Corner a player makes
a move, "Undo" appears, and taking the move back shows the board as it was before."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env
from .renderer_page import DESKTOP
from .test_table_defects import Guest


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("undo")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.05"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def test_a_move_taken_back_leaves_the_board_as_before(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        guest = Guest(server, context, "ana")
        page = guest.page
        table = guest.table("cabooses-in-the-corner", {"players": 2, "first_dealer": 1}, 2)  # ana plays first
        page.goto(f"{server.url}/tables/{table}?view=generic")  # every move a button
        verbs = ("play", "move", "relocate")
        steps = ", ".join(f'#board .your-moves [data-move^="{verb} "]' for verb in verbs)
        play = page.locator(steps).first  # the deal is the server's: any step of the turn but its end
        play.wait_for()
        assert page.locator("#undo").is_hidden()
        version = page.evaluate("document.body.dataset.version")
        before = page.locator("#board").inner_text()
        play.click()
        page.locator("#undo").wait_for(state="visible")
        assert page.locator("#board").inner_text() != before
        page.click("#undo")
        page.locator("#undo").wait_for(state="hidden")
        assert page.evaluate("document.body.dataset.version") == version
        assert page.locator("#board").inner_text() == before
        assert guest.errors == []
