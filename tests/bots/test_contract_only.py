"""Bots and the arena know games only through the engine contract (docs/design.md): they import
no game module and reach into no private attribute of a state or game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src"
MODULES = sorted(
    [*SRC.joinpath("cardtable", "bots").rglob("*.py"), *SRC.joinpath("cardtable", "arena").rglob("*.py")]
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> list[str]:
    """Absolute names of everything a module imports (relative imports resolved)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found += [f"{base}.{alias.name}" for alias in node.names]
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_game_module_is_imported(path: Path) -> None:
    for name in imported(path):
        assert not name.startswith("cardtable.games"), f"{path.name} imports {name}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_private_attribute_of_another_object_is_read(path: Path) -> None:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            owner = node.value
            assert isinstance(owner, ast.Name) and owner.id == "self", (
                f"{path.name}:{node.lineno} reads .{node.attr} of something that is not self"
            )
