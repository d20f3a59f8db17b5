"""Every page looked at on a phone (390 px) and a wide screen (1400 px), as issue 37 asked, and what that
found, each checked in headless Chromium against a real server: the header's words wrap whole, never a
word a line (on a phone, and at 1000 px); "Undo" sits beside the turn it takes back; a table waiting
for players names its game; a table opened in the middle of one's turn shows the game log so far; a
game option's checkbox sits beside its words on /new; Troeven's card points keep a card with its
points; Game of Trains' names stay whole beside the trains; a 4-player table's side seats stay on the
felt; a leaderboard's names stay whole on a phone; and the replay says each step in the log's words,
not in move notation ("9S")."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env
from .renderer_page import PHONE
from .test_table_defects import Guest
from .test_turns_and_players import sign_up

WIDE = {"width": 1400, "height": 900}
NARROW = {"width": 1000, "height": 820}
"""The width of the README's screenshots (test_full_games), where "New table" broke in two."""

LINES = """(el) => { const range = document.createRange(); range.selectNodeContents(el);
  const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top).sort((a, b) => a - b);
  return tops.filter((top, i) => i === 0 || top - tops[i - 1] > 5).length; }"""
"""How many lines an element's words take."""

BESIDE = """([box, words]) => { const label = [...document.querySelectorAll('label')]
    .find((l) => l.textContent.trim() === words);
  const range = document.createRange(); range.selectNodeContents(label.lastChild);
  const text = range.getBoundingClientRect(); const r = document.querySelector(box).getBoundingClientRect();
  const middle = (x) => (x.top + x.bottom) / 2;
  return Math.abs(middle(r) - middle(text)) < text.height / 2 && r.right <= text.left + 1
    && text.left - r.right < 24; }"""
"""A control is on the line of its words, just left of them."""

NOTATION = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("look")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.02"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def create(page: Any, server: Server, body: dict[str, Any]) -> int:
    answer = page.request.post(f"{server.url}/api/tables", data=body)
    assert answer.status == 201, answer.text()
    return int(answer.json()["id"])


def lines(page: Any, selector: str) -> list[tuple[str, int]]:
    """Each element of ``selector``: its words and the lines they take."""
    return [(el.inner_text(), el.evaluate(LINES)) for el in page.locator(selector).all()]


@pytest.mark.parametrize("viewport", [PHONE, NARROW], ids=["phone", "narrow"])
def test_the_header_wraps_whole_words(server: Server, browser: Any, viewport: dict[str, int]) -> None:
    from playwright.sync_api import expect

    with contextlib.closing(browser.new_context(viewport=viewport)) as context:
        page = sign_up(context, server, f"cyd{viewport['width']}")
        for _ in range(7):  # "Your turn at 7 tables: #1 … #7" fills the header
            create(
                page,
                server,
                {
                    "game": "game-of-trains",
                    "options": {"first_player": 0},
                    "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}],
                    "turn_seconds": 3600,
                },
            )
        page.goto(f"{server.url}/")
        expect(page.locator("#my-turns a")).to_have_count(7)
        words = lines(page, ".bar nav a, .bar .who > a, .bar .who > button")
        assert {text for text, _ in words} >= {"New table", f"cyd{viewport['width']}", "Settings", "Log out"}
        assert [text for text, count in words if count > 1] == [], "a word a line"
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


@pytest.mark.parametrize("viewport", [PHONE, WIDE], ids=["phone", "wide"])
def test_undo_is_beside_the_turn_and_the_log_shows_the_game_so_far(
    server: Server, browser: Any, viewport: dict[str, int]
) -> None:
    with contextlib.closing(browser.new_context(viewport=viewport)) as context:
        guest = Guest(server, context, "ana")
        page = guest.page
        plays = page.locator('#board .your-moves [data-move^="play "]')
        for _ in range(20):  # about one deal in 24 offers no play first; undo takes back a play
            table = guest.table("cabooses-in-the-corner", {"players": 2, "first_dealer": 1}, 2)  # ana first
            page.goto(f"{server.url}/tables/{table}?view=generic")
            page.locator("#board .your-moves [data-move]").first.wait_for()
            if plays.count():
                break
        plays.first.click()
        undo = page.locator("#undo")
        undo.wait_for(state="visible")
        status, button = page.locator("#status").bounding_box(), undo.bounding_box()
        assert status and button
        assert page.locator("#status").evaluate(LINES) == 1, "'Your turn.' is one line"
        assert 0 <= button["x"] - (status["x"] + status["width"]) < 40, "Undo is just right of the turn"
        assert abs((button["y"] + button["height"] / 2) - (status["y"] + status["height"] / 2)) < 12
        # opened again in the middle of the turn (a step held): the log shows the game up to the turn
        page.reload()
        undo.wait_for(state="visible")
        page.locator("#log li.log-section").first.wait_for(timeout=5_000)
        assert guest.errors == []


