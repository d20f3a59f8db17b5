"""Defects found by trying the table as a new user would, each checked in headless Chromium: a Cabooses
run under the card lying on it is picked by clicking that card; Mü's auction line is never covered by a
seat's panel; /new fits a 390 px phone; /leaderboards/<unknown> is a not-found page; leaving a running
game warns first; a finished trick stays with its winner marked until the pause ends or a click; the hand
order toggle is remembered; "why can't I play this?" is reachable from the keyboard."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardtable
from cardtable import bots

from ..server.process import Server, server_env
from .renderer_page import DESKTOP, PHONE, renderer_page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("defects")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.05"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def cabooses_run_under_a_card() -> tuple[dict[str, Any], list[str], str, int]:
    """A Cabooses turn where a railway's run of K > 1 cards may move but its top card alone may not:
    (observation, legal moves, railway, K)."""
    for seed in range(200):
        state = cardtable.make("cabooses-in-the-corner", players=3).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = [state.action_to_string(a) for a in state.legal_actions()]
            for move in legal:
                words = move.split()
                if words[0] == "move" and int(words[2]) > 1:
                    alone = [m for m in legal if m.startswith(f"move {words[1]} ") and m.split()[2] == "1"]
                    whole = int(words[2]) == len(state.observation(None)["piles"][words[1]])
                    if not alone and not (whole and any(m.startswith(f"relocate {words[1]}") for m in legal)):
                        return state.observation(state.current_player()), legal, words[1], int(words[2])
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no such turn in 200 games")


def test_a_run_under_the_card_lying_on_it_is_picked_by_clicking_that_card(browser: Any, harness: str) -> None:
    obs, legal, railway, k = cabooses_run_under_a_card()
    with renderer_page(browser, harness, DESKTOP) as rp:
        rp.show("cabooses-in-the-corner", obs, legal)
        top = obs["piles"][railway][-1]
        rp.page.locator(f'.cc-cell[data-place="{railway}"] .cc-card[data-card="{top}"]').last.click()
        assert f"Where do those {k} cards go?" in rp.page.locator("#board .ct-prompt").inner_text()
        target = next(m for m in legal if m.startswith(f"move {railway} {k} "))
        rp.page.click(f'.cc-drop[data-place="{target.split()[3]}"]')
        assert rp.picked() == [target]
        assert rp.problems() == []


def mue_auction_with_a_full_top_seat() -> tuple[dict[str, Any], list[str]]:
    """Six players in the auction, the seat across the table (seat 3, at the top) with many cards up."""
    for seed in range(500):
        state = cardtable.make("mue", players=6).new_game(seed=seed)
        rng = random.Random(seed)
        while state.observation(None)["phase"] == "auction":
            seat = state.current_player()
            obs = state.observation(0)
            if seat == 0 and len(obs["face_up"][3]) >= 5:
                return obs, [state.action_to_string(a) for a in state.legal_actions()]
            legal = [state.action_to_string(a) for a in state.legal_actions()]
            shows = [m for m in legal if m.startswith("show")]
            move = rng.choice(shows) if shows and seat == 3 else rng.choice(legal)
            state.apply_action(state.string_to_action(move))
    raise AssertionError("no such auction")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_mues_auction_line_is_never_covered(browser: Any, harness: str, viewport: dict[str, int]) -> None:
    obs, legal = mue_auction_with_a_full_top_seat()
    with renderer_page(browser, harness, viewport) as rp:
        rp.show("mue", obs, legal)
        line = rp.page.locator(".mu-auction-line")
        assert "passes in a row end the auction" in line.inner_text()
        uncovered = """(el) => { const r = el.getBoundingClientRect();
            const at = (f) => document.elementFromPoint(r.left + f * r.width, r.top + r.height / 2);
            return [0.1, 0.5, 0.9].every((f) => el.contains(at(f))); }"""
        board = rp.page.locator("#board").inner_text()
        assert "You shows" not in board and "You passes" not in board
        line.scroll_into_view_if_needed()
        assert line.evaluate(uncovered)
        assert rp.problems() == []


class Guest:
    def __init__(self, server: Server, context: Any, name: str) -> None:
        self.server = server
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        answer = self.page.request.post(f"{server.url}/api/accounts/guest", data={"name": name})
        assert answer.status == 201, answer.text()

    def table(self, game: str, options: dict[str, Any], players: int) -> int:
        seats = [{"kind": "me"}, *[{"kind": "bot", "level": "easy"}] * (players - 1)]
        answer = self.page.request.post(
            f"{self.server.url}/api/tables", data={"game": game, "options": options, "seats": seats}
        )
        assert answer.status == 201, answer.text()
        table = int(answer.json()["id"])
        self.page.goto(f"{self.server.url}/tables/{table}")
        return table


def test_new_fits_a_phone_and_an_unknown_leaderboard_is_not_found(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(viewport=PHONE)) as context:
        guest = Guest(server, context, "ana")
        page = guest.page
        page.goto(f"{server.url}/new")
        page.locator("#seat-choices li").first.wait_for()
        for game in cardtable.games():
            page.select_option("#game", game)
            most = page.locator("#opt-players option").last.get_attribute("value")
            page.select_option("#opt-players", most)
            page.locator("#seat-choices li").last.wait_for()
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], game
            seat = page.locator("#seat-choices li").last
            level = seat.locator(".level-words")
            assert "random" in level.inner_text(), "the easy level says how it plays"
            seat.locator("select[name^=seat-level]").select_option("hard")
            seconds = bots.level_seconds("hard")[game]
            assert f"about {seconds:.1g} s a move" in level.inner_text(), "hard says how long it thinks"
        answer = page.goto(f"{server.url}/leaderboards/chess")
        assert answer is not None and answer.status == 404
        assert page.locator("#not-found").is_visible()
        assert guest.errors == []


HAND = "[...document.querySelectorAll('#board .ct-hand .card-button')].map((b) => b.dataset.card)"


def test_at_a_slobberhannes_table(server: Server, browser: Any) -> None:
    """The trick pause with its winner marked and a click going on; the sort toggle remembered; the
    keyboard's "why can't I play"; leaving mid-game asks first, and the result names who left."""
    with contextlib.closing(browser.new_context(viewport=DESKTOP)) as context:
        context.add_init_script("localStorage.setItem('cardtable.trickPause', '3000')")
        guest = Guest(server, context, "ana")
        page = guest.page
        # the two bots lead and follow; ana's card ends the first trick, then the pause holds it. The
        # server deals at random: a hand void in the led suit bars no card, so then a new table
        for _ in range(5):
            guest.table("slobberhannes", {"players": 3, "start_points": 6, "first_leader": 1}, 3)
            page.locator("#board .card-button[data-move]:enabled").first.wait_for()
            if page.locator("#board .ct-hand .card-button:disabled").count():
                break
        assert page.locator("#table-prefs select").input_value() == "3000"

        # the hand's order: by rank, remembered after a reload
        suits = page.evaluate(HAND)
        page.click("#board .ct-sort")
        ranked = page.evaluate(HAND)
        order = "789TJQKA"
        assert sorted(ranked) == sorted(suits) and ranked != suits
        assert page.evaluate("localStorage.getItem('cardtable.handOrder')") == "rank"
        assert [order.index(c[0]) for c in ranked] == sorted(
            (order.index(c[0]) for c in ranked), reverse=True
        )

        # why can't I play this, by keyboard: the list of barred cards, a button each
        barred = [c for c in suits if page.locator(f'#board .card-button[data-card="{c}"]:disabled').count()]
        assert barred, "with a card led, another suit's card is barred"
        page.locator("#board .ct-why summary").focus()
        page.keyboard.press("Enter")
        page.locator(f'#board .ct-why-card[data-why="{barred[0]}"]').focus()
        page.keyboard.press("Enter")
        hint = page.locator("#notice.hint")
        hint.wait_for()
        assert hint.inner_text().startswith("Why not ") and "You cannot play" in hint.inner_text()
        assert set("♠♥♦♣") & set(hint.inner_text()), "cards in symbols"

        # ana completes the trick: it stays, its winner marked, until a click
        page.locator("#board .card-button[data-move]:enabled").first.click()
        page.locator("#board.trick-pause .ct-trick.done .ct-trick-card.won").wait_for(timeout=10_000)
        assert "took the trick" in page.locator("#board .ct-took").inner_text()
        page.locator("#board").click(position={"x": 5, "y": 5})
        page.wait_for_function("() => !document.querySelector('#board').classList.contains('trick-pause')")

        # leaving while the game runs asks first
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.type), dialog.dismiss()))
        page.evaluate("setTimeout(() => location.reload())")  # dismissed: the page stays
        for _ in range(100):  # the dialog comes within moments; 10 s at most
            if dialogs:
                break
            page.wait_for_timeout(100)
        assert dialogs == ["beforeunload"]
        assert page.evaluate("document.querySelector('#board .ct-hand') !== null")

        # the stand-in bot finishes the game for ana: the result says so
        page.select_option("#trick-pause", "0")  # the player's choice: no pause from now on
        assert page.evaluate("localStorage.getItem('cardtable.trickPause')") == "0"
        page.click("#step-away")
        page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=120_000)
        left = page.locator("#left-note").inner_text()
        assert "ana left the table: a bot finished the game for them" in left
        assert guest.errors == []
