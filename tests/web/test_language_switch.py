"""The header's language switch (web/js/language.js): on every page, for a visitor not signed in as for
an account; choosing a language reloads the page in it and keeps it in the cookie ``lang`` (a year, for
the whole site), and for an account in its settings too, so the choice follows the account."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("languages")
    running = Server(["--db", str(folder / "web.db")], server_env(), folder / "server.log")
    running.start()
    yield running
    running.kill()


def switch_to(page: Any, language: str, lang: str) -> None:
    """Choose ``language`` in the header and wait for the page to come back in it."""
    page.locator("header #language select").select_option(label=language)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang, timeout=30_000)
    page.wait_for_load_state()


def test_a_visitor_switches_the_login_page_to_german(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(locale="en-GB")) as context:
        page = context.new_page()
        page.goto(f"{server.url}/login")
        assert page.locator("html").get_attribute("lang") == "en"
        switch_to(page, "Deutsch", "de")
        assert page.locator("#login-form h2").inner_text() == "Anmelden"
        assert page.get_by_role("button", name="Als Gast spielen").is_visible()
        cookie = next(c for c in context.cookies() if c["name"] == "lang")
        assert cookie["value"] == "de" and cookie["path"] == "/" and cookie["sameSite"] == "Lax"
        assert cookie["expires"] > page.evaluate("Date.now() / 1000") + 360 * 86_400, "kept for a year"
        page.goto(f"{server.url}/replays")  # another page of the site, in the same language
        page.wait_for_url("**/login**")
        assert page.locator("html").get_attribute("lang") == "de"


def test_an_account_keeps_its_choice_in_its_settings(server: Server, browser: Any) -> None:
    with contextlib.closing(browser.new_context(locale="en-GB")) as context:
        signed_up = context.request.post(
            f"{server.url}/api/accounts/signup", data={"username": "lena", "password": "secret-pass"}
        )
        assert signed_up.status == 201
        page = context.new_page()
        page.goto(f"{server.url}/")
        page.locator("#user-name").wait_for()  # the header filled by the page's script keeps the switch
        switch_to(page, "Français", "fr")
        assert page.locator("header .language option:checked").inner_text() == "Français"
        assert page.get_by_role("heading", name="Vos tables").is_visible()
        assert context.request.get(f"{server.url}/api/me/settings").json()["language"] == "fr"
    with contextlib.closing(browser.new_context(locale="de-DE")) as elsewhere:  # another browser, no cookie
        elsewhere.request.post(
            f"{server.url}/api/accounts/login", data={"username": "lena", "password": "secret-pass"}
        )
        page = elsewhere.new_page()
        page.goto(f"{server.url}/settings")
        assert page.locator("html").get_attribute("lang") == "fr", "the account's choice, not the browser's"
