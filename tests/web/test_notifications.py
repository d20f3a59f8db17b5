"""Notifications in headless Chromium against a real server, with the browser's permission granted and
``window.Notification`` replaced by a recorder: no page asks for the permission when it opens; after
"Notify me" is clicked, bob's invitation shows in ana's header ("Invited to 1 table", a link) and as a
notification; once she sits down it leaves the header; with her tab hidden, her turn and bob's chat line
that names her are notified, and a line that does not name her is not."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from ..server.process import Server, server_env
from .test_turns_and_players import MY_TURN, play_while_my_turn, sign_up

RECORDER = """
(() => {
  const browserOwn = window.Notification;
  window.notifications = { asked: 0, shown: [] };
  class Recorded {
    constructor(title, options = {}) {
      window.notifications.shown.push({ title, body: options.body ?? "", tag: options.tag ?? "" });
    }
    close() {}
    static get permission() { return browserOwn.permission; }
    static requestPermission() {
      window.notifications.asked += 1;
      return browserOwn.requestPermission();
    }
  }
  window.Notification = Recorded;
})();
"""
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  Object.defineProperty(document, "hidden", { value: true, configurable: true });
}"""
CREATE = """body => fetch("/api/tables", {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
}).then((answer) => answer.json())"""
BOB_FIRST = {"single_hand": True, "first_dealer": 1}
"""Troeven, one hand; ana, in seat 2, deals, so bob decides first (``test_turn_based.DUEL``)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("notify")
    running = Server(["--db", str(folder / "notify.db")], server_env(bot_delay="0.02"), folder / "server.log")
    running.start()
    yield running
    running.kill()


def shown(page: Any) -> list[dict[str, str]]:
    return page.evaluate("window.notifications.shown")  # type: ignore[no-any-return]


def wait_for_notification(page: Any, title: str) -> dict[str, str]:
    page.wait_for_function("(title) => window.notifications.shown.some((n) => n.title === title)", arg=title)
    return next(n for n in shown(page) if n["title"] == title)


def test_notifications_are_asked_for_by_the_button_then_tell_invitations_turns_and_chat(
    server: Server, browser: Any
) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    with (
        contextlib.closing(browser.new_context()) as ana_browser,
        contextlib.closing(browser.new_context()) as bob_browser,
    ):
        ana_browser.grant_permissions(["notifications"])
        ana_browser.add_init_script(RECORDER)
        ana = sign_up(ana_browser, server, "ana")
        bob = sign_up(bob_browser, server, "bob")
        for page in (ana, bob):
            page.on("pageerror", lambda error: errors.append(str(error)))
        button = ana.get_by_role("button", name="Notify me")
        expect(button).to_have_attribute("aria-pressed", "false")
        ana.reload()
        expect(button).to_be_visible()
        expect(ana.locator("#mine")).to_contain_text("You sit at no table yet.")  # the lobby's lists came
        assert ana.evaluate("window.notifications.asked") == 0, "no page asks when it opens"
        expect(ana.locator("#my-invitations")).to_be_empty()

        button.click()
        expect(ana.get_by_role("button", name="Notifications on")).to_have_attribute("aria-pressed", "true")
        assert ana.evaluate("window.notifications.asked") == 1

        seats = [{"kind": "me"}, {"kind": "invited", "name": "ana"}]
        table = bob.evaluate(CREATE, {"game": "troeven", "options": BOB_FIRST, "seats": seats})["id"]
        invited = ana.locator("#my-invitations")
        expect(invited).to_contain_text("Invited to 1 table:")  # the lobby's next refresh
        note = wait_for_notification(ana, f"Invited to table {table}")
        assert note["body"] == "Troeven, seat 2, from bob."
        invited.get_by_role("link", name=f"#{table}").click()
        ana.wait_for_url(f"**/tables/{table}")
        ana.get_by_role("button", name="Sit down").click()
        expect(ana.locator("body[data-status=playing]")).to_have_count(1)
        expect(invited).to_be_empty()

        ana.evaluate(HIDE)
        bob.goto(f"{server.url}/tables/{table}?view=generic")
        expect(bob.locator("#status")).to_have_text(MY_TURN)
        assert play_while_my_turn(bob) >= 1
        turn = wait_for_notification(ana, f"Your turn at table {table}")
        assert turn["tag"] == f"turn-{table}"

        chat = bob.locator("#chat")
        for line in ("banana bread?", "@ana your lead"):
            chat.get_by_label("Chat message").fill(line)
            chat.get_by_role("button", name="Send").click()
        said = wait_for_notification(ana, f"bob at table {table}")
        assert said["body"] == "@ana your lead"
        titles = [n["title"] for n in shown(ana)]  # on the table's page
        assert titles == [f"Your turn at table {table}", f"bob at table {table}"], "no line not naming her"
    assert errors == []
