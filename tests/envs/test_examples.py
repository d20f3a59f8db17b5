"""The example scripts run end to end (briefly): PettingZoo random agents, and OpenSpiel's IS-MCTS
against ours through the arena."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parents[2] / "examples"


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_research_adapters_example_plays_both_loops() -> None:
    out = run("research_adapters.py", "--game", "troeven", "--seconds", "0.05", "--games", "2")
    assert "PettingZoo cardtable_troeven_v0:" in out and "rewards {'player_0'" in out
    assert "ismcts:seconds=0.05" in out and "openspiel-ismcts:seconds=0.05" in out and "win rate" in out


def test_comparison_prints_a_table_row_per_game() -> None:
    out = run("ismcts_vs_openspiel.py", "--game", "troeven", "--seconds", "0.05", "--games", "2")
    lines = out.splitlines()
    assert lines[0].startswith("| game (options) |") and lines[2].startswith(
        "| troeven (version=1, start_points=2) | 2 |"
    )
