"""Layering rules of docs/design.md: the engine is standard library only, imports point down, no module
uses the global random generator, and no layer above the games names one."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

import cardtable

SRC = Path(__file__).parents[2] / "src" / "cardtable"
ENGINE = sorted([*SRC.joinpath("core").rglob("*.py"), *SRC.joinpath("games").rglob("*.py")])


def imports(path: Path) -> list[tuple[str, int]]:
    """(module, level) of every import in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(SRC)))
def test_engine_imports_only_the_standard_library_and_lower_layers(path: Path) -> None:
    in_core = "core" in path.relative_to(SRC).parts
    for module, level in imports(path):
        if level == 0:
            assert module.split(".")[0] in sys.stdlib_module_names or module == "__future__", module
        elif in_core:
            assert not module.startswith(("games", "bots", "cli", "server", "envs")), module
        else:
            assert level == 1 or module.startswith("core"), f"{path.name} imports {module} (level {level})"


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_uses_the_global_random_generator(path: Path) -> None:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
            assert node.attr in ("Random", "SystemRandom"), f"random.{node.attr} in {path.name}"


GAME_MODULES = sorted(SRC.joinpath("games").rglob("*.py"))
"""Every module of every game, packages (games/mue/) included."""
TRICK_MACHINERY = {"trick_winner", "follow_options", "follow_masks", "_playable", "_legal_cards", "_excluded"}
"""Functions of core/tricks.py that hold the winner and the follow rule: a game never writes its own."""


def masks_a_hand_or_keeps_it(node: ast.AST) -> bool:
    """``hand & suit or hand``: the idiom of a follow rule (play the suit if holding it, else any card)."""
    return (
        isinstance(node, ast.BoolOp)
        and isinstance(node.op, ast.Or)
        and isinstance(node.values[0], ast.BinOp)
        and isinstance(node.values[0].op, ast.BitAnd)
        and any(ast.dump(node.values[0].left) == ast.dump(value) for value in node.values[1:])
    )


def test_the_guard_below_reads_game_packages_too() -> None:
    assert SRC / "games" / "mue" / "state.py" in GAME_MODULES


@pytest.mark.parametrize("path", GAME_MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_games_define_no_trick_winner_or_follow_rule_of_their_own(path: Path) -> None:
    """Trick logic lives once, in core/tricks.py (STYLE §7): no game defines or overrides its
    functions, nor writes a follow rule inline."""
    tree = ast.parse(path.read_text())
    names = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    assert not names & (TRICK_MACHINERY | {f"_{name}" for name in TRICK_MACHINERY})
    inline = [node.lineno for node in ast.walk(tree) if masks_a_hand_or_keeps_it(node)]
    assert not inline, f"{path.name} writes a follow rule at lines {inline}"


# -- no layer above the games names a game (docs/design.md §8) ------------------------------------------

GAMES = tuple(cardtable.games())
ABOVE_GAMES = sorted(
    path
    for path in [
        *SRC.joinpath("server").rglob("*.py"),
        *SRC.joinpath("cli").rglob("*.py"),
        *SRC.joinpath("arena").rglob("*.py"),
        *SRC.joinpath("envs").glob("*.py"),
    ]
    if "migrations" not in path.parts  # a migration is a fixed piece of history
)
SCRIPTS = sorted(SRC.joinpath("web", "js").glob("*.js"))
"""The browser's modules outside ``web/js/games/`` (the games' own pictures)."""
JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\])//[^\n]*", re.DOTALL)


def python_names_of_games(source: str) -> list[str]:
    """Every string constant of ``source`` that is a game's name, docstrings (and their doctests) aside."""
    tree = ast.parse(source)
    docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in GAMES and id(node) not in docs
    ]


def js_names_of_games(source: str) -> list[str]:
    """Every game's name in ``source`` as a string literal or an object key, comments aside."""
    code = JS_COMMENT.sub("", source)
    alternatives = "|".join(re.escape(game) for game in GAMES)
    pattern = rf"([\"'`])({alternatives})\1|(?<![\w.-])({alternatives})\s*:"
    return [quoted or key for _, quoted, key in re.findall(pattern, code)]


@pytest.mark.parametrize("path", ABOVE_GAMES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_python_module_above_the_games_names_a_game(path: Path) -> None:
    """Option ranges, packs, boards, views and narrators are found by the game's name through the registry
    (or declared by the game), so that adding a game means adding its own modules, nothing else."""
    assert python_names_of_games(path.read_text()) == []


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: str(p.relative_to(SRC)))
def test_no_script_outside_the_games_pictures_names_a_game(path: Path) -> None:
    """What a page needs per game comes from /api/games, the server's packs.js, or the game's picture."""
    assert js_names_of_games(path.read_text()) == []


def test_the_name_checks_find_names() -> None:
    python = 'x = {"troeven": 1}\ndef f():\n    """Not this: "mue"."""\n    return "mue" == y\n'
    assert python_names_of_games(python) == ["troeven", "mue"]
    js = '// not "mue"\nconst a = { slobberhannes: 1, "game-of-trains": 2 };\nif (g === `mue`) f("http://x");\n'
    assert js_names_of_games(js) == ["slobberhannes", "game-of-trains", "mue"]
