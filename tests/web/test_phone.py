"""The table and the replay on a phone (390 × 844) and a desktop, as issue 37 found them: the answer to a
tap on a barred card is seen where one taps, and on a desktop it does not push the table down; the
replay page does not scroll itself on opening or stepping; the name tags of a trick's cards do not
overlap; a seat plate's name is not broken over two lines."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

import cardtable
from cardtable.core.game import State

from ..server.process import Server, server_env
from .renderer_page import DESKTOP, PHONE, renderer_page
from .test_table_defects import Guest


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("phone")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.02"), folder / "server.log")
    running.start()
    yield running
    running.kill()


# -- "why can't I play this?" --------------------------------------------------------------------------

IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""

MEET = "(a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom"

COVERS = f"""(el, other) => ({MEET})(el.getBoundingClientRect(),
    document.querySelector(other).getBoundingClientRect())"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_answer_to_a_barred_card_is_seen_where_one_taps(
    server: Server, browser: Any, viewport: dict[str, int]
) -> None:
    with contextlib.closing(browser.new_context(viewport=viewport)) as context:
        guest = Guest(server, context, "ana")
        page = guest.page
        for _ in range(5):  # the bots lead; a hand void in the led suit bars no card: then a new table
            guest.table("slobberhannes", {"players": 5, "start_points": 6, "first_leader": 1}, 5)
            page.locator("#board .card-button[data-move]:enabled").first.wait_for(timeout=30_000)
            if page.locator("#board .ct-hand .card-button:disabled").count():
                break
        barred = page.locator("#board .ct-hand .card-button:disabled").first
        # a player scrolls until the hand is at the foot of the window, then taps a barred card
        page.locator("#board .ct-hand").evaluate("(el) => el.scrollIntoView({ block: 'end' })")
        if viewport == PHONE:
            assert page.evaluate("scrollY") > 100, "on a phone the hand is well below the top of the page"
        scrolled = page.evaluate("scrollY")
        board_top = page.locator("#board").evaluate("(el) => el.getBoundingClientRect().top")
        barred.click(force=True)  # a disabled button: the press (pointerdown) asks why
        hint = page.locator("#notice.hint")
        hint.wait_for(timeout=10_000)
        assert hint.inner_text().startswith("Why not ") and "You cannot play" in hint.inner_text()
        assert hint.evaluate(IN_VIEW), "the answer is inside the window"
        assert not barred.evaluate(COVERS, "#notice"), "the answer does not hide the card tapped"
        assert page.evaluate("scrollY") == scrolled
        assert page.locator("#board").evaluate("(el) => el.getBoundingClientRect().top") == board_top, (
            "the answer does not push the table down"
        )
        box = hint.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a tap closes it
        page.wait_for_function("() => document.querySelector('#notice').textContent === ''")
        assert guest.errors == []


# -- the replay page --------------------------------------------------------------------------------


def finished_table(guest: Guest) -> int:
    """A Slobberhannes table of three bots, played to its end (the bots move at once)."""
    seats = [{"kind": "bot", "level": "easy"}] * 3
    answer = guest.page.request.post(
        f"{guest.server.url}/api/tables",
        data={"game": "slobberhannes", "options": {"players": 3, "start_points": 6}, "seats": seats},
    )
    assert answer.status == 201, answer.text()
    table = int(answer.json()["id"])
    deadline = time.monotonic() + 120
    while guest.page.request.get(f"{guest.server.url}/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end in 120 s"
        time.sleep(0.2)
    return table


def test_the_replay_page_does_not_scroll_itself_on_a_phone(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=PHONE)) as context:
        guest = Guest(server, context, "ana")
        page = guest.page
        table = finished_table(guest)
        page.goto(f"{server.url}/replays/tables/{table}")
        page.locator("body[data-step='0']").wait_for()
        page.locator("#log .log-lines li").first.wait_for()  # the log is drawn and its step marked
        page.wait_for_timeout(300)
        assert page.evaluate("scrollY") == 0, "opening the replay does not scroll the page"
        for step in range(1, 13):
            page.click("#next")
            page.locator(f"body[data-step='{step}']").wait_for()
            page.locator(f"#log .log-lines li.current[data-step='{step}']").first.wait_for()
            assert page.evaluate("scrollY") == 0, f"step {step} scrolled the page"
        assert page.locator("#next").evaluate(IN_VIEW) and page.locator("#step").evaluate(IN_VIEW)
        # the log still follows the step, inside its own scrolling list
        page.click("#last")
        last = page.locator("#step").get_attribute("max")
        page.locator(f"body[data-step='{last}']").wait_for()
        current = page.locator(f"#log .log-lines li.current[data-step='{last}']").first
        current.wait_for()
        inside = """(el) => { const list = el.closest('.log-lines').getBoundingClientRect();
            const r = el.getBoundingClientRect();
            return r.top >= list.top - 1 && r.bottom <= list.bottom + 1; }"""
        assert current.evaluate(inside), "the last step's line is scrolled into the log's view"
        assert page.locator("#log .log-lines").evaluate("(el) => el.scrollTop") > 0
        assert page.evaluate("scrollY") == 0
        assert guest.errors == []


# -- the trick's name tags and the seat plates ------------------------------------------------------------


def full_trick(game: str, players: int) -> State:
    """A state whose last trick has every seat's card, seen on the table until the next card is led."""
    for seed in range(50):
        state = cardtable.make(game, players=players).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            obs = state.observation(None)
            if (
                obs.get("trick") == []
                and obs.get("last_trick")
                and len(obs["last_trick"]["cards"]) == players
            ):
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no finished trick of {players} cards in {game}")


def bot_names(players: int) -> list[str]:
    """The names a table of bots of one level gives its seats (names.js: two seats of one name get their
    seat number)."""
    return [f"easy bot (seat {seat + 1})" for seat in range(players)]


OVERLAPS = f"""() => {{
  const tags = [...document.querySelectorAll('#board .ct-trick-card small')];
  const boxes = tags.map((el) => el.getBoundingClientRect());
  const pairs = [];
  boxes.forEach((a, i) => boxes.forEach((b, j) => j > i && ({MEET})(a, b) && pairs.push([i, j])));
  return {{ count: boxes.length, pairs }};
}}"""

BROKEN_NAMES = """() => [...document.querySelectorAll('#board .ct-plate .ct-name')].filter((name) => {
  const range = document.createRange();
  range.selectNodeContents(name.firstChild);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
}).map((name) => name.textContent)"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize(
    ("game", "players"), [("slobberhannes", 4), ("slobberhannes", 5), ("mue", 6), ("troeven", 2)]
)
def test_trick_tags_do_not_overlap_and_names_stay_whole(
    browser: Any, harness: str, viewport: dict[str, int], game: str, players: int
) -> None:
    state = full_trick(game, players)
    moves: list[str] = []
    with renderer_page(browser, harness, viewport) as rp:
        rp.page.evaluate(
            "(names) => import('/static/js/names.js').then((m) => m.setNames(names))", bot_names(players)
        )
        rp.show(game, state.observation(None), moves)
        tags = rp.page.evaluate(OVERLAPS)
        assert tags["count"] == players
        assert tags["pairs"] == [], "name tags of the trick's cards overlap"
        assert rp.page.evaluate(BROKEN_NAMES) == [], "a seat plate's name is broken over two lines"
        assert rp.page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert rp.problems() == []
