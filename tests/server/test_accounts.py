"""Accounts: sign up, log in and out, guests, the session cookie, and the login rate limit."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.server.app import create_app

from .helpers import make_settings


def test_sign_up_logs_in_with_an_httponly_samesite_cookie(app: FastAPI) -> None:
    client = TestClient(app)
    answer = client.post("/api/accounts/signup", json={"username": "Ana", "password": "secret-pass"})
    assert answer.status_code == 201
    assert answer.json() == {
        "id": 1,
        "name": "Ana",
        "username": "ana",
        "guest": False,
        "trick_pause_ms": None,
        "language": None,
    }
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    assert client.get("/api/accounts/me").json()["name"] == "Ana"


def test_usernames_are_unique_without_regard_to_case(app: FastAPI) -> None:
    assert (
        TestClient(app).post("/api/accounts/signup", json={"username": "bo", "password": "x" * 8}).status_code
        == 422
    )
    assert (
        TestClient(app)
        .post("/api/accounts/signup", json={"username": "bob", "password": "x" * 8})
        .status_code
        == 201
    )
    answer = TestClient(app).post("/api/accounts/signup", json={"username": "BOB", "password": "y" * 8})
    assert answer.status_code == 400
    assert answer.json() == {"detail": "the username 'BOB' is taken", "code": "username-taken"}


def test_log_out_then_in_again(app: FastAPI) -> None:
    client = TestClient(app)
    client.post("/api/accounts/signup", json={"username": "cyd", "password": "secret-pass"})
    assert client.post("/api/accounts/logout").status_code == 204
    assert client.get("/api/accounts/me").status_code == 401
    answer = client.post("/api/accounts/login", json={"username": "CYD", "password": "secret-pass"})
    assert answer.status_code == 200 and answer.json()["username"] == "cyd"
    assert client.get("/api/accounts/me").status_code == 200


def test_a_logged_out_token_no_longer_works(app: FastAPI) -> None:
    client = TestClient(app)
    client.post("/api/accounts/signup", json={"username": "dee", "password": "secret-pass"})
    token = client.cookies["cardtable_session"]
    client.post("/api/accounts/logout")
    stale = TestClient(app, cookies={"cardtable_session": token})
    assert stale.get("/api/accounts/me").status_code == 401


def test_wrong_password_and_unknown_name_get_the_same_answer(app: FastAPI) -> None:
    TestClient(app).post("/api/accounts/signup", json={"username": "eve", "password": "secret-pass"})
    wrong = TestClient(app).post("/api/accounts/login", json={"username": "eve", "password": "guess-guess"})
    unknown = TestClient(app).post(
        "/api/accounts/login", json={"username": "nobody", "password": "secret-pass"}
    )
    assert wrong.status_code == unknown.status_code == 403
    assert wrong.json() == unknown.json() == {"detail": "wrong username or password", "code": "bad-login"}


def test_login_attempts_are_rate_limited_per_address(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, login_attempts=3, login_window=600))
    with TestClient(app) as client:
        client.post("/api/accounts/signup", json={"username": "fay", "password": "secret-pass"})
        codes = [
            client.post("/api/accounts/login", json={"username": "fay", "password": "wrong-pass"}).status_code
            for _ in range(3)
        ]
        blocked = client.post("/api/accounts/login", json={"username": "fay", "password": "secret-pass"})
    assert codes == [403, 403, 403]
    assert blocked.status_code == 429
    assert blocked.json()["code"] == "too-many" and int(blocked.headers["retry-after"]) >= 1


def test_a_guest_has_a_display_name_and_no_username(app: FastAPI) -> None:
    client = TestClient(app)
    answer = client.post("/api/accounts/guest", json={"name": "  Gus  "})
    assert answer.status_code == 201
    assert answer.json() == {
        "id": 1,
        "name": "Gus",
        "username": None,
        "guest": True,
        "trick_pause_ms": None,
        "language": None,
    }
    assert TestClient(app).post("/api/accounts/guest", json={"name": "Gus"}).status_code == 201


def test_names_showing_nothing_or_too_long_are_refused(app: FastAPI) -> None:
    client = TestClient(app)
    for body in ({"name": "\x00\u200b"}, {"name": ""}, {"name": "x" * 25}, {"name": 5}, {"nom": "x"}):
        assert client.post("/api/accounts/guest", json=body).status_code == 422, body
    assert client.get("/api/accounts/me").status_code == 401


def test_requests_without_a_session_get_401_with_a_reason(app: FastAPI) -> None:
    answer = TestClient(app).post("/api/tables", json={"game": "slobberhannes"})
    assert answer.status_code == 401
    assert answer.json() == {"detail": "log in first (or play as a guest)", "code": "not-logged-in"}
