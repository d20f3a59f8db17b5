"""Friends and blocked accounts through the real server: the lists, their refusals, and what a block keeps
from happening (sitting together, invitations, chat lines), without telling the blocked account who."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import bots, make_settings
from .live_server import Client, Socket, serving


def chat_texts(ws: Socket) -> list[str]:
    return [line["text"] for line in ws.until(lambda m: m["type"] == "chat")["lines"]]


def refusal(answer: Any) -> tuple[int, str]:
    """The status and code of a refused request."""
    return answer.status_code, answer.json()["code"]


def test_friends_are_added_once_listed_with_where_they_play_and_removed(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, bob = Client(url, "ana", account=True), Client(url, "bob", account=True, display_name="Bob B")
        first = ana.http.put("/api/me/friends/BOB")
        assert first.status_code == 200
        assert first.json() == {"username": "bob", "name": "Bob B", "online": False, "tables": []}
        assert ana.http.put("/api/me/friends/bob").json() == first.json()  # twice is once
        assert bob.http.get("/api/me/friends").json() == []  # one way: bob follows nobody
        table = bob.create(seats=[{"kind": "me"}, {"kind": "open"}, *bots(count=2)])
        ws = bob.socket()
        ws.watch(table["id"])
        listed = ana.http.get("/api/me/friends").json()
        assert listed == [
            {
                "username": "bob",
                "name": "Bob B",
                "online": True,
                "tables": [{"id": table["id"], "game": "slobberhannes", "status": "open"}],
            }
        ]
        ws.close()
        assert ana.http.delete("/api/me/friends/bob").status_code == 204
        assert ana.http.delete("/api/me/friends/bob").status_code == 204  # not listed: nothing to do
        assert ana.http.get("/api/me/friends").json() == []


def test_naming_yourself_nobody_a_deleted_account_or_being_a_guest_is_refused(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, gone = Client(url, "ana", account=True), Client(url, "gone", account=True)
        guest = Client(url, "Gus")
        for path in ("/api/me/friends/ana", "/api/me/blocked/ana"):
            answer = ana.http.put(path)
            assert (
                refusal(answer) == (400, "self")
                and answer.json()["detail"] == "that is you: name another player"
            )
        assert refusal(ana.http.put("/api/me/friends/nobody")) == (404, "unknown-player")
        assert refusal(ana.http.put("/api/me/friends/Gus")) == (
            404,
            "unknown-player",
        )  # a guest has no username
        assert gone.http.post("/api/me/delete", json={"password": "secret-pass"}).status_code == 204
        assert refusal(ana.http.put("/api/me/friends/gone")) == (404, "unknown-player")
        assert refusal(ana.http.put("/api/me/blocked/gone")) == (404, "unknown-player")
        for answer in (guest.http.get("/api/me/friends"), guest.http.put("/api/me/blocked/ana")):
            assert refusal(answer) == (404, "no-account")
        assert ana.http.get("/api/me/friends").json() == [] and ana.http.get("/api/me/blocked").json() == []


def test_blocking_a_friend_ends_the_friendship_and_a_deleted_account_leaves_the_lists(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, _, cy = (Client(url, name, account=True) for name in ("ana", "bob", "cyd"))
        assert ana.http.put("/api/me/friends/bob").status_code == 200
        assert ana.http.put("/api/me/friends/cyd").status_code == 200
        blocked = ana.http.put("/api/me/blocked/bob")
        assert blocked.status_code == 200 and blocked.json() == {"username": "bob", "name": "bob"}
        assert ana.http.put("/api/me/blocked/bob").status_code == 200  # twice is once
        assert [f["username"] for f in ana.http.get("/api/me/friends").json()] == ["cyd"]
        assert ana.http.get("/api/me/blocked").json() == [{"username": "bob", "name": "bob"}]
        assert refusal(ana.http.put("/api/me/friends/bob")) == (409, "blocked")
        assert ana.http.delete("/api/me/blocked/bob").status_code == 204
        assert ana.http.get("/api/me/blocked").json() == []
        assert ana.http.put("/api/me/friends/bob").status_code == 200
        assert cy.http.post("/api/me/delete", json={"password": "secret-pass"}).status_code == 204
        assert [f["username"] for f in ana.http.get("/api/me/friends").json()] == ["bob"]


def test_a_blocked_account_cannot_join_its_blockers_table_nor_one_where_its_blocker_sits(
    tmp_path: Path,
) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, bob, cy = (Client(url, name, account=True) for name in ("ana", "bob", "cyd"))
        assert ana.http.put("/api/me/blocked/bob").status_code == 200
        anas = ana.create(seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, *bots(count=1)])
        answer = bob.http.post(f"/api/tables/{anas['id']}/join")
        assert refusal(answer) == (403, "blocked") and "ana" not in answer.json()["detail"]
        cys = cy.create(seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}, *bots(count=1)])
        assert ana.http.post(f"/api/tables/{cys['id']}/join").status_code == 200
        assert refusal(bob.http.post(f"/api/tables/{cys['id']}/join")) == (403, "blocked")
        assert ana.http.post(f"/api/tables/{anas['id']}/join").status_code == 409  # ana sits there already
        assert cy.http.post(f"/api/tables/{anas['id']}/join").status_code == 200  # only bob is kept away
        seats = [s["username"] for s in ana.http.get(f"/api/tables/{cys['id']}").json()["seats"]]
        assert "bob" not in seats
        assert ana.http.post(f"/api/tables/{cys['id']}/leave").status_code == 200
        assert bob.http.post(f"/api/tables/{cys['id']}/join").status_code == 200  # ana left
        # the blocker may still sit with the account it blocked: only the blocked one is kept away
        assert ana.http.post(f"/api/tables/{cys['id']}/join").status_code == 200


def test_no_seat_is_kept_between_two_accounts_one_of_which_blocked_the_other(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, bob, cy = (Client(url, name, account=True) for name in ("ana", "bob", "cyd"))
        assert ana.http.put("/api/me/blocked/bob").status_code == 200

        def inviting(name: str) -> dict[str, Any]:
            return {
                "game": "slobberhannes",
                "seats": [{"kind": "me"}, {"kind": "invited", "name": name}, *bots(count=2)],
            }

        for host, guest in ((bob, "ana"), (ana, "bob")):  # whichever of the two blocked the other
            answer = host.http.post("/api/tables", json=inviting(guest))
            assert refusal(answer) == (403, "blocked")
            assert answer.json()["detail"] == "that player cannot be invited"
            assert host.http.get("/api/tables?mine=true").json() == []  # nothing was created
        assert cy.http.post("/api/tables", json=inviting("ana")).status_code == 201


def test_the_lines_of_a_blocked_account_are_not_sent_to_its_blocker(tmp_path: Path) -> None:
    with serving(make_settings(tmp_path)) as url:
        ana, bob, cy = (Client(url, name, account=True) for name in ("ana", "bob", "cyd"))
        table = cy.create(seats=[{"kind": "me"}, *bots()])
        sockets: dict[str, Socket] = {}
        for who in (ana, bob, cy):
            sockets[who.name] = who.socket()
            sockets[who.name].watch(table["id"])
        sockets["bob"].send(type="chat", table=table["id"], text="before the block")
        assert chat_texts(sockets["ana"]) == ["before the block"]
        assert ana.http.put("/api/me/blocked/bob").status_code == 200  # while ana's socket is open
        sockets["bob"].send(type="chat", table=table["id"], text="from bob")
        assert chat_texts(sockets["cyd"]) == ["before the block"]
        assert chat_texts(sockets["cyd"]) == ["from bob"]  # bob's line went out before cyd's
        sockets["cyd"].send(type="chat", table=table["id"], text="from cyd")
        assert chat_texts(sockets["ana"]) == ["from cyd"]
        assert chat_texts(sockets["cyd"]) == ["from cyd"]
        assert chat_texts(sockets["bob"]) == ["before the block"]  # bob reads on, as if nothing happened
        assert chat_texts(sockets["bob"]) == ["from bob"]
        later = ana.socket()  # the history a page loads leaves bob's lines out too
        later.send(type="watch", table=table["id"])
        assert chat_texts(later) == ["from cyd"]
        for ws in (*sockets.values(), later):
            ws.close()
        assert ana.http.delete("/api/me/blocked/bob").status_code == 204
        again = ana.socket()
        again.send(type="watch", table=table["id"])
        assert chat_texts(again) == ["before the block", "from bob", "from cyd"]
        again.close()
