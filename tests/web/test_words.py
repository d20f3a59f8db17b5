"""Pages in players' words, checked in headless Chromium against a real server: no game's API name
("cabooses-in-the-corner", "mue"), no "null", "false" or "seat 0", no research option and no help in
the engine's terms on the lobby, /new, a table, a replay, the replays list, a profile and a leaderboard;
and "Your turn" follows the table: the tab's title says "(1) Your turn — cardtable" while a table waits
for you, the header lists the table being played, and both are right the moment a game ends."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env
from .test_turns_and_players import MY_TURN, play_while_my_turn, sign_up

DESKTOP = {"width": 1100, "height": 800}
FORBIDDEN = [
    re.compile(r"cabooses-in-the-corner|game-of-trains|\bmue\b|\bslobberhannes\b|\btroeven\b"),
    re.compile(r"\bnull\b|\bfalse\b|\btrue\b"),
    re.compile(r"\bseat 0\b", re.IGNORECASE),
    re.compile(r"\(research\)|single hand|end='|0: no limit|no limit\)"),
]
# every text a person reads on the page, the choices of its drop-down lists included
VISIBLE_TEXT = """() => [document.body.innerText,
  ...Array.from(document.querySelectorAll('select option'), (o) => o.textContent)].join('\\n')"""
TITLE_LOG = """() => { window.titles = [document.title];
  new MutationObserver(() => window.titles.push(document.title))
    .observe(document.querySelector('title'), { childList: true, characterData: true, subtree: true }); }"""

# a label's radio is on the line of its words, left of them
BESIDE = """(label) => { const radio = label.querySelector('input').getBoundingClientRect();
  const range = document.createRange(); range.selectNodeContents(label.lastChild);
  const words = range.getBoundingClientRect(); const middle = (r) => (r.top + r.bottom) / 2;
  return Math.abs(middle(radio) - middle(words)) < words.height / 2 && radio.right <= words.left + 1; }"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("words")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.05"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def developer_words(page: Any) -> list[str]:
    """The forbidden words in what the page shows."""
    shown = page.evaluate(VISIBLE_TEXT)
    return [found.group(0) for pattern in FORBIDDEN for found in pattern.finditer(shown)]


def create(page: Any, server: Server, body: dict[str, Any]) -> int:
    answer = page.request.post(f"{server.url}/api/tables", data=body)
    assert answer.status == 201, answer.text()
    return int(answer.json()["id"])


