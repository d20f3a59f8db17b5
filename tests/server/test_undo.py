"""Undo within a turn (``server/services/held.py``): the person to act takes back the steps of their turn
in progress; nobody else is ever sent a step taken back (or any step before the turn's end makes it
final); a card drawn makes the steps so far final."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from .helpers import Player, bots, make_settings, receive, send, watch
from .live_server import Client, serving

Message = dict[str, Any]
CABOOSES = "cabooses-in-the-corner"


def people_at(player: Callable[..., Player], game: str) -> tuple[int, list[Any], list[Message]]:
    """A two-person table of ``game``: its id, the sockets of seat 0, seat 1 and a spectator, and the first
    message each got. In Cabooses in the Corner, a table whose first turn offers a card to play (the steps
    these tests take back are plays; about one deal in 24 offers only moves first)."""
    people = [player(name) for name in ("ana", "bob", "cat")]
    while True:
        table = people[0].create(game, options={"players": 2}, seats=[{"kind": "me"}, {"kind": "open"}])
        people[1].http.post(f"/api/tables/{table['id']}/join", json={"seat": 1})
        sockets = [p.socket().__enter__() for p in people]
        first = [watch(ws, table["id"]) for ws in sockets]
        if game != CABOOSES or has_a_play(first[0]["moves"] or first[1]["moves"]):
            return table["id"], sockets, first
        for ws in sockets:
            ws.__exit__(None, None, None)


def has_a_play(moves: list[str]) -> bool:
    return any(move.startswith("play ") for move in moves)


def test_a_step_taken_back_restores_the_table_and_nobody_else_ever_sees_it(
    player: Callable[..., Player],
) -> None:
    table, sockets, first = people_at(player, CABOOSES)
    mover = 0 if first[0]["moves"] else 1
    me, start = sockets[mover], first[mover]
    plays = [move for move in start["moves"] if move.startswith("play ")]
    taken_back, kept = plays[0], plays[-1]

    send(me, type="move", table=table, version=start["version"], move=taken_back)
    step = receive(me)
    assert step["held"] == 1 and step["version"] == start["version"] + 1
    assert (
        len(step["observation"]["hand"]) == len(start["observation"]["hand"]) - 1 and "end" in step["moves"]
    )

    send(me, type="undo", table=table, version=step["version"])
    back = receive(me)
    assert back["held"] == 0 and back["version"] == start["version"]
    assert back["observation"] == start["observation"] and back["moves"] == start["moves"]

    send(me, type="move", table=table, version=back["version"], move=kept)
    send(me, type="move", table=table, version=receive(me)["version"], move="end")
    final = receive(me)
    assert final["held"] == 0 and final["version"] == start["version"] + 2 and not final["moves"]
    for audience, ws in enumerate(sockets):
        if ws is not me:  # their first message since watching is the turn, made final
            seen = receive(ws)
            assert seen["version"] == start["version"] + 2 and seen["to_act"] == 1 - mover, audience
            assert seen["observation"]["piles"] == final["observation"]["piles"]
    log = player("dan").http.get(f"/api/tables/{table}/log").json()
    steps = [entry["version"] for entry in log["entries"] if entry["kind"] == "move"]
    assert steps[-2:] == [start["version"] + 1, start["version"] + 2]  # the play kept, then the end
    for ws in sockets:
        ws.__exit__(None, None, None)


def test_nothing_to_take_back_is_refused_and_changes_nothing(player: Callable[..., Player]) -> None:
    table, sockets, first = people_at(player, CABOOSES)
    mover = 0 if first[0]["moves"] else 1
    for ws, shown in ((sockets[mover], first[mover]), (sockets[1 - mover], first[1 - mover])):
        send(ws, type="undo", table=table, version=shown["version"])
        error = receive(ws)
        assert error["type"] == "error" and error["code"] == "nothing-to-undo", error
    me, start = sockets[mover], first[mover]
    play = next(move for move in start["moves"] if move.startswith("play "))  # then ``end`` is legal
    send(me, type="move", table=table, version=start["version"], move=play)
    step = receive(me)
    send(me, type="undo", table=table, version=start["version"])  # answers a version no longer shown
    assert receive(me)["code"] == "stale"
    send(me, type="move", table=table, version=step["version"], move="end")
    assert receive(me)["version"] == step["version"] + 1
    for ws in sockets:
        ws.__exit__(None, None, None)


def test_a_card_drawn_makes_the_turn_so_far_final(player: Callable[..., Player]) -> None:
    """In Game of Trains a turn is ``draw`` then ``place``: the draw shows a hidden card, so it is stored
    and told to everybody at once, and taking it back is refused."""
    table, sockets, shown = people_at(player, "game-of-trains")
    while True:  # the setup placements (one step each: stored at once) until a turn begins
        mover = 0 if shown[0]["moves"] else 1
        if "draw" in shown[mover]["moves"]:
            break
        send(
            sockets[mover],
            type="move",
            table=table,
            version=shown[mover]["version"],
            move=shown[mover]["moves"][0],
        )
        shown = [receive(ws) for ws in sockets]
    version = shown[mover]["version"]
    send(sockets[mover], type="move", table=table, version=version, move="draw")
    drawn = [receive(ws) for ws in sockets]
    assert all(message["version"] == version + 1 and message["held"] == 0 for message in drawn)
    assert drawn[mover]["observation"]["drawn"] is not None
    send(sockets[mover], type="undo", table=table, version=version + 1)
    error = receive(sockets[mover])
    assert error["code"] == "revealed" and "revealed" in error["detail"]
    for ws in sockets:
        ws.__exit__(None, None, None)


def test_stepping_away_makes_the_steps_held_final_for_the_stand_in(player: Callable[..., Player]) -> None:
    """Handing the seat to the stand-in commits the turn's steps held: it goes on from them, and everybody
    is told them then."""
    table, sockets, first = people_at(player, CABOOSES)
    mover = 0 if first[0]["moves"] else 1
    me, start = sockets[mover], first[mover]
    move = next(move for move in start["moves"] if move.startswith("play "))
    send(me, type="move", table=table, version=start["version"], move=move)
    assert receive(me)["held"] == 1
    send(me, type="away", table=table)
    seen = receive(sockets[2])
    assert seen["version"] == start["version"] + 1
    assert seen["observation"]["hand_sizes"][mover] == len(start["observation"]["hand"]) - 1
    for ws in sockets:
        ws.__exit__(None, None, None)


def test_when_the_time_runs_out_the_steps_held_are_made_final_and_the_stand_in_goes_on(
    tmp_path: Path,
) -> None:
    """The clock of a turn in progress: each held step starts the decision's time anew, as a stored move
    would; when it runs out the steps held are stored and told to everybody, and the stand-in goes on
    from them."""
    with serving(make_settings(tmp_path)) as url:
        ana, cat = Client(url, "ana"), Client(url, "cat")
        options = {"players": 2, "first_dealer": 1}  # ana plays first
        while True:  # a deal whose first turn offers a card to play (``people_at``)
            table = ana.create(
                CABOOSES, options=options, seats=[{"kind": "me"}, *bots(count=1)], clock={"move_seconds": 2}
            )
            mine = ana.socket()
            start = mine.watch(table["id"])
            if has_a_play(start["moves"]):
                break
            mine.close()
        watching = cat.socket()
        public = watching.watch(table["id"])
        move = next(move for move in start["moves"] if move.startswith("play "))
        mine.send(type="move", table=table["id"], version=start["version"], move=move)
        held = mine.until(lambda m: m["type"] == "table")
        assert held["held"] == 1 and 1.5 < held["clock"]["turn_left"] <= 2
        told = watching.receive(timeout=20)  # the first thing the spectator hears of the turn
        assert told["version"] == start["version"] + 1 and told["held"] == 0
        assert told["observation"]["piles"] == held["observation"]["piles"] != public["observation"]["piles"]
        after = watching.until(lambda m: m["version"] > told["version"], timeout=20)  # the stand-in's step
        assert after["observation"]["hand_sizes"][0] <= told["observation"]["hand_sizes"][0]
        mine.close()
        watching.close()
