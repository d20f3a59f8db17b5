"""The browser client as files: every page is served with its security headers, every ES module it loads
exists and is served as JavaScript, and no module builds markup from strings."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from cardtable.server.app import create_app

from ..server.helpers import make_settings

WEB = Path(__file__).parents[2] / "src" / "cardtable" / "web"
IMPORT = re.compile(r"""(?:import|from)\s*(?:[\w*{}\s,]+from\s*)?["'](\.{1,2}/[^"']+)["']""")


def test_pages_are_served_with_a_strict_content_security_policy(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        pages = ["/", "/login", "/new", "/tables/5", "/replays", "/replays/tables/5", "/replays/uploads/5"]
        for path in [
            *pages,
            "/leaderboards",
            "/leaderboards/mue",
            "/leaderboards/troeven-v2",
            "/settings",
            "/players/ana",
            "/tournaments",
            "/tournaments/5",
        ]:
            answer = client.get(path)
            assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
            assert "default-src 'self'" in answer.headers["content-security-policy"]
            assert answer.headers["x-content-type-options"] == "nosniff"
            for script in re.findall(r'src="(/static/[^"]+)"', answer.text):
                module = client.get(script)
                assert module.status_code == 200 and "javascript" in module.headers["content-type"], script
        assert client.get("/tables/nope").status_code == 422


def test_the_leaderboard_of_an_unknown_game_is_a_not_found_page(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        answer = client.get("/leaderboards/chess")
        assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
        assert "Page not found" in answer.text and "leaderboard.js" not in answer.text
        assert "default-src 'self'" in answer.headers["content-security-policy"]


WRITTEN = {WEB / "js" / "packs.js"}
"""Modules the server writes itself (``/static/js/packs.js``, from the games' packs), not files."""


def test_every_relative_import_of_every_module_exists() -> None:
    modules = sorted(WEB.rglob("*.js"))
    assert len(modules) >= 8
    for module in modules:
        for target in IMPORT.findall(module.read_text()):
            found = (module.parent / target).resolve()
            assert found.is_file() or found in WRITTEN, f"{module.name} imports missing {target}"


def test_the_modules_the_server_writes_are_served(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        for module in WRITTEN:
            answer = client.get(f"/static/{module.relative_to(WEB).as_posix()}")
            assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]


def test_no_module_writes_html_from_strings() -> None:
    """Text from people (names, moves) reaches the page only as text nodes (dom.js)."""
    for module in WEB.rglob("*.js"):
        source = module.read_text()
        assert not re.search(r"\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write", source), (
            module.name
        )


def rules_text(game: str) -> str:
    """A rules page's words, markup removed and spaces joined."""
    page = (WEB / "rules" / f"{game}.html").read_text(encoding="utf-8")
    words = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    return re.sub(r" ([.,:;)])", r"\1", words)


def test_the_mue_rules_page_agrees_with_the_rules() -> None:
    """docs/rules/mue.md §4.2, §6: the éclat, the void hand, the Vice, a missed target."""
    text = rules_text("mue")
    assert "If two or more players tie for the most cards face up, the hand is an éclat" in text
    assert "loses 10 points per card; the others in the tie win 5 per card" in text
    assert "If nobody bids, the hand is void: nobody scores" in text
    assert "except with 3 players, where there is no Vice" in text
    assert "if their numbers are the same, there is no Vice" in text
    assert "the partner gains and loses nothing; every other player, the Vice too, wins 5 points" in text


def test_the_cabooses_rules_page_agrees_with_the_rules() -> None:
    """docs/rules/cabooses-in-the-corner.md A3 (the growth rule) and §7 (a stalemate of equal hands)."""
    text = rules_text("cabooses-in-the-corner")
    assert "its length plus the cards moved must exceed the source's length" in text
    assert "If every hand holds as many cards, the game is a draw and nobody loses" in text
