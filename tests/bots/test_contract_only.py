"""Bots and the arena know games through the engine contract (docs/design.md) and the rules' own homes.

A game's bot module (``bots/games/<game>.py``) may import the public rule functions and constants of its own
game (its scoring, card points, pack): a rule has one home, and a bot that restated it would drift from the
game. It imports nothing else of any game: no class (a state's or game's internals stay the engine's), no
private name, nothing of another game. Every other module of the bots and the arena imports no game module
at all, and none reads a private attribute of a state or game."""

from __future__ import annotations

import ast
import inspect
from importlib import import_module
from pathlib import Path

import pytest

import cardtable

SRC = Path(__file__).parents[2] / "src"
BOT_GAMES = SRC / "cardtable" / "bots" / "games"
MODULES = sorted(
    [*SRC.joinpath("cardtable", "bots").rglob("*.py"), *SRC.joinpath("cardtable", "arena").rglob("*.py")]
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, source: str) -> list[str]:
    """Absolute names of everything a module imports (relative imports resolved)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found += [f"{base}.{alias.name}" for alias in node.names]
    return found


def game_imports_refused(path: Path, source: str) -> list[str]:
    """What the module at ``path`` with ``source`` imports of the games against the rule above."""
    game = next((g for g in cardtable.games() if path == BOT_GAMES / f"{g.replace('-', '_')}.py"), None)
    home = f"cardtable.games.{game.replace('-', '_')}" if game else None
    refused = []
    for name in imported(path, source):
        module, _, attribute = name.rpartition(".")
        if not name.startswith("cardtable.games"):
            continue
        if home is None or not (module == home or module.startswith(f"{home}.")):
            refused.append(f"{name}: only a game's own bot module may import from the game")
            continue
        if attribute.startswith("_") or _is_class_or_module(getattr(import_module(module), attribute)):
            refused.append(f"{name}: only the game's public rule functions and constants")
    return refused


def _is_class_or_module(value: object) -> bool:
    return inspect.isclass(value) or inspect.ismodule(value)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_only_a_games_own_public_rules_are_imported(path: Path) -> None:
    assert game_imports_refused(path, path.read_text()) == []


def test_another_games_rules_a_class_or_a_private_name_are_refused() -> None:
    troeven, mue = BOT_GAMES / "troeven.py", BOT_GAMES / "mue.py"
    assert game_imports_refused(troeven, "from ...games.troeven import CARD_POINTS, card_points") == []
    assert game_imports_refused(mue, "from ...games.troeven import CARD_POINTS")
    assert game_imports_refused(troeven, "from ...games.troeven import Troeven")
    assert game_imports_refused(troeven, "from ...games.troeven import _private")
    assert game_imports_refused(BOT_GAMES / "piquet.py", "from ...games import troeven")
    assert game_imports_refused(SRC / "cardtable" / "arena" / "run.py", "import cardtable.games.mue")


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_private_attribute_of_another_object_is_read(path: Path) -> None:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            owner = node.value
            assert isinstance(owner, ast.Name) and owner.id == "self", (
                f"{path.name}:{node.lineno} reads .{node.attr} of something that is not self"
            )
