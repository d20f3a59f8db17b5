"""Cabooses in the Corner at the terminal, driven as a user would: the compass and the hand, bad input,
several actions in one line, a whole game, --save, and replay."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
import pytest

import cardtable
from cardtable import InvalidNotation, bots
from cardtable.cli.views import view_for
from cardtable.games.cabooses_in_the_corner import card_words

from .terminal import PROMPT, ended, play_through, spawn

GAME = "cabooses-in-the-corner"


def first_human_turn(seed: int, players: int) -> cardtable.State:
    """The state at seat 0's first decision, with the bots seeded as ``cardtable play`` seeds them."""
    state = cardtable.make(GAME, players=players).new_game(seed=seed)
    seat_bots = {s: bots.make("random", seed=seed * 100 + s) for s in range(1, players)}
    while state.current_player() != 0:
        state.apply_action(seat_bots[state.current_player()].choose(state))
    return state


def test_the_table_shows_the_compass_the_depot_and_the_hand_by_colour(tmp_path: Path) -> None:
    state = first_human_turn(4, 3)
    obs = state.observation(0)
    child = spawn("play", GAME, "--players", "3", "--seed", "4", cwd=tmp_path)
    child.expect(PROMPT)
    screen = child.before
    rows = [line for line in screen.splitlines() if line.startswith("│")]
    assert "NW" in rows[0] and " N " in rows[0] and "NE" in rows[0]
    assert "W " in rows[1] and "DEPOT" in rows[1] and "E " in rows[1]
    assert "SW" in rows[-1] and " S " in rows[-1] and "SE" in rows[-1]
    assert f"{obs['depot']} cards" in screen
    for place, pile in obs["piles"].items():
        assert f"{place} {' '.join(pile) if pile else 'empty'}" in screen
    hand_line = next(line for line in screen.splitlines() if line.startswith("Your hand:"))
    for colour, letter in (("blue", "B"), ("red", "R"), ("white", "W")):
        cards = [card for card in obs["hand"] if card[0] == letter]
        if cards:
            assert f"{colour} {' '.join(cards)}" in hand_line
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_bad_input_gets_a_one_line_reason_and_a_new_prompt(tmp_path: Path) -> None:
    child = spawn("play", GAME, "--players", "2", "--seed", "7", cwd=tmp_path)
    child.expect(PROMPT)
    for typed, reason in [
        ("end", "You cannot end the turn: you must play at least one card first"),
        ("zz", "'ZZ' is no move or card"),
        ("play R9 N", "'R9' is not a card"),
        ("move NE 1 N", "never a corner"),
        ("99", "there is no choice 99"),
    ]:
        child.sendline(typed)
        child.expect("✗ ([^\r\n]*)\r?\n")
        assert reason in child.match.group(1)
        child.expect(PROMPT)
    child.sendline("q")
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before


def first_turn_with_a_play() -> tuple[int, str]:
    """(seed, move) of a 2-player game where seat 0's first decision may be a play (not only a move)."""
    for seed in range(1, 50):
        state = first_human_turn(seed, 2)
        plays = [m for m in map(state.action_to_string, state.legal_actions()) if m.startswith("play")]
        if plays:
            return seed, plays[0]
    raise AssertionError("no seed found")


def test_several_actions_in_one_line(tmp_path: Path) -> None:
    """A play in short form and the end of the turn, typed together, are both made."""
    seed, play = first_turn_with_a_play()
    short = " ".join(play.split()[1:])
    child = spawn("play", GAME, "--players", "2", "--seed", str(seed), cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline(f"{short}, end")
    _, card, place = play.split()
    child.expect(f"You play {card_words(card)} to {place}")  # the card as the pack names it
    child.expect("You end the turn")
    child.expect(r"random bot draws \d+ cards?")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_whole_game_with_save_and_replay(tmp_path: Path) -> None:
    child = spawn("play", GAME, "--players", "3", "--seed", "5", "--save", "game.json", cwd=tmp_path)
    assert play_through(child) > 5
    child.expect("Record written to game.json")
    child.expect(pexpect.EOF)
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["result"]["outcome"] in ("win", "stalemate", "draw") and record["players"][0] == "you"
    assert cardtable.replay(record).is_terminal()

    replay = spawn("replay", "game.json", cwd=tmp_path)
    replay.expect(r"\n\s*\n(you|random bot \(seat \d\)) deals?; (you|random bot \(seat \d\)) starts?")
    replay.expect(r"(You|random bot \(seat \d\)) draws? \d+ cards?")
    replay.expect("Final standings")
    ended(replay)
    assert replay.exitstatus == 0


def test_short_forms_expand_to_notation() -> None:
    """``R4 N`` plays, ``E 2 N`` moves, ``N NE`` relocates, ``e`` ends, a lone card goes to its one place."""
    view = view_for(GAME)
    state = first_human_turn(11, 2)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert view.expand("r4 n; E 2 N, n ne, e", state, legal) == [
        "play R4 N",
        "move E 2 N",
        "relocate N NE",
        "end",
    ]
    assert view.expand("1", state, legal) == [legal[0]]
    with pytest.raises(InvalidNotation, match="is no move or card"):
        view.expand("hello", state, legal)
