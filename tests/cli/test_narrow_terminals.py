"""Every game's table in terminals 40, 60 and 100 columns wide, with colours and without (``NO_COLOR``,
``TERM=dumb``): no line is wider than the terminal, no cell is cut, and the cards that may be played
are marked in the text itself, [in brackets]. What happened before the person's first turn is told in
lines that wrap at spaces only, never inside a card's name."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from rich.cells import cell_len

import cardtable
from cardtable import bots
from cardtable.cli.views import view_for
from cardtable.narration import narrator_for, say
from cardtable.narration.words import player_names

from .terminal import PROMPT, spawn, text

WIDTHS = (40, 60, 100)
GAMES = {
    "slobberhannes": ["--seed", "7"],
    "troeven": ["--seed", "4"],
    "mue": ["--seed", "3", "--players", "5"],
    "cabooses-in-the-corner": ["--seed", "5", "--players", "4"],
    "game-of-trains": ["--seed", "6", "--players", "4"],
}
MARKED = re.compile(r"\[(\d+):[^\]\s]+(?: [^\]\s]+)*\]")


def first_screen(game: str, columns: int, colour: bool, tmp_path: Path) -> str:
    child = spawn("play", game, *GAMES[game], cwd=tmp_path, columns=columns, colour=colour)
    child.expect(PROMPT)
    screen = text(child.before)
    child.sendline("q")
    child.expect(pexpect.EOF)
    return screen


def first_turn(game: str) -> tuple[cardtable.State, list[str]]:
    """Seat 0's first turn, the bots seeded as the command seeds them, and the lines the table told
    seat 0 until then."""
    words = GAMES[game]
    options = {"players": int(words[words.index("--players") + 1])} if "--players" in words else {}
    seed = int(words[1])
    state = cardtable.make(game, **options).new_game(seed=seed)
    seated = {s: bots.make("random", seed=seed * 100 + s) for s in range(1, state.game.players)}
    narrator = narrator_for(game)
    names = player_names(["you"] + ["bot:random"] * len(seated), first_seat=0)
    facts = state.opening()
    while state.current_player() != 0:
        facts += state.tell(seated[state.current_player()].choose(state))
    return state, [say(narrator, line, names, you=0) for line in narrator.step_lines(facts, 0)]


def playable_numbers(game: str) -> set[int]:
    """The numbers of the choices seat 0 may play at its first turn."""
    state, _ = first_turn(game)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    choices = view_for(game).choices(state.observation(0), legal)
    return {n for n, choice in enumerate(choices, 1) if choice in legal or f"show {choice}" in legal}


@pytest.mark.parametrize("colour", [False, True], ids=["no-colour", "colour"])
@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("game", GAMES)
def test_the_table_fits_and_marks_what_may_be_played(
    game: str, columns: int, colour: bool, tmp_path: Path
) -> None:
    screen = first_screen(game, columns, colour, tmp_path)
    end = screen.rindex("(legal: ")
    table = screen[max(0, screen.rfind("\n\n", 0, end)) : end]  # after an empty line, if anything came before
    wide = [line for line in table.splitlines() if cell_len(line.rstrip()) > columns]
    assert not wide, wide
    assert "…" not in table, table
    if game == "game-of-trains":
        assert "Goal: the first train whose cars read ascending" in " ".join(table.split())
        assert re.search(r"\d+\]? +[<>] +\[?\d+", table), table  # the couplings between cars
        return
    assert {int(n) for n in MARKED.findall(table)} == playable_numbers(game), table


@pytest.mark.parametrize("game", GAMES)
def test_told_lines_wrap_at_spaces_only(game: str, tmp_path: Path) -> None:
    """At 40 columns a long line ("random bot (seat 2) takes the trick (…)") takes several screen lines,
    each broken at a space: the words on screen are the told lines' words, none cut in two."""
    screen = first_screen(game, 40, False, tmp_path)
    told = screen[: screen.rfind("\n\n", 0, screen.rindex("(legal: "))]
    _, lines = first_turn(game)
    assert lines and told.split() == " ".join(lines).split(), told
    assert max(cell_len(line.rstrip()) for line in told.splitlines()) <= 40, told