def test_a_waiting_table_names_its_game(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=PHONE)) as context:
        guest = Guest(server, context, "ana")
        page = guest.page
        table = create(
            page,
            server,
            {
                "game": "cabooses-in-the-corner",
                "options": {"players": 2},
                "seats": [{"kind": "me"}, {"kind": "open"}],
                "rated": False,
            },
        )
        page.goto(f"{server.url}/tables/{table}")
        status = page.locator("#status")
        page.wait_for_function("() => document.body.dataset.status === 'open'")
        assert status.inner_text().startswith("Cabooses in the Corner: waiting for players.")
        width = page.locator(".table-head").evaluate("(el) => el.getBoundingClientRect().width")
        assert status.evaluate("(el) => el.getBoundingClientRect().width") > 0.9 * width, (
            "the status has the line's width, not a narrow column beside the tags"
        )
        assert guest.errors == []


@pytest.mark.parametrize("viewport", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_checkbox_option_sits_beside_its_words(
    server: Server, browser: Any, viewport: dict[str, int]
) -> None:
    with contextlib.closing(browser.new_context(viewport=viewport)) as context:
        page = Guest(server, context, "ana").page
        page.goto(f"{server.url}/new")
        page.select_option("#game", "cabooses-in-the-corner")
        box = page.get_by_label("broken cabooses")
        box.wait_for()
        assert box.is_checked()
        assert page.evaluate(BESIDE, ["#opt-broken_cabooses", "broken cabooses"])
        box.uncheck()  # still the option the form sends
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url(f"{server.url}/tables/*")
        table = page.request.get(f"{server.url}/api/tables/{page.url.rsplit('/', 1)[1]}").json()
        assert table["options"]["broken_cabooses"] is False


def test_names_and_numbers_stay_whole_and_seats_on_the_felt_at_1400(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=WIDE)) as context:
        guest = Guest(server, context, "ana")
        page = guest.page
        medium = {"kind": "bot", "level": "medium"}

        def table(game: str, options: dict[str, Any], others: int) -> None:
            body = {"game": game, "options": options, "seats": [{"kind": "me"}, *[medium] * others]}
            page.goto(f"{server.url}/tables/{create(page, server, {**body, 'turn_seconds': 3600})}")
            page.locator("#board .ct-table").wait_for()

        table("troeven", {"version": 1}, 1)
        points = page.locator("#board .tv-points b")
        split = points.evaluate(
            """(el) => [...el.textContent.matchAll(/[AKQJ]\\s\\d/g)].filter((m) => {
                 const range = document.createRange();
                 range.setStart(el.firstChild, m.index); range.setEnd(el.firstChild, m.index + 3);
                 return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
               }).map((m) => m[0])"""
        )
        assert points.inner_text().count("·") == 3 and split == [], "a card's points on the next line"

        table("game-of-trains", {"players": 3}, 2)
        owners = lines(page, "#board .gt-owner b")
        assert [text for text, count in owners if count > 1] == [], "a name broken beside its train"
        firsts = page.evaluate(
            "[...document.querySelectorAll('#board .gt-cars')].map((c) => c.getBoundingClientRect().left)"
        )
        assert len(firsts) == 3 and len(set(firsts)) == 1, "the trains' cars stay in columns"

        table("slobberhannes", {"players": 4}, 3)
        outside = page.evaluate(
            """() => { const felt = document.querySelector('#board').getBoundingClientRect();
                 return [...document.querySelectorAll('#board .ct-plate')].filter((p) => {
                   const r = p.getBoundingClientRect();
                   return r.left < felt.left || r.right > felt.right;
                 }).map((p) => p.innerText.split('\\n')[0]); }"""
        )
        assert page.locator("#board .ct-plate").count() == 4
        assert outside == [], "a seat sticks out of the table"
        assert guest.errors == []


def test_a_leaderboard_on_a_phone_and_the_replay_in_words(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    with contextlib.closing(browser.new_context(viewport=PHONE)) as context:
        page = sign_up(context, server, "dee")
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
        table = create(
            page, server, {"game": "troeven", "options": {"version": 2, "start_points": 1}, "seats": seats}
        )
        page.goto(f"{server.url}/tables/{table}")
        page.click("#step-away")  # the stand-in plays it to the end
        expect(page.locator("body[data-status=over]")).to_have_count(1, timeout=120_000)

        page.goto(f"{server.url}/leaderboards/troeven-v2")
        expect(page.locator(".ranking tbody tr")).to_have_count(2)
        names = lines(page, ".ranking tbody td:nth-child(2)")
        assert "easy bot" in [text for text, _ in names]
        assert [text for text, count in names if count > 1] == [], "a name broken over two lines"

        page.goto(f"{server.url}/replays/tables/{table}")
        page.locator("#log li.log-move").first.wait_for()
        for step in (1, 2, 3):
            page.click("#next")
            page.locator(f"body[data-step='{step}']").wait_for()
            said = page.locator("#step-text").inner_text()
            move = page.locator(f"#log li.log-move[data-step='{step}']").first.inner_text()
            assert said == f"Step {step} of {page.locator('#step').get_attribute('max')}: {move}"
            assert not NOTATION.search(said), said
