"""Mail in its recipient's language, through a real server and a real local SMTP server (``mailbox``): an
account that reads French gets its verification link, "your turn" (its deadline written as French writes
dates) and "game over" in French, the footer too; a verification link asked for by a German page, for an
account with no language of its own, comes in German; an English account's mail stays English."""

from __future__ import annotations

import re
from pathlib import Path

from babel.dates import get_month_names

from .live_server import Client
from .mailbox import text, verify_address
from .test_mail import bot_table, mail_server, play_at_the_table


def test_a_french_account_reads_its_mail_in_french(tmp_path: Path) -> None:
    with mail_server(tmp_path) as (mailbox, url):
        ana = Client(url, "ana", account=True)
        assert ana.http.put("/api/me/settings", json={"language": "fr"}).status_code == 200
        verification = verify_address(ana, mailbox, "ana@example.org")
        assert verification["Subject"] == "Confirmez votre adresse e-mail pour cardtable"
        assert "confirmez-la dans un délai de 24 heures\u00a0:" in text(verification)
        assert "Vos réglages d’e-mail\u00a0: http://127.0.0.1:8000/settings" in text(verification)

        tid = bot_table(ana)
        turn = mailbox.wait_for(lambda m: "Troeven" in str(m["Subject"]))  # she is not at the table
        assert turn["Subject"] == f"À vous de jouer à la table {tid} (Troeven (version 1))"
        deadline = re.search(
            r"Jouez avant le (.+) UTC, sinon le bot remplaçant jouera à votre place\.", text(turn)
        )
        assert deadline is not None, text(turn)
        written = re.fullmatch(
            r"\d{1,2} (\w+) \d{4}, \d{2}:\d{2}", deadline.group(1)
        )  # "4 décembre 2026, 23:10"
        assert written is not None and written.group(1) in get_month_names(locale="fr").values(), (
            deadline.group(1)
        )
        play_at_the_table(ana, tid)
        over = mailbox.wait_for(lambda m: str(m["Subject"]).startswith("Partie terminée"))
        assert over["Subject"] == f"Partie terminée à la table {tid} (Troeven (version 1))"
        assert re.search(
            r"Vous (avez gagné|n’avez pas gagné|partagez la victoire)\.|Personne n’a gagné\.", text(over)
        )
        assert f"La rediffusion\u00a0: http://127.0.0.1:8000/replays/tables/{tid}" in text(over)
        assert not re.search(r"\b(table is|You|Your|game over)\b", text(over) + text(turn))


def test_a_verification_asked_for_from_a_german_page_comes_in_german(tmp_path: Path) -> None:
    with mail_server(tmp_path) as (mailbox, url):
        bea, cleo = Client(url, "bea", account=True), Client(url, "cleo", account=True)
        bea.http.cookies.set("lang", "de")  # the header's language switch; no language in her settings
        assert bea.http.put("/api/me/settings", json={"email": "bea@example.org"}).status_code == 200
        german = mailbox.wait_for(lambda m: m["To"] == "bea@example.org")
        assert german["Subject"] == "Bestätige deine E-Mail-Adresse für cardtable"
        assert "innerhalb von 24 Stunden" in text(german) and "Keine Mails mehr: " in text(german)
        assert cleo.http.put("/api/me/settings", json={"email": "cleo@example.org"}).status_code == 200
        english = mailbox.wait_for(lambda m: m["To"] == "cleo@example.org")
        assert english["Subject"] == "Confirm your mail address for cardtable"
        assert "within 24 hours" in text(english) and "No more mail: " in text(english)
