"""Mail, through a real server and a real local SMTP server (``mailbox``): an address gets nothing but its
verification link until it is confirmed; the link works once, only the latest one works, and it expires;
verification mails are limited per account and per address; every mail has ``Date``, ``Message-ID``, the
settings link and RFC 8058 one-click unsubscribe, and names nobody; addresses that are lists, names,
encoded words or carry control characters are refused and change nothing; "game over" comes at most
``mails_per_hour`` times an hour to an account."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx2
from fastapi import FastAPI

from .helpers import Player, make_settings
from .live_server import Client, serving
from .mailbox import Mailbox, link, smtp_server, text, verify_address
from .test_turn_based import DUEL, HOUR

CONFIRM = "Confirm your mail address for cardtable"
SITE = "http://127.0.0.1:8000"
"""``public_url``'s default, which starts every link in a mail."""


@contextmanager
def mail_server(tmp_path: Path, **overrides: Any) -> Iterator[tuple[Mailbox, str]]:
    """A server that mails through a local SMTP server: the mailbox and the server's URL."""
    with smtp_server() as mailbox, serving(make_settings(tmp_path, smtp_url=mailbox.url, **overrides)) as url:
        yield mailbox, url


def bot_table(client: Client) -> int:
    """A turn-based one-hand Troeven table of ``client`` against an easy bot; its id."""
    seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
    return int(client.create("troeven", seats=seats, turn_seconds=HOUR, **DUEL)["id"])


def play_at_the_table(client: Client, tid: int) -> None:
    """Make every move of this seat while following the table (so no "your turn" mail is due)."""
    ws = client.socket()
    state = ws.watch(tid)
    while state["status"] != "over":
        if state["moves"]:
            ws.send(type="move", table=tid, version=state["version"], move=state["moves"][0])
        state = ws.until(lambda m: m["type"] == "table", timeout=60)
    ws.close()


def settings_of(client: Client) -> dict[str, Any]:
    answer = client.http.get("/api/me/settings")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_an_unverified_address_gets_nothing_but_its_verification_link(tmp_path: Path) -> None:
    with mail_server(tmp_path) as (mailbox, url):
        ana = Client(url, "ana", account=True)
        given = ana.http.put("/api/me/settings", json={"email": "ana@example.org"})
        assert given.status_code == 200 and given.json()["email_verified"] is False
        first = mailbox.wait_for(lambda m: m["Subject"] == CONFIRM)
        assert first["To"] == "ana@example.org"
        tid = bot_table(ana)  # the bot decides first, then it is her turn while she is away
        deadline = time.monotonic() + 30
        while not any(t["table"] == tid for t in ana.http.get("/api/me/turns").json()):
            assert time.monotonic() < deadline, "her turn did not come"
            time.sleep(0.02)
        play_at_the_table(ana, tid)
        again = ana.http.post("/api/me/settings/verify")
        assert again.status_code == 200 and again.json()["email_verified"] is False
        second = mailbox.wait_for(lambda m: m["Subject"] == CONFIRM, after=1)  # queued after the game's mail
        assert mailbox.subjects() == [CONFIRM, CONFIRM], "no turn or game-over mail to an unverified address"

        replaced = ana.http.post(link(first, "verify"))
        assert replaced.status_code == 404 and replaced.json()["code"] == "link-unknown"
        assert settings_of(ana)["email_verified"] is False
        opened = ana.http.get(link(second, "verify"))
        assert opened.status_code == 200 and opened.headers["content-type"].startswith("text/html")
        assert settings_of(ana)["email_verified"] is False, "opening the link (as a scanner does) is no click"
        stranger = httpx2.Client(base_url=url, timeout=20)  # the link works without a login
        assert stranger.post(link(second, "verify")).status_code == 200
        assert settings_of(ana)["email_verified"] is True
        used = stranger.post(link(second, "verify"))
        assert used.status_code == 404 and used.json()["code"] == "link-unknown", "a link works once"
        verified_already = ana.http.post("/api/me/settings/verify")
        assert verified_already.status_code == 409 and verified_already.json()["code"] == "verified"

        assert ana.http.put("/api/me/settings", json={"email": "ana@example.org"}).json()["email_verified"]
        moved = ana.http.put("/api/me/settings", json={"email": "ana@example.net"})
        assert moved.json()["email_verified"] is False, "a new address is unverified again"
        mailbox.wait_for(lambda m: m["To"] == "ana@example.net" and m["Subject"] == CONFIRM)


def test_an_expired_link_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    with mail_server(tmp_path, verify_link_seconds=0.5) as (mailbox, url):
        ana = Client(url, "ana", account=True)
        assert ana.http.put("/api/me/settings", json={"email": "ana@example.org"}).status_code == 200
        mail = mailbox.wait_for(lambda m: m["Subject"] == CONFIRM)
        time.sleep(1.0)
        answer = ana.http.post(link(mail, "verify"))
        assert answer.status_code == 400 and answer.json()["code"] == "link-expired", answer.text
        assert settings_of(ana)["email_verified"] is False


