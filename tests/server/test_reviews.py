"""Game reviews over HTTP (issue 22): asked for on a finished table or an uploaded record, run in review
workers of their own with their progress shown, stored once done and answered at once the next time (also
by another server on the same database); at most ``review_limit`` running per user and
``review_address_attempts`` started per address; beyond ``review_running`` queued with their place shown;
budgets rounded to a ladder; never for a game still in play; and a bot table keeps moving while reviews
fill the review workers."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import cardtable
from cardtable.server.app import create_app
from cardtable.server.services import reviews

from .helpers import Player, bots, finished_record, make_settings

BUDGET = 200
"""Iterations per decision of most reviews here (a level of the budget ladder): a tenth of a second per
decision."""


def upload(player: Player, record: dict[str, Any]) -> int:
    answer = player.http.post("/api/replays/uploads", json=record)
    assert answer.status_code == 201, answer.text
    return int(answer.json()["source"].split("/")[1])


def ask(player: Player, path: str, seat: int, iterations: int | None = BUDGET) -> Any:
    body = {"seat": seat} if iterations is None else {"seat": seat, "iterations": iterations}
    return player.http.post(f"/api/replays/{path}/reviews", json=body)


def follow(
    player: Player, review_id: int, timeout: float = 120, *, progress: list[dict[str, Any]] | None = None
) -> tuple[dict[str, Any], list[int]]:
    """Poll a review until it is done; returns it and every percent seen on the way (and adds every
    answer to ``progress``)."""
    seen: list[int] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        review = player.http.get(f"/api/reviews/{review_id}").json()
        seen.append(review["percent"])
        if progress is not None:
            progress.append(review)
        if review["status"] != "running":
            return review, seen
        time.sleep(0.01)
    raise AssertionError(f"review {review_id} still runs after {timeout} s")


def until(check: Any, what: str, timeout: float) -> Any:
    """Poll ``check()`` until it gives something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.05)
    return value


def test_a_review_runs_with_its_progress_and_is_stored_for_next_time(tmp_path: Path) -> None:
    record = finished_record()
    settings = make_settings(tmp_path, bot_workers=1)  # a worker process, as the site runs
    with TestClient(create_app(settings)) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        upload_id = upload(ana, record)
        started = ask(ana, f"uploads/{upload_id}", 0)
        assert started.status_code == 202, started.text
        assert started.json()["status"] == "running" and started.json()["result"] is None
        progress: list[dict[str, Any]] = []
        review, seen = follow(ana, started.json()["id"], progress=progress)
        assert review["status"] == "done" and review["percent"] == 100
        assert seen == sorted(seen) and any(0 < percent < 100 for percent in seen), seen
        under_way = [p for p in progress if p["status"] == "running" and p["done"] > 0]
        assert under_way and all(p["seconds_left"] is not None for p in under_way), "an estimate once judging"
        assert all(p["seconds_left"] >= 0 and p["result"] is None for p in under_way)
        assert review["seconds_left"] is None and review["place"] is None

        expected = cardtable.review(record, 0, iterations=BUDGET, seed=0)
        steps = {s.state.event_count(): n for n, s in enumerate(cardtable.replay_steps(record))}
        result = review["result"]
        for decision in result["decisions"]:  # the replay step showing the position of the decision
            assert decision.pop("step") == steps[decision["event"]]
            said = decision.pop("said")  # every move valued, in the log's words ("Q♣", not "QC")
            assert said["moves"].keys() == decision["values"].keys()
            assert said["played"] == said["moves"][decision["played"]]
            assert not re.search(r"\b[2-9TJQKA][SHDC]\b", " ".join(said["moves"].values())), said
            assert ("reason" in said) == (decision["verdict"] != "good")
        for mistake in result["biggest_mistakes"]:
            assert mistake.pop("step") == steps[mistake["event"]]
            mistake.pop("said")
        assert result.pop("said")["hands"][0].startswith("Hand 1: "), "the hand's summary in words"
        assert result == expected, "the site's review is cardtable.review's at the same budget and seed 0"

        again = ask(ana, f"uploads/{upload_id}", 0)
        assert again.status_code == 200 and again.json() == {**review, "result": again.json()["result"]}
        assert again.json()["id"] == review["id"]

    with TestClient(create_app(settings)) as app_client:  # another server on the same database
        bea = Player(app_client.app, "bea")  # type: ignore[arg-type]
        copy = ask(bea, f"uploads/{upload(bea, {**record, 'players': ['x', 'y', 'z']})}", 0)
        assert copy.status_code == 200, "the same record, seat and budget: stored, whoever uploaded it"
        assert copy.json()["id"] == review["id"] and copy.json()["status"] == "done"


