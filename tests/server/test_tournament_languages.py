"""A tournament's words in its reader's language: its bots named as the game log names them, its scoring
through the ``site`` catalog; the API's names and values stay as they are."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.i18n import translations
from cardtable.tournaments import rules_in_words

from .helpers import Player


def test_a_german_reader_reads_a_tournaments_words_in_german(player: Callable[..., Player]) -> None:
    ana = player("ana", account=True)
    body = {
        "game": "troeven",
        "format": "swiss",
        "rounds": 1,
        "duplicate": True,
        "bots": ["easy", "easy", "hard"],
    }
    made = ana.http.post("/api/tournaments", json=body)
    assert made.status_code == 201, made.text
    english = made.json()
    ana.http.cookies.set("lang", "de")
    german = ana.http.get(f"/api/tournaments/{english['id']}").json()
    bots = [entrant["name"] for entrant in german["entrants"] if entrant["bot"]]
    assert bots == ["Bot (leicht) 1", "Bot (leicht) 2", "Bot (schwer) 1"]
    assert [e["name"] for e in english["entrants"] if e["bot"]] == ["easy bot 1", "easy bot 2", "hard bot 1"]
    assert german["scoring"] == rules_in_words(
        arena=False, duplicate=True, gettext=translations("de", "site").gettext
    )
    assert english["scoring"] == rules_in_words(arena=False, duplicate=True)
    assert [row["name"] for row in german["standings"]] == bots, "the standings name them alike"
    left_out = {"entrants": [], "scoring": "", "standings": []}
    assert {**german, **left_out} == {**english, **left_out}
