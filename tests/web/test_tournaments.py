"""The tournaments' pages in headless Chromium against a real server, on a phone (390 px) and a wide
screen (1400 px): the lobby links to /tournaments; a bot-only Swiss tournament of short Troeven games made
with the page's form runs to the end once started, its page showing the standings, each round's tables
with links to their replays, the bye, and how it is scored; and on the list an account joins, leaves, and
only the creator may start."""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env
from .renderer_page import PHONE
from .test_look import WIDE
from .test_turns_and_players import sign_up

NUMBERS = itertools.count()
"""Each test signs up accounts of its own on the module's server."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("tournaments")
    running = Server(["--db", str(folder / "t.db")], server_env(bot_delay="0.02"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def watched(page: Any) -> list[str]:
    """The page's errors, collected from now on."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    return errors


@pytest.mark.parametrize("viewport", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_bot_swiss_tournament_made_on_the_page_runs_to_its_standings(
    server: Server, browser: Any, viewport: dict[str, int]
) -> None:
    from playwright.sync_api import expect

    with contextlib.closing(browser.new_context(viewport=viewport)) as context:
        page = sign_up(context, server, f"ana{next(NUMBERS)}")
        errors = watched(page)
        page.get_by_role("link", name="Tournaments").click()
        page.wait_for_url(f"{server.url}/tournaments")
        form = page.locator("#new-tournament")
        form.get_by_label("Game", exact=True).select_option(label="Troeven")
        form.get_by_label("start points", exact=True).fill("1")  # a game of one round or so
        form.get_by_label("Rounds", exact=True).fill("2")
        form.get_by_label("I play in it myself").uncheck()
        form.get_by_label("easy bots", exact=True).fill("5")  # two tables and a bye a round
        form.get_by_role("button", name="Create the tournament").click()
        page.wait_for_url(re.compile(rf"{re.escape(server.url)}/tournaments/\d+$"))
        tournament = page.url.rsplit("/", 1)[1]
        expect(page.locator("#tournament-title")).to_have_text(f"Troeven tournament {tournament}")
        expect(page.locator("#tournament-state")).to_have_text("Open for entries")
        expect(page.locator("#tournament-about")).to_contain_text("Swiss, 2 rounds · start points: 1")
        expect(page.locator("#entrants li")).to_have_text([f"easy bot {n}" for n in range(1, 6)])
        expect(page.locator("#scoring")).to_contain_text("A bye scores ½")
        expect(page.locator("#scoring")).to_contain_text("Buchholz")

        page.get_by_role("button", name="Start").click()
        expect(page.locator("#tournament-state")).to_have_text(
            re.compile(r"^Over · won by easy bot \d$"), timeout=60_000
        )
        rows = page.locator("#standings tbody tr")
        expect(rows).to_have_count(5)
        expect(page.locator("#standings th")).to_have_text(["#", "Player", "Points", "Games", "Buchholz"])
        points = [float(row.locator("td").nth(2).inner_text()) for row in rows.all()]
        assert points == sorted(points, reverse=True)
        assert sum(points) == 2 * (2 * 1 + 0.5), "two rounds of two tables (1 point each) and a bye (½)"
        assert rows.first.locator("td").nth(1).inner_text() in page.locator("#tournament-state").inner_text()
        rounds = page.locator("#rounds .round")
        expect(rounds.locator("h4")).to_have_text(["Round 2", "Round 1"])  # the latest first
        for n in range(2):
            expect(rounds.nth(n).locator(".round-game")).to_have_count(2)
            expect(rounds.nth(n).locator(".round-game a")).to_have_text(["Replay", "Replay"])
            placed = re.compile(r"^Table \d+ · over · easy bot \d: (0|0\.5|1), easy bot \d: (0|0\.5|1)$")
            expect(rounds.nth(n).locator(".round-game > span")).to_have_text([placed, placed])
            expect(rounds.nth(n)).to_contain_text("Bye (half a point): easy bot ")
        replay = rounds.first.locator(".round-game a").first.get_attribute("href")
        assert replay and re.fullmatch(r"/replays/tables/\d+", replay)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

        page.goto(f"{server.url}/tournaments")
        finished = page.locator(f'#over [data-tournament="{tournament}"]')
        expect(finished).to_contain_text(f"Troeven tournament {tournament} · over")
        expect(finished).to_contain_text("5 entrants")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert errors == []


def test_on_the_list_an_account_joins_and_leaves_and_only_the_creator_starts(
    server: Server, browser: Any
) -> None:
    from playwright.sync_api import expect

    number = next(NUMBERS)
    with contextlib.ExitStack() as stack:
        ana, bob = (
            sign_up(
                stack.enter_context(contextlib.closing(browser.new_context(viewport=PHONE))),
                server,
                f"{n}{number}",
            )
            for n in ("ana", "bob")
        )
        made = ana.request.post(
            f"{server.url}/api/tournaments",
            data={"game": "troeven", "format": "arena", "minutes": 5, "duplicate": True, "bots": ["medium"]},
        )
        assert made.status == 201, made.text()
        tournament = made.json()["id"]
        errors = watched(bob)
        bob.goto(f"{server.url}/tournaments")
        item = bob.locator(f'#open [data-tournament="{tournament}"]')
        expect(item).to_contain_text("arena, 5 minutes · duplicate deals")
        expect(item).to_contain_text("1 entrant")
        expect(item.get_by_role("button", name="Start")).to_have_count(0)  # bob did not create it
        item.get_by_role("button", name="Join").click()
        expect(item).to_contain_text("2 entrants")
        item.get_by_role("button", name="Leave").click()
        expect(item).to_contain_text("1 entrant")
        expect(item.get_by_role("button", name="Join")).to_be_visible()
        assert errors == []

        ana.goto(f"{server.url}/tournaments/{tournament}")
        expect(ana.locator("#scoring")).to_contain_text("after two first places in a row, games score double")
        expect(ana.locator("#scoring")).to_contain_text("duplicate score")
        expect(ana.locator("#standings th")).to_have_text(
            ["#", "Player", "Points", "Games", "Buchholz", "Duplicate"]
        )
        assert ana.locator("#standings").evaluate("(el) => el.scrollWidth <= el.clientWidth"), (
            "a column of the standings out of sight on a phone"
        )
        expect(ana.get_by_role("button", name="Start")).to_be_visible()