def test_a_finished_tables_review_and_the_sites_budget(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path, review_iterations=60))) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        table = ana.create(options={"players": 3, "single_hand": True}, seats=bots(count=3))
        deadline = time.monotonic() + 60
        while ana.http.get(f"/api/tables/{table['id']}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish their game"
            time.sleep(0.05)
        started = ask(ana, f"tables/{table['id']}", 2, iterations=None)
        assert started.status_code == 202 and started.json()["iterations"] == 60
        review, _ = follow(ana, started.json()["id"])
        assert review["status"] == "done" and review["result"]["budget"] == {"iterations": 60}
        result = review["result"]
        assert result["seat"] == 2 and result["judged"] == len(result["decisions"])

        larger = ask(ana, f"tables/{table['id']}", 2, iterations=61)
        assert larger.status_code == 400 and larger.json()["code"] == "budget-too-large"
        assert "at most 60 iterations" in larger.json()["detail"]


def test_each_user_has_at_most_a_few_reviews_running(tmp_path: Path) -> None:
    record = finished_record()
    with TestClient(create_app(make_settings(tmp_path, review_limit=2))) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        bea = Player(app_client.app, "bea")  # type: ignore[arg-type]
        shared = ana.http.post(f"/api/replays/uploads/{upload(ana, record)}/share")
        source = f"shared/{shared.json()['share_key']}"  # an upload is its uploader's until shared
        first, second = ask(ana, source, 0, 2000), ask(ana, source, 1, 2000)
        assert first.status_code == second.status_code == 202
        third = ask(ana, source, 2, 2000)
        assert third.status_code == 429, third.text
        assert third.json() == {
            "detail": "you have 2 reviews running, the most at a time: ask again once one is done",
            "code": "too-many",
        }
        assert ask(ana, source, 0, 2000).status_code == 202, "asking again for one that runs is free"
        assert ask(bea, source, 2, 2000).status_code == 202, "the limit is each user's own"
        assert ask(bea, source, 0, 2000).json()["id"] == first.json()["id"], "a running review is shared"


def test_no_review_of_a_game_in_play_or_of_what_one_cannot_replay(tmp_path: Path) -> None:
    record = finished_record()
    with TestClient(create_app(make_settings(tmp_path))) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        table = ana.create(options={"players": 3}, seats=[{"kind": "me"}, *bots(count=2)])
        playing = ask(ana, f"tables/{table['id']}", 1)
        assert playing.status_code == 409 and playing.json()["code"] == "not-over"

        unfinished = cardtable.make("slobberhannes", players=3).new_game(seed=3)
        for _ in range(5):
            unfinished.apply_action(unfinished.legal_actions()[0])
        refused = ask(ana, f"uploads/{upload(ana, unfinished.record())}", 1)
        assert refused.status_code == 409 and refused.json() == {
            "detail": "only a finished game is reviewed: this record's game is not over",
            "code": "not-over",
        }

        assert ask(ana, "uploads/999", 0).json()["code"] == "unknown-upload"
        source = f"uploads/{upload(ana, record)}"
        seat = ask(ana, source, 3)
        assert seat.status_code == 400
        assert seat.json()["detail"] == "seat must be one of 0..2 in this game, got 3"
        stranger = TestClient(app_client.app)
        assert stranger.post(f"/api/replays/{source}/reviews", json={"seat": 0}).status_code == 401
        assert stranger.get("/api/reviews/1").status_code == 401
        assert ana.http.get("/api/reviews/1").json()["code"] == "unknown-review", "nothing was stored"


def test_a_review_cut_off_by_a_restart_is_shown_failed_and_starts_over(tmp_path: Path) -> None:
    record = finished_record()
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        source = f"uploads/{upload(ana, record)}"
        review_id = ask(ana, source, 0, 2000).json()["id"]
    with TestClient(create_app(settings)) as app_client:
        ana.http = TestClient(app_client.app, cookies=ana.http.cookies)
        cut = ana.http.get(f"/api/reviews/{review_id}").json()
        assert cut["status"] == "failed" and "interrupted" in cut["error"]
        again = ask(ana, source, 0, 2000)
        assert again.status_code == 202 and again.json()["id"] == review_id
        assert again.json()["status"] == "running" and again.json()["error"] is None


def test_the_review_endpoints_are_in_the_openapi_document(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        paths = client.get("/api/openapi.json").json()["paths"]
    for path in ("/api/replays/tables/{table_id}/reviews", "/api/replays/uploads/{upload_id}/reviews"):
        assert set(paths[path]["post"]["responses"]) >= {"200", "202", "409", "429"}
    assert "get" in paths["/api/reviews/{review_id}"]


@pytest.mark.parametrize(
    "body", [{"seat": 0, "iterations": 0}, {"seat": 0, "iterations": -1}, {"seat": False}]
)
def test_a_request_outside_the_schema_is_refused(tmp_path: Path, body: dict[str, Any]) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        source = f"uploads/{upload(ana, finished_record())}"
        assert ana.http.post(f"/api/replays/{source}/reviews", json=body).status_code == 422


def test_a_seat_with_more_decisions_than_a_review_takes_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviews, "MAX_DECISIONS", 5)  # a real limit of 400 would need a very long game
    record = finished_record()
    moves = sum(1 for event in record["events"] if event.get("seat") == 0 and "move" in event)
    with TestClient(create_app(make_settings(tmp_path))) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        answer = ask(ana, f"uploads/{upload(ana, record)}", 0)
        assert answer.status_code == 400 and answer.json() == {
            "detail": f"seat 0 made {moves} moves in this game; a review takes at most 5",
            "code": "too-long",
        }


def test_budgets_are_rounded_down_to_a_ladder_so_a_new_budget_makes_no_new_review(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path, review_iterations=2000))) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        source = f"uploads/{upload(ana, finished_record())}"
        first, second = ask(ana, source, 0, 1000), ask(ana, source, 0, 1001)
        assert first.status_code == second.status_code == 202, second.text
        assert first.json()["id"] == second.json()["id"] and second.json()["iterations"] == 1000
        assert ask(ana, source, 0, 1999).json()["id"] == first.json()["id"]
        site = ask(ana, source, 0, None)
        assert site.status_code == 202 and site.json()["iterations"] == 2000
        assert site.json()["id"] != first.json()["id"], "the site's own budget is a level of its own"


