"""Table chat through the websocket: a line reaches everyone following the table (players and spectators)
as typed text, control characters removed; lines are length- and rate-limited; a newcomer gets the recent
lines."""

from __future__ import annotations

from pathlib import Path

from .helpers import bots, make_settings
from .live_server import Client, Message, Socket, serving


def chat(ws: Socket) -> Message:
    return ws.until(lambda m: m["type"] == "chat")


def error(ws: Socket) -> Message:
    return ws.until(lambda m: m["type"] == "error")


def test_a_line_reaches_players_and_spectators_as_text(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, eve = Client(url, "ana"), Client(url, "eve <i>")
        table = ana.create(seats=[{"kind": "me"}, *bots()])
        player, spectator = ana.socket(), eve.socket()
        player.watch(table["id"])
        spectator.watch(table["id"])
        player.send(type="chat", table=table["id"], text="  <script>alert(1)</script>\n&amp; hi\u202e\x07  ")
        heard = [chat(player)["lines"], chat(spectator)["lines"]]
        assert heard[0] == heard[1] and len(heard[0]) == 1
        line = heard[0][0]
        assert (
            line["text"] == "<script>alert(1)</script> &amp; hi"
            and line["name"] == "ana"
            and line["seat"] == 0
        )
        spectator.send(type="chat", table=table["id"], text="nice <b>play</b>")
        said = chat(player)["lines"][0]
        assert said["name"] == "eve <i>" and said["seat"] is None and said["text"] == "nice <b>play</b>"
        player.close()
        spectator.close()


def test_long_empty_and_misdirected_lines_are_refused(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(seats=[{"kind": "me"}, *bots()])
        ws = ana.socket()
        ws.watch(table["id"])
        ws.send(type="chat", table=table["id"], text="x" * 201)
        assert error(ws)["detail"] == "bad message: chat.text: String should have at most 200 characters"
        ws.send(type="chat", table=table["id"], text=" \t\x00 ")
        assert error(ws) == {
            "type": "error",
            "table": table["id"],
            "code": "empty-chat",
            "detail": "say something: the line is empty",
        }
        ws.send(type="chat", table=999, text="hello?")
        assert error(ws)["code"] == "unknown-table"
        ws.send(type="chat", table=table["id"], text="x" * 200)
        assert chat(ws)["lines"][0]["text"] == "x" * 200
        ws.close()


def test_a_fast_writer_is_slowed_down_and_nothing_is_stored(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, chat_lines=2, chat_window=60)) as url:
        ana = Client(url, "ana")
        table = ana.create(seats=[{"kind": "me"}, *bots()])
        ws = ana.socket()
        ws.watch(table["id"])
        for text in ("one", "two"):
            ws.send(type="chat", table=table["id"], text=text)
            assert chat(ws)["lines"][0]["text"] == text
        ws.send(type="chat", table=table["id"], text="three")
        refused = error(ws)
        assert refused["code"] == "too-many" and refused["detail"].startswith(
            "you are writing too fast: wait "
        )
        ws.close()
        again = ana.socket()
        again.watch(table["id"])
        assert [line["text"] for line in chat(again)["lines"]] == ["one", "two"]
        again.close()


def test_a_newcomer_gets_the_recent_lines_in_order(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, bo = Client(url, "ana"), Client(url, "bo")
        table = ana.create(seats=[{"kind": "me"}, {"kind": "open"}, *bots(count=2)])
        ws = ana.socket()
        quiet = ws.watch(table["id"])
        assert quiet["status"] == "open"
        for text in ("hello", "anyone?"):
            ws.send(type="chat", table=table["id"], text=text)
            assert chat(ws)["history"] is False, "a new line"
        newcomer = bo.socket()
        newcomer.send(type="watch", table=table["id"])
        assert newcomer.receive()["type"] == "table"
        history = newcomer.receive()
        assert history["history"] is True, "said before: a client tells of new lines only"
        assert history["type"] == "chat" and [(x["name"], x["text"]) for x in history["lines"]] == [
            ("ana", "hello"),
            ("ana", "anyone?"),
        ]
        ws.close()
        newcomer.close()
