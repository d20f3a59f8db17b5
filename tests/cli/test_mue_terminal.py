"""Mü at the terminal, driven as a person would: one-line reasons for bad input, whole bids typed on
one line, trumps and partner named by a bare word, a whole game to the end, --save and replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
import pytest

import cardtable
from cardtable import bots
from cardtable.cli.views.mue import VIEW
from cardtable.core.game import State

from ..games.test_mue import bid, passes, stacked
from .terminal import PROMPT, spawn

HEADER = re.compile(r"— (auction|vice trump|chief trump|partner|trick \d+ of \d+) —")
GAME = ["--players", "4", "--end", "deals", "--deals", "1"]


def typed(phase: str, legal: list[str], room: int) -> str:
    """What the person types: in the auction as many cards as the limit allows, on one line; trumps
    and the partner as a bare word; otherwise the first legal move."""
    if phase == "auction":
        shows = [move.split()[1] for move in legal if move.startswith("show ")]
        if "pass" in legal and shows:
            return "show " + " ".join(shows[:room])
        return legal[0]
    if phase in ("vice trump", "chief trump", "partner"):
        return legal[0].split()[1]
    return legal[0]


def read_screen(screen: str) -> tuple[str, list[str], int]:
    """(phase, legal moves, cards the seat may still lay down) as the table printed them."""
    phase = HEADER.findall(screen)[-1]
    listed = re.sub(r"\s+", " ", screen.rsplit("(legal: ", 1)[1].split(")")[0])
    room = re.findall(r"may\s+lay\s+down\s+up\s+to\s+(\d+)\s+more", screen)
    return "trick" if phase.startswith("trick") else phase, listed.split(", "), int(room[-1]) if room else 0


def simulate(seed: int) -> tuple[State, list[str]]:
    """The game ``cardtable play mue --seed <seed>`` gives when the person types ``typed``: the bots
    are seeded as the command seeds them, and the typed lines go through the view's ``expand``."""
    state = cardtable.make("mue", players=4, end="deals", deals=1).new_game(seed=seed)
    players = {s: bots.make("random", seed=seed * 100 + s) for s in (1, 2, 3)}
    lines = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat != 0:
            state.apply_action(players[seat].choose(state))  # type: ignore[index]
            continue
        obs = state.observation(0)
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        room = obs["auction"]["limit"] - obs["auction"]["counts"][0] if obs["phase"] == "auction" else 0
        line = typed(obs["phase"].replace("_", " "), legal, room)
        lines.append(line)
        for move in VIEW.expand(line, state, VIEW.choices(obs, legal)):
            state.apply_action(state.string_to_action(move))
    return state, lines


def seed_where_you_lead_the_hand() -> int:
    """A seed where the person bids several cards in one line, becomes Chief and names a partner."""
    for seed in range(1, 60):
        state, lines = simulate(seed)
        several = any(len(line.split()) > 2 for line in lines)
        if several and any(line["chief"] == 0 and line["partner"] for line in state.observation(0)["sheet"]):
            return seed
    raise AssertionError("no seed found")


def expand(state: State, text: str) -> list[str]:
    seat = state.current_player()
    obs = state.observation(seat)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    return VIEW.expand(text, state, VIEW.choices(obs, legal))


def test_a_line_of_cards_is_one_whole_bid() -> None:
    """records.md ``mue``: the shows of one turn and its ``done``, from codes or hidden-card numbers."""
    state = stacked(5, {0: ["R5"], 1: ["R1", "B9", "B3"]}, bid("R5"))
    assert expand(state, "show b9 B3") == ["show B9", "show B3", "done"]
    assert expand(state, "B9, R1") == ["show B9", "show R1", "done"]
    hidden = state.observation(1)["hand"]  # nothing face up yet: numbered as the hand is sorted
    assert expand(state, "1 3") == [f"show {hidden[0]}", f"show {hidden[2]}", "done"]
    assert expand(state, "p") == ["pass"]
    before = state.clone()
    with pytest.raises(ValueError, match="seat 1 cannot show B3: at most 2 face up this turn"):
        expand(state, "R1 B9 B3")
    assert state == before


