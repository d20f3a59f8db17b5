"""A whole game of every game at the real table page, in headless Chromium against a real server: a guest
plays seat 0 against easy bots, with a clock, by clicking the game's picture (the clicks of
``test_renderers``: a card, or a card and then a place). Before every click the test checks, over its own
websocket, that the hand drawn is the hand of the seat's observation. A screenshot of each table in play
goes to test-output/games/<game>.png (and, with ``CARDTABLE_SCREENSHOTS=<folder>``, a small copy there:
that is how docs/screenshots/ is made).

Then what surrounds a game, in the browser: "why can't I play this?" on a card that may not be played,
chat shown as text, stepping away and taking the seat back, the replay of the finished game with every
hand, and the leaderboard."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

import cardtable

from ..server.process import Server, server_env
from .test_renderers import FULL_GAMES, TABLES

SHOTS = Path(__file__).parents[2] / "test-output" / "games"
SHOT_AT = 4
"""The seat's turn at which its table is photographed (a few cards down: a table in play)."""
VIEWPORT = {"width": 1000, "height": 820}
CLOCK = {"move_seconds": 120, "game_seconds": 900}
"""Clocks no game here comes near, shown running beside the seat."""
MY_TURN_OR_OVER = """() => document.body.dataset.status === "over" || (
    document.querySelector("#status")?.textContent === "Your turn."
    && !document.querySelector("#board").classList.contains("waiting"))"""
ANSWERED = """(v) => Number(document.body.dataset.version) > v
    || document.querySelector("#notice.error")?.textContent"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("games")
    running = Server(["--db", str(folder / "games.db")], server_env(bot_delay="0.02"), folder / "server.log")
    running.start()
    yield running
    running.kill()


class PageView:
    """The table page as the click and check helpers of ``test_renderers`` read it."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def texts(self, selector: str, attribute: str) -> list[str]:
        return list(
            self.page.evaluate(
                "([s, a]) => [...document.querySelectorAll(s)].map((el) => el.getAttribute(a))",
                [selector, attribute],
            )
        )


NO_TRICK_PAUSE = "localStorage.setItem('cardtable.trickPause', '0')"
"""The player's choice of no pause after a trick (prefs.js): these games are played by a test, not read."""
LOG_ENDED = "() => document.querySelector('#log li:last-child')?.textContent.startsWith('Game over')"
ALL_LOG_LINES = "[...document.querySelectorAll('#log li')].map((li) => [li.classList[0], li.textContent])"
LOG_LINES = "(kind) => [...document.querySelectorAll(`#log li.log-${kind}`)].map((li) => li.textContent)"
OTHERS_MOVED = (
    "() => [...document.querySelectorAll('#log li.log-move')].some((li) => !li.textContent.startsWith('ana'))"
)


class Seat:
    """A guest in a browser page, and the test's own websocket following the same table as the same guest."""

    def __init__(self, server: Server, context: Any, name: str) -> None:
        self.server = server
        context.add_init_script(NO_TRICK_PAUSE)
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on(
            "console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None
        )
        answer = self.page.request.post(f"{server.url}/api/accounts/guest", data={"name": name})
        assert answer.status == 201, answer.text()
        self.cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
        self.socket: ClientConnection | None = None
        self.sockets = contextlib.ExitStack()
        self.latest: dict[str, Any] = {}

    def create(self, game: str, options: dict[str, Any], **extra: Any) -> int:
        players = cardtable.make(game, **options).players
        seats = [{"kind": "me"}, *[{"kind": "bot", "level": "easy"}] * (players - 1)]
        body = {"game": game, "options": options, "seats": seats, **extra}
        answer = self.page.request.post(f"{self.server.url}/api/tables", data=body)
        assert answer.status == 201, answer.text()
        table = int(answer.json()["id"])
        self.page.goto(f"{self.server.url}/tables/{table}")
        url = self.server.url.replace("http", "ws") + "/ws"
        self.socket = self.sockets.enter_context(
            connect(url, additional_headers={"cookie": self.cookie}, open_timeout=10)
        )
        self.socket.send(json.dumps({"type": "watch", "table": table}))
        return table

    def state_at(self, version: int) -> dict[str, Any]:
        """The table message of ``version`` on the test's own socket (as the server sends it to this seat)."""
        assert self.socket is not None
        while self.latest.get("version", -1) < version:
            message = json.loads(self.socket.recv(timeout=20))
            if message["type"] == "table":
                self.latest = message
        assert self.latest["version"] == version, "the page shows a state the server has left"
        return self.latest

    def wait_for_turn(self) -> int | None:
        """The version of the state at which it is this seat's turn, or None once the game is over."""
        self.page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
        if self.page.evaluate("document.body.dataset.status") == "over":
            return None
        return int(self.page.evaluate("document.body.dataset.version"))

    def answered(self, version: int) -> None:
        """Wait until the move made at ``version`` was taken (a refusal fails the test with its reason)."""
        self.page.wait_for_function(ANSWERED, arg=version, timeout=30_000)
        assert self.page.locator("#notice.error").count() == 0, self.page.inner_text("#notice")

    def close(self) -> None:
        self.sockets.close()


