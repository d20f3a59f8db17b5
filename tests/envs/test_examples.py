"""The example scripts run end to end (briefly): PettingZoo random agents, OpenSpiel's IS-MCTS against
ours through the arena, our bots in OpenSpiel's evaluate_bots, and MCCFR on one hand. (The MaskablePPO
example needs the ``learn`` extra, which ``make test`` does not install.)"""

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


def test_our_bots_play_in_openspiels_evaluate_bots_example() -> None:
    out = run("evaluate_bots.py", "--game", "troeven", "--option", "single_hand=true", "--games", "4")
    lines = out.splitlines()
    assert lines[0] == "troeven {'single_hand': True} in OpenSpiel's evaluate_bots, 4 games, seats rotated:"
    assert lines[1].startswith("  bot 0 heuristic") and lines[2].startswith("  bot 1 openspiel-random")
    means = [float(line.split("mean return ")[1].split()[0]) for line in lines[1:]]
    assert all(0.0 <= mean <= 1.0 for mean in means) and sum(means) <= 1.0


def test_mccfr_example_trains_and_plays_its_average_policy() -> None:
    out = run("mccfr_single_hand.py", "--game", "slobberhannes", "--iterations", "5", "--games", "3")
    assert "MCCFR on one hand of slobberhannes {'players': 3, 'single_hand': True}: 5 iterations" in out
    assert "average policy against uniform random, 3 games: mean zero-sum return" in out


def test_cfr_example_walks_mini_troevens_whole_tree_and_lowers_nashconv() -> None:
    out = run("cfr_mini.py", "--iterations", "2", "--first-dealer", "0", "--target", "0.01")
    lines = out.splitlines()
    options = "{'version': 2, 'mini': True, 'first_dealer': 0}"
    assert lines[0] == f"cfr+ on mini Troeven {options}: 420 deals, NashConv target 0.01"
    curve = [float(line.split()[1]) for line in lines[2:4]]
    assert [line.split()[0] for line in lines[2:4]] == ["1", "2"] and curve[1] < curve[0] < 1.0
    assert lines[4].startswith("NashConv still")
