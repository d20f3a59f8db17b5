"""A review's words in its reader's language: one stored review, shown in German to a German reader and in
English to an English one, the same review in every other respect (``review_worker.in_language``)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from .helpers import Player, finished_record


def done(person: Player, review_id: int) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while (review := person.http.get(f"/api/reviews/{review_id}").json())["status"] == "running":
        assert time.monotonic() < deadline, review
        time.sleep(0.02)
    return review  # type: ignore[no-any-return]


def words(review: dict[str, Any]) -> list[Any]:
    """Every ``said`` of a review's result (taken out of it)."""
    result = review["result"]
    taken = [result.pop("said")]
    for decision in [*result["decisions"], *result["biggest_mistakes"]]:
        taken.append(decision.pop("said"))
        taken += [step.pop("said") for step in decision.get("steps", [])]
    return taken


def test_a_german_reader_reads_the_reviews_words_in_german(player: Callable[..., Player]) -> None:
    ana = player("ana")
    upload = ana.http.post("/api/replays/uploads", json=finished_record()).json()["source"].split("/")[1]
    asked = ana.http.post(f"/api/replays/uploads/{upload}/reviews", json={"seat": 0, "iterations": 20}).json()
    english = done(ana, asked["id"])
    ana.http.cookies.set("lang", "de")
    german = done(ana, asked["id"])
    assert re.fullmatch(r"Runde 1: .*\d,\d\d Punkte .*", german["result"]["said"]["hands"][0])
    assert re.fullmatch(r"Hand 1: .*\d\.\d\d points .*", english["result"]["said"]["hands"][0])
    varied = ana.http.get(f"/api/reviews/{asked['id']}").headers["vary"]
    assert {"Cookie", "Accept-Language"} <= set(varied.replace(" ", "").split(","))
    decisions = german["result"]["decisions"]
    for decision in decisions:
        said = decision["said"]
        assert said["moves"].keys() == decision["values"].keys()
        text = " ".join([said.get("reason", ""), said.get("equal", ""), *said["moves"].values()])
        assert not re.search(r"\b(plays|better|seat|move|J)\b", text), text
    said_in_english = [decision["said"] for decision in english["result"]["decisions"]]
    equal = [
        (d["said"]["equal"], e["equal"])
        for d, e in zip(decisions, said_in_english, strict=True)
        if "equal" in e
    ]
    assert equal and all(de != en for de, en in equal), equal  # "jeder Zug ist genauso gut"
    assert "said_in" not in german["result"] and "said_in" not in english["result"]
    german_words, english_words = words(german), words(english)
    assert german_words != english_words and german == english, "only the words differ"
