"""The API answers what its OpenAPI document says. Schemathesis, generating requests from that document
(as a logged-in guest, with a table open, one finished and an uploaded record to find), finds no server
error, no status or body or header the document does not describe, and no request that breaks the
document (a negative one) accepted; and a method a path does not take answers 405 naming in ``Allow``
exactly the methods the document lists for it. Its own command-line run (boundary values, unexpected
methods, random requests and sequences of them) against the server over HTTP finds nothing either."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from cardtable.server.app import create_app

from .helpers import bots, make_settings
from .live_server import Client, serving

CONFORMANCE = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


@pytest.fixture
def api_schema(tmp_path: Path) -> Any:
    app = create_app(make_settings(tmp_path))
    return schemathesis.openapi.from_asgi("/api/openapi.json", app)  # starts the app's lifespan


@pytest.fixture
def fuzzer(api_schema: Any) -> tuple[dict[str, str], dict[str, list[Any]]]:
    """The fuzzer's session cookie, and path parameters that name things that exist."""
    client = TestClient(api_schema.app)
    answer = client.post("/api/accounts/guest", json={"name": "fuzzer"})
    assert answer.status_code == 201
    open_table = client.post("/api/tables", json={"game": "slobberhannes"}).json()["id"]
    over = client.post(
        "/api/tables",
        json={"game": "slobberhannes", "options": {"start_points": 6}, "seats": bots(count=4)},
    ).json()["id"]
    deadline = time.monotonic() + 120
    while client.get(f"/api/tables/{over}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.05)
    record = client.get(f"/api/tables/{over}/record").json()
    upload = client.post("/api/replays/uploads", json=record).json()["source"].split("/")[1]
    known = {
        "table_id": [open_table, over],
        "upload_id": [int(upload)],
        "step": [0, 1, 7],
        "game": ["slobberhannes", "mue"],
    }
    return {"cookie": f"cardtable_session={client.cookies['cardtable_session']}"}, known


def test_the_document_describes_every_api_route(api_schema: Any) -> None:
    paths = set(api_schema.raw_schema["paths"])
    assert {
        "/api/accounts/signup",
        "/api/tables",
        "/api/tables/{table_id}/join",
        "/api/games",
        "/healthz",
    } <= paths
    assert not any(path.startswith(("/static", "/tables/")) for path in paths)


@pytest.mark.parametrize(("mode", "examples"), [(GenerationMode.POSITIVE, 30), (GenerationMode.NEGATIVE, 20)])
def test_generated_requests_get_answers_the_document_describes(
    api_schema: Any, fuzzer: tuple[dict[str, str], dict[str, list[Any]]], mode: GenerationMode, examples: int
) -> None:
    """Requests that fit the document (positive; their ids often those of things that exist) and requests
    that break it (negative: each must be refused). Logging out comes last, as it ends the session."""
    cookie, known = fuzzer
    operations = [result.ok() for result in api_schema.get_all_operations()]
    checks = CONFORMANCE
    if mode is GenerationMode.NEGATIVE:  # only requests with inputs can break the document
        operations = [o for o in operations if {"parameters", "requestBody"} & set(o.definition.raw)]
        checks = [*CONFORMANCE, negative_data_rejection]
    operations.sort(key=lambda o: o.path == "/api/accounts/logout")
    assert len(operations) >= 7
    for operation in operations:
        ids = st.fixed_dictionaries(
            {name: st.none() | st.sampled_from(values) for name, values in known.items()}
        )
        if mode is GenerationMode.NEGATIVE:  # an id put in could make the request fit the document
            ids = st.just({})

        @given(case=operation.as_strategy(generation_mode=mode), picks=ids)
        @settings(
            max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck)
        )
        def answers_as_documented(case: Any, picks: dict[str, Any]) -> None:
            for name, value in picks.items():
                if value is not None and name in (case.path_parameters or {}):
                    case.path_parameters[name] = value
            case.call_and_validate(headers=cookie, checks=checks)

        answers_as_documented()


def test_a_method_a_path_does_not_take_answers_405_with_the_documented_allow(api_schema: Any) -> None:
    client = TestClient(api_schema.app)
    for path, item in api_schema.raw_schema["paths"].items():
        documented = {
            method.upper() for method in item if method in ("get", "post", "put", "patch", "delete")
        }
        other = next(m for m in ("PATCH", "PUT", "DELETE", "POST") if m not in documented)
        answer = client.request(other, path.replace("{game}", "mue").replace("{", "").replace("}", "1"))
        assert answer.status_code == 405, (other, path)
        assert set(answer.headers["allow"].split(", ")) == documented, (path, answer.headers["allow"])
        assert answer.json() == {"detail": "Method Not Allowed", "code": "method-not-allowed"}


def test_a_schemathesis_run_against_the_server_finds_nothing(tmp_path: Path) -> None:
    """All of schemathesis' checks but "every request that fits the document succeeds" (a taken username
    or a full table are refused as documented); logging out is left out, as it would end the session."""
    with serving(make_settings(tmp_path)) as url:
        fuzzer = Client(url, "fuzzer")
        command = [
            str(Path(sys.executable).parent / "schemathesis"),
            "run",
            f"{url}/api/openapi.json",
            f"--header=Cookie: cardtable_session={fuzzer.http.cookies['cardtable_session']}",
            "--checks=all",
            "--exclude-checks=positive_data_acceptance",
            "--exclude-path=/api/accounts/logout",
            "--max-examples=25",
            "--generation-database=none",
            "--no-color",
        ]
        run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
