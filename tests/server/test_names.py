"""Names and seats: invitations kept by account id, display names that impersonate nobody, and name
look-ups (profiles, invitations) that cannot list the accounts."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable import bots as bot_module
from cardtable.server.app import create_app
from cardtable.server.names import display_name, looks_alike, site_word
from cardtable.server.services.account_settings import FORMER

from .helpers import Player, bots, make_settings
from .test_migration_0003 import migrate

IMPERSONATIONS = [
    "easy bot",
    "Medium Bot",
    "hard-bot",
    "еasy bot",  # Cyrillic е
    "easy bot (seat 2)",
    "Former player",
    "stand-in",
    "Guest",
    "Seat 3",
    "Charlie",  # an account's username
    "CHARLIE",
    "Сharlie",  # Cyrillic С
    "charIie",  # capital I for l
    "Foxy Lady",  # an account's display name
    "Foxy Lаdy",  # Cyrillic а
    "Zed\u034f",  # combining grapheme joiner: invisible
    "Ze\u200bd",  # zero-width space
    "\u202eZed",  # right-to-left override
    "Ze\u2060d",  # word joiner
    "Z" + "\u0301" * 10,  # ten stacked accents
    "\ufdfa" * 24,
    "\ufdfd",
    "\u3164Zed",  # Hangul filler, drawn as blank
]
LEGIT = [
    "José",
    "Zoë",
    "李小龍",
    "山田太郎",
    "김민준",
    "Nguyễn Thị",
    "O’Brien",
    "Ελένη",
    "Мария",
    "Ann-Marie",
]


def invite(player: Player, name: str) -> tuple[int, dict[str, object]]:
    seats = [{"kind": "me"}, {"kind": "invited", "name": name}, *bots(count=2)]
    answer = player.http.post("/api/tables", json={"game": "slobberhannes", "seats": seats})
    return answer.status_code, answer.json()


def test_a_deleted_accounts_kept_seat_is_freed_and_not_inherited(player: Callable[..., Player]) -> None:
    ana, eve = player("ana"), player("eve")
    dave = player("dave703", account=True)
    table = ana.create(seats=[{"kind": "me"}, {"kind": "invited", "name": "dave703"}, *bots(count=2)])["id"]
    taken = eve.http.post(f"/api/tables/{table}/join", json={"seat": 1})
    assert taken.status_code == 409 and taken.json()["detail"] == "seat 1 is kept for dave703"

    assert dave.http.post("/api/me/delete", json={"password": "secret-pass"}).status_code == 204
    again = player("dave703", account=True)  # a new account of the same username
    seat = ana.http.get(f"/api/tables/{table}").json()["seats"][1]
    assert seat["kind"] == "open" and seat["name"] is None, "the seat was freed with the account"
    assert again.http.get("/api/tables?status=open").json()[0]["seats"][1]["kind"] == "open"
    joined = eve.http.post(f"/api/tables/{table}/join", json={"seat": 1}).json()
    assert joined["status"] == "playing" and joined["seats"][1]["name"] == "eve"


def test_a_seat_kept_for_an_account_is_for_its_id_only(player: Callable[..., Player]) -> None:
    ana, dan, eve = player("ana"), player("dan", account=True), player("eve")
    seats = [{"kind": "me"}, {"kind": "invited", "name": "DAN"}, {"kind": "open"}, *bots(count=1)]
    table = ana.create(seats=seats)["id"]
    assert dan.http.post(f"/api/tables/{table}/join").json()["seats"][1]["name"] == "dan"
    assert dan.http.post(f"/api/tables/{table}/leave").status_code == 200  # still kept for dan
    seat = ana.http.get(f"/api/tables/{table}").json()["seats"][1]
    assert (seat["kind"], seat["name"]) == ("invited", "dan")
    assert eve.http.post(f"/api/tables/{table}/join", json={"seat": 1}).status_code == 409
    assert eve.http.post(f"/api/tables/{table}/join").json()["seats"][2]["name"] == "eve"
    assert dan.http.post(f"/api/tables/{table}/join").json()["status"] == "playing"


def test_inviting_an_unknown_name_is_answered_as_inviting_an_account(player: Callable[..., Player]) -> None:
    ana, eve = player("ana"), player("eve")
    player("dana", account=True)
    known_code, known = invite(ana, "dana")
    unknown_code, unknown = invite(ana, "nobody7")
    assert known_code == unknown_code == 201
    assert set(known) == set(unknown)
    assert [s["kind"] for s in known["seats"]] == [s["kind"] for s in unknown["seats"]]  # type: ignore[union-attr]
    assert unknown["seats"][1] == {**known["seats"][1], "name": "nobody7"}  # type: ignore[index]
    assert eve.http.post(f"/api/tables/{unknown['id']}/join", json={"seat": 1}).status_code == 409
    # the seat waits for the name: the account signed up under it later takes it
    later = player("nobody7", account=True)
    assert later.http.post(f"/api/tables/{unknown['id']}/join").json()["status"] == "playing"


def test_profile_look_ups_and_invitation_misses_share_one_limit(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, invite_misses=4, invite_window=600))
    with TestClient(app):
        Player(app, "ana", account=True)
        bo = Player(app, "bo")
        assert bo.http.get("/api/players/ana").status_code == 200  # a name that exists costs nothing
        assert [bo.http.get(f"/api/players/nobody{n}").status_code for n in range(3)] == [404] * 3
        assert invite(bo, "nobody9")[0] == 201  # the fourth miss, answered as a hit
        past = [bo.http.get(f"/api/players/{name}") for name in ("nobody5", "ana")]
        assert [p.status_code for p in past] == [429, 429]
        assert past[0].json() == past[1].json() and past[0].json()["code"] == "too-many"
        assert int(past[0].headers["retry-after"]) >= 1
        assert invite(bo, "ana")[0] == 429, "invitations too, whether the name exists or not"


def test_sixty_unknown_profiles_are_not_sixty_answers(app: FastAPI) -> None:
    bo = Player(app, "bo")
    codes = [bo.http.get(f"/api/players/nobody{n}").status_code for n in range(60)]
    assert codes.count(404) == 10 and set(codes[10:]) == {429}


def test_impersonating_names_are_refused_and_change_nothing(app: FastAPI) -> None:
    Player(app, "charlie", account=True)
    fox = TestClient(app).post(
        "/api/accounts/signup",
        json={"username": "cfox", "password": "secret-pass", "display_name": "Foxy Lady"},
    )
    assert fox.status_code == 201
    for name in IMPERSONATIONS:
        client = TestClient(app)
        answer = client.post("/api/accounts/guest", json={"name": name})
        assert answer.status_code in (400, 422), name
        assert "cardtable_session" not in answer.cookies, name
        reason = answer.json()["detail"]
        reason = reason if isinstance(reason, str) else reason[0]["msg"]
        assert any(word in reason for word in ("site calls", "looks like", "may not hold", "at most")), reason
        body = {"username": "newcomer", "password": "secret-pass", "display_name": name}
        assert client.post("/api/accounts/signup", json=body).status_code in (400, 422), name
        assert client.get("/api/accounts/me").status_code == 401
    # the username "newcomer" was never taken by a refused sign-up
    assert (
        TestClient(app)
        .post("/api/accounts/signup", json={"username": "newcomer", "password": "secret-pass"})
        .status_code
        == 201
    )


def test_names_in_any_script_with_accents_are_accepted_in_nfc(app: FastAPI) -> None:
    for name in [*LEGIT, "Jose\u0301"]:
        answer = TestClient(app).post("/api/accounts/guest", json={"name": name})
        assert answer.status_code == 201, (name, answer.text)
        assert answer.json()["name"] == unicodedata.normalize("NFC", name)
    own = TestClient(app).post(
        "/api/accounts/signup", json={"username": "ann", "password": "secret-pass", "display_name": "Ann"}
    )
    assert own.status_code == 201 and own.json()["name"] == "Ann", "one's own username is no impersonation"


def test_a_username_that_looks_like_another_is_refused_as_its_own_display_name(app: FastAPI) -> None:
    Player(app, "mike", account=True)
    answer = TestClient(app).post(
        "/api/accounts/signup", json={"username": "rnike", "password": "secret-pass"}
    )
    assert answer.status_code == 400 and answer.json()["code"] == "name-taken"


def test_the_site_words_cover_the_bots_and_former_players() -> None:
    for level in bot_module.levels():
        assert site_word(f"{level} bot") and site_word(f"{level.upper()}BOT")
    assert site_word(FORMER)
    for name in ("Botswana", "Guestavo", "Standish", "Bob", "Seattle"):
        assert site_word(name) is None, name
    assert looks_alike("Il", ["il"]) and looks_alike("rn", ["m"]) and not looks_alike("Bob", ["Rob"])
    with pytest.raises(ValueError, match="at most 2"):
        display_name("e\u0301\u0302\u0303")
    assert display_name("  Ann   Marie ") == "Ann Marie"


# -- migration 0007: kept seats by account id ---------------------------------------------------------------


def fill_at_0006(url: str) -> None:
    """Ana's open table keeps seats for bo (an account), cy (whose account was made after the table: a
    deleted cy was invited) and zed (no account); at her running table bo sits at his kept seat."""
    engine = sa.create_engine(url)
    meta = sa.MetaData()
    meta.reflect(engine)
    users, tables, seats = (meta.tables[name] for name in ("users", "game_tables", "seats"))
    before, made, after = (datetime(2026, 1, day, tzinfo=UTC) for day in (1, 2, 3))
    with engine.begin() as db:
        for user_id, username, at in (
            (1, "ana", before),
            (2, "bo", before),
            (3, "cy", after),
            (4, None, before),
        ):
            db.execute(
                sa.insert(users).values(id=user_id, username=username, display_name="x", created_at=at)
            )
        for table_id, status in ((1, "open"), (2, "playing")):
            db.execute(
                sa.insert(tables).values(
                    id=table_id,
                    game="slobberhannes",
                    options={},
                    seed=1,
                    status=status,
                    created_by=1,
                    created_at=made,
                    version=0,
                    stand_in="medium",
                )
            )
        rows = [
            (1, 0, 1, None), (1, 1, None, "bo"), (1, 2, None, "cy"), (1, 3, None, "zed"),
            (2, 0, 1, None), (2, 1, 2, "bo"), (2, 2, 4, "old"), (2, 3, None, None),
        ]  # fmt: skip
        for table_id, seat, user_id, invited in rows:
            db.execute(
                sa.insert(seats).values(
                    table_id=table_id, seat=seat, user_id=user_id, invited=invited, time_used=0,
                    bot="easy" if (table_id, seat) == (2, 3) else None,
                )
            )  # fmt: skip
    engine.dispose()


def kept(url: str) -> list[tuple[int, int, str | None, int | None]]:
    engine = sa.create_engine(url)
    with engine.connect() as db:
        rows = db.execute(sa.text("SELECT table_id, seat, invited, invited_id FROM seats ORDER BY 1, 2"))
        found = [tuple(row) for row in rows]
    engine.dispose()
    return found  # type: ignore[return-value]


def upgrade_keeps_seats_by_account(url: str) -> None:
    migrate(url, "0006")
    fill_at_0006(url)
    migrate(url, "0007")
    assert kept(url) == [
        (1, 0, None, None),
        (1, 1, "bo", 2),
        (1, 2, None, None),  # kept for a cy deleted before this cy: freed
        (1, 3, None, None),  # kept for a deleted zed: freed
        (2, 0, None, None),
        (2, 1, "bo", 2),
        (2, 2, "old", None),  # a started game keeps its seats as they are
        (2, 3, None, None),
    ]
    migrate(url, "0006", down=True)
    migrate(url, "0007")


def test_migration_0007_keeps_invitations_by_account_and_frees_deleted_ones(tmp_path: Path) -> None:
    upgrade_keeps_seats_by_account(f"sqlite:///{tmp_path / 'old.db'}")


def test_migration_0007_on_postgresql(postgres_url: str) -> None:
    upgrade_keeps_seats_by_account(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
