"""The terminal table driven as a user would: bad input, the moves told, a whole game, --save, and
replay."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect

import cardtable
from cardtable import bots
from cardtable.core.cards import piquet_name

from .terminal import PROMPT, ended, play_through, spawn, text


def test_bad_input_gets_a_reason_and_a_new_prompt(tmp_path: Path) -> None:
    child = spawn("play", "slobberhannes", "--players", "4", "--seed", "7", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("zz")
    child.expect("'zz' is not a card")
    child.expect(PROMPT)
    child.sendline("99")
    child.expect("there is no choice 99")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before


def first_turn_with_an_illegal_card() -> tuple[int, int, str]:
    """(seed, number in the hand list, card) of seat 0's first turn holding a card it may not play,
    with the bots seeded as ``cardtable play`` seeds them."""
    for seed in range(1, 50):
        state = cardtable.make("slobberhannes", players=4).new_game(seed=seed)
        players = {s: bots.make("random", seed=seed * 100 + s) for s in (1, 2, 3)}
        while state.current_player() != 0:
            state.apply_action(players[state.current_player()].choose(state))
        hand = state.observation(0)["hand"]
        legal = {state.action_to_string(a) for a in state.legal_actions()}
        illegal = [card for card in hand if card not in legal]
        if illegal:
            return seed, hand.index(illegal[0]) + 1, illegal[0]
    raise AssertionError("no seed found")


def test_illegal_card_is_refused_with_the_rule(tmp_path: Path) -> None:
    seed, number, card = first_turn_with_an_illegal_card()
    child = spawn("play", "slobberhannes", "--seed", str(seed), cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline(str(number))
    child.expect(f"You cannot play {piquet_name(card)}: ")
    child.expect(PROMPT)
    child.sendline(card.lower())
    child.expect(f"You cannot play {piquet_name(card)}: ")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_whole_game_with_save_and_replay(tmp_path: Path) -> None:
    child = spawn(
        "play", "slobberhannes", "--players", "3", "--seed", "5", "--save", "game.json", cwd=tmp_path
    )
    assert play_through(child) > 10
    child.expect("Record written to game.json")
    child.expect(pexpect.EOF)
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["result"] is not None and record["players"][0] == "you"
    assert cardtable.replay(record).is_terminal()

    replay = spawn("replay", "--all", "game.json", cwd=tmp_path)
    replay.expect("Slobberhannes")
    replay.expect("slobberhannes --players 3 --start-points 10")
    replay.expect("Players: you, random bot \\(seat 1\\), random bot \\(seat 2\\)")
    replay.expect("\n\\s*\nHand 1: cards dealt, ")  # a deal starts a section
    replay.expect("You play ")  # the seat named "you" (play's default --name) reads as you
    replay.expect(r"random bot \(seat \d\) takes the trick \(")
    replay.expect(r"Hand 1 ends: .* · totals you \d+, random bot \(seat 1\) \d+")
    replay.expect("Hand 2: cards dealt")
    replay.expect("Game over: won by ")
    replay.expect("Final standings")
    replay.expect(pexpect.EOF)


def bots_first_moves(seed: int) -> tuple[list[str], str]:
    """The lines the bots' moves before seat 0's first turn are told in (``play --players 3``, bots
    seeded as ``cardtable play`` seeds them), and seat 0's first legal card."""
    state = cardtable.make("slobberhannes", players=3).new_game(seed=seed)
    players = {s: bots.make("random", seed=seed * 100 + s) for s in (1, 2)}
    told = []
    while (seat := state.current_player()) != 0:
        action = players[seat].choose(state)
        told.append(f"random bot (seat {seat}) plays {piquet_name(state.action_to_string(action))}")
        state.apply_action(action)
    return told, state.action_to_string(state.legal_actions()[0])


def test_the_table_tells_the_deal_and_each_move_in_card_symbols_and_says_you(tmp_path: Path) -> None:
    seed = next(seed for seed in range(1, 50) if bots_first_moves(seed)[0])
    bot_lines, mine = bots_first_moves(seed)
    child = spawn("play", "slobberhannes", "--players", "3", "--seed", str(seed), cwd=tmp_path)
    child.expect(PROMPT)
    screen = text(child.before)
    assert screen.lstrip().startswith("Hand 1: cards dealt, random bot (seat ") and "leads" in screen
    for line in bot_lines:
        assert line in screen.splitlines(), screen
    child.sendline(mine)
    child.expect(f"You play {piquet_name(mine)}\r?\n")
    child.expect(PROMPT)
    child.sendline("q")
    ended(child)
    assert "seat 0:" not in screen and "seat 1:" not in screen  # no move in bare notation


def test_replay_refuses_a_broken_record_naming_the_event(tmp_path: Path) -> None:
    state = cardtable.make("slobberhannes").new_game(seed=3)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    record = state.record()
    record["events"][3]["move"] = record["events"][1]["move"]  # a card already played
    (tmp_path / "bad.json").write_text(json.dumps(record))
    child = spawn("replay", "bad.json", cwd=tmp_path)
    child.expect("refused: event 3: ")
    ended(child)
    assert child.exitstatus == 1
