"""``cardtable replay`` tells a game as a reader holding the whole record wants it: every deal drawn with
every hand, each move numbered with the event a review cites, one hand at a time at a terminal, and Game
of Trains' final trains with why the winner won, winner first."""

from __future__ import annotations

import json
import os
import random
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest

import cardtable
from cardtable.bots.review import review
from cardtable.cli.review import worded
from cardtable.cli.views import view_for
from cardtable.core.records import replay_steps

from .terminal import CARDTABLE, ended, spawn

NAMES = ["ann", "bob", "cy", "dee", "eve"]
PAUSE = r"\n> "
Dealt = Callable[[dict[str, Any], int], list[str]]
"""The cards a seat was dealt, from its own observation."""


def played(game: str, seed: int = 3, **options: Any) -> cardtable.State:
    """A whole game of random legal moves."""
    state = cardtable.make(game, **options).new_game(seed=seed)
    moves = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(moves.choice(state.legal_actions()))
    return state


def record_of(state: cardtable.State) -> dict[str, Any]:
    return state.record(players=NAMES[: state.game.players])


def replayed(tmp_path: Path, record: dict[str, Any], *args: str) -> str:
    """The replay's output through a pipe, stdin a terminal (so only the output decides that it does not
    wait), 200 columns wide."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    terminal, keyboard = os.openpty()
    try:
        done = subprocess.run(
            [CARDTABLE, "replay", *args, str(path)],
            stdin=keyboard,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
            check=True,
        )
    finally:
        os.close(terminal)
        os.close(keyboard)
    return "\n".join(line.rstrip() for line in done.stdout.splitlines())


def played_steps(record: dict[str, Any]) -> Iterator[cardtable.State]:
    """The state after each step of ``record`` (one state, moved on: read it before the next)."""
    return (step.state for step in replay_steps(record))


def in_order(line: str, words: list[str]) -> bool:
    """Whether ``words`` all stand in ``line``, in that order."""
    at = 0
    for word in words:
        at = line.find(word, at)
        if at < 0:
            return False
        at += len(word)
    return True


def hands(obs: dict[str, Any], seat: int) -> list[str]:
    return list(obs["hand"])


def layouts(obs: dict[str, Any], seat: int) -> list[str]:
    return [pile["top"] for pile in obs["layouts"][seat]]


def trains(obs: dict[str, Any], seat: int) -> list[str]:
    return [car["card"] for car in obs["trains"][seat]]


@pytest.mark.parametrize(
    ("game", "options", "step", "dealt", "mark"),
    [
        ("slobberhannes", {}, 0, hands, ""),
        ("mue", {"players": 4}, 0, hands, ""),
        ("troeven", {"version": 1, "start_points": 1}, 1, layouts, "▒"),  # dealt whole once trumps are called
        ("troeven", {"version": 2, "start_points": 1}, 1, hands, ""),
        ("cabooses-in-the-corner", {}, 0, hands, ""),
        ("game-of-trains", {"players": 3}, 0, trains, ""),
    ],
)
def test_the_deal_shows_every_seats_cards(
    tmp_path: Path, game: str, options: dict[str, Any], step: int, dealt: Dealt, mark: str
) -> None:
    record = record_of(played(game, **options))
    state = next(state for number, state in enumerate(played_steps(record)) if number == step)
    seen = [state.observation(seat) for seat in range(state.game.players)]
    view = view_for(game)
    lines = replayed(tmp_path, record).splitlines()
    for seat, obs in enumerate(seen):
        cards = [view.card_text(code).plain + mark for code in dealt(obs, seat)]
        row = next(line for line in lines if line.startswith(f"  {NAMES[seat]}:"))
        assert len(cards) >= 4 and in_order(row, cards), (row, cards)


def test_every_hand_is_drawn_at_its_deal(tmp_path: Path) -> None:
    record = record_of(played("slobberhannes", start_points=6))
    lines = replayed(tmp_path, record).splitlines()
    deals = [index for index, line in enumerate(lines) if line.startswith("Hand ") and ": " in line]
    assert len(deals) > 1
    for index in deals:
        assert [line.split(":")[0] for line in lines[index + 1 : index + 5]] == [
            f"  {name}" for name in NAMES[:4]
        ]


@pytest.mark.parametrize(
    ("game", "options"), [("troeven", {"start_points": 1}), ("mue", {"players": 3, "single_hand": True})]
)
def test_move_numbers_are_the_events_the_review_cites(
    tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    """The line numbered with a decision's event is the reviewed seat's move there (a card played: the
    card the review names)."""
    record = record_of(played(game, **options))
    result = review(record, 0, iterations=8, seed=0)
    worded(result, record)
    lines = replayed(tmp_path, record).splitlines()
    assert len(result["decisions"]) > 3
    for decision in result["decisions"]:
        numbered = next(line for line in lines if line.startswith(f"{decision['event']:>4}  "))
        assert numbered.startswith(f"{decision['event']:>4}  {NAMES[0]} "), numbered
        if " plays " in numbered:
            assert numbered.endswith(f" plays {decision['said']['played']}"), numbered


def test_a_terminal_waits_for_enter_between_hands_and_q_stops(tmp_path: Path) -> None:
    (tmp_path / "record.json").write_text(json.dumps(record_of(played("slobberhannes", start_points=6))))
    child = spawn("replay", "record.json", cwd=tmp_path)
    child.expect("Enter shows the next one; q")
    child.expect("Hand 1 ends")
    child.expect(PAUSE)
    with pytest.raises(pexpect.TIMEOUT):
        child.expect("Hand 2:", timeout=1.5)
    child.sendline("")
    child.expect("Hand 2:")
    child.expect("Hand 2 ends")
    child.expect(PAUSE)
    child.sendline("q")
    assert ended(child) == 0
    assert "Hand 3:" not in child.before and "Final standings" not in child.before


def test_all_tells_the_whole_game_at_a_terminal(tmp_path: Path) -> None:
    (tmp_path / "record.json").write_text(json.dumps(record_of(played("slobberhannes", start_points=6))))
    child = spawn("replay", "--all", "record.json", cwd=tmp_path)
    child.expect("Hand 2:")
    child.expect("Final standings")
    assert ended(child) == 0
    assert "Enter shows" not in child.before


def test_a_pipe_gets_the_whole_game(tmp_path: Path) -> None:
    output = replayed(tmp_path, record_of(played("slobberhannes", start_points=6)))
    assert "Hand 2:" in output and "Final standings" in output and "Enter shows" not in output


def test_game_of_trains_ends_with_the_final_trains_winner_first(tmp_path: Path) -> None:
    state = next(
        state
        for seed in range(40)
        if (state := played("game-of-trains", seed=seed, players=3)).observation(None)["winners"] == [1]
    )
    final = state.observation(None)["trains"]
    lines = replayed(tmp_path, record_of(state)).splitlines()
    start = lines.index("Final trains:")
    rows = [" < ".join(car["card"] for car in final[seat]) for seat in (1, 0, 2)]
    assert lines[start + 1] == f"  bob: {rows[0]}"
    assert [line.split(":")[0] for line in lines[start + 1 : start + 4]] == ["  bob", "  ann", "  cy"]
    assert all(">" in line for line in lines[start + 2 : start + 4])
    assert lines[start + 4].startswith("Won by bob: every car is higher than the one before it")
    standings = [line for line in lines[start:] if "│" in line]
    assert "bob" in standings[0] and "winner" in standings[0]
