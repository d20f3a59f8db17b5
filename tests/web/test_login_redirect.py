"""After signing in, the login page goes on to its ``next`` address only if the browser resolves that to a
page of this site: every way of writing another site's address that the URL parser accepts (a backslash,
encoded or not, a tab inside ``//``, a dot segment before ``//``) ends on the lobby of this site instead.
Other sites' addresses are answered by the browser's route handler, so a redirect there is seen, not
attempted over the network."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from ..server.process import Server, server_env

ELSEWHERE = [
    "/%5Cevil.example/phish",
    "/%09/evil.example",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
]
"""``next`` as it stands in the login page's address (the browser decodes it)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("login")
    running = Server(["--db", str(folder / "web.db")], server_env(), folder / "server.log")
    running.start()
    yield running
    running.kill()


def signed_in_from(browser: Any, server: Server, query: str) -> str:
    """The address a new guest's browser is at after playing as a guest from ``/login?next=<query>``."""
    with contextlib.closing(browser.new_context()) as context:
        context.route(
            lambda url: urlsplit(url).hostname != "127.0.0.1",
            lambda route: route.fulfill(status=200, content_type="text/html", body="<p>phished</p>"),
        )
        page = context.new_page()
        page.goto(f"{server.url}/login?next={query}")
        page.locator("#guest-form").get_by_label("Your name").fill("Wren")
        page.get_by_role("button", name="Play as a guest").click()
        page.wait_for_url(lambda url: urlsplit(url).path != "/login", timeout=30_000)
        page.wait_for_load_state()
        return str(page.url)


@pytest.mark.parametrize("query", ELSEWHERE)
def test_a_next_address_of_another_site_leads_to_the_lobby(server: Server, browser: Any, query: str) -> None:
    assert signed_in_from(browser, server, query) == f"{server.url}/"


def test_a_next_address_of_this_site_is_followed(server: Server, browser: Any) -> None:
    assert signed_in_from(browser, server, "/tables/1") == f"{server.url}/tables/1"
    followed = signed_in_from(browser, server, "%2Freplays%3Ffrom%3Dlogin%23list")
    assert followed == f"{server.url}/replays?from=login#list", "its query and fragment kept"
