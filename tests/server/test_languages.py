"""The site in the reader's language (issue 40): the pages, the errors, the cards' names and the rules help
speak the language the account chose, else the language switch's cookie, else the browser's
``Accept-Language``, else English; and every such answer tells caches that it varies with those."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.i18n import messages
from cardtable.server.routes import pages

from .helpers import Player
from .test_packs import exports


def page_language(client: TestClient, path: str = "/new", **headers: str) -> str:
    answer = client.get(path, headers=headers)
    assert answer.status_code == 200
    found = re.search(r'<html lang="(\w+)">', answer.text)
    assert found is not None
    return found.group(1)


def test_a_german_page_has_german_buttons(app: FastAPI) -> None:
    answer = TestClient(app).get("/new", headers={"Accept-Language": "de-CH, de;q=0.9, en;q=0.5"})
    assert '<html lang="de">' in answer.text
    assert "<title>Neuer Tisch · cardtable</title>" in answer.text
    assert '<button class="primary" type="submit">Tisch eröffnen</button>' in answer.text
    assert "Create the table" not in answer.text
    assert '<option value="de" lang="de" selected>Deutsch</option>' in answer.text, "the switch shows it"
    assert answer.headers["vary"] == "Cookie, Accept-Language"
    assert "default-src 'self'" in answer.headers["content-security-policy"]


def test_the_account_comes_before_the_cookie_before_the_browser(app: FastAPI) -> None:
    ana = Player(app, "ana", account=True)
    client = ana.http
    assert page_language(client) == "en", "nothing chosen anywhere: English"
    assert page_language(client, **{"Accept-Language": "fr-CA, de;q=0.5"}) == "fr"
    assert page_language(client, **{"Accept-Language": "es, de;q=0.5"}) == "de", "one we speak"
    client.cookies.set("lang", "nl")
    assert page_language(client, **{"Accept-Language": "fr"}) == "nl", "the switch's cookie"
    saved = client.put("/api/me/settings", json={"language": "de"})
    assert saved.status_code == 200 and saved.json()["language"] == "de"
    assert client.get("/api/accounts/me").json()["language"] == "de"
    assert page_language(client, **{"Accept-Language": "fr"}) == "de", "the account's setting"
    assert client.put("/api/me/settings", json={"language": None}).json()["language"] is None
    assert page_language(client, **{"Accept-Language": "fr"}) == "nl", "none: the cookie again"
    client.cookies.set("lang", "klingon")
    assert page_language(client, **{"Accept-Language": "fr"}) == "fr", "a cookie we cannot read"


def test_a_guest_gets_the_cookies_language_and_has_no_setting(app: FastAPI) -> None:
    gus = Player(app, "Gus")
    gus.http.cookies.set("lang", "fr")
    assert page_language(gus.http, "/") == "fr"
    refused = gus.http.put("/api/me/settings", json={"language": "nl"})
    assert refused.status_code == 404
    assert refused.json() == {
        "detail": "les invités n’ont pas de paramètres\xa0: inscrivez-vous pour les garder",
        "code": "no-account",
    }


def test_a_french_reader_is_told_an_error_in_french_with_its_code_in_english(app: FastAPI) -> None:
    gus = Player(app, "Gus")
    answer = gus.http.get("/api/tables/99", headers={"Accept-Language": "fr"})
    assert answer.status_code == 404
    assert answer.json() == {"detail": "il n’y a pas de table 99", "code": "unknown-table"}
    assert answer.headers["vary"] == "Cookie, Accept-Language"
    english = gus.http.get("/api/tables/99").json()
    assert english == {"detail": "there is no table 99", "code": "unknown-table"}
    nowhere = gus.http.get("/api/nowhere", headers={"Accept-Language": "fr"})
    assert nowhere.status_code == 404 and nowhere.json() == {"detail": "Introuvable", "code": "not-found"}


def test_an_error_on_the_socket_is_in_the_readers_language(app: FastAPI) -> None:
    gus = Player(app, "Gus")
    gus.http.cookies.set("lang", "de")
    with gus.socket() as ws:
        ws.send_json({"type": "move", "table": 99, "version": 0, "move": "pass"})
        error: dict[str, Any] = ws.receive_json()
    assert error["code"] == "unknown-table" and error["detail"] == "es gibt keinen Tisch 99"


def test_the_cards_of_a_dutch_page_are_named_in_dutch(app: FastAPI) -> None:
    client = TestClient(app)
    client.cookies.set("lang", "nl")
    answer = client.get("/static/js/packs.js")
    assert answer.headers["vary"] == "Cookie, Accept-Language"
    table = exports(answer.text)
    assert {s["name"] for s in table["SUITS"].values()} == {"harten", "ruiten", "klaveren", "schoppen"}
    piquet = table["PACKS"][table["GAME_PACKS"]["troeven"]]["words"]
    assert "klaveren" in piquet["QC"] and "queen" not in piquet["QC"]
    english = exports(TestClient(app).get("/static/js/packs.js").text)
    assert english["PACKS"]["piquet"]["words"]["QC"] == "queen of clubs"


def test_the_rules_link_opens_the_rules_in_french(app: FastAPI) -> None:
    client = TestClient(app)
    client.cookies.set("lang", "fr")
    answer = client.get("/static/rules/troeven.html")
    assert answer.status_code == 200 and '<html lang="fr">' in answer.text
    assert answer.headers["vary"] == "Cookie, Accept-Language"
    assert '<html lang="en">' in TestClient(app).get("/static/rules/troeven.html").text
    dutch = client.get("/static/rules/nl/troeven.html").text
    assert '<html lang="nl">' in dutch and "{%" not in dutch, "each version at its own address"
    assert '<option value="fr" lang="fr" selected>' in dutch, "the reader's switch"
    assert client.get("/static/rules/es/troeven.html").status_code == 404
    missing = client.get("/static/rules/chess.html")
    assert missing.status_code == 404 and "Page introuvable" in missing.text


def test_the_pages_scripts_get_the_web_catalog_as_data(app: FastAPI) -> None:
    client = TestClient(app)
    client.cookies.set("lang", "nl")
    text = client.get("/").text
    block = re.search(r'<script type="application/json" id="catalog">(.*?)</script>', text, re.S)
    assert block is not None and "<" not in block.group(1)
    assert json.loads(block.group(1)) == messages("nl", "web")


def test_the_catalog_block_cannot_end_its_script_element(monkeypatch: pytest.MonkeyPatch) -> None:
    hostile = {"</script><script>alert(1)</script>": "a & b <!--"}
    monkeypatch.setattr(pages, "messages", lambda lang, domain: hostile)
    pages.catalog_json.cache_clear()
    try:
        text = str(pages.catalog_json("nl"))
    finally:
        pages.catalog_json.cache_clear()
    assert not set(text) & set("<>&") and json.loads(text) == hostile


def test_a_pages_template_is_never_served_as_its_source(app: FastAPI) -> None:
    with TestClient(app) as client:
        assert client.get("/static/lobby.html").status_code == 404
        assert client.get("/static/base.html").status_code == 404
        assert client.get("/static/css/style.css").status_code == 200
        assert client.get("/static/js/i18n.js").status_code == 200
        assert "{%" not in client.get("/static/rules/troeven.html").text


def varies(answer: Any) -> bool:
    return bool(answer.headers["vary"] == "Cookie, Accept-Language")


def test_the_bots_and_the_leaderboards_are_described_in_the_readers_words(app: FastAPI) -> None:
    gus = Player(app, "Gus")
    gus.http.cookies.set("lang", "fr")
    bots = gus.http.get("/api/bots")
    assert bots.json()["descriptions"]["medium"].startswith("Un débutant raisonnable\xa0: suit à chaque coup")
    gus.http.cookies.set("lang", "nl")
    boards = gus.http.get("/api/leaderboards")
    assert {"Troeven (versie 1)", "Troeven (versie 2)", "Mü"} <= {board["label"] for board in boards.json()}
    assert varies(bots) and varies(boards)


def test_a_profiles_reputation_formula_is_in_the_readers_words(app: FastAPI) -> None:
    ana = Player(app, "ana", account=True)
    ana.http.cookies.set("lang", "de")
    profile = ana.http.get("/api/players/ana")
    formula = profile.json()["reputation"]["formula"]
    assert formula.startswith("100 × (beendete Partien + 9) ÷ (beendete Partien + der Vertretung") and varies(
        profile
    )


def test_a_request_that_does_not_fit_the_schema_is_refused_in_the_readers_words(app: FastAPI) -> None:
    gus = Player(app, "Gus")
    gus.http.cookies.set("lang", "nl")
    answer = gus.http.post("/api/tables", json={"seats": "all", "turn_seconds": -5})
    assert answer.status_code == 422 and answer.json()["code"] == "invalid-request" and varies(answer)
    said = {(item["type"], item["loc"][-1]): item["msg"] for item in answer.json()["detail"]}
    assert said == {
        ("missing", "game"): "verplicht",
        ("list_type", "seats"): "geen lijst",
        ("greater_than_equal", "turn_seconds"): "te klein (minstens 3600)",
    }, said
    english = Player(app, "Ben").http.post("/api/tables", json={"seats": "all"}).json()["detail"]
    assert [item["msg"] for item in english] == ["Field required", "Input should be a valid list"]


def test_a_body_too_large_and_a_page_of_another_origin_are_refused_in_the_readers_words(app: FastAPI) -> None:
    gus = Player(app, "Gus")
    large = gus.http.post(
        "/api/tables",
        content=b"[" + b"1," * 40_000 + b"1]",
        headers={"content-type": "application/json", "accept-language": "de"},
    )
    assert large.status_code == 413 and varies(large)
    assert large.json() == {
        "detail": "eine Anfrage darf hier höchstens 65536 Bytes enthalten",
        "code": "too-large",
    }
    foreign = gus.http.post(
        "/api/tables",
        json={"game": "troeven"},
        headers={"origin": "http://evil.example", "accept-language": "fr"},
    )
    assert foreign.status_code == 403 and varies(foreign)
    assert foreign.json() == {
        "detail": "une requête venant d’une page d’une autre origine a été refusée",
        "code": "cross-origin",
    }


def test_the_followers_of_an_ended_table_are_told_in_their_words(app: FastAPI) -> None:
    ana, bo = Player(app, "ana"), Player(app, "Bo")
    bo.http.cookies.set("lang", "nl")
    table = ana.create(options={"players": 3}, seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])[
        "id"
    ]
    with bo.socket() as ws:
        ws.send_json({"type": "watch", "table": table})
        assert ws.receive_json()["type"] == "table"
        assert ana.http.delete(f"/api/tables/{table}").status_code == 204
        told = ws.receive_json()
        while told["type"] != "error":
            told = ws.receive_json()
    assert told == {
        "type": "error",
        "table": table,
        "code": "table-ended",
        "detail": "de tafel is opgeheven door wie hem opende",
    }


def test_a_refused_name_is_explained_in_the_readers_language(app: FastAPI) -> None:
    client = TestClient(app)
    answer = client.post("/api/accounts/guest", json={"name": "ana\u200b"}, headers={"Accept-Language": "nl"})
    assert answer.status_code == 422 and answer.json()["code"] == "invalid-request"
    said = answer.json()["detail"][0]["msg"]
    assert said == (
        "een naam mag geen U+200B (zero width space) bevatten: het is onzichtbaar of bepaalt hoe tekst"
        " getoond wordt"
    )
    english = client.post("/api/accounts/guest", json={"name": "ana\u200b"}).json()["detail"][0]["msg"]
    assert "a name may not hold U+200B (zero width space): it is invisible" in english
