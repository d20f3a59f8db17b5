"""Troeven at the terminal, driven as a person would: the trump call, bad input, the version 1 layouts
on screen, whole games of both versions, --save and replay."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pexpect
import pytest

import cardtable
from cardtable import bots

from .terminal import PROMPT, ended, play_through, spawn

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def first_human_turn(seed: int, version: int) -> cardtable.State:
    """The state at seat 0's first decision, with the bot seeded as ``cardtable play --seed`` seeds it."""
    state = cardtable.make("troeven", version=version).new_game(seed=seed)
    bot = bots.make("random", seed=seed * 100 + 1)
    while state.current_player() != 0:
        state.apply_action(bot.choose(state))
    return state


def seed_where(version: int, phase: str, illegal_card: bool = False) -> int:
    for seed in range(1, 60):
        state = first_human_turn(seed, version)
        obs = state.observation(0)
        legal = {state.action_to_string(a) for a in state.legal_actions()}
        if obs["phase"] == phase and (not illegal_card or set(obs["hand"]) - legal):
            return seed
    raise AssertionError("no seed found")


def one_line_reason(child: pexpect.spawn, start: str) -> str:
    """Expect a refusal starting with ``start``, then a new prompt; the reason must fit one line."""
    child.expect(PROMPT)
    lines = [line for line in child.before.splitlines() if line.strip()]
    assert len(lines) == 2 and lines[0].strip() != "" and lines[1].startswith("✗ " + start), lines
    return lines[1]


def test_trump_call_by_suit_word_and_bad_input_get_one_line_reasons(tmp_path: Path) -> None:
    """§4 CHOOSE_TRUMP at the table: a typo, a card before the call and a bad number each get one line
    and a new prompt; a suit word calls trumps."""
    seed = seed_where(version=1, phase="trump")
    child = spawn("play", "troeven", "--version", "1", "--seed", str(seed), cwd=tmp_path)
    child.expect("Call trumps")
    child.expect(PROMPT)
    child.sendline("zz")
    one_line_reason(child, "'zz' is no suit: call trumps with S, H, D or C")
    child.sendline("7s")
    one_line_reason(child, "You cannot play 7♠: trumps must be called first")
    child.sendline("9")
    one_line_reason(child, "there is no choice 9")
    child.sendline("hearts")
    child.expect("You call trumps: ♥")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before


def test_illegal_face_up_card_is_refused_with_the_rule(tmp_path: Path) -> None:
    """§4.1 V1: picking, by number or by name, a face-up card the follow rule forbids."""
    seed = seed_where(version=1, phase="play", illegal_card=True)
    state = first_human_turn(seed, 1)
    tops = [p["top"] for p in state.observation(0)["layouts"][0] if p["top"] is not None]
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    card = next(c for c in tops if c not in legal)
    child = spawn("play", "troeven", "--version", "1", "--seed", str(seed), cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline(str(tops.index(card) + 1))
    reason = one_line_reason(child, f"You cannot play {shown(card)}: ")
    assert re.search(
        r": must follow \w+(, the trumps| or play a trump) \(you hold (10|[7-9JQKA])[♠♥♦♣]\)$", reason
    ), reason
    child.sendline(card.lower())
    one_line_reason(child, f"You cannot play {shown(card)}: ")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_layout_version_shows_both_layouts_as_piles_trumps_trick_and_scores(tmp_path: Path) -> None:
    """The issue: version 1 shows both layouts as piles (face-up card, face-down count), the trump
    suit, the trick and the scores."""
    seed = seed_where(version=1, phase="play")
    obs = first_human_turn(seed, 1).observation(0)
    child = spawn("play", "troeven", "--version", "1", "--seed", str(seed), cwd=tmp_path)
    child.expect(PROMPT)
    screen = child.before
    child.sendline("q")
    child.expect(pexpect.EOF)

    table = screen[screen.rindex("Troeven v1: layouts — round 1, trick 1 of 16") :]
    assert f"Trumps: {SYMBOLS[obs['trump']]}" in table
    assert re.search(r"▶ 0 \(you\)\s+7\s+0\s+0\s+dealer", table) and re.search(
        r"1\s+7\s+0\s+0\s+caller", table
    )
    lead = obs["trick"][0]["card"]
    assert f"On the table: seat 1 {shown(lead)}" in table
    lines = [line.strip() for line in table.splitlines()]
    for seat, title in ((1, "Seat 1's layout"), (0, "Seat 0's layout (you)")):
        start = lines.index(title)
        assert lines[start + 1].split() == ["pile", *map(str, range(1, 9))]
        up, down = lines[start + 2].split(), lines[start + 3].split()
        assert up[0] == "up" and down[0] == "under"
        piles = obs["layouts"][seat]
        assert up[1:] == [shown(p["top"]) if p["top"] else "·" for p in piles]
        assert down[1:] == ["▒" if p["face_down"] else "–" for p in piles]
    assert sum(p["face_down"] for p in obs["layouts"][1]) == 7  # the lead uncovered one card


def shown(code: str) -> str:
    """How the table writes a card: 10♣ for TC."""
    return ("10" if code[0] == "T" else code[0]) + SYMBOLS[code[1]]


@pytest.mark.parametrize("version", [1, 2])
def test_whole_match_with_save_and_replay(tmp_path: Path, version: int) -> None:
    """A whole match played by answering prompts, saved, and replayed by ``cardtable replay``."""
    child = spawn(
        "play", "troeven", "--version", str(version), "--start-points", "2", "--seed", "11",
        "--save", "game.json", cwd=tmp_path,
    )  # fmt: skip
    assert play_through(child) >= 16
    child.expect("Record written to game.json")
    child.expect(pexpect.EOF)
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["result"] is not None and record["options"]["version"] == version
    assert cardtable.replay(record).is_terminal()

    replay = spawn("replay", "--all", "game.json", cwd=tmp_path)
    replay.logfile_read = io.StringIO()
    replay.expect("Players: you, random bot")
    replay.expect(r"Round 1: (you|random bot) deals?, (you|random bot) calls? trumps")
    replay.expect(r"(You call|random bot calls) trumps: [♠♥♦♣]")
    if version == 1:
        replay.expect(r"turns? up (10|[7-9JQKA])[♠♥♦♣] on pile \d")
    replay.expect(r"takes? the trick \((10|[7-9JQKA])[♠♥♦♣] (10|[7-9JQKA])[♠♥♦♣]\)")
    if version == 2:
        replay.expect(r"(You draw|random bot draws) a card")
    replay.expect(r"Round 1 ends \(card points \d+–\d+")
    replay.expect("Final standings")
    ended(replay)
    assert replay.exitstatus == 0
    assert "only you see it" not in replay.logfile_read.getvalue()  # a replay names no drawn card
