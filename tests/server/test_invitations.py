"""Invitations: ``GET /api/me/invitations`` lists the open tables with a seat kept for you while you do not
sit there (newest first, with who invited you); a new table mails each account it keeps a seat for once,
only to a verified address, and only when the account wants it ("mail me invitations", on by default,
turned off by the one-click unsubscribe too)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx2

from cardtable.server.app import create_app

from .helpers import Player, bots, make_settings
from .live_server import Client, serving
from .mailbox import smtp_server, text, verify_address
from .test_mail import CONFIRM, SITE, settings_of

INVITED = "You are invited to table"


def invitations(who: Player | Client) -> list[dict[str, object]]:
    answer = who.http.get("/api/me/invitations")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_the_tables_inviting_you_are_listed_while_you_do_not_sit_there(
    player: Callable[..., Player],
) -> None:
    ana = player("ana", account=True)
    bob = player("bob", account=True)
    cleo = player("cleo", account=True)
    guest = player("gus")
    first = ana.create(
        seats=[{"kind": "me"}, {"kind": "invited", "name": "BOB"}, {"kind": "open"}, *bots(count=1)]
    )
    second = cleo.create(seats=[{"kind": "me"}, *bots(count=2), {"kind": "invited", "name": "bob"}])
    by_cleo = {
        "table": second["id"],
        "game": "slobberhannes",
        "board": second["board"],
        "seat": 3,
        "invited_by": "cleo",
        "invited_by_username": "cleo",
    }
    by_ana = {**by_cleo, "table": first["id"], "seat": 1, "invited_by": "ana", "invited_by_username": "ana"}
    assert invitations(bob) == [by_cleo, by_ana], "newest first"
    assert invitations(cleo) == [] and invitations(guest) == []

    assert bob.http.post(f"/api/tables/{first['id']}/join").json()["seats"][1]["name"] == "bob"
    assert invitations(bob) == [by_cleo], "sitting at the kept seat answers the invitation"
    assert bob.http.post(f"/api/tables/{first['id']}/leave").status_code == 200
    assert invitations(bob) == [by_cleo, by_ana], "the seat stays kept for him"
    assert bob.http.post(f"/api/tables/{first['id']}/join", json={"seat": 2}).status_code == 200
    assert invitations(bob) == [by_cleo], "sitting at another seat of the table too"

    assert cleo.http.delete(f"/api/tables/{second['id']}").status_code == 204
    assert invitations(bob) == [], "an ended table invites nobody"
    third = ana.create(seats=[{"kind": "me"}, {"kind": "invited", "name": "cleo"}, *bots(count=2)])
    assert [i["table"] for i in invitations(cleo)] == [third["id"]]
    assert cleo.http.post(f"/api/tables/{third['id']}/join").json()["status"] == "playing"
    assert invitations(cleo) == [], "a started table invites nobody"


def test_an_invitation_is_mailed_once_to_a_verified_address_that_wants_it(tmp_path: Path) -> None:
    with smtp_server() as mailbox:
        settings = make_settings(tmp_path, smtp_url=mailbox.url)
        app = create_app(settings)
        with serving(settings, app) as url:
            ana = Client(url, "ana", account=True, display_name="www.evil.example/x")
            bob, cleo, dan = (Client(url, name, account=True) for name in ("bob", "cleo", "dan"))
            verification = verify_address(bob, mailbox, "bob@example.org")
            verify_address(cleo, mailbox, "cleo@example.org")
            off = cleo.http.put("/api/me/settings", json={"mail_invitations": False})
            assert off.status_code == 200 and off.json()["mail_invitations"] is False
            assert settings_of(bob)["mail_invitations"] is True, "on by default"
            assert dan.http.put("/api/me/settings", json={"email": "dan@example.org"}).status_code == 200
            seats = [{"kind": "me"}, *({"kind": "invited", "name": n} for n in ("bob", "cleo", "dan"))]
            tid = ana.create(seats=seats)["id"]

            mail = mailbox.wait_for(lambda m: str(m["Subject"]).startswith(INVITED))
            assert mail["To"] == "bob@example.org"
            assert mail["Subject"] == f"{INVITED} {tid} (Slobberhannes)"
            assert (
                f"Seat 2 at table {tid}" in text(mail) and f"{SITE}/tables/{tid}" in text(mail).splitlines()
            )
            assert "evil" not in text(mail), "no display names"
            assert mail["List-Unsubscribe"] == verification["List-Unsubscribe"]
            assert f"{SITE}/settings" in text(mail)

            assert bob.http.post(f"/api/tables/{tid}/join").status_code == 200
            assert bob.http.post(f"/api/tables/{tid}/leave").status_code == 200
            app.state.services.lobby.mailer.invited(tid)  # told again (another server, a retry)
            before = mailbox.count()
            assert dan.http.post("/api/me/settings/verify").status_code == 200
            # the one mail thread sends in order: once this is here, every invitation was sent or dropped
            mailbox.wait_for(lambda m: m["To"] == "dan@example.org", after=before)
            invited = [s for s in mailbox.subjects() if s.startswith(INVITED)]
            assert invited == [f"{INVITED} {tid} (Slobberhannes)"], "once, to bob alone"
            assert mailbox.subjects("cleo@example.org") == [CONFIRM], "cleo does not want them"
            assert mailbox.subjects("dan@example.org") == [CONFIRM, CONFIRM], "dan's address is unverified"

            unsubscribe = str(mail["List-Unsubscribe"]).strip("<>").removeprefix(SITE)
            form = {"content-type": "application/x-www-form-urlencoded"}
            provider = httpx2.Client(base_url=url, timeout=20)
            assert provider.post(unsubscribe, content=b"List-Unsubscribe=One-Click", headers=form).is_success
            assert settings_of(bob)["mail_invitations"] is False, "unsubscribing turns invitations off too"
