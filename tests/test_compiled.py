"""The compiled engines (``make compiled``) play exactly as the pure ones, the reference: the same legal
actions, observations, reasons, records, returns and bot choices, byte for byte (``tests/builds.py``).

This process's build is compared with the other one's, run in a subprocess with the other ``PYTHONPATH``.
In ``make test``'s compiled run this is the compiled build against ``src/``; in the pure run it needs a
compiled tree at least as new as ``src/``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .builds import COMPILED, PURE, ROOT, fingerprint, loaded_build


def newest(tree: Path) -> float:
    return max(path.stat().st_mtime for path in tree.rglob("*.py"))


def other_build(here: str) -> Path:
    """Where the other build is; skips in a pure run without a compiled tree as new as ``src/``."""
    if here == "compiled":
        return PURE
    built = COMPILED / ".built"
    if not built.exists() or built.stat().st_mtime < newest(PURE / "cardtable"):
        pytest.skip("no compiled engines as new as src/ to compare with: make compiled builds them")
    return COMPILED


def test_the_compiled_and_the_pure_engines_play_byte_for_byte_alike() -> None:
    here = loaded_build()
    env = {**os.environ, "PYTHONPATH": str(other_build(here))}
    done = subprocess.run(
        [sys.executable, "-m", "tests.builds"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    theirs = json.loads(done.stdout)
    assert theirs["build"] != here
    ours = fingerprint()
    assert ours.keys() == theirs["fingerprint"].keys()
    assert [config for config in ours if ours[config] != theirs["fingerprint"][config]] == []
