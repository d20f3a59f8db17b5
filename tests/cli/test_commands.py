"""What a new user meets first: ``--version``, ``python -m cardtable``, ``play --help``, ``games``, and
at the prompt ``?``, line editing and history, and a line far too long."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pexpect
import pytest

import cardtable
from cardtable import bots
from cardtable.server.services.lobby import games_info

from .terminal import CARDTABLE, PROMPT, ended, spawn


def output_of(*args: str, columns: int = 100) -> str:
    child = spawn(*args, columns=columns)
    ended(child)
    assert child.exitstatus == 0 and "Traceback" not in child.before, child.before
    return " ".join(child.before.split())


def test_version() -> None:
    assert output_of("--version") == f"cardtable {version('cardtable')}"


def test_python_dash_m_runs_the_command(tmp_path: Path) -> None:
    child = pexpect.spawn(sys.executable, ["-m", "cardtable", "--version"], encoding="utf-8", cwd=tmp_path)
    ended(child)
    assert child.exitstatus == 0 and child.before.strip() == f"cardtable {version('cardtable')}"


def test_play_help_lists_every_games_options_as_flags_and_the_bots() -> None:
    shown = output_of("play", "--help", columns=200)
    for name in cardtable.games():
        assert f"{name}:" in shown
        for option in cardtable.make(name).option_specs:
            assert f"--{option.name.replace('_', '-')} " in shown
    assert "--start-points 6|10|16 every score starts here (default 10)" in shown
    for kind in bots.kinds():
        assert kind in shown
    hard = bots.level_seconds("hard")  # what people wait for hard, in each game
    assert set(hard) == set(cardtable.games())
    times = ", ".join(f"{game} {seconds:g} s" for game, seconds in hard.items())
    assert f"hard thinks about this long a move: {times}" in shown


def test_play_help_fits_the_game_options_in_80_columns() -> None:
    """Each flag on its line, what it does indented below it: no line the terminal wraps restarts at the
    left edge among the options."""
    child = spawn("play", "--help", columns=80)
    ended(child)
    lines = child.before.replace("\r\n", "\n").split("\n")
    options = lines[
        next(i for i, line in enumerate(lines) if line.strip().startswith("Game options (")) + 1 :
    ]
    options = options[: next(i for i, line in enumerate(options) if line.strip().startswith("Bots (--bots)"))]
    assert len(options) > 40 and all(len(line) <= 80 for line in options)
    for line in filter(str.strip, options):
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        game, flag = stripped.endswith(":") and stripped[:-1] in cardtable.games(), stripped.startswith("--")
        assert indent == (1 if game else 3 if flag else 7), line


def test_games_shows_options_as_they_are_typed() -> None:
    shown = output_of("games")
    assert "slobberhannes --players 3|4|5|6 number of players (default 4)" in shown
    assert "--broken-cabooses true|false" in shown and "--first-dealer SEAT|random" in shown
    assert "start_points=" not in shown and "null" not in shown.replace("(null: random)", "")


def test_a_limit_that_0_switches_off_says_so_where_it_is_typed_but_not_on_the_site() -> None:
    """``--turn-limit 0`` (and Troeven's and Mü's limits) is no limit: ``games`` and ``play --help`` say
    so; a table on the site needs a limit, so its form starts at 1 and never offers 0."""
    games = output_of("games", columns=200)
    play = output_of("play", "--help", columns=200)
    site = {game.name: {o.name: o for o in game.options} for game in games_info()}
    switched_off = [
        (name, option) for name in cardtable.games() for option in cardtable.make(name).option_specs
        if option.zero_is_no_limit
    ]  # fmt: skip
    assert {option.name for _, option in switched_off} == {"turn_limit", "round_limit", "hand_limit"}
    for name, option in switched_off:
        assert cardtable.make(name, **{option.name: 0}).max_game_length() is None  # 0 is no limit
        typed = re.escape(f"--{option.name.replace('_', '-')} N (from 0)")
        for shown in (games, play):
            assert re.search(rf"{typed} [^-]*\(0: no limit, default {option.default}\)", shown), typed
        offered = site[name][option.name]
        assert offered.minimum == 1 and "0: no limit" not in f"{offered.help} {offered.allowed}"
    assert games.count("0: no limit") == play.count("0: no limit") == len(switched_off)


@pytest.mark.parametrize("game", cardtable.games())
def test_help_at_the_prompt_prints_the_rules_and_what_to_type(tmp_path: Path, game: str) -> None:
    child = spawn("play", game, "--seed", "2", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("What to type:")
    child.expect(PROMPT)
    shown = child.before
    assert "? shows this help" in shown and "✗" not in shown
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_a_very_long_line_is_refused_without_being_echoed(tmp_path: Path) -> None:
    child = spawn("play", "slobberhannes", "--seed", "2", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("x" * 5000)
    child.expect("✗ that line is 5000 characters long; a move is a few words")
    child.expect(PROMPT)
    assert "xxxxxxxxxx" not in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_arrows_edit_the_line_and_bring_back_earlier_ones(tmp_path: Path) -> None:
    """Readline at the prompt: left-arrow moves the cursor (no ^[[D in the line), up-arrow recalls."""
    child = spawn("play", "slobberhannes", "--seed", "2", cwd=tmp_path, colour=True)
    child.expect(PROMPT)
    child.send("zq\x1b[Dy\r")  # z, q, left, y: the line reads "zyq"
    child.expect("'zyq' is not a card")
    child.expect(PROMPT)
    child.send("\x1b[A\r")  # up: the same line again
    child.expect("'zyq' is not a card")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_only_question_mark_and_help_ask_for_help(tmp_path: Path) -> None:
    """``h`` is a move in Troeven (it calls hearts), so it never means help."""
    seed = next(s for s in range(1, 40) if cardtable.make("troeven").new_game(seed=s).current_player() == 0)
    child = spawn("play", "troeven", "--seed", str(seed), cwd=tmp_path)
    child.expect("Call trumps")
    child.expect(PROMPT)
    child.sendline("h")
    child.expect("You call trumps: ♥")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "What to type" not in child.before


@pytest.mark.parametrize(
    "command",
    [[], ["play"], ["arena"], ["replay"], ["review"], ["serve"], ["games"], ["tournament"], ["dataset"]],
)
def test_dash_h_is_help_everywhere(command: list[str]) -> None:
    assert output_of(*command, "-h") == output_of(*command, "--help")


def test_shell_completion_completes_the_commands() -> None:
    """What the script of ``--install-completion`` asks: the words that complete ``cardtable re``."""
    env = {
        **os.environ,
        "_CARDTABLE_COMPLETE": "complete_bash",
        "COMP_WORDS": "cardtable re",
        "COMP_CWORD": "1",
    }
    shown = subprocess.run([CARDTABLE], env=env, capture_output=True, text=True)
    assert shown.returncode == 0 and shown.stdout.split() == ["replay", "review"], (
        shown.stdout,
        shown.stderr,
    )
