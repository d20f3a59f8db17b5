"""Game review in headless Chromium (issue 22): upload a finished game, open its replay, ask for the review
of a seat (the server's budget made tiny), see the verdict table, the stated thresholds and the graph,
and click a point of the graph to land at that decision's position in the replay viewer; asked again
after a reload, the stored review comes back at once. Issue 37: a Mü bid is one row, in words, and a
review with nothing to judge says so."""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.bots.review import plan

from ..server.process import Server, server_env

SHOTS = Path(__file__).parents[2] / "test-output" / "web"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("review")
    running = Server(
        ["--db", str(folder / "web.db")], server_env(review_iterations="20"), folder / "server.log"
    )
    running.start()
    yield running
    running.kill()


def finished_record() -> dict[str, Any]:
    state = cardtable.make("slobberhannes", players=3, single_hand=True).new_game(seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.record()


def upload_and_open(page: Any, url: str, record: dict[str, Any], file: Path, user: str) -> None:
    """Sign up as ``user``, upload ``record`` (written to ``file``) and open its replay."""
    file.write_text(json.dumps(record))
    page.goto(f"{url}/replays")
    page.wait_for_url("**/login?next=%2Freplays")
    signup = page.locator("#signup-form")
    signup.get_by_label("Username").fill(user)
    signup.get_by_label("Password").fill("a long secret")
    signup.get_by_role("button", name="Sign up").click()
    page.wait_for_url(f"{url}/replays")
    page.set_input_files("#record-file", str(file))
    page.get_by_role("button", name="Upload and replay").click()
    page.wait_for_url("**/replays/uploads/*")


def test_a_mue_bid_is_one_row_in_words_and_a_seat_without_moves_is_told_so(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    """Issue 37: each bid of several cards is one row, said as the bid; the dealer who sat the hand out
    made no move, and the review says so in words."""
    from playwright.sync_api import expect

    state = cardtable.make("mue", players=6, dealer_sits_out=True, single_hand=True).new_game(seed=0)
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    record = state.record()
    expected = cardtable.review(record, 0, iterations=20)
    bids = [decision for decision in expected["decisions"] if "moves" in decision]
    assert any(len(bid["moves"]) > 2 for bid in bids), "seat 0 bid more than one card at once"
    errors: list[str] = []
    with contextlib.closing(browser.new_context(viewport={"width": 1100, "height": 900})) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        upload_and_open(page, server.url, record, tmp_path / "mue.json", "mia")
        page.select_option("#review-seat", "0")
        page.get_by_role("button", name="Review this game").click()
        rows = page.locator("#review-table tbody tr")
        expect(rows).to_have_count(expected["judged"], timeout=120_000)
        played = page.locator("#review-table tbody tr td:nth-child(2)").all_inner_texts()
        bid_rows = [text for text in played if text.startswith("seat 1 shows ")]
        assert len(bid_rows) == len(bids), played
        assert all(text.endswith("face up)") for text in bid_rows)

        page.select_option("#review-seat", "3")  # the dealer, sitting out
        page.get_by_role("button", name="Review this game").click()
        expect(page.locator("#review-summary")).to_have_text(
            re.compile(r"^Nothing to judge: Seat 4 .* made no move\.$")
        )
        expect(page.locator("#review-table")).to_have_count(0)
    assert errors == []


def test_review_a_finished_game_and_open_a_position_from_its_graph(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    record = finished_record()
    judged, _ = plan(record, 1)
    steps = {s.state.event_count(): n for n, s in enumerate(cardtable.replay_steps(record))}
    errors: list[str] = []
    with contextlib.closing(browser.new_context(viewport={"width": 1100, "height": 900})) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        upload_and_open(page, server.url, record, tmp_path / "game.json", "rea")
        expect(page.locator("body[data-step='0']")).to_have_count(1)

        page.select_option("#review-seat", "1")
        page.get_by_role("button", name="Review this game").click()
        rows = page.locator("#review-table tbody tr")
        expect(rows).to_have_count(len(judged), timeout=60_000)
        expect(page.locator(".review-rules")).to_contain_text(
            "good below 2.0%, inaccuracy below 5.0%, mistake below 10.0%"
        )
        expect(page.locator(".review-rules")).to_contain_text("20 search iterations per decision")
        accuracy = cardtable.review(record, 1, iterations=20)["accuracy"]
        expect(page.locator("#review-accuracy")).to_have_text(str(accuracy))
        verdicts = page.locator("#review-table td.verdict").all_inner_texts()
        assert set(verdicts) <= {"good", "inaccuracy", "mistake", "blunder"} and len(verdicts) == len(judged)
        assert [int(step) for step in rows.evaluate_all("rs => rs.map(r => r.dataset.step)")] == [
            steps[event] for event in judged
        ]
        points = page.locator("#review-graph circle.point")
        expect(points).to_have_count(len(judged))
        page.screenshot(path=SHOTS / "review.png", full_page=True)

        target = steps[judged[2]]
        points.nth(2).click()
        expect(page.locator(f"body[data-step='{target}']")).to_have_count(1)
        expect(page.locator("#step-text")).to_contain_text(f"Step {target} of")
        expect(page.locator("#viewers button[data-viewer='1']")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#log .log-lines li.current")).to_have_attribute("data-step", str(target))

        page.reload()  # the stored review comes back at once
        page.select_option("#review-seat", "1")
        with page.expect_response(
            lambda r: r.url.endswith("/reviews") and r.request.method == "POST"
        ) as asked:
            page.get_by_role("button", name="Review this game").click()
        assert asked.value.status == 200
        expect(rows).to_have_count(len(judged))
    assert errors == []
