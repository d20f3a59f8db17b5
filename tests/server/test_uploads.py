"""Uploads belong to their uploader, through the real server: another account or a guest gets 404 on
someone else's upload (replay, steps, record, log, review, sharing, deleting) exactly as on one that does
not exist; a share link (unguessable, not the sequential id) serves a guest until the owner withdraws it;
the quota (409) and the rate (429) refuse with their reason and store nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .helpers import finished_record, make_settings
from .live_server import Client, serving

REVIEW = {"seat": 0, "iterations": 5}
"""A review request cheap enough to let run."""


def upload(client: Client, record: dict[str, Any]) -> int:
    answer = client.http.post("/api/replays/uploads", json=record)
    assert answer.status_code == 201, answer.text
    return int(answer.json()["source"].split("/")[1])


def reads(client: Client, base: str) -> dict[str, Any]:
    """Every way of reading the replay at ``base`` (``uploads/3``, ``shared/<key>``): path -> response."""
    api = f"/api/replays/{base}"
    return {
        api: client.http.get(api),
        f"{api}/steps/0": client.http.get(f"{api}/steps/0"),
        f"{api}/steps/1": client.http.get(f"{api}/steps/1"),
        f"{api}/record": client.http.get(f"{api}/record"),
        f"{api}/log": client.http.get(f"{api}/log", params={"seat": 0}),
        f"{api}/reviews": client.http.post(f"{api}/reviews", json=REVIEW),
    }


def test_someone_elses_upload_answers_404_as_one_that_does_not_exist(tmp_path: Path) -> None:
    record = finished_record()
    with serving(make_settings(tmp_path)) as url:
        ana = Client(url, "anna", account=True)
        number = upload(ana, record)
        missing = number + 1000
        for other in (Client(url, "bo"), Client(url, "cyd", account=True)):  # a guest and an account
            for path, answer in reads(other, f"uploads/{number}").items():
                assert answer.status_code == 404, (path, answer.text)
                assert answer.json() == {
                    "detail": f"there is no uploaded record {number}",
                    "code": "unknown-upload",
                }, path
                assert "anna" not in answer.text and "seed" not in answer.text
            for path, answer in reads(other, f"uploads/{missing}").items():
                assert answer.status_code == 404 and answer.json()["code"] == "unknown-upload", path
            for method, path in (
                ("POST", f"/api/replays/uploads/{number}/share"),
                ("DELETE", f"/api/replays/uploads/{number}/share"),
                ("DELETE", f"/api/replays/uploads/{number}"),
            ):
                answer = other.http.request(method, path)
                assert answer.status_code == 404 and answer.json()["code"] == "unknown-upload", path
            assert other.http.get("/api/replays/uploads").json() == []
        listed = ana.http.get("/api/replays/uploads").json()
        assert [(u["id"], u["share_key"]) for u in listed] == [(number, None)], (
            "nothing was shared or deleted"
        )
        assert ana.http.get(f"/api/replays/uploads/{number}/record").json() == record
        asked = ana.http.post(f"/api/replays/uploads/{number}/reviews", json=REVIEW)
        assert asked.status_code in (200, 202)
        review = asked.json()["id"]
        assert ana.http.get(f"/api/reviews/{review}").json()["id"] == review
        cyd = Client(url, "cyd2", account=True)
        answer = cyd.http.get(f"/api/reviews/{review}")  # its review shows much of the record
        assert answer.status_code == 404 and answer.json() == {
            "detail": f"there is no review {review}",
            "code": "unknown-review",
        }


def test_a_share_link_serves_a_guest_until_its_owner_withdraws_it(tmp_path: Path) -> None:
    record, other_record = finished_record(1), finished_record(2)
    with serving(make_settings(tmp_path)) as url:
        ana, guest = Client(url, "anna", account=True), Client(url, "bo")
        first, second = upload(ana, record), upload(ana, other_record)
        shared = ana.http.post(f"/api/replays/uploads/{first}/share")
        assert shared.status_code == 200, shared.text
        key = shared.json()["share_key"]
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", key), key
        assert ana.http.post(f"/api/replays/uploads/{first}/share").json()["share_key"] == key, (
            "the same link"
        )
        other_key = ana.http.post(f"/api/replays/uploads/{second}/share").json()["share_key"]
        assert other_key != key, "each shared upload has its own random key"
        assert guest.http.get(f"/api/replays/shared/{first}").status_code == 404, "the id is no key"
        assert {u["id"]: u["share_key"] for u in ana.http.get("/api/replays/uploads").json()} == {
            first: key,
            second: other_key,
        }

        own = ana.http.get(f"/api/replays/uploads/{first}").json()
        answers = reads(guest, f"shared/{key}")
        for path, answer in answers.items():
            assert answer.status_code in (200, 202), (path, answer.text)
        assert answers[f"/api/replays/shared/{key}"].json() == {**own, "source": f"shared/{key}"}
        assert answers[f"/api/replays/shared/{key}/record"].json() == record
        assert answers[f"/api/replays/shared/{key}/steps/1"].json() == (
            ana.http.get(f"/api/replays/uploads/{first}/steps/1").json()
        )
        assert guest.http.get(f"/replays/shared/{key}").status_code == 200, "the page of the link"
        review = answers[f"/api/replays/shared/{key}/reviews"].json()["id"]
        assert guest.http.get(f"/api/reviews/{review}").json()["id"] == review, "asked through the link"
        assert guest.http.get(f"/api/replays/uploads/{first}").status_code == 404, "the id stays private"

        assert ana.http.delete(f"/api/replays/uploads/{first}/share").status_code == 204
        for path, answer in reads(guest, f"shared/{key}").items():
            assert answer.status_code == 404, (path, answer.text)
            assert answer.json()["code"] == "unknown-share", path
        assert ana.http.get(f"/api/replays/uploads/{first}").status_code == 200, "still the owner's"
        again = ana.http.post(f"/api/replays/uploads/{first}/share").json()["share_key"]
        assert again != key and guest.http.get(f"/api/replays/shared/{key}").status_code == 404
        assert guest.http.get(f"/api/replays/shared/{again}").status_code == 200

        assert ana.http.delete(f"/api/replays/uploads/{second}").status_code == 204
        assert guest.http.get(f"/api/replays/shared/{other_key}").status_code == 404, "deleted with it"
        assert ana.http.get(f"/api/replays/uploads/{second}").status_code == 404
        assert guest.http.get("/api/replays/shared/not*a*key").status_code == 422


def test_the_upload_quota_refuses_with_its_reason_and_stores_nothing(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, upload_quota=2)) as url:
        ana, bo = Client(url, "ana"), Client(url, "bo")
        kept = [upload(ana, finished_record(seed)) for seed in (1, 2)]
        refused = ana.http.post("/api/replays/uploads", json=finished_record(3))
        assert refused.status_code == 409, refused.text
        assert refused.json() == {
            "detail": "you keep 2 uploaded records, the most one may: delete one to upload another",
            "code": "upload-quota",
        }
        assert [u["id"] for u in ana.http.get("/api/replays/uploads").json()] == kept[::-1]
        upload(bo, finished_record(3))  # the quota is per user
        assert ana.http.delete(f"/api/replays/uploads/{kept[0]}").status_code == 204
        upload(ana, finished_record(3))


def test_the_upload_rate_refuses_with_its_reason_and_stores_nothing(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path, upload_attempts=3, upload_window=600)) as url:
        ana, bo = Client(url, "ana"), Client(url, "bo")
        kept = [upload(ana, finished_record(1))]
        bad = ana.http.post("/api/replays/uploads", json={**finished_record(2), "players": 5})
        assert bad.status_code == 400, "a refused upload counts too: checking it is the cost"
        kept.append(upload(ana, finished_record(2)))
        refused = ana.http.post("/api/replays/uploads", json=finished_record(3))
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "too-many"
        assert re.fullmatch(r"too many uploads; try again in \d+ s", refused.json()["detail"]), refused.text
        assert 500 <= int(refused.headers["retry-after"]) <= 600
        assert [u["id"] for u in ana.http.get("/api/replays/uploads").json()] == kept[::-1]
        upload(bo, finished_record(3))  # the rate is per user
