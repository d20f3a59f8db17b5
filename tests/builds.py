"""The two builds of the engines, pure Python (``src/``, the reference) and compiled (``make compiled`` builds
``build/compiled``; README "Compiled engines"): which one is loaded, and a fingerprint of their play to
compare them byte for byte.

``python -m tests.builds`` prints this process's build and fingerprint as JSON, so a test can take the other
build's from a subprocess with the other ``PYTHONPATH`` (``tests/test_compiled.py``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import pkgutil
import random
import sys
from collections.abc import Iterator
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import Any

import cardtable
from cardtable import bots

ROOT = Path(__file__).parents[1]
PURE = ROOT / "src"
COMPILED = ROOT / "build" / "compiled"
ENGINE_PACKAGES = ("cardtable.core", "cardtable.games", "cardtable.bots")
SEEDS = range(2)
ISMCTS_EVERY = 15
"""ISMCTS chooses at every fifteenth decision (50 iterations): its choices, not its time, are the point."""


def engine_modules() -> Iterator[ModuleType]:
    """Every module the compiled build compiles (setup.py): core, games and bots, but their packages."""
    for name in ENGINE_PACKAGES:
        package = import_module(name)
        for found in pkgutil.walk_packages(package.__path__, f"{name}."):
            if not found.ispkg:
                yield import_module(found.name)


def is_compiled(module: ModuleType) -> bool:
    return str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES))


def loaded_build() -> str:
    """``compiled`` when every engine module is an extension, ``pure`` when none is; raises otherwise."""
    kinds = {is_compiled(module) for module in engine_modules()}
    if len(kinds) != 1:
        raise AssertionError("the engine modules are a mix of compiled and pure ones")
    return "compiled" if kinds == {True} else "pure"


def configs() -> dict[str, list[dict[str, Any]]]:
    """``benchmarks/bench_playout.py``'s option configs: every game, its player counts and variants."""
    spec = importlib.util.spec_from_file_location("bench_playout", ROOT / "benchmarks" / "bench_playout.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CONFIGS  # type: ignore[no-any-return]


def play(name: str, options: dict[str, Any], seed: int) -> Iterator[object]:
    """What a seeded random match shows, step by step: the player to act, the legal actions, every seat's
    observation and the public one, why the first illegal action is refused, the heuristic's choice (and
    ISMCTS's at every ``ISMCTS_EVERY``-th decision); at the end the record and the returns."""
    game = cardtable.make(name, **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        illegal = next((a for a in range(game.num_actions) if a not in legal), None)
        yield state.current_player(), legal, [state.observation(seat) for seat in range(game.players)]
        yield state.observation(None), None if illegal is None else str(state.why_illegal(illegal))
        yield bots.make("heuristic", seed=step).choose(state)
        if step % ISMCTS_EVERY == 0:
            yield bots.make("ismcts:iterations=50", seed=step).choose(state)
        action = rng.choice(legal)
        yield state.action_to_string(action)
        state.apply_action(action)
        step += 1
    yield state.record(), state.returns(), state.is_truncated()


def fingerprint() -> dict[str, str]:
    """A SHA-256 per game config over ``play`` of each of ``SEEDS``, its items as JSON (key order kept)."""
    found = {}
    for name, options in configs().items():
        for option in options:
            digest = hashlib.sha256()
            for seed in SEEDS:
                for item in play(name, option, seed):
                    digest.update(json.dumps(item).encode())
                    digest.update(b"\n")
            found[f"{name} {json.dumps(option)}"] = digest.hexdigest()
    return found


if __name__ == "__main__":
    json.dump({"build": loaded_build(), "fingerprint": fingerprint()}, sys.stdout)
