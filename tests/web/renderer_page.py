"""A game renderer alone in headless Chromium, without the server: a tiny static page served by Python's
http.server on 127.0.0.1 imports the renderer registry (web/js/games/index.js) from the package's web
files, draws an observation made by the real engine, and records the moves the picture dispatches.

The page gets the same Content-Security-Policy as the real table page, and the test fails on any page
error, console error or policy violation, so a renderer that works here works at the table."""

from __future__ import annotations

import functools
import json
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.core.game import State
from cardtable.server.routes.pages import HEADERS
from cardtable.server.services.packs import packs_module

WEB = Path(cardtable.__file__).parent / "web"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PACKS = "/static/js/packs.js"
SHOTS = Path(__file__).parents[2] / "test-output" / "tables"
DESKTOP = {"width": 1100, "height": 900}
PHONE = {"width": 390, "height": 844}

HARNESS_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>renderer harness</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/css/style.css">
  <script type="module" src="/harness.js"></script>
</head>
<body>
  <main class="table-page"><div id="board" class="board"></div></main>
</body>
</html>
"""

HARNESS_JS = """import { rendererFor } from "/static/js/games/index.js";

const board = document.querySelector("#board");
window.picked = [];
window.violations = [];
board.addEventListener("move", (event) => window.picked.push(event.detail));
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.violatedDirective));
window.show = async (game, observation, moves) => {
  const renderer = await rendererFor(game);
  window.picked = [];
  renderer.render(observation, board, moves);
};
window.harnessReady = true;
"""


class _Handler(SimpleHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path != PACKS:
            return super().do_GET()
        body = packs_module().encode()  # written by the server, as at the table (routes/pages.py)
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None

    def end_headers(self) -> None:
        if self.path.endswith(".html"):
            for name, value in HEADERS.items():
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the test reports what matters
        pass


@contextmanager
def harness_server(root: Path) -> Iterator[str]:
    """Serve the harness page and, under /static, the package's web files; yields the base URL."""
    (root / "static").symlink_to(WEB, target_is_directory=True)
    (root / "harness.html").write_text(HARNESS_HTML)
    (root / "harness.js").write_text(HARNESS_JS)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium() -> Iterator[Any]:
    """The system's Chromium, driven by Playwright; the test is skipped when it is not installed."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM}: apt-get install chromium (.ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def renderer_page(browser: Any, url: str, viewport: dict[str, int], **options: Any) -> Iterator[RendererPage]:
    """A harness page in a fresh browser context; motion is reduced unless ``options`` say otherwise."""
    context = browser.new_context(viewport=viewport, **{"reduced_motion": "reduce", **options})
    try:
        yield RendererPage(context.new_page(), url)
    finally:
        context.close()


def shot(rp: RendererPage, name: str) -> None:
    """Save the whole page as test-output/tables/<name>.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    rp.page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


class RendererPage:
    """One harness page: show observations, read back what the picture offers and dispatches."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.errors: list[str] = []
        page.set_default_timeout(5_000)  # everything here is local: waiting longer hides a missing control
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.goto(f"{url}/harness.html")
        page.wait_for_function("window.harnessReady === true")

    def show(self, game: str, observation: dict[str, Any], moves: list[str]) -> None:
        """Draw ``observation`` (passed through JSON, as the server sends it) with ``moves`` offered."""
        payload = json.loads(json.dumps(observation))
        self.page.evaluate("([g, o, m]) => window.show(g, o, m)", [game, payload, moves])

    def picked(self) -> list[str]:
        """The moves dispatched since the last ``show``."""
        return list(self.page.evaluate("window.picked"))

    def enabled_moves(self, selector: str = "#board") -> list[str]:
        """The ``data-move`` of every enabled control inside ``selector``."""
        return list(
            self.page.evaluate(
                """(s) => [...document.querySelector(s).querySelectorAll('[data-move]')]
                     .filter((el) => !el.disabled).map((el) => el.dataset.move)""",
                selector,
            )
        )

    def texts(self, selector: str, attribute: str) -> list[str]:
        """The ``attribute`` of every element matching ``selector``, in document order."""
        return list(
            self.page.evaluate(
                "([s, a]) => [...document.querySelectorAll(s)].map((el) => el.getAttribute(a))",
                [selector, attribute],
            )
        )

    def problems(self) -> list[str]:
        """Page errors, console errors and Content-Security-Policy violations so far."""
        violations = self.page.evaluate("window.violations ?? []")
        return [*self.errors, *(f"CSP violation: {v}" for v in violations)]


def legal_strings(state: State) -> list[str]:
    return [state.action_to_string(action) for action in state.legal_actions()]


def advance(state: State, rng: random.Random, steps: int) -> State:
    """``state`` after up to ``steps`` random legal moves (fewer if the game ends)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state
