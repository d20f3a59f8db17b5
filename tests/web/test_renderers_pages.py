"""Around the tables: the rules help pages (each game's, with its cards drawn), the files the app must
serve and ship, and the pictures of the README (test-output/tables/<picture>.png), each a table at a
telling moment of a seeded game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.core.game import State

from .renderer_page import (
    DESKTOP,
    RendererPage,
    legal_strings,
    renderer_page,
    shot,
)

Observation = dict[str, Any]
GAMES = sorted(cardtable.games())


@pytest.fixture
def desk(browser: Any, harness: str) -> Iterator[RendererPage]:
    with renderer_page(browser, harness, DESKTOP) as rp:
        yield rp


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_help_page_shows_the_cards_it_names(game: str, desk: RendererPage, harness: str) -> None:
    desk.page.goto(f"{harness}/static/rules/{game}.html")
    slots = desk.page.locator("main.rules [data-card]")
    assert slots.count() >= 5
    assert desk.page.locator("main.rules [data-card] > svg.card").count() == slots.count()
    assert desk.page.locator("main.rules h1").count() == 1
    shot(desk, f"{game}-rules")
    assert desk.problems() == []


def test_every_game_has_its_own_table_and_rules_page() -> None:
    web = Path(cardtable.__file__).parent / "web"
    for game in cardtable.games():
        module = game.replace("-", "_")  # where web/js/games/index.js looks for the game's picture
        assert (web / "js" / "games" / f"{module}.js").is_file()
        assert (web / "rules" / f"{game}.html").is_file()


def test_the_app_serves_the_tables_and_the_rules_pages(tmp_path: Path) -> None:
    """The link a table shows (/static/rules/<game>.html) and the modules it loads answer in the app."""
    from fastapi.testclient import TestClient

    from cardtable.server.app import create_app

    from ..server.helpers import make_settings

    with TestClient(create_app(make_settings(tmp_path))) as client:
        for game in cardtable.games():
            page = client.get(f"/static/rules/{game}.html")
            assert page.status_code == 200 and "text/html" in page.headers["content-type"]
            module = client.get(f"/static/js/games/{game.replace('-', '_')}.js")
            assert module.status_code == 200 and "javascript" in module.headers["content-type"]
        for path in ("/static/js/layout.js", "/static/js/rules.js", "/static/css/games.css"):
            assert client.get(path).status_code == 200, path


def test_every_web_file_is_shipped_as_package_data() -> None:
    """An installed cardtable (not only this checkout) serves the tables, their styles and rules pages."""
    import tomllib

    root = Path(__file__).parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "cardtable.web"
    ]
    web = root / "src" / "cardtable" / "web"
    shipped = {path for pattern in globs for path in web.glob(pattern)}
    files = {path for path in web.rglob("*") if path.is_file() and path.suffix in {".html", ".css", ".js"}}
    assert files - shipped == set()


# -- the pictures of the README -------------------------------------------------------------------------


def calm(state: State, rng: random.Random) -> int:
    """A random move that bids and shows little, so that a Mü auction looks like people's."""
    legal = legal_strings(state)
    for word, chance in (("pass", 0.8), ("done", 0.7)):
        if word in legal and rng.random() < chance:
            return state.string_to_action(word)
    return rng.choice(state.legal_actions())


def reach(game: str, options: dict[str, Any], seed: int, wanted: Callable[[Observation], bool]) -> State:
    """The first state of a seeded game whose seat to act sees ``wanted`` in its observation."""
    rng = random.Random(seed)
    state = cardtable.make(game, **options).new_game(seed=seed)
    for _ in range(5000):
        if not state.is_terminal() and wanted(state.observation(state.current_player())):
            return state
        if state.is_terminal():
            state = cardtable.make(game, **options).new_game(seed=rng.randrange(10**6))
        state.apply_action(calm(state, rng))
    raise AssertionError(f"no state of {game} shows what the picture needs")


PICTURES: list[tuple[str, str, dict[str, Any], Callable[[Observation], bool], list[str]]] = [
    (
        "slobberhannes",
        "slobberhannes",
        {"players": 4},
        lambda o: len(o["trick"]) == 2 and o["queen_taker"] is not None and o["hand_number"] > 1,
        [],
    ),
    ("troeven-v1", "troeven", {"version": 1}, lambda o: len(o["trick"]) == 1 and o["trick_number"] > 5, []),
    ("troeven-v2", "troeven", {"version": 2}, lambda o: len(o["trick"]) == 1 and o["trick_number"] > 3, []),
    (
        "mue",
        "mue",
        {"players": 5},
        lambda o: (
            o["phase"] == "tricks"
            and len(o["trick"]) == 2
            and None not in (o["vice"], o["partner"], o["chief_trump"])
            and len(o["sheet"]) > 1
        ),
        [],
    ),
    (
        "game-of-trains",
        "game-of-trains",
        {"players": 3},
        lambda o: (
            o["phase"] == "turn"
            and o["turn"] > 12
            and any(c["ability"] == "SWAP_ADJ" for c in o["market"])
            and any(car["protect"] for cars in o["trains"] for car in cars)
        ),
        ['.gt-market [aria-label$="swap with the next car"]', ".gt-train.mine .gt-target >> nth=2"],
    ),
    (
        "cabooses-in-the-corner",
        "cabooses-in-the-corner",
        {"players": 4},
        lambda o: sum(map(len, o["piles"].values())) > 14 and o["played"] == 0 and len(o["departed"]) == 0,
        [".cc-hand .card-button.legal >> nth=0"],
    ),
]
"""(picture, game, options, what the seat to act must see, clicks before the screenshot)."""


@pytest.mark.parametrize(
    ("picture", "game", "options", "wanted", "clicks"), PICTURES, ids=[p[0] for p in PICTURES]
)
def test_the_readme_pictures(
    picture: str,
    game: str,
    options: dict[str, Any],
    wanted: Callable[[Observation], bool],
    clicks: list[str],
    desk: RendererPage,
) -> None:
    state = reach(game, options, 7, wanted)
    desk.show(game, state.observation(state.current_player()), legal_strings(state))
    for selector in clicks:
        desk.page.locator(f"#board {selector}").click()
    assert desk.picked() == []  # choosing what to move makes no move yet
    shot(desk, picture)
    assert desk.problems() == []
