"""Game review in headless Chromium (issue 22): upload a finished game, open its replay, ask for the review
of a seat (the server's budget made tiny), see the verdict table, the stated thresholds and the graph,
and click a point of the graph to land at that decision's position in the replay viewer; asked again
after a reload, the stored review comes back at once. Issue 37: a Mü bid is one row, in words, and a
review with nothing to judge says so. Issue 36: every move in the log's words (never "QC"), each move not
good with its reason, a line per hand, and on a phone (390 px) the table stacks inside the page, its
verdicts in view."""

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
NOTATION = re.compile(r"\b(?:[2-9TJQKA][SHDC])\b")
"""A piquet card's code, which no word of the review may show."""
PHONE = {"width": 390, "height": 844}
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
"""How far the page is wider than the window (0: nothing to scroll sideways)."""


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
        bid_rows = [text for text in played if text.startswith("bid ")]
        assert len(bid_rows) == len(bids), played
        assert all(text.endswith("face up)") for text in bid_rows)
        steps = page.locator("#review-table .review-step").all_inner_texts()  # a bid's steps, card by card
        step = re.compile(r"^(show \w+ \d|bid [\w ,]+ \(\d+ face up\)|pass): ")
        assert steps and all(step.match(text) for text in steps), steps

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


def test_on_a_phone_the_review_reads_in_words_and_its_verdicts_stay_in_view(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    """390 px: the verdict table stacks (no sideways scrolling of the page), every verdict is within the
    window; the moves are the log's words, each move not good says why, and each hand has its line."""
    from playwright.sync_api import expect

    record = finished_record()
    expected = cardtable.review(record, 1, iterations=20)
    assert any(decision["verdict"] != "good" for decision in expected["decisions"])
    errors: list[str] = []
    with contextlib.closing(browser.new_context(viewport=PHONE)) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        upload_and_open(page, server.url, record, tmp_path / "phone.json", "pia")
        page.select_option("#review-seat", "1")
        page.get_by_role("button", name="Review this game").click()
        rows = page.locator("#review-table tbody tr")
        expect(rows).to_have_count(expected["judged"], timeout=60_000)
        page.screenshot(path=SHOTS / "review-phone.png", full_page=True)

        assert page.evaluate(OVERFLOW) <= 0, "the page scrolls sideways"
        for verdict in page.locator("#review-table td.verdict").all():
            box = verdict.bounding_box()
            assert box is not None and box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert verdict.inner_text() in ("good", "inaccuracy", "mistake", "blunder")

        cells = page.locator("#review-table td:nth-child(-n+4)").all_inner_texts()
        assert not [text for text in cells if NOTATION.search(text)], cells
        for row, decision in zip(rows.all(), expected["decisions"], strict=True):
            why = row.locator("td.why")
            if decision["verdict"] == "good":
                expect(why).to_have_text("")
            else:
                expect(why).to_have_text(re.compile(r"^−\d+\.\d+( points: expected|% win chance)"))
        expect(page.locator("#review-hands li")).to_have_text(
            [re.compile(r"^Hand 1: \d+ of \d+ decisions? not good")]
        )
    assert errors == []


def test_a_review_stored_before_its_words_and_measures_still_shows(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    """A review stored before issue 36 (no ``equal``, ``margin``, ``hands``, ``even``, no words but its
    moves played and best): its table, with those words and the other moves' notation, and no error."""
    from playwright.sync_api import expect

    def stored_before(route: Any) -> None:
        answer = route.fetch()
        review = answer.json()
        result = review["result"]
        if result is None:  # still running
            route.fulfill(response=answer)
            return
        result.pop("said")
        for key in ("even", "hands"):
            result.pop(key)
        for decision in [*result["decisions"], *result["biggest_mistakes"]]:
            for key in ("equal", "margin", "win_loss", "points_loss", "iterations", "stake"):
                decision.pop(key)
            decision["said"] = {key: f"seat 2 plays {decision[key]}" for key in ("played", "best")}
        route.fulfill(response=answer, json=review)

    record = finished_record()
    errors: list[str] = []
    with contextlib.closing(browser.new_context(viewport={"width": 1100, "height": 900})) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        upload_and_open(page, server.url, record, tmp_path / "old.json", "oda")
        page.route(re.compile(r"/reviews(/\d+)?$"), stored_before)  # asked for, then followed
        page.select_option("#review-seat", "1")
        page.get_by_role("button", name="Review this game").click()
        rows = page.locator("#review-table tbody tr")
        expect(rows).to_have_count(cardtable.review(record, 1, iterations=20)["judged"], timeout=60_000)
        played = page.locator("#review-table td:nth-child(2)").all_inner_texts()
        assert all(text.startswith("seat 2 plays ") for text in played), played
        expect(page.locator("#review-hands")).to_have_count(0)
        expect(page.locator("#review-table td.why").first).to_have_text("")
    assert errors == []
