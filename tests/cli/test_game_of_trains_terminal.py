"""Game of Trains at the terminal, driven as a person would: bad input, the position prompt and the
preview of a move, a whole game to the end, --save, and replay."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pexpect

import cardtable
from cardtable import bots

from .terminal import PROMPT, first_legal, spawn

CONFIRM = r"Make this move\? \[Y/n\] "


def test_bad_input_gets_a_one_line_reason_and_a_new_prompt(tmp_path: Path) -> None:
    child = spawn("play", "game-of-trains", "--seed", "7", "--first-player", "0", cwd=tmp_path)
    child.expect("Place ")
    child.expect(PROMPT)
    child.sendline("zz")
    child.expect("'zz' is not a Game of Trains move: write 'draw', 'place C P'")
    child.expect(PROMPT)
    child.sendline("9")
    child.expect("type the position for .*: a number from 1 to 7")
    child.expect(PROMPT)
    child.sendline("place 85 1")
    child.expect("the cards are numbered 1 to 84")
    child.expect(PROMPT)
    child.sendline("draw")
    child.expect("You cannot draw: in setup each player places one of the cards they drew")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before


def first_turn_with_a_positional_card() -> tuple[int, list[str], int, int]:
    """(seed, seat 0's moves until then, card, a legal position) for the first turn of seat 0 with a
    swap, move or protect card in the market, when seat 0 places at position 7 each time and the bot
    is seeded as ``cardtable play`` seeds it."""
    for seed in range(1, 60):
        state = cardtable.make("game-of-trains").new_game(seed=seed)
        bot = bots.make("random", seed=seed * 100 + 1)
        mine: list[str] = []
        while not state.is_terminal() and len(mine) < 12:
            if state.current_player() == 1:
                state.apply_action(bot.choose(state))
                continue
            obs = state.observation(0)
            if obs["phase"] == "turn":
                for card in obs["market"]:
                    if not card["ability"].startswith("REMOVE"):
                        position = 3 if card["ability"] == "MOVE_L2" else 1
                        return seed, mine, int(card["card"]), position
                mine.append("d")
                state.apply_action(state.string_to_action("draw"))
            else:
                move = next(m for m in map(state.action_to_string, state.legal_actions()) if m.endswith(" 7"))
                mine.append(move)
                state.apply_action(state.string_to_action(move))
    raise AssertionError("no seed found")


def test_position_prompt_and_preview_before_the_move(tmp_path: Path) -> None:
    seed, mine, card, position = first_turn_with_a_positional_card()
    child = spawn("play", "game-of-trains", "--seed", str(seed), cwd=tmp_path)
    for move in mine:
        child.expect(PROMPT)
        child.sendline(move)
        if move != "d":
            child.expect(CONFIRM)
            child.sendline("y")
    child.expect("Type d to draw, or a market card's number")
    child.expect(PROMPT)
    child.sendline(str(card))
    child.expect(f"{card} needs a position: type '{card} P' with P from [1-7] to [1-7] \\((→2|←2|⇄1|⇄2|◆) ")
    child.expect(PROMPT)
    child.sendline(f"{card} {position}")
    child.expect(f"After use {card} \\(.. at {position}\\):")
    child.expect(CONFIRM)
    child.sendline("n")
    child.expect("move not made")
    child.expect(PROMPT)
    child.sendline(f"{card} {position}")
    child.expect(CONFIRM)
    child.sendline("")
    child.expect(f"You use {card} from the market: ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before


def test_whole_game_to_the_end_with_save_and_replay(tmp_path: Path) -> None:
    child = spawn(
        "play",
        "game-of-trains",
        "--players",
        "3",
        "--seed",
        "4",
        "--turn-limit",
        "40",
        "--save",
        "game.json",
        cwd=tmp_path,
    )
    answered = 0
    while True:
        index = child.expect([PROMPT, CONFIRM, "Final standings", pexpect.EOF])
        if index >= 2:
            break
        child.sendline(first_legal(child.before) if index == 0 else "y")
        answered += 1
    assert index == 2 and answered > 10
    child.expect("Record written to game.json")
    child.expect(pexpect.EOF)
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["result"] is not None and record["players"][0] == "you"
    state = cardtable.replay(record)
    assert state.is_terminal()

    replay = spawn("replay", "game.json", cwd=tmp_path)
    replay.logfile_read = io.StringIO()
    replay.expect(r"Cards dealt: (you|random bot) plays? first")
    replay.expect(r"You place \d+ at position \d")
    replay.expect(r"(You draw|random bot draws) a card")
    replay.expect("Final standings")
    replay.expect(pexpect.EOF)
    told = replay.logfile_read.getvalue()
    assert "Traceback" not in told and "only you see it" not in told  # a replay names no drawn card
