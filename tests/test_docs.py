"""The docs live in the repository: every relative link in README.md and docs/ leads to a file of the
repository (and to a heading there, when it names one), nothing cites the team's notes outside it
(``shared/``), every ``docs/…`` or ``rules/<game>.md`` path named in the sources exists, and every
section a game's code or tests cite (``§4.2``, ``§7.19``) is a section of that game's rules page. The
README's research section's Python snippets run as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
SRC = ROOT / "src" / "cardtable"
TESTS = ROOT / "tests"
PAGES = sorted([ROOT / "README.md", *DOCS.rglob("*.md")])
SOURCES = sorted(p for p in SRC.rglob("*") if p.suffix in {".py", ".js", ".html", ".css", ".md", ".mako"})

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*```")


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def prose_lines(path: Path) -> list[str]:
    """The lines of a Markdown file outside fenced code blocks."""
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.

    >>> slug("4.1 Auction"), slug("1. The record"), slug("`mue`")
    ('41-auction', '1-the-record', 'mue')
    """
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in prose_lines(path):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def links(path: Path) -> list[str]:
    return [target for line in prose_lines(path) for target in LINK.findall(line)]


def test_there_is_a_rules_page_for_every_game() -> None:
    assert sorted(p.stem for p in (DOCS / "rules").glob("*.md")) == cardtable.games()


@pytest.mark.parametrize("page", PAGES, ids=rel)
def test_relative_links_resolve_inside_the_repository(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …: not ours to check
            continue
        path_part, _, fragment = target.partition("#")
        file = (page.parent / path_part).resolve() if path_part else page
        if not file.is_relative_to(ROOT) or not file.exists():
            broken.append(f"{target}: no such file in the repository")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file):
            broken.append(f"{target}: {rel(file)} has no heading with the anchor #{fragment}")
    assert not broken, f"{rel(page)}: " + "; ".join(broken)


TEAM_NOTES = re.compile(r"\.\./shared/|\bshared/(?:DESIGN|STYLE|records|rules|seeds|hooks)\b")
"""The team's notes beside the repository (not the site's share links, ``/replays/shared/<key>``)."""


@pytest.mark.parametrize("path", PAGES + SOURCES, ids=rel)
def test_nothing_cites_the_team_notes_outside_the_repository(path: Path) -> None:
    cites = TEAM_NOTES.search(path.read_text(encoding="utf-8")) is not None
    assert not cites, f"{rel(path)} cites shared/, which a clone does not have: cite docs/ instead"


DOC_PATH = re.compile(r"(?<![\w/.])docs/[\w./-]*\w")
RULES_PAGE = re.compile(r"(?<![\w.-])rules/([\w-]+)\.md")


@pytest.mark.parametrize("path", SOURCES, ids=rel)
def test_doc_paths_named_in_the_sources_exist(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    missing = [name for name in DOC_PATH.findall(text) if not (ROOT / name).exists()]
    missing += [f"rules/{game}.md" for game in RULES_PAGE.findall(text) if game not in cardtable.games()]
    assert not missing, f"{rel(path)} names {missing}"


def sections(page: Path) -> set[str]:
    """The section numbers a rules page defines: numbered headings (``## 4.``, ``### 4.2``) and the
    numbered items of a numbered section (item 2 under §4.2 is §4.2.2)."""
    found: set[str] = set()
    current = ""
    for line in prose_lines(page):
        heading = HEADING.match(line)
        if heading:
            number = re.match(r"(\d+(?:\.\d+)*)\.?\s", heading.group(2) + " ")
            if number:
                current = number.group(1)
                found.add(current)
            continue
        item = re.match(r"(\d+)\.\s", line)
        if item and current:
            found.add(f"{current}.{item.group(1)}")
    return found


GAME_KEYS = {
    "slobberhannes": "slobberhannes",
    "troeven": "troeven",
    "mue": "mue",
    "game-of-trains": "game_of_trains",
    "cabooses-in-the-corner": "cabooses",
}
"""How a file's path shows which game it belongs to (``test_cabooses_policy.py``, ``games/mue/``)."""
CITED_SECTION = re.compile(r"§(\d+(?:\.\d+)*)")


def game_files(game: str) -> list[Path]:
    key = GAME_KEYS[game]
    return sorted(
        p
        for p in [*SRC.rglob("*.py"), *SRC.rglob("*.js"), *TESTS.rglob("*.py")]
        if key in p.relative_to(ROOT).as_posix().replace("-", "_") and p != Path(__file__)
    )


@pytest.mark.parametrize("game", sorted(GAME_KEYS))
def test_sections_a_game_cites_are_in_its_rules_page(game: str) -> None:
    """A game's code and tests cite its rules by section; the page keeps those numbers."""
    defined = sections(DOCS / "rules" / f"{game}.md")
    files = game_files(game)
    assert files, f"no file belongs to {game}"
    unknown = sorted(
        f"{rel(path)} §{number}"
        for path in files
        for number in set(CITED_SECTION.findall(path.read_text(encoding="utf-8")))
        if number not in defined
    )
    assert not unknown, f"cited, but not a section of docs/rules/{game}.md: {unknown}"


def test_the_api_page_lists_every_endpoint_and_no_other(tmp_path: Path) -> None:
    """docs/api.md names each endpoint of the server's OpenAPI document once, so a new one is documented."""
    from cardtable.server.app import create_app

    from .server.helpers import make_settings

    paths = create_app(make_settings(tmp_path)).openapi()["paths"]
    served = {f"{method.upper()} {path}" for path, operations in paths.items() for method in operations}
    listed = re.findall(r"^\| `([A-Z]+ /\S*)` \|", (ROOT / "docs" / "api.md").read_text(), re.M)
    assert sorted(listed) == sorted(served)


def section(page: Path, heading: str) -> str:
    """The text of ``page`` from the heading ``## heading`` to the next heading of its level or above
    (lines in fenced code are not headings)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    start, fenced = lines.index(f"## {heading}"), False
    for stop in range(start + 1, len(lines)):
        if FENCE.match(lines[stop]):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,2} ", lines[stop]):
            return "\n".join(lines[start:stop])
    return "\n".join(lines[start:])


RESEARCH_SNIPPETS = re.findall(
    r"^```python\n(.*?)^```", section(ROOT / "README.md", "Research adapters"), re.M | re.S
)


@pytest.mark.parametrize("snippet", RESEARCH_SNIPPETS, ids=lambda code: code.splitlines()[0])
def test_the_research_sections_python_snippets_run_as_written(snippet: str, tmp_path: Path) -> None:
    """Each snippet runs on its own in a fresh interpreter, as a reader would paste it."""
    done = subprocess.run(
        [sys.executable, "-c", snippet],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_research_section_has_snippets() -> None:
    assert len(RESEARCH_SNIPPETS) >= 4