def test_reviews_beyond_those_running_at_once_are_queued_with_their_place(tmp_path: Path) -> None:
    """One review runs at a time here: the next two wait, each shown with its place in the queue, and
    run in that order."""
    record = finished_record()
    settings = make_settings(tmp_path, review_running=1, review_iterations=5000, review_limit=10)
    with TestClient(create_app(settings)) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        source = f"uploads/{upload(ana, record)}"
        long = ask(ana, source, 0, 5000).json()  # a second or more a decision: runs while we look

        def running() -> bool:
            review = ana.http.get(f"/api/reviews/{long['id']}").json()
            return review["status"] == "running" and review["total"] is not None

        until(running, "the first review runs", 60)
        second, third = ask(ana, source, 1, 10), ask(ana, source, 2, 10)
        assert second.status_code == third.status_code == 202
        assert (second.json()["place"], third.json()["place"]) == (1, 2), (second.json(), third.json())
        assert second.json()["status"] == "running" and second.json()["total"] is None
        assert ana.http.get(f"/api/reviews/{third.json()['id']}").json()["place"] == 2
        assert ana.http.get(f"/api/reviews/{long['id']}").json()["place"] is None

        finished_second, _ = follow(ana, second.json()["id"], timeout=300)
        assert finished_second["status"] == "done"
        assert ana.http.get(f"/api/reviews/{long['id']}").json()["status"] == "done", "in queue order"
        assert follow(ana, third.json()["id"], timeout=60)[0]["status"] == "done"