def test_verification_mails_are_limited_per_account_and_per_address(tmp_path: Path) -> None:
    with mail_server(tmp_path, verify_mails=2) as (mailbox, url):
        ana, bob, cleo = (Client(url, name, account=True) for name in ("ana", "bob", "cleo"))
        for address in ("one@example.org", "two@example.org"):
            assert ana.http.put("/api/me/settings", json={"email": address}).status_code == 200
        third = ana.http.put("/api/me/settings", json={"email": "three@example.org", "mail_turns": False})
        assert third.status_code == 429 and "verification mails" in third.json()["detail"]
        assert "Retry-After" in third.headers
        kept = settings_of(ana)
        assert kept["email"] == "two@example.org" and kept["mail_turns"] is True, "a refusal changes nothing"
        assert ana.http.post("/api/me/settings/verify").status_code == 429
        assert bob.http.put("/api/me/settings", json={"email": "one@example.org"}).status_code == 200
        crowded = cleo.http.put("/api/me/settings", json={"email": "ONE@example.org"})
        assert crowded.status_code == 429 and "to this address" in crowded.json()["detail"]
        assert settings_of(cleo)["email"] is None
        mailbox.wait_for(lambda m: m["To"] == "one@example.org", after=2)  # bob's
        assert sorted(mailbox.subjects()) == [CONFIRM] * 3


def test_every_mail_has_its_headers_names_nobody_and_unsubscribes_in_one_click(tmp_path: Path) -> None:
    with mail_server(tmp_path) as (mailbox, url):
        ana = Client(url, "ana", account=True, display_name="www.evil.example/x")
        verification = verify_address(ana, mailbox, "ana@example.org")
        tid = bot_table(ana)
        turn = mailbox.wait_for(lambda m: str(m["Subject"]).startswith("Your turn"))  # she is not there
        play_at_the_table(ana, tid)
        over = mailbox.wait_for(lambda m: str(m["Subject"]).startswith("Game over"))
        assert re.search(r"You (won|did not win|share the win)\.|Nobody won\.", text(over))
        unsubscribe = str(verification["List-Unsubscribe"])
        for mail in (verification, turn, over):
            assert mail["To"] == "ana@example.org" and mail["Date"] and mail["Message-ID"]
            assert mail["List-Unsubscribe"] == unsubscribe
            assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            assert f"{SITE}/settings" in text(mail)
            assert "evil" not in text(mail) and "evil" not in str(mail["Subject"]), "no display names"
        assert len({str(m["Message-ID"]) for m in (verification, turn, over)}) == 3
        found = re.fullmatch(r"<(http://127\.0\.0\.1:8000/mail/unsubscribe/[A-Za-z0-9_-]{40,})>", unsubscribe)
        assert found is not None, unsubscribe
        path = urlsplit(found.group(1)).path

        provider = httpx2.Client(base_url=url, timeout=20)  # no cookie, no Origin: a mail provider's POST
        shown = provider.get(path)
        assert shown.status_code == 200 and shown.headers["content-type"].startswith("text/html")
        assert settings_of(ana)["mail_turns"] is True, "opening the link unsubscribes nobody"
        form = {"content-type": "application/x-www-form-urlencoded"}
        done = provider.post(path, content=b"List-Unsubscribe=One-Click", headers=form)
        assert done.status_code == 200, done.text
        now = settings_of(ana)
        assert now["mail_turns"] is False and now["mail_results"] is False
        assert provider.post(path, content=b"List-Unsubscribe=One-Click", headers=form).status_code == 200
        unknown = provider.post("/mail/unsubscribe/" + "A" * 43, headers=form)
        assert unknown.status_code == 404 and unknown.json()["code"] == "link-unknown"


def test_game_over_mails_are_capped_per_account(tmp_path: Path) -> None:
    with mail_server(tmp_path, mails_per_hour=2) as (mailbox, url):
        ana = Client(url, "ana", account=True)
        verify_address(ana, mailbox, "ana@example.org")
        assert ana.http.put("/api/me/settings", json={"mail_turns": False}).status_code == 200
        tables = [bot_table(ana) for _ in range(3)]
        for tid in tables:
            play_at_the_table(ana, tid)
        # a verification mail is not capped, and the one mail thread sends in order: once it is here,
        # every game's mail has been sent or dropped
        before = mailbox.count()
        assert ana.http.put("/api/me/settings", json={"email": "ana@example.net"}).status_code == 200
        mailbox.wait_for(lambda m: m["To"] == "ana@example.net", after=before)
        overs = [s for s in mailbox.subjects("ana@example.org") if s.startswith("Game over")]
        assert overs == [f"Game over at table {tid} (Troeven (version 1))" for tid in tables[:2]]


def test_an_address_is_one_plain_address_or_refused_with_nothing_changed(app: FastAPI) -> None:
    ana = Player(app, "ana", account=True)
    assert ana.http.put("/api/me/settings", json={"email": " ann@b.co "}).json()["email"] == "ann@b.co"
    refused = {
        "ann@b.co,victim": "no lists",
        "ann@b.co, victim@example.org": "no lists",
        "a@b.co;c@d.co": "no lists",
        "=?utf-8?q?x?=@b.co": "encoded word",
        "ann\x00@b.co": "control characters",
        "ann@b.co\r\nBcc: victim@example.org": "control characters",
        "ann@b.co\n": "control characters",
        "Ann <ann@example.org>": "no name",
        '"ann b"@example.org': "no name",
        "(x)ann@example.org": "no name",
        "ann@localhost": "domain name",
        "ann@@example.org": "not one mail address",
        "ann..b@example.org": "not a mail address",
        "änn@example.org": "ASCII",
    }
    for bad, reason in refused.items():
        answer = ana.http.put("/api/me/settings", json={"email": bad, "mail_turns": False})
        assert answer.status_code == 422, (bad, answer.text)
        assert reason in answer.json()["detail"][0]["msg"], (bad, answer.text)
        kept = ana.http.get("/api/me/settings").json()
        assert kept["email"] == "ann@b.co" and kept["mail_turns"] is True, bad
