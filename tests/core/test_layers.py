"""Layering rules of STYLE.md: the engine is standard library only, imports point down, and no module
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


@pytest.mark.parametrize("path", sorted(SRC.joinpath("games").glob("*.py")), ids=lambda p: p.name)
def test_games_define_no_trick_winner_or_follow_rule_of_their_own(path: Path) -> None:
    """Trick logic lives once, in core/tricks.py (STYLE §7)."""
    names = {n.name for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.FunctionDef)}
    assert not names & {"trick_winner", "follow_options", "_trick_winner", "_follow_options"}