def test_one_address_may_start_only_a_few_reviews_however_many_guests_it_makes(tmp_path: Path) -> None:
    record = finished_record()
    settings = make_settings(tmp_path, review_address_attempts=2, review_limit=10)
    with TestClient(create_app(settings)) as app_client:
        guests = [Player(app_client.app, f"guest{n}") for n in range(3)]  # type: ignore[arg-type]
        shared = guests[0].http.post(f"/api/replays/uploads/{upload(guests[0], record)}/share")
        source = f"shared/{shared.json()['share_key']}"  # an upload is its uploader's until shared
        first, second = ask(guests[0], source, 0, 10), ask(guests[1], source, 1, 10)
        assert first.status_code in (200, 202) and second.status_code in (200, 202)
        third = ask(guests[2], source, 2, 10)
        assert third.status_code == 429, third.text
        assert third.json()["code"] == "too-many" and int(third.headers["retry-after"]) >= 1
        assert third.json()["detail"].startswith("too many reviews started from here; try again in ")
        asked_again = ask(guests[2], source, 0, 10)
        assert asked_again.status_code in (200, 202), "a review that exists costs nothing"
        assert asked_again.json()["id"] == first.json()["id"]
        after = max(first.json()["id"], second.json()["id"]) + 1
        assert guests[0].http.get(f"/api/reviews/{after}").json()["code"] == "unknown-review", "none stored"


REVIEW_LOAD = 20_000
"""Iterations per decision of the reviews that fill the review workers in the stall test: seconds a
decision, so reviews run all through the bot game."""
BOT_GAME_SECONDS = 60
"""A bot-only hand of Slobberhannes (about 30 moves, no bot delay) takes a second or two on an idle
machine. When bot turns shared their one worker with reviews, each move waited for a review's decision
(several seconds at ``REVIEW_LOAD``): minutes for the hand."""


def test_a_bot_table_keeps_moving_while_reviews_fill_the_review_workers(tmp_path: Path) -> None:
    """The default server's workers (one bot process, one review process) with four long reviews asked:
    two run, two wait. A bot-only table still plays its whole hand at bot speed, and the reviews
    progress."""
    settings = make_settings(
        tmp_path,
        bot_workers=1,
        review_workers=1,
        review_running=2,
        review_iterations=REVIEW_LOAD,
        review_limit=10,
    )
    with TestClient(create_app(settings)) as app_client:
        ana = Player(app_client.app, "ana")  # type: ignore[arg-type]
        source = f"uploads/{upload(ana, finished_record())}"
        asked = [ask(ana, source, seat, None).json() for seat in (0, 1)]

        def reviews() -> list[dict[str, Any]]:
            return [ana.http.get(f"/api/reviews/{review['id']}").json() for review in asked]

        until(lambda: all(r["total"] is not None for r in reviews()), "two reviews run", 120)
        other = f"uploads/{upload(ana, finished_record(2))}"
        asked += [ask(ana, other, seat, None).json() for seat in (0, 1)]
        assert [review["place"] for review in asked[2:]] == [1, 2], asked

        table = ana.create(options={"players": 3, "single_hand": True}, seats=bots(count=3))
        until(
            lambda: ana.http.get(f"/api/tables/{table['id']}").json()["status"] == "over",
            "the bots' hand beside the reviews",
            BOT_GAME_SECONDS,
        )
        until(lambda: sum(r["done"] for r in reviews()) >= 1, "a review judged a decision", 300)