def photograph(page: Any, game: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{game}.png"
    page.screenshot(path=shot, full_page=True)
    folder = os.environ.get("CARDTABLE_SCREENSHOTS")
    if folder:  # a small copy for the README: 256 colours are plenty for a card table
        from PIL import Image

        Path(folder).mkdir(parents=True, exist_ok=True)
        with Image.open(shot) as image:
            image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(
                Path(folder) / f"{game}.png", optimize=True
            )


@pytest.mark.parametrize("game", sorted(cardtable.games()))
def test_a_whole_game_is_played_by_clicking_at_the_table(server: Server, browser: Any, game: str) -> None:
    table_view = TABLES[game]
    rng = random.Random(game)
    with contextlib.closing(browser.new_context(viewport=VIEWPORT, reduced_motion="reduce")) as context:
        # The table is photographed at ana's first decision from the SHOT_AT-th on at which a bot has
        # moved (in 1.7% of random 2-player Cabooses games ana's first five decisions come before any of
        # the bot's). The server deals at random, and a rare deal ends the game before that (Cabooses:
        # 0.2% of random games): then another game, at most three.
        errors: list[str] = []
        shot = False
        for _ in range(3):
            seat = Seat(server, context, "ana")
            view = PageView(seat.page)
            seat.create(game, FULL_GAMES[game], clock=CLOCK)
            clicks = 0
            deadline = time.monotonic() + 150
            while (version := seat.wait_for_turn()) is not None:
                assert time.monotonic() < deadline, f"{game}: the game did not end"
                state = seat.state_at(version)
                table_view.shows(view, state["observation"])
                if clicks >= SHOT_AT and not shot and seat.page.evaluate(OTHERS_MOVED):
                    shows_names_and_log(seat.page, state)
                    clock = seat.page.locator('#seats [data-clock-seat="0"]').inner_text()
                    assert re.fullmatch(r"1[45]:\d\d left · move [12]:\d\d", clock), clock
                    photograph(seat.page, game)
                    shot = True
                move = rng.choice(state["moves"])
                table_view.click(view, state["observation"], move)
                seat.answered(version)
                clicks += 1
            final = seat.state_at(int(seat.page.evaluate("document.body.dataset.version")))
            assert final["status"] == "over"
            assert seat.page.locator("#status").inner_text() == "Game over."
            assert re.match(r"(Won by .+|Nobody won)\.", seat.page.locator("#winners").inner_text())
            assert seat.page.locator("#board [data-move]:enabled").count() == 0
            shows_the_whole_log_and_sheet(seat.page, game, final)
            seat.close()
            errors += seat.errors
            if shot:
                break
        assert shot and (SHOTS / f"{game}.png").stat().st_size > 10_000
        assert errors == []


def shows_names_and_log(page: Any, state: dict[str, Any]) -> None:
    """In play: the seats, the turn prompt and the board call the players by name, and the log tells
    the moves just made, each line starting with its player's name."""
    names = ["ana", *(f"easy bot (seat {s + 1})" for s in range(1, len(state["seats"])))]
    if len(names) == 2:
        names[1] = "easy bot"
    assert page.locator("#seats .seat-name").all_inner_texts() == names
    board = page.locator("#board").inner_text()
    assert any(name in board for name in names[1:]), "the board names the other players"
    page.wait_for_function("() => document.querySelectorAll('#log li.log-move').length > 0")
    moves = page.evaluate(LOG_LINES, "move")
    assert all(line.startswith(tuple(names)) for line in moves), moves
    assert any(line.startswith(tuple(names[1:])) for line in moves), "the bots' moves are in the log"
    assert page.locator("#log li.log-section").count() >= 1, "the deal opens the log"


def shows_the_whole_log_and_sheet(page: Any, game: str, final: dict[str, Any]) -> None:
    """Over: the log ends with the result, and the score sheet opens (after at least one hand scored)."""
    page.wait_for_function(
        "() => document.querySelector('#log li:last-child')?.textContent.startsWith('Game over')"
    )
    assert any(line.startswith("ana ") for line in page.evaluate(LOG_LINES, "move")), "your own moves too"
    if game == "mue":
        assert page.locator("#board .mu-sheet").count() == 1
        return
    page.click("#score-sheet summary")
    sheet = page.locator("#score-sheet .sheet-body").inner_text()
    if game in ("slobberhannes", "troeven"):
        assert page.locator("#score-sheet tbody tr").count() >= 1 and "ana" in sheet
        hands = page.evaluate(LOG_LINES, "result")
        assert page.locator("#score-sheet tbody tr").count() == len(hands) - 1, "one row per hand scored"
    elif game == "game-of-trains":
        assert "couplings in order" in sheet and f"Over after {final['observation']['turn']} turns" in sheet
    else:
        assert "cards in hand" in sheet and "rank" in sheet
    result = page.locator("#result table")
    headers = result.locator("th").all_inner_texts()
    assert all(headers) and all(
        all(cell.strip() for cell in row.split("\t")) for row in result.locator("tbody tr").all_inner_texts()
    )


def test_hints_chat_stepping_away_replay_and_leaderboard_in_the_browser(server: Server, browser: Any) -> None:
    with (
        contextlib.closing(browser.new_context(viewport=VIEWPORT, reduced_motion="reduce")) as context,
        contextlib.closing(browser.new_context()) as elsewhere,
    ):
        seat = Seat(server, context, "ana")
        page = seat.page
        table = seat.create("slobberhannes", {"players": 3, "start_points": 6, "first_leader": 1})

        # "why can't I play this?": with a card led, another suit's card is refused with the engine's reason
        version = seat.wait_for_turn()
        assert version is not None
        state = seat.state_at(version)
        while not [c for c in state["observation"]["hand"] if c not in state["moves"]]:
            page.locator(f'#board [data-move="{state["moves"][0]}"]:enabled').first.click()
            seat.answered(version)
            version = seat.wait_for_turn()
            assert version is not None, "no trick where a card was barred before the game ended"
            state = seat.state_at(version)
        barred = next(c for c in state["observation"]["hand"] if c not in state["moves"])
        page.locator(f'#board .card-button[data-card="{barred}"]').click(force=True)
        hint = page.locator("#notice.hint")
        hint.wait_for()
        shown = f"{'10' if barred[0] == 'T' else barred[0]}{dict(S='♠', H='♥', D='♦', C='♣')[barred[1]]}"
        assert hint.inner_text().startswith(f"Why not {shown}? You cannot play {shown}: ")

        # chat: what looks like markup is shown as the characters typed
        page.fill("#chat-text", "<img src=x onerror=alert(1)> hello")
        page.get_by_role("button", name="Send").click()
        line = page.locator(".chat-line .chat-text")
        line.wait_for()
        assert line.inner_text() == "<img src=x onerror=alert(1)> hello"
        assert page.locator(".chat img").count() == 0

        # play to the end, then the replay (every hand shown) and the leaderboard
        while (version := seat.wait_for_turn()) is not None:
            move = seat.state_at(version)["moves"][0]
            page.locator(f'#board [data-move="{move}"]:enabled').first.click()
            seat.answered(version)
        page.wait_for_function(LOG_ENDED)
        table_log = page.evaluate(ALL_LOG_LINES)
        page.click("#replay-link")
        page.wait_for_url(f"**/replays/tables/{table}")
        page.wait_for_function("() => document.body.dataset.step === '0'")
        page.locator("#log li").last.wait_for()
        assert page.evaluate(ALL_LOG_LINES) == table_log, "the replay's log is the table's, breaks and all"
        line = page.locator("#log li.log-move").nth(4)
        step = line.get_attribute("data-step")
        line.locator("button").click()
        page.wait_for_function(f"() => document.body.dataset.step === '{step}'")
        assert "current" in (line.get_attribute("class") or "")
        page.click("#first")
        page.wait_for_function("() => document.body.dataset.step === '0'")
        page.click("#next")
        page.wait_for_function("() => document.body.dataset.step === '1'")
        hands = [page.locator(f'#all-hands [data-seat="{s}"] [data-card]').count() for s in range(3)]
        assert sum(hands) == 30 - 1, "every hand of the deal is shown, less the card just played"
        assert page.locator("#board .ct-hand .card-button").count() in (9, 10)
        record = page.request.get(server.url + (page.locator("#download").get_attribute("href") or "")).json()
        assert record["result"] and cardtable.replay(record).is_terminal()
        page.goto(f"{server.url}/leaderboards/slobberhannes")
        page.locator("#ranking").wait_for()
        assert "guests are not rated" in page.locator("#ranking").inner_text()
        seat.close()

        # stepping away at a table with another person (who does not move, so the game waits for them)
        other = Seat(server, elsewhere, "bo")
        answer = page.request.post(
            f"{server.url}/api/tables",
            data={
                "game": "troeven",
                "options": {"version": 2, "first_dealer": 1},  # ana calls trumps and leads
                "seats": [{"kind": "me"}, {"kind": "open"}],
            },
        )
        duel = answer.json()["id"]
        assert other.page.request.post(f"{server.url}/api/tables/{duel}/join").status == 200
        page.goto(f"{server.url}/tables/{duel}")
        page.click("#step-away")
        page.locator("#take-back").wait_for()
        assert page.locator("#seats .tag.away").count() == 1
        to_act = "() => document.querySelector('#seats .seat.to-act .seat-number')?.textContent === 'Seat 2'"
        page.wait_for_function(to_act)  # the bot called trumps and led for ana: bo's turn
        page.click("#take-back")
        page.locator("#step-away").wait_for()
        assert page.locator("#seats .tag.away").count() == 0
        assert seat.errors == [] and other.errors == []
