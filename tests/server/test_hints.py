"""Hints through the websocket: "why can't I play this?" is answered with the engine's reason, for the asking
seat's own decision only; asked out of turn, the answer names whose turn it is and nothing about any hand."""

from __future__ import annotations

from pathlib import Path

from .helpers import bots, make_settings
from .live_server import Client, Message, Socket, my_turn, serving

PIQUET = [rank + suit for suit in "SHDC" for rank in "AKQJT987"]


def shown(card: str) -> str:
    """A piquet card as the table shows it in English: ``TD`` is ``10♦``."""
    return ("10" if card[0] == "T" else card[0]) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]


def why(ws: Socket, table: int, move: str) -> Message:
    ws.send(type="why", table=table, move=move)
    return ws.until(lambda m: m["type"] == "hint" and m["move"] == move)


def test_the_reason_is_the_engines_and_agrees_with_the_legal_moves(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(options={"first_leader": 1, "start_points": 6}, seats=[{"kind": "me"}, *bots()])
        tid = table["id"]
        ws = ana.socket()
        state = ws.until(my_turn) if not (first := ws.watch(tid))["moves"] else first
        followed = False
        for _ in range(8):  # tricks, until one where ana holds cards she may not play
            hand, moves = state["observation"]["hand"], state["moves"]
            for card in PIQUET:
                hint = why(ws, tid, card)
                assert hint["legal"] == (card in moves) and (hint["reason"] is None) == (card in moves)
                if card not in hand:  # said to ana, the card as the table shows it
                    assert hint["reason"] == f"You cannot play {shown(card)}: it is not in their hand"
            blocked = [card for card in hand if card not in moves]
            if blocked:
                reason = why(ws, tid, blocked[0])["reason"]
                ws.send(type="move", table=tid, version=state["version"], move=blocked[0])
                refused = ws.until(lambda m: m["type"] == "error")
                # the API's detail is the engine's English, the hint the same reason said to ana
                assert refused["code"] == "illegal" and refused["detail"].startswith(
                    f"seat 0 cannot play {blocked[0]}: "
                )
                assert reason.startswith(f"You cannot play {shown(blocked[0])}: ") and "was led" in reason
                followed = True
                break
            ws.send(type="move", table=tid, version=state["version"], move=moves[0])
            state = ws.until(my_turn)
        assert followed
        ws.close()


def test_out_of_turn_the_answer_tells_nothing_about_other_hands(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, bot_delay=5)) as url:  # the bots wait: seat 1 stays to act
        ana = Client(url, "ana")
        table = ana.create(options={"first_leader": 1}, seats=[{"kind": "me"}, *bots()])
        ws = ana.socket()
        ws.watch(table["id"])
        answers = {card: why(ws, table["id"], card) for card in PIQUET}
        assert all(  # seat 1 of the API is "seat 2" to people, as the table's seat list says
            not a["legal"] and a["reason"] == "it is not your turn: seat 2 is to play"
            for a in answers.values()
        )
        ws.close()


def test_a_word_that_is_no_move_is_answered_for_the_moves_that_use_it(tmp_path: Path) -> None:
    """In Cabooses a card is played with a destination (``play R4 N``): the answer to a card says why none
    of its moves may be made, and a card with a legal move is legal."""
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(
            "cabooses-in-the-corner", options={"players": 2}, seats=[{"kind": "me"}, *bots(count=1)]
        )
        ws = ana.socket()
        first = ws.watch(table["id"])
        state = first if first["moves"] else ws.until(my_turn)
        playable = {move.split()[1] for move in state["moves"] if move.startswith("play ")}
        answers = {card: why(ws, table["id"], card) for card in state["observation"]["hand"]}
        assert {card for card, a in answers.items() if a["legal"]} == playable
        assert all(a["reason"] for a in answers.values() if not a["legal"])
        assert (
            why(ws, table["id"], "ZZ")["reason"]
            == "'ZZ' is neither a move nor a card of cabooses-in-the-corner"
        )
        ws.close()
