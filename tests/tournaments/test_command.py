"""``cardtable tournament``: a bot Swiss and a bot arena run to the end and print standings; duplicate
rounds' tables start from the same deal; mistakes in the command line are named before any game."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app

runner = CliRunner()
WIDE = {"COLUMNS": "120"}


def run(*words: str) -> str:
    result = runner.invoke(app, ["tournament", *words], env=WIDE)
    assert result.exit_code == 0, result.output
    return result.stdout


def standings_rows(output: str) -> dict[str, list[str]]:
    """The standings' rows by entrant: [place, points, games, Buchholz, (duplicate)]."""
    rows = {}
    for line in output.split("Standings", 1)[1].splitlines():
        match = re.match(r"\s+(\d+)\s+(\S+ bot \d+)\s+(.*)$", line)
        if match:
            rows[match[2]] = [match[1], *match[3].split()]
    return rows


def records(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(path.read_text()) for path in sorted(folder.glob("game-*.json"))]


def test_a_swiss_of_bots_runs_every_round_and_gives_every_bye_once() -> None:
    output = run("troeven", "--bots", "heuristic,random,random", "--rounds", "3", "--seed", "2")
    assert [line for line in output.splitlines() if line.startswith("Round")] == [
        "Round 1",
        "Round 2",
        "Round 3",
    ]
    byes = re.findall(r"^\s+bye\s+(\S+ bot \d+)", output, flags=re.MULTILINE)
    assert sorted(byes) == ["heuristic bot 1", "random bot 1", "random bot 2"]
    rows = standings_rows(output)
    assert sorted(rows) == ["heuristic bot 1", "random bot 1", "random bot 2"]
    assert [int(row[2]) for row in rows.values()] == [2, 2, 2]  # games: three tables of two, no byes
    assert sum(float(row[1]) for row in rows.values()) == 3 * 1 + 3 * 0.5
    assert all(len(row) == 4 for row in rows.values())  # no duplicate score without duplicate deals


def test_duplicate_rounds_start_every_table_from_the_same_deal(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    output = run(
        "troeven", "--bots", "random,random,random,random", "--rounds", "2", "--duplicate",
        "--records", str(folder), "--seed", "5",
    )  # fmt: skip
    games = records(folder)
    assert len(games) == 4
    for round_games in (games[:2], games[2:]):
        assert round_games[0]["seed"] == round_games[1]["seed"]
        assert round_games[0]["events"][0] == round_games[1]["events"][0]  # the first deal
    assert games[0]["seed"] != games[2]["seed"]
    seated = [name for game in games for name in game["players"]]
    assert sorted(set(seated)) == ["random bot 1", "random bot 2", "random bot 3", "random bot 4"]
    assert all(len(row) == 5 for row in standings_rows(output).values())  # with the duplicate score


def test_without_duplicate_deals_each_table_has_its_own(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    run("troeven", "--bots", "random,random,random,random", "--rounds", "1", "--records", str(folder))
    first, second = records(folder)
    assert first["seed"] != second["seed"]


def test_an_arena_of_bots_stops_at_its_game_cap_and_groups_deals(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    output = run(
        "slobberhannes", "--bots", "random,heuristic,random,random,random,random,random,random",
        "--format", "arena", "--games", "6", "--duplicate", "--records", str(folder),
    )  # fmt: skip
    assert "6 games played." in output
    assert len(re.findall(r"^Game \d+: first ", output, flags=re.MULTILINE)) == 6
    games = records(folder)
    assert [g["seed"] == h["seed"] for g, h in zip(games[::2], games[1::2], strict=True)] == [True] * 3
    assert len({g["seed"] for g in games}) == 3  # two tables play at once: groups of two share a deal
    rows = standings_rows(output)
    assert sum(int(row[2]) for row in rows.values()) == 6 * 4
    assert float(next(iter(rows.values()))[1]) == max(float(row[1]) for row in rows.values())


def test_an_arena_stops_starting_games_when_its_time_is_up() -> None:
    output = run("troeven", "--bots", "random,random", "--format", "arena", "--minutes", "0.005")
    played = int(re.search(r"(\d+) games played", output)[1])  # type: ignore[index]
    assert played >= 1
    assert len(re.findall(r"^Game \d+: first ", output, flags=re.MULTILINE)) == played


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["troeven", "--bots", "random,random"], "a Swiss tournament needs --rounds N"),
        (["troeven", "--bots", "random,random", "--format", "arena"], "an arena needs --minutes M"),
        (["troeven", "--bots", "random,random", "--rounds", "2", "--minutes", "3"], "--minutes and --games"),
        (["troeven", "--bots", "random,random", "--format", "cup", "--rounds", "1"], "--format is swiss"),
        (["slobberhannes", "--bots", "random,random", "--rounds", "1"], "at least 4 bots, got 2"),
        (["troeven", "--bots", "random,wizard", "--rounds", "1"], "unknown bot 'wizard'"),
        (["troeven", "--bots", "random,random", "--rounds", "1", "--colour", "red"], "no option --colour"),
    ],
)
def test_mistakes_are_named_before_any_game(words: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", *words], env=WIDE)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Round" not in result.stdout
