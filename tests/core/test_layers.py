"""Layering rules of docs/design.md: the engine is standard library only, imports point down, and no module
uses the global random generator."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

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
