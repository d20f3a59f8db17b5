"""The terminal in the reader's language: ``--lang`` on the commands that show words, else the locale
variables (``LANG``…), for the table, the game's words, the replay and the errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

import cardtable
from cardtable.arena.stats import Interval
from cardtable.cli import words
from cardtable.cli.arena import _shown, _win_rate
from cardtable.cli.main import app

from .terminal import ended, spawn, text

DUTCH_PROMPT = r"Jouw zet \(\? hulp, q stoppen\): "


def dutch_table(child: pexpect.spawn) -> str:
    """Leave a Dutch table at its first prompt; what it showed."""
    child.expect(DUTCH_PROMPT)
    shown = text(child.before)
    child.sendline("q")
    assert ended(child) == 0
    return shown


def test_the_table_speaks_dutch_with_lang(tmp_path: Path) -> None:
    shown = dutch_table(spawn("play", "slobberhannes", "--lang", "nl", "--seed", "1", cwd=tmp_path))
    assert "Ronde 1: kaarten gedeeld," in shown
    assert "Je hand (je mag de kaarten tussen [haken] spelen):" in shown
    assert "Op tafel:" in shown and "Your hand" not in shown


def test_the_table_speaks_the_language_of_lang_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    shown = dutch_table(spawn("play", "troeven", "--seed", "2", cwd=tmp_path))
    assert "Ronde 1:" in shown and "troef" in shown


def test_lang_names_a_language_we_speak(tmp_path: Path) -> None:
    child = spawn("play", "slobberhannes", "--lang", "tlh", cwd=tmp_path)
    assert ended(child) == 2
    said = " ".join(text(child.before).replace("│", " ").split())
    assert "unknown language 'tlh'; the languages are: en, nl, de, fr" in said, said


def test_a_replay_in_german(tmp_path: Path) -> None:
    state = cardtable.make("slobberhannes", players=3).new_game(seed=4)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    (tmp_path / "game.json").write_text(json.dumps(state.record(players=["ann", "bot:hard", "cy"])))
    child = spawn("replay", "game.json", "--all", "--lang", "de", cwd=tmp_path)
    assert ended(child) == 0
    shown = text(child.before)
    assert "Spieler: ann, Bot (schwer), cy" in shown
    assert "Runde 1: Karten ausgeteilt" in shown and "Endstand" in shown


def test_a_tournament_in_german_writes_its_numbers_and_words_in_german(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(words, "_current", ["en"])  # --lang sets the process's language: undone after
    command = ["tournament", "troeven", "--bots", "heuristic,random,random", "--rounds", "3", "--seed", "2"]
    result = CliRunner().invoke(app, [*command, "--lang", "de"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    standings = result.stdout.split("Stand\n", 1)[1]
    points = re.findall(r"Bot \(\S+\) \d\s+(\S+)", standings)
    assert sorted(points) == ["0,5", "1,5", "2,5"], standings  # a bye counts ½ (English: 0.5)
    assert "Bot (zufällig) 1" in standings and "Punkte pro Tisch: 1 für den ersten Platz" in standings


def test_an_arena_report_writes_its_numbers_as_the_language_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(words, "_current", ["fr"])
    rate = Interval(mean=0.575, low=0.521, high=0.629)
    assert _shown(rate, _win_rate).plain == "57,5\xa0% [52,1\u202f; 62,9]"
    monkeypatch.setattr(words, "_current", ["en"])
    assert _shown(rate, _win_rate).plain == "57.5% [52.1, 62.9]"


def test_the_dataset_command_speaks_the_terminals_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It has no --lang (it writes records): its messages follow the locale variables, as read at start."""
    monkeypatch.setattr(words, "_current", ["de"])
    out = tmp_path / "games.jsonl"
    command = ["dataset", "troeven", "--bots", "random", "--out", str(out), "--workers", "1"]
    refused = CliRunner().invoke(app, [*command, "--games", "0"])
    assert refused.exit_code == 2 and "Fehler: --games muss mindestens 1 sein, nicht 0" in refused.output
    written = CliRunner().invoke(app, [*command, "--games", "2"])
    assert written.exit_code == 0 and "2 Protokolle nach" in written.output, written.output
