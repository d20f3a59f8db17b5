"""The game log in each reader's language: at one table a Dutch player reads Dutch, over HTTP and in the
table messages of the socket, while an English player and a French spectator read theirs; each step is
worded once per audience and language read, however many read it; and a message another server sent
without the reader's language is worded for them (``TableService.reworded``)."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.narration.words import player_names
from cardtable.server.app import create_app
from cardtable.server.pubsub_redis import LISTENERS_SECONDS, decode, encode
from cardtable.server.services import game_log
from cardtable.server.services.game_log import game_log as told_log
from cardtable.server.services.updates import TableUpdate

from .helpers import Player, finished_record, make_settings, receive, send, watch
from .test_cluster import table_at
from .test_game_log import pushed_log

OPTIONS = {"players": 3, "start_points": 6}
LANGUAGES = {"Anna": "nl", "Ben": "en", "Cleo": "en", "Watcher": "fr"}
"""Each person and the language their browser asks for (the ``lang`` cookie of the header's switch)."""


def people_at_a_table(player: Callable[..., Player]) -> tuple[list[Player], int]:
    """Anna (Dutch), Ben and Cleo (English) seated, and a French spectator, each with their cookie."""
    people = [player(name) for name in LANGUAGES]
    for person, language in zip(people, LANGUAGES.values(), strict=True):
        person.http.cookies.set("lang", language)
    table = people[0].create(
        "slobberhannes", options=OPTIONS, seats=[{"kind": "me"}] + [{"kind": "open"}] * 2
    )
    for seat, person in enumerate(people[1:3], start=1):
        assert person.http.post(f"/api/tables/{table['id']}/join", json={"seat": seat}).status_code == 200
    return people, table["id"]


def test_each_reader_follows_the_log_in_their_language_over_http_and_the_socket(
    player: Callable[..., Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    people, table = people_at_a_table(player)
    sockets = [person.socket().__enter__() for person in people]
    inbox = [[watch(ws, table)] for ws in sockets]
    starts = [person.http.get(f"/api/tables/{table}/log").json() for person in people]
    worded: list[tuple[int, int | None, str]] = []
    step_words = game_log.step_words

    def counted(narrator: Any, told: Any, viewer: int | None, *rest: Any) -> Any:
        worded.append((told.step, viewer, narrator.language))
        return step_words(narrator, told, viewer, *rest)

    monkeypatch.setattr(game_log, "step_words", counted)
    rng = random.Random(11)
    while inbox[0][-1]["status"] != "over":
        mover = next(seat for seat in range(3) if inbox[seat][-1]["moves"])
        last = inbox[mover][-1]
        send(
            sockets[mover], type="move", table=table, version=last["version"], move=rng.choice(last["moves"])
        )
        for audience, ws in enumerate(sockets):
            inbox[audience].append(receive(ws))
    monkeypatch.undo()
    for ws in sockets:
        ws.__exit__(None, None, None)
    assert {language for _, _, language in worded} == {"en", "nl", "fr"}
    assert len(worded) == len(set(worded)), "a step worded twice for one audience and language"

    record = people[0].http.get(f"/api/tables/{table}/record").json()
    labels = ["Anna", "Ben", "Cleo"]
    for seat, (person, start, messages) in enumerate(zip(people, starts, inbox, strict=True)):
        language = LANGUAGES[person.user["name"]]
        entries, sheet = pushed_log(start, messages)
        asked = person.http.get(f"/api/tables/{table}/log").json()  # the finished game, from its record
        assert entries == asked["entries"] and sheet == asked["sheet"] and len(sheet) >= 2
        viewer = seat if seat < 3 else None
        expected = told_log(record, viewer, player_names(labels, language=language), language=language)
        assert [entry["text"] for entry in entries] == [entry.text for entry in expected]
    dutch, english, french = (pushed_log(starts[i], inbox[i])[0] for i in (0, 1, 3))
    assert dutch[0]["text"].startswith("Ronde 1: ") and english[0]["text"].startswith("Hand 1: ")
    assert any(" speelt " in entry["text"] for entry in dutch)
    assert not any(" plays " in entry["text"] for entry in dutch + french)
    assert any(" plays " in entry["text"] for entry in english)
    assert any(" joue " in entry["text"] for entry in french)
    assert [len(log) for log in (dutch, english, french)] == [len(dutch)] * 3
    replay = people[0].http.get(f"/api/replays/tables/{table}/log").json()
    assert replay["entries"][0]["text"].startswith("Ronde 1: ")


def test_an_update_without_the_readers_language_is_worded_for_them(player: Callable[..., Player]) -> None:
    """As a message another server published, which worded only the languages read there: the socket
    words its log here, from the story this server holds, in the reader's language."""
    people, table = people_at_a_table(player)
    with people[0].socket() as anna, people[1].socket() as ben, people[2].socket() as cleo:
        first = [watch(ws, table) for ws in (anna, ben, cleo)]
        mover = first[0]["to_act"]
        move = first[mover]["moves"][0]
        send((anna, ben, cleo)[mover], type="move", table=table, version=first[mover]["version"], move=move)
        dutch, english, _ = receive(anna), receive(ben), receive(cleo)
        tables = people[0].http.app.state.services.tables  # type: ignore[attr-defined]
        assert tables.live.get(table).languages == ("nl",), "its updates are worded in Dutch too"
    deadline = time.monotonic() + 10
    while tables.live.get(table).languages:  # the sockets close: nobody reads Dutch there any more
        assert time.monotonic() < deadline, "a language nobody reads is still worded"
        time.sleep(0.02)
    assert dutch["log"] != english["log"] and dutch["version"] == english["version"]
    seat_users = (people[0].id, people[1].id, None)
    texts = {0: english_text(dutch, english), 1: english_text(english, english)}
    from_elsewhere = TableUpdate(table, dutch["version"], seat_users, texts)
    assert from_elsewhere.unworded(people[0].id, "nl") and not from_elsewhere.unworded(people[1].id, "en")
    assert json.loads(tables.reworded(from_elsewhere, people[0].id, "nl")) == dutch


def english_text(message: dict[str, Any], english: dict[str, Any]) -> str:
    """``message`` as a text carrying the English log."""
    return json.dumps(
        {**message, "log": english["log"], "log_sheet": english["log_sheet"]}, separators=(",", ":")
    )


def test_an_updates_words_in_other_languages_cross_to_the_other_servers() -> None:
    update = TableUpdate(
        7, 12, (3, None), {0: '{"log":["en"]}', None: "{}"}, None, {"nl": {0: '{"log":["nl"]}'}}
    )
    assert decode(encode(update)) == update
    assert decode(encode(update)).text_for(3, "nl") == '{"log":["nl"]}'


def test_an_uploads_unnamed_seats_are_named_in_the_readers_words(player: Callable[..., Player]) -> None:
    reader = player("Lotte")
    reader.http.cookies.set("lang", "nl")
    answer = reader.http.post("/api/replays/uploads", json=finished_record())
    uploaded = answer.json()["source"].split("/")[1]
    replay = reader.http.get(f"/api/replays/uploads/{uploaded}")
    log = reader.http.get(f"/api/replays/uploads/{uploaded}/log")
    names = ["plaats 1", "plaats 2", "plaats 3"]
    assert answer.json()["players"] == replay.json()["players"] == log.json()["names"] == names
    assert log.json()["entries"][0]["text"].startswith("Ronde 1: ")
    for response in (answer, replay, log):  # a shared cache keeps each language apart
        assert {"Cookie", "Accept-Language"} <= set(response.headers["vary"].replace(" ", "").split(","))


def test_a_dutch_spectator_on_another_instance_reads_dutch_from_moves_made_in_english(
    tmp_path: Path, postgres_url: str, redis_url: str, prefix: str
) -> None:
    """The players' instance words its updates in English only (nobody reads Dutch there): the spectator's
    instance words the log of each update it passes on in Dutch, as its own log request says it."""
    settings = make_settings(tmp_path, database_url=postgres_url, redis_url=redis_url, redis_prefix=prefix)
    one, two = create_app(settings), create_app(settings)
    with TestClient(one), TestClient(two):
        people = [Player(one, name) for name in ("Anna", "Ben", "Cleo")]
        table = people[0].create(
            "slobberhannes", options=OPTIONS, seats=[{"kind": "me"}, *[{"kind": "open"}] * 2]
        )["id"]
        for seat, person in enumerate(people[1:], start=1):
            assert person.http.post(f"/api/tables/{table}/join", json={"seat": seat}).status_code == 200
        watcher = Player(two, "Wim")
        watcher.http.cookies.set("lang", "nl")
        with contextlib.ExitStack() as stack:
            movers = [stack.enter_context(person.socket()) for person in people]
            follower = stack.enter_context(watcher.socket())
            latest = [watch(ws, table) for ws in movers]
            start = watch(follower, table)
            time.sleep(LISTENERS_SECONDS * 1.5)  # one learns that two listens before the first move
            pushed = []
            for _ in range(8):
                mover = next(seat for seat in range(3) if latest[seat]["moves"])
                now = latest[mover]
                send(movers[mover], type="move", table=table, version=now["version"], move=now["moves"][0])
                latest = [table_at(ws, now["version"] + 1) for ws in movers]
                pushed.append(table_at(follower, latest[0]["version"]))
        asked = watcher.http.get(f"/api/tables/{table}/log", params={"since": start["version"]}).json()
        entries = [entry for message in pushed for entry in message["log"]]
        assert entries == asked["entries"] and any(" speelt " in entry["text"] for entry in entries)
        assert not any(" plays " in entry["text"] for entry in entries)
        assert any(" plays " in entry["text"] for message in latest for entry in message["log"])
