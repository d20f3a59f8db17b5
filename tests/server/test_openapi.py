"""The API is described by FastAPI's OpenAPI document, and schemathesis, generating requests from that
document (as a logged-in guest), finds no server error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from cardtable.server.app import create_app

from .helpers import make_settings


@pytest.fixture
def api_schema(tmp_path: Path) -> Any:
    app = create_app(make_settings(tmp_path))
    return schemathesis.openapi.from_asgi("/api/openapi.json", app)  # starts the app's lifespan


@pytest.fixture
def session_cookie(api_schema: Any) -> dict[str, str]:
    answer = TestClient(api_schema.app).post("/api/accounts/guest", json={"name": "fuzzer"})
    assert answer.status_code == 201
    return {"cookie": f"cardtable_session={answer.cookies['cardtable_session']}"}


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
def test_no_generated_request_gets_a_server_error(
    api_schema: Any, session_cookie: dict[str, str], mode: GenerationMode, examples: int
) -> None:
    """Requests that fit the document (positive) and requests that break it (negative)."""
    operations = [result.ok() for result in api_schema.get_all_operations()]
    if mode is GenerationMode.NEGATIVE:  # only requests with inputs can break the document
        operations = [o for o in operations if {"parameters", "requestBody"} & set(o.definition.raw)]
    assert len(operations) >= 7
    for operation in operations:

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck)
        )
        def no_server_error(case: Any) -> None:
            case.call_and_validate(headers=session_cookie, checks=[not_a_server_error])

        no_server_error()