def test_trumps_and_partner_are_named_by_a_bare_word() -> None:
    """§4.3–§4.5 at the keyboard: ``r``, ``7``, ``none``, a seat number; other words reach the rules."""
    state = stacked(
        4, {0: ["R5", "R7"], 1: ["G5"]}, [*bid("R5"), *bid("G5"), *passes(2), *bid("R7"), *passes(4)]
    )
    assert expand(state, "g") == ["trump G"] and expand(state, "Trump 5") == ["trump 5"]
    with pytest.raises(ValueError, match="seat 1 cannot pass: the auction is over"):
        expand(state, "pass")
    play(state, ["trump G"])
    assert expand(state, "7") == ["trump 7"] and expand(state, "NONE") == ["trump none"]
    play(state, ["trump none"])
    assert expand(state, "3") == ["partner 3"]
    with pytest.raises(ValueError, match="seat 0 cannot name partner 1: seat 1 is the Vice"):
        expand(state, "1")
    play(state, ["partner 2"])
    first = state.observation(0)["hand"][0]
    assert expand(state, "1") == [first] and expand(state, f"play {first.lower()}") == [first]


def play(state: State, moves: list[str]) -> None:
    for move in moves:
        state.apply_action(state.string_to_action(move))


def test_bad_input_gets_a_one_line_reason_and_nothing_is_shown(tmp_path: Path) -> None:
    """records.md ``mue``: a refused line makes no move; the opening bid is one card."""
    child = spawn("play", "mue", "--seed", "7", "--first-dealer", "0", *GAME, cwd=tmp_path)
    child.expect(PROMPT)
    for line, reason in [
        ("zz", "'zz' is not a card"),
        ("done", "You cannot say done: no card shown this turn"),
        ("show", "name the cards to show"),
        ("1 1", "the same card number is named twice"),
        ("99", "there is no card 99: pick 1 to 15"),
        ("1 2", "You cannot show .*: at most 1 face up this turn"),
    ]:
        child.sendline(line)
        child.expect(r"✗ " + reason)
        child.expect(PROMPT)
        assert "\n" not in child.before.strip(), child.before  # one line, then the prompt again
    child.sendline("1")
    child.expect(r"You show (red|blue|green|yellow|purple) \d \(1 face up\)")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before


def test_whole_game_from_the_keyboard_with_save_and_replay(tmp_path: Path) -> None:
    """A bid of several cards typed on one line becomes ``show`` moves and one ``done`` in the record;
    trumps and the partner are typed as a bare word; the game ends and its record replays."""
    seed = seed_where_you_lead_the_hand()
    expected, lines = simulate(seed)
    child = spawn("play", "mue", "--seed", str(seed), *GAME, "--save", "game.json", cwd=tmp_path)
    seen: set[str] = set()
    answered = []
    while child.expect([PROMPT, "Final standings"]) == 0:
        phase, legal, room = read_screen(child.before)
        seen.add(phase)
        answered.append(typed(phase, legal, room))
        child.sendline(answered[-1])
    child.expect("Record written to game.json")
    child.expect(pexpect.EOF)
    assert answered == lines and {"auction", "chief trump", "partner", "trick"} <= seen

    record = json.loads((tmp_path / "game.json").read_text())
    assert record["events"] == expected.record()["events"] and record["result"] is not None
    bid = next(line for line in lines if len(line.split()) > 2).split()[1:]
    mine = [e["move"] for e in record["events"] if e.get("seat") == 0]
    start = mine.index(f"show {bid[0]}")
    assert mine[start : start + len(bid) + 1] == [f"show {card}" for card in bid] + ["done"]
    assert cardtable.replay(record).is_terminal()

    replay = spawn("replay", "--all", "game.json", cwd=tmp_path)
    replay.expect(r"Hand 1: (you|random bot \(seat \d\)) deals?")
    replay.expect(r"You show (red|blue|green|yellow|purple) \d(, [a-z]+ \d)* \(\d+ face up\)")
    replay.expect(r"You \(Chief\) name (trump|no trump)")
    replay.expect(r"takes? the trick \(")
    replay.expect(r"Hand \d ends \(")
    replay.expect("Final standings")
    replay.expect(pexpect.EOF)
    assert "Traceback" not in replay.before
