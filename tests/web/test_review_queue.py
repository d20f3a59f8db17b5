"""A review's wait and pace on the replay page, in headless Chromium: with one review judged at a time
(``review_running=1``), a second review asked from another tab shows its place in the queue, the running
one shows the time left the server estimates, and both end with their verdict tables."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server.process import Server, server_env
from .test_review import finished_record

BUDGET = "2000"
"""Iterations per decision: a second or so a decision, so the first review runs while we look."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("review-queue")
    env = server_env(review_iterations=BUDGET, review_running="1")
    running = Server(["--db", str(folder / "web.db")], env, folder / "server.log")
    running.start()
    yield running
    running.kill()


def test_a_queued_review_shows_its_place_and_a_running_one_its_time_left(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    file = tmp_path / "game.json"
    file.write_text(json.dumps(finished_record()))
    errors: list[str] = []
    with contextlib.closing(browser.new_context(viewport={"width": 1100, "height": 900})) as context:
        first = context.new_page()
        first.on("pageerror", lambda error: errors.append(str(error)))
        first.goto(f"{server.url}/replays")
        first.wait_for_url("**/login?next=%2Freplays")
        signup = first.locator("#signup-form")
        signup.get_by_label("Username").fill("queue")
        signup.get_by_label("Password").fill("a long secret")
        signup.get_by_role("button", name="Sign up").click()
        first.wait_for_url(f"{server.url}/replays")
        first.set_input_files("#record-file", str(file))
        first.get_by_role("button", name="Upload and replay").click()
        first.wait_for_url("**/replays/uploads/*")
        second = context.new_page()
        second.on("pageerror", lambda error: errors.append(str(error)))
        second.goto(first.url)

        first.select_option("#review-seat", "0")
        first.get_by_role("button", name="Review this game").click()
        expect(first.locator("#review-status")).to_contain_text("Reviewing", timeout=60_000)
        second.select_option("#review-seat", "1")
        second.get_by_role("button", name="Review this game").click()
        expect(second.locator("#review-status")).to_contain_text("number 1 in the queue", timeout=30_000)
        expect(first.locator("#review-status")).to_have_text(
            re.compile(r"Reviewing .*: \d+% of its decisions judged, about \d+ (s|min) left"), timeout=120_000
        )

        expect(first.locator("#review-table tbody tr").first).to_be_visible(timeout=300_000)
        expect(second.locator("#review-table tbody tr").first).to_be_visible(timeout=300_000)
        expect(second.locator("#review-status")).to_have_text("")
    assert errors == []
