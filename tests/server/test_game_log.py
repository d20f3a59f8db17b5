"""The game log: told in words with the players' names, split by deals and results, and built only from
what its viewer may see. The leak checks follow ``test_no_leak``: at every step of whole games, no line of
a seat's log (since the last deal) names a card another seat holds, and a card drawn in secret is named
to its drawer alone. Then ``GET /api/tables/{id}/log`` and the replay logs, played through the server."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.narration import narrator_for
from cardtable.narration.words import player_names
from cardtable.server.services.game_log import Entry, game_log, tell

from .helpers import Player, bots, make_settings, receive, send, watch
from .live_server import Client, my_turn, over, serving

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]


def random_record(game: str, options: dict[str, Any], seed: int, limit: int = 10_000) -> dict[str, Any]:
    state = cardtable.make(game, **options).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and limit:
        state.apply_action(rng.choice(state.legal_actions()))
        limit -= 1
    return state.record()


def prefixes(record: dict[str, Any]) -> list[tuple[dict[str, Any], Any]]:
    """The record cut after every step (a running game's record), with a copy of the state there."""
    cuts = []
    for state, _, _ in cardtable.replay_steps(record):
        cut = {**record, "events": record["events"][: state.event_count()], "result": state.result()}
        cuts.append((cut, state.clone()))
    return cuts


def this_deal(entries: list[Entry]) -> list[Entry]:
    """The entries since the last deal (a new deal uses the same card codes again)."""
    starts = [i for i, entry in enumerate(entries) if entry.kind == "section"]
    return entries[starts[-1] + 1 :] if starts else entries


@pytest.mark.parametrize(
    ("game", "options"),
    [("slobberhannes", {"players": 4, "start_points": 6}), ("troeven", {"version": 2})],
)
def test_no_line_names_a_card_another_seat_holds(game: str, options: dict[str, Any]) -> None:
    record = random_record(game, options, seed=5, limit=300)
    narrator = narrator_for(game)
    players = cardtable.make(game, **options).players
    for cut, state in prefixes(record)[::3]:
        hands = [set(state.observation(seat)["hand"]) for seat in range(players)]
        for viewer in [*range(players), None]:
            text = " ".join(entry.text for entry in this_deal(game_log(cut, viewer, NAMES[:players])))
            words = set(text.replace("(", " ").replace(")", " ").split())
            hidden = set().union(*(hand for seat, hand in enumerate(hands) if seat != viewer))
            assert not {narrator.card(code) for code in hidden} & words, (viewer, state.event_count())


def test_a_drawn_car_is_named_to_its_drawer_only() -> None:
    record = random_record("game-of-trains", {}, seed=2, limit=120)
    draws = 0
    for cut, state in prefixes(record):
        drawer = state.current_player()
        drawn = state.observation(drawer)["drawn"] if drawer is not None else None
        if not drawn:
            continue
        draws += 1
        card = drawn["card"] if isinstance(drawn, dict) else drawn
        mine, theirs, public = (
            game_log(cut, seat, NAMES[:2])[-1].text for seat in (drawer, 1 - drawer, None)
        )
        assert mine == f"{NAMES[drawer]} draws {card} (only you see it)"
        assert theirs == public == f"{NAMES[drawer]} draws a card"
    assert draws > 3


@pytest.mark.parametrize("game", sorted(cardtable.games()))
def test_every_game_is_told_with_names_and_breaks(game: str) -> None:
    record = random_record(game, {}, seed=1)
    players = cardtable.make(game).players
    entries = game_log(record, 0, NAMES[:players])
    assert entries[0].kind == "section" and entries[-1].kind == "result"
    assert entries[-1].text.startswith("Game over: ")
    moves = [entry for entry in entries if entry.kind == "move"]
    assert moves and all(
        entry.text.startswith(NAMES[entry.seat]) for entry in moves if entry.seat is not None
    )
    assert [entry.step for entry in entries] == sorted(entry.step for entry in entries)
    if game in ("slobberhannes", "troeven", "mue"):
        assert any(entry.kind == "result" and " ends" in entry.text for entry in entries)


def test_slobberhannes_lines_read_as_players_say_them() -> None:
    record = random_record("slobberhannes", {"players": 3, "start_points": 6}, seed=3)
    entries = game_log(record, None, NAMES[:3])
    leader = record["events"][0]["deal"]["leader"]
    first = record["events"][1]["move"]
    assert entries[0].text == f"Hand 1: cards dealt, {NAMES[leader]} leads"
    assert entries[1].text == f"{NAMES[leader]} plays {narrator_for('slobberhannes').card(first)}"
    assert any(entry.text.startswith("Hand 1 ends: ") and "totals" in entry.text for entry in entries)
    taken = [entry.text for entry in entries if " takes the trick (" in entry.text]
    assert ": first trick −1" in taken[0] and sum("Q♣ −1" in text for text in taken) == sum(
        entry.kind == "section" for entry in entries
    ), "the first trick and the queen's trick of every hand say what they cost"


def test_names_of_bots_and_of_seats_sharing_a_name() -> None:
    assert player_names(["ana", "bot:easy", "bot:hard"]) == ["ana", "easy bot", "hard bot"]
    assert player_names(["bot:easy", "ana", "bot:easy"]) == ["easy bot (seat 1)", "ana", "easy bot (seat 3)"]


# -- through the server -----------------------------------------------------------------------------------


def test_the_log_endpoint_gives_each_caller_its_view(player: Callable[..., Player]) -> None:
    people = [player(name) for name in ("Alice", "Bob", "Carol")]
    table = people[0].create(
        "slobberhannes",
        options={"players": 3, "start_points": 6},
        seats=[{"kind": "me"}] + [{"kind": "open"}] * 2,
    )
    for seat, person in enumerate(people[1:], start=1):
        assert person.http.post(f"/api/tables/{table['id']}/join", json={"seat": seat}).status_code == 200
    watcher = player("Watcher")
    before = watcher.http.get(f"/api/tables/{table['id']}/log").json()
    assert before["seat"] is None and before["names"] == ["Alice", "Bob", "Carol"]
    sockets = [p.socket().__enter__() for p in people]
    latest = [watch(ws, table["id"]) for ws in sockets]
    rng = random.Random(4)
    moves = 0
    while latest[0]["status"] != "over":
        mover = next(seat for seat in range(3) if latest[seat]["moves"])
        send(
            sockets[mover],
            type="move",
            table=table["id"],
            version=latest[mover]["version"],
            move=rng.choice(latest[mover]["moves"]),
        )
        latest = [receive(ws) for ws in sockets]
        moves += 1
        if moves == 5:  # mid-game: each seat's log, and only what is new since a version
            logs = [p.http.get(f"/api/tables/{table['id']}/log").json() for p in people]
            assert [log["seat"] for log in logs] == [0, 1, 2]
            assert all(log["entries"][0]["kind"] == "section" for log in logs)
            version = latest[0]["version"]
            newest = (
                people[0].http.get(f"/api/tables/{table['id']}/log", params={"since": version - 1}).json()
            )
            assert newest["entries"] == [e for e in logs[0]["entries"] if e["version"] > version - 1]
            assert newest["entries"] and newest["entries"][-1]["version"] == version
    for ws in sockets:
        ws.__exit__(None, None, None)
    record = people[0].http.get(f"/api/tables/{table['id']}/record").json()
    for seat, person in enumerate(people):
        log = person.http.get(f"/api/tables/{table['id']}/log").json()
        assert log["entries"] == [
            {"step": e.step, "version": e.version, "kind": e.kind, "text": e.text, "seat": e.seat}
            for e in game_log(record, seat, ["Alice", "Bob", "Carol"])
        ]
        assert log["entries"][-1]["text"].startswith("Game over: ")
    public = watcher.http.get(f"/api/tables/{table['id']}/log").json()
    replay = watcher.http.get(f"/api/replays/tables/{table['id']}/log").json()
    assert replay["entries"] == public["entries"] and replay["names"] == ["Alice", "Bob", "Carol"]
    from_seat = watcher.http.get(f"/api/replays/tables/{table['id']}/log", params={"seat": 1}).json()
    assert from_seat["seat"] == 1 and from_seat["entries"][0]["kind"] == "section"
    assert watcher.http.get(f"/api/replays/tables/{table['id']}/log", params={"seat": 3}).status_code == 400
    assert watcher.http.get("/api/tables/999/log").status_code == 404


def test_a_running_tables_replay_log_is_refused(player: Callable[..., Player]) -> None:
    ana = player("Ana")
    table = ana.create(
        "slobberhannes", options={"players": 3}, seats=[{"kind": "me"}] + [{"kind": "open"}] * 2
    )
    assert ana.http.get(f"/api/replays/tables/{table['id']}/log").status_code == 409
    assert ana.http.get(f"/api/tables/{table['id']}/log").json()["entries"] == []


def test_the_log_is_in_the_api_schema(player: Callable[..., Player]) -> None:
    paths = player("Ana").http.get("/api/openapi.json").json()["paths"]
    assert "get" in paths["/api/tables/{table_id}/log"]
    assert "since" in str(paths["/api/tables/{table_id}/log"]["get"]["parameters"])
    assert "/api/replays/uploads/{upload_id}/log" in paths


def test_troevens_sheet_names_each_rounds_winner_and_the_callers_point() -> None:
    record = random_record("troeven", {"version": 1}, seed=3)
    _, sheet = tell(record, None, NAMES[:2])
    assert sheet and [row.label for row in sheet[:2]] == ["Round 1", "Round 2"]
    for row in sheet:
        if "nobody wins the round" in row.note:
            assert row.deltas == [0, 0]
            continue
        winner = next(seat for seat in range(2) if f"won by {NAMES[seat]}" in row.note)
        assert row.deltas[winner] == -1
        assert ("climbs 1" in row.note) == (row.deltas[1 - winner] == 1)


# -- who decided: the stand-in's moves and the seats' hand-offs, through a real server -------------------

SOLO = {"options": {"players": 4, "first_leader": 0, "start_points": 6}, "seats": [{"kind": "me"}, *bots()]}
"""Slobberhannes: the person in seat 0 (ana) leads the first trick, three easy bots."""


def log_texts(client: Client, table: int, path: str = "/api/tables/{}/log") -> list[str]:
    answer = client.http.get(path.format(table))
    assert answer.status_code == 200, answer.text
    return [entry["text"] for entry in answer.json()["entries"]]


def card_of(record: dict[str, Any], index: int) -> str:
    return narrator_for("slobberhannes").card(record["events"][index]["move"])


def test_a_move_whose_time_ran_out_is_logged_as_the_stand_ins(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        table = ana.create(clock={"move_seconds": 1}, **SOLO)
        ws = ana.socket()
        first = ws.watch(table["id"])
        moved = ws.until(lambda m: m["type"] == "table" and m["version"] > first["version"])
        ws.close()
        led = moved["observation"]["trick"][0]
        texts = log_texts(ana, table["id"])
        card = narrator_for("slobberhannes").card(led["card"])
        assert f"ana's stand-in plays {card} (time ran out)" in texts, texts
        assert f"ana plays {card}" not in texts
        assert not any(text.startswith("easy bot's stand-in") for text in texts), (
            "a bot's own moves are its own"
        )


def test_stepping_away_and_back_are_logged_and_the_record_stays_the_engines(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "ana")
        tid = ana.create(**SOLO)["id"]
        ws = ana.socket()
        start = ws.watch(tid)
        ws.send(type="away", table=tid)
        ws.until(lambda m: m["type"] == "table" and m["version"] > start["version"])
        ws.send(type="back", table=tid)
        mine = ws.until(my_turn)  # back, and asked again after the three bots
        ws.send(type="move", table=tid, version=mine["version"], move=mine["moves"][0])
        ws.until(lambda m: m["type"] == "table" and m["version"] > mine["version"])
        live = log_texts(ana, tid)
        ws.send(type="away", table=tid)  # the stand-in plays ana's seat to the end
        ws.until(over, timeout=120)
        ws.close()
        record = ana.http.get(f"/api/tables/{tid}/record").json()
        assert all(set(event) in ({"seat", "move"}, {"deal"}, {"score"}) for event in record["events"])
        assert cardtable.replay(record).is_terminal()
        led, own = card_of(record, 1), narrator_for("slobberhannes").card(mine["moves"][0])
        assert live[:3] == [
            "Hand 1: cards dealt, ana leads",
            "ana stepped away; the stand-in plays for ana",
            f"ana's stand-in plays {led}",
        ], live
        back = live.index("ana is back")
        assert live[back + 1 :].count(f"ana plays {own}") == 1 and back < live.index(f"ana plays {own}")
        final = log_texts(ana, tid)
        replayed = log_texts(ana, tid, "/api/replays/tables/{}/log?seat=0")
        assert replayed == final and final[: len(live)] == live
        assert final.count("ana stepped away; the stand-in plays for ana") == 2
        assert sum(text.startswith("ana's stand-in plays ") for text in final) >= 6


# -- the words of Mü and Game of Trains, through a real server (an uploaded record's log) -------------------


def uploaded_log(person: Player, record: dict[str, Any]) -> list[str]:
    answer = person.http.post("/api/replays/uploads", json=record)
    assert answer.status_code == 201, answer.text
    upload = answer.json()["source"].split("/")[1]
    return [
        entry["text"] for entry in person.http.get(f"/api/replays/uploads/{upload}/log").json()["entries"]
    ]


def test_mue_is_told_with_the_colours_of_its_picture(player: Callable[..., Player]) -> None:
    texts = uploaded_log(player("Ana"), random_record("mue", {}, seed=4))
    told = " · ".join(texts)
    assert re.search(r"\b[RBGYP][0-9]\b", told) is None, "no colour letters"
    assert re.search(r"shows (red|blue|green|yellow|purple) [0-9]", told)
    assert re.search(r"plays (red|blue|green|yellow|purple) [0-9]", told)
    assert re.search(r"takes the trick \((red|blue|green|yellow|purple) [0-9], ", told)
    trumps = [text for text in texts if re.search(r"\((Vice|Chief)\) names", text)]
    assert trumps and all(
        re.search(r"names (no trump|trump: (red|blue|green|yellow|purple|every [0-9]))$", t) for t in trumps
    ), trumps


def test_game_of_trains_says_what_a_market_card_did(player: Callable[..., Player]) -> None:
    uses = [
        text
        for text in uploaded_log(player("Ana"), random_record("game-of-trains", {}, seed=2))
        if " uses " in text
    ]
    did = re.compile(
        r" uses \d+ from the market: (swaps the cars at positions (\d) and (\d) \(\d+ and \d+\)"
        r"|moves car \d+ from position \d to \d|protects car \d+ at position \d"
        r"|every train loses its car at position [147] unless it is protected)$"
    )
    assert len(uses) > 20 and all(did.search(text) for text in uses), [t for t in uses if not did.search(t)]
    kinds = {did.search(text).group(1).split()[0] for text in uses}  # type: ignore[union-attr]
    assert kinds == {"swaps", "moves", "protects", "every"}


# -- the log pushed with every table message ---------------------------------------------------------------


def pushed_log(start: dict[str, Any], messages: list[dict[str, Any]]) -> tuple[list[Any], list[Any]]:
    """What the table page shows: the log it asked for once (``start``), then what each table message
    carries, every message following on from what is shown (nothing was missed, so nothing asked again)."""
    entries, sheet, shown = list(start["entries"]), list(start["sheet"]), start["version"]
    for message in messages:
        if message["version"] <= shown:
            continue
        assert message["log_since"] is not None and message["log_since"] <= shown, (shown, message)
        entries += [entry for entry in message["log"] if entry["version"] > shown]
        sheet += [row for row in message["log_sheet"] if row["version"] > shown]
        shown = message["version"]
    return entries, sheet


def play_followed(
    player: Callable[..., Player], game: str, options: dict[str, Any], *, seed: int, moves: int
) -> tuple[list[Player], int, list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """People at every seat and a spectator (last) follow a game played at random for up to ``moves``
    moves: each audience's log asked for once after the start, and every table message it was sent."""
    players = cardtable.make(game, **options).players
    people = [player(f"{NAMES[seat]}{seed}") for seat in range(players)] + [player(f"watcher{seed}")]
    table = people[0].create(
        game, options=options, seats=[{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
    )["id"]
    for seat, person in enumerate(people[1:players], start=1):
        assert person.http.post(f"/api/tables/{table}/join", json={"seat": seat}).status_code == 200
    sockets = [person.socket().__enter__() for person in people]
    inbox = [[watch(ws, table)] for ws in sockets]
    starts = [person.http.get(f"/api/tables/{table}/log").json() for person in people]
    rng = random.Random(seed)
    for _ in range(moves):
        if inbox[0][-1]["status"] == "over":
            break
        mover = next(seat for seat in range(players) if inbox[seat][-1]["moves"])
        last = inbox[mover][-1]
        send(
            sockets[mover], type="move", table=table, version=last["version"], move=rng.choice(last["moves"])
        )
        for audience, ws in enumerate(sockets):
            inbox[audience].append(receive(ws))
    for ws in sockets:
        ws.__exit__(None, None, None)
    return people, table, starts, inbox


def test_each_audience_is_pushed_its_own_log_as_the_log_request_gives_it(
    player: Callable[..., Player],
) -> None:
    people, table, starts, inbox = play_followed(
        player, "slobberhannes", {"players": 3, "start_points": 6}, seed=7, moves=10_000
    )
    assert inbox[0][-1]["status"] == "over"
    assert all(message["log"] for message in inbox[-1]), "every message carries its step's entries"
    for person, start, messages in zip(people, starts, inbox, strict=True):
        entries, sheet = pushed_log(start, messages)
        asked = person.http.get(f"/api/tables/{table}/log").json()  # the finished game, told from its record
        assert entries == asked["entries"] and sheet == asked["sheet"] and len(sheet) >= 2
        assert entries[-1]["text"].startswith("Game over: ")


def test_a_spectator_is_never_pushed_a_drawn_card_and_a_drawer_is_pushed_its_own(
    player: Callable[..., Player],
) -> None:
    people, table, starts, inbox = play_followed(player, "game-of-trains", {}, seed=3, moves=60)
    assert inbox[0][-1]["status"] == "playing"
    logs = []
    for person, start, messages in zip(people, starts, inbox, strict=True):
        entries, _ = pushed_log(start, messages)
        asked = person.http.get(f"/api/tables/{table}/log", params={"since": start["version"]}).json()
        assert entries[len(start["entries"]) :] == asked["entries"]  # the running game, from its story
        logs.append([entry for entry in entries if " draws " in entry["text"]])
    assert len(logs[0]) > 10 and [len(log) for log in logs] == [len(logs[0])] * 3
    for seat, log in enumerate(logs[:2]):
        for own, spectators in zip(log, logs[2], strict=True):
            assert "only you see it" not in spectators["text"], spectators
            assert ("(only you see it)" in own["text"]) == (own["seat"] == seat), own