def test_no_developer_words_on_any_page(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        page = sign_up(context, server, "ana")
        page.on("pageerror", lambda error: errors.append(str(error)))
        bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
        # Mü, one hand, two easy bots in seats 0 and 1: ana steps away and the stand-in finishes it
        options = {"players": 3, "hand_limit": 1, "first_dealer": 1}
        mue = create(page, server, {"game": "mue", "options": options, "seats": [*bots, {"kind": "me"}]})
        # waiting in the lobby: an open Cabooses table with options changed, a Slobberhannes one without
        create(
            page,
            server,
            {
                "game": "cabooses-in-the-corner",
                "options": {"players": 3, "broken_cabooses": False, "first_dealer": 0},
                "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}],
            },
        )
        create(page, server, {"game": "slobberhannes", "seats": [{"kind": "me"}, *bots, {"kind": "open"}]})
        # a turn-based Game of Trains waiting for ana's move (seat 0 plays first)
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

        page.goto(f"{server.url}/tables/{mue}")
        expect(page.locator("#seats .seat-name").first).to_have_text("easy bot (seat 1)")
        assert developer_words(page) == [], "the table while playing"
        page.click("#step-away")
        expect(page.locator("body[data-status=over]")).to_have_count(1, timeout=120_000)
        expect(page.locator("#result")).to_be_visible()
        assert developer_words(page) == [], "the table after the game"

        page.goto(f"{server.url}/")
        expect(page.locator("#mine .table-item")).to_have_count(3)
        expect(page.locator("#turn-list li")).to_have_count(1)
        lobby = page.locator("#mine").inner_text()
        assert "Cabooses in the Corner" in lobby and "no broken cabooses, first dealer: seat 1" in lobby
        assert "Game of Trains" in page.locator("#turn-list").inner_text()
        assert developer_words(page) == [], "the lobby"

        page.goto(f"{server.url}/new")
        expect(page.locator("#opt-players")).to_be_visible()
        titles = sorted(page.locator("#game option").all_inner_texts())
        assert titles == ["Cabooses in the Corner", "Game of Trains", "Mü", "Slobberhannes", "Troeven"]
        for game in ("cabooses-in-the-corner", "game-of-trains", "mue", "slobberhannes", "troeven"):
            page.select_option("#game", game)
            expect(page.locator("#opt-players")).to_be_visible()
            assert page.locator("#opt-single_hand").count() == 0, "research options are not offered"
            assert developer_words(page) == [], f"/new with {game}"
        page.select_option("#game", "troeven")
        assert "(1 to 500)" in page.locator("#opt-round_limit + small").inner_text()
        assert page.locator("label", has_text="Turn-based").evaluate(BESIDE), "a radio sits beside its words"

        page.goto(f"{server.url}/replays/tables/{mue}")
        expect(page.locator("#replay-players")).to_contain_text("Seat 1: easy bot (seat 1)")
        expect(page.locator("#log li").first).to_be_visible()
        assert page.locator("#replay-title").inner_text().startswith("Mü")
        assert developer_words(page) == [], "a replay"

        page.goto(f"{server.url}/replays")
        expect(page.locator("#finished li")).to_have_count(1)
        assert "easy bot, easy bot, ana" in page.locator("#finished").inner_text()
        assert developer_words(page) == [], "the replays list"

        page.goto(f"{server.url}/players/ana")
        expect(page.locator("#recent li")).to_have_count(1)
        assert developer_words(page) == [], "a profile"

        page.goto(f"{server.url}/leaderboards/mue")
        expect(page.locator(".ranking tbody tr").first).to_be_visible()
        expect(page.locator("#board-title")).to_have_text("Mü leaderboard")
        assert developer_words(page) == [], "a leaderboard"
    assert errors == []


def test_your_turn_follows_the_table_and_the_tab_title_shows_it(server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        page = sign_up(context, server, "bob")
        page.on("pageerror", lambda error: errors.append(str(error)))
        duel = {"game": "troeven", "options": {"version": 2, "start_points": 1, "first_dealer": 1}}
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
        table = create(page, server, {**duel, "seats": seats})
        page.goto(f"{server.url}/tables/{table}?view=generic")
        page.evaluate(TITLE_LOG)
        expect(page).to_have_title("(1) Your turn — cardtable")
        expect(page.locator("#my-turns")).to_have_text(f"Your turn at 1 table: #{table}")
        expect(page.locator("#status")).to_have_text(MY_TURN)  # the table's own message is drawn too
        assert play_while_my_turn(page) >= 1
        # another table now waits for bob: the header hears of it with the next update of this one
        waiting = create(page, server, {**duel, "seats": seats, "turn_seconds": 3600})
        deadline = time.monotonic() + 180
        while not page.locator("body[data-status=over]").count():
            assert time.monotonic() < deadline, "the game did not end"
            play_while_my_turn(page)
            time.sleep(0.05)
        expect(page.locator("#my-turns")).to_have_text(f"Your turn at 1 table: #{waiting}", timeout=3000)
        expect(page).to_have_title("(1) Your turn — cardtable", timeout=3000)
        shown = page.evaluate("window.titles")
        own = f"Troeven · table {table} · cardtable"
        assert "(2) Your turn — cardtable" in shown, shown
        first = shown.index("(1) Your turn — cardtable")
        assert own in shown[first:], "the page's own title comes back on the bot's turn"
    assert errors == []
