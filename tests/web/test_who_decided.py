"""Who decided, and the smaller things of the log and the sheets, in headless Chromium against a real
server: the log names the stand-in's moves ("ana's stand-in plays A♦ (time ran out)") and says when a
player stepped away and came back, live and in the replay viewer; the trick pause is offered in trick
games only; the lobby lists your own game as yours; /players/<nobody> is a plain "No such player" page;
an open score sheet has room for its notes; Cabooses' sheet says who won in words; Troeven's unplayable
layout cards are dimmed, not see-through."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardtable

from ..server.process import Server, server_env
from .renderer_page import DESKTOP, PHONE, legal_strings, renderer_page
from .test_table_defects import Guest

LOG = "#log .log-lines"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("who-decided")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.05"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def create(guest: Guest, body: dict[str, Any]) -> int:
    """A table of ``body`` (the API's), opened in the guest's page."""
    answer = guest.page.request.post(f"{guest.server.url}/api/tables", data=body)
    assert answer.status == 201, answer.text()
    table = int(answer.json()["id"])
    guest.page.goto(f"{guest.server.url}/tables/{table}")
    return table


def log_line(page: Any, text: str, timeout: float = 60_000) -> None:
    """Wait until a line of the game log holds ``text``."""
    page.locator(LOG).get_by_text(text).first.wait_for(timeout=timeout)


STAND_IN_AFTER_AWAY = """() => {
  const lines = [...document.querySelectorAll('#log .log-lines li')].map((li) => li.textContent);
  const away = lines.findIndex((line) => line.startsWith('ana stepped away'));
  const played = (line) => line.startsWith("ana's stand-in plays") && !line.endsWith(')');
  return away >= 0 && lines.slice(away).some(played);
}"""
"""Once ana stepped away, the stand-in has played for her (no clock ran out: nothing in brackets)."""


def wait_over(page: Any) -> None:
    page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=180_000)


def test_the_log_says_who_decided_live_and_in_the_replay(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=PHONE)) as context:
        context.add_init_script("localStorage.setItem('cardtable.trickPause', '0')")
        guest = Guest(server, context, "ana")
        page = guest.page
        seats = [{"kind": "me"}, *[{"kind": "bot", "level": "easy"}] * 3]
        options = {"players": 4, "first_leader": 0, "start_points": 6}
        table = create(
            guest, {"game": "slobberhannes", "options": options, "seats": seats, "clock": {"move_seconds": 2}}
        )
        log_line(page, "ana's stand-in plays")  # ana leads, and lets the 2 s run out
        timed = page.locator(LOG).get_by_text("ana's stand-in plays").first.inner_text()
        assert timed.endswith("(time ran out)"), timed
        page.click("#step-away")
        log_line(page, "ana stepped away")
        page.wait_for_function(STAND_IN_AFTER_AWAY, timeout=60_000)  # ana's turn comes round again
        page.click("#take-back")
        log_line(page, "ana is back")
        lines = page.locator(f"{LOG} li").all_inner_texts()
        assert not any(line.startswith("ana plays") for line in lines), "ana made no move herself"
        page.click("#step-away")  # the stand-in finishes the game
        wait_over(page)
        page.goto(f"{server.url}/replays/tables/{table}")
        page.locator(f"{LOG} li").first.wait_for()
        told = page.locator(f"{LOG} li").all_inner_texts()
        assert any(
            line.startswith("ana's stand-in plays") and line.endswith("(time ran out)") for line in told
        )
        assert sum(line.startswith("ana stepped away") for line in told) == 2 and "ana is back" in told
        assert guest.errors == []


def test_the_table_page_asks_for_its_log_once_and_then_follows_what_each_message_carries(
    server: Server, browser: Any
) -> None:
    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        context.add_init_script("localStorage.setItem('cardtable.trickPause', '0')")
        guest = Guest(server, context, "ana")
        page = guest.page
        asked: list[str] = []
        page.on(
            "request",
            lambda request: asked.append(request.url) if request.url.split("?")[0].endswith("/log") else None,
        )
        seats = [{"kind": "bot", "level": "easy"}] * 4
        options = {"players": 4, "start_points": 6}
        table = create(guest, {"game": "slobberhannes", "options": options, "seats": seats})
        page.wait_for_function("() => document.querySelectorAll('#log li.log-move').length >= 20")
        assert len(asked) == 1, asked
        page.reload()  # a page that comes late asks once for the whole log, then follows
        page.wait_for_function("() => document.querySelectorAll('#log li.log-move').length >= 40")
        assert len(asked) == 2 and all("since=0" in url for url in asked), asked
        wait_over(page)
        page.wait_for_function(
            "() => document.querySelector('#log li:last-child')?.textContent.startsWith('Game over')"
        )
        log = page.request.get(f"{server.url}/api/tables/{table}/log").json()
        assert page.locator(f"{LOG} li").all_inner_texts() == [entry["text"] for entry in log["entries"]]
        page.click("#score-sheet summary")
        rows = page.locator("#score-sheet tbody th").all_inner_texts()
        assert rows == [row["label"] for row in log["sheet"]] and len(rows) >= 2
        assert len(asked) == 2 and guest.errors == []


def test_the_trick_pause_is_offered_in_trick_games_only(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        guest = Guest(server, context, "bo")
        page = guest.page
        for game, players, tricks in (
            ("game-of-trains", 2, False),
            ("cabooses-in-the-corner", 3, False),
            ("troeven", 2, True),
        ):
            guest.table(game, {"players": players}, players)
            page.locator(f'#table-prefs[data-game="{game}"]').wait_for(state="attached")
            assert page.locator("#table-prefs select").count() == (1 if tricks else 0), game
            assert ("trick stays" in page.locator("main").inner_text()) == tricks, game
        assert guest.errors == []


def test_your_own_game_is_listed_as_yours_not_to_watch(server: Server, browser: Any) -> None:
    with (
        contextlib.closing(browser.new_context(viewport=PHONE)) as mine,
        contextlib.closing(browser.new_context(viewport=PHONE)) as theirs,
    ):
        other = Guest(server, theirs, "cy")
        watched = other.table("troeven", {"players": 2}, 2)
        guest = Guest(server, mine, "di")
        own = guest.table("troeven", {"players": 2}, 2)
        page = guest.page
        page.goto(f"{server.url}/")
        page.locator(f'#mine li[data-table="{own}"]').wait_for()
        page.locator(f'#playing li[data-table="{watched}"]').wait_for()
        assert page.locator(f'#playing li[data-table="{own}"]').count() == 0
        assert page.locator(f'#mine li[data-table="{own}"] a.button').inner_text() == "Play"
        assert page.locator(f'#playing li[data-table="{watched}"] a.button').inner_text() == "Watch"
        assert guest.errors == [] and other.errors == []


def test_a_name_that_is_nobodys_gets_a_plain_page(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=PHONE)) as context:
        guest = Guest(server, context, "ed")
        page = guest.page
        page.goto(f"{server.url}/players/nosuchuser")
        page.locator("#no-such-player").wait_for()
        assert page.locator("#player-name").inner_text() == "No such player"
        text = page.locator("main").inner_text()
        assert "Recent games" not in text and "nosuchuser" in text
        assert page.title() == "No such player · cardtable"
        assert guest.errors == []


def test_an_open_score_sheet_has_room_for_troevens_notes(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        context.add_init_script("localStorage.setItem('cardtable.trickPause', '0')")
        guest = Guest(server, context, "flo")
        page = guest.page
        guest.table("troeven", {"players": 2, "version": 2}, 2)
        page.click("#step-away")
        page.locator("#score-sheet tbody tr").first.wait_for(state="attached", timeout=180_000)
        page.click("#score-sheet summary")
        note = page.locator("#score-sheet tbody tr td.quiet").first
        height = note.evaluate("(el) => el.getBoundingClientRect().height")
        line = note.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight) || 16")
        assert "card points" in note.inner_text()
        assert height < 2.5 * line, f"the note wraps: {height} px high, lines of {line} px"
        assert guest.errors == []


def test_cabooses_sheet_says_who_won_in_words(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        guest = Guest(server, context, "gus")
        page = guest.page
        guest.table("cabooses-in-the-corner", {"players": 3}, 3)
        page.click("#step-away")
        wait_over(page)
        page.click("#score-sheet summary")
        said = page.locator("#score-sheet .sheet-body p").first.inner_text()
        assert said.startswith(("Won by ", "Ended in a stalemate", "Ended in a draw")), said
        assert "The game" not in said and " won (" not in said
        assert guest.errors == []


def troeven_follow_with_a_barred_top() -> tuple[dict[str, Any], list[str]]:
    """Troeven version 1, seat 0 to follow a trick with a face-up card it may not play."""
    for seed in range(200):
        state = cardtable.make("troeven", version=1).new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_terminal():
                break
            obs = state.observation(0)
            legal = legal_strings(state)
            tops = [pile["top"] for pile in obs.get("layouts", [[]])[0] if pile["top"] is not None]
            if state.current_player() == 0 and obs["trick"] and set(tops) - set(legal):
                return obs, legal
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no such turn in 200 games")


def test_troevens_unplayable_layout_cards_are_dimmed_not_see_through(browser: Any, harness: str) -> None:
    obs, legal = troeven_follow_with_a_barred_top()
    with renderer_page(browser, harness, DESKTOP) as rp:
        rp.show("troeven", obs, legal)
        barred = rp.page.locator("#board .tv-pile .card-button:disabled").first
        style = barred.evaluate("(el) => [getComputedStyle(el).opacity, getComputedStyle(el).filter]")
        assert style[0] == "1", f"a see-through card shows the face-down card under it: opacity {style[0]}"
        assert "grayscale" in style[1] or "brightness" in style[1], style
        assert rp.problems() == []
