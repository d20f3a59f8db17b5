"""The terminal table's final standings name the players as its lines did ("random bot (seat 2)"),
as ``cardtable replay`` does, not by their record labels ("bot:random")."""

from __future__ import annotations

import random

from rich.console import Console

import cardtable
from cardtable import bots
from cardtable.cli.table import TerminalTable
from cardtable.cli.views import view_for


def test_the_final_standings_name_the_bots_as_the_table_does() -> None:
    state = cardtable.make("slobberhannes", players=4, single_hand=True).new_game(seed=11)
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    console = Console(record=True, width=80, color_system=None)
    seated = {seat: bots.make("random", seed=seat) for seat in (1, 2, 3)}
    names = ["you", "bot:random", "bot:random", "bot:random"]
    assert TerminalTable(state, view_for("slobberhannes"), seated, names, console).run()
    shown = console.export_text()
    standings = shown[shown.index("Final standings") :]
    assert "bot:random" not in standings
    for seat in (1, 2, 3):
        assert f"random bot (seat {seat})" in standings
