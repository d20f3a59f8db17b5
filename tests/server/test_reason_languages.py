"""The rules' refusals in the reader's language (issue 40): a Dutch player who asks "why not?" about a card,
or plays a card the rules refuse, reads the engine's reason in Dutch, said to her, with the card's Dutch
name; the English reason stays the engine's own (``test_hints``)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.narration import narrator_for

from .helpers import Player, bots, receive, send, watch

PIQUET = [rank + suit for suit in "SHDC" for rank in "AKQJT987"]


def test_a_dutch_player_reads_why_not_and_a_refused_move_in_dutch(player: Callable[..., Player]) -> None:
    anna = player("anna")
    anna.http.cookies.set("lang", "nl")
    table = anna.create("slobberhannes", options={"first_leader": 0}, seats=[{"kind": "me"}, *bots()])
    with anna.socket() as ws:
        state = watch(ws, table["id"])
        assert state["moves"], "anna leads the first trick"
        absent = next(card for card in PIQUET if card not in state["observation"]["hand"])
        named = narrator_for("slobberhannes", "nl").card(absent)
        assert named != absent and named[-1] in "♠♥♦♣"
        send(ws, type="why", table=table["id"], move=absent)
        hint = receive(ws)
        while hint["type"] != "hint":
            hint = receive(ws)
        assert hint["legal"] is False
        assert hint["reason"] == f"Jij kunt {named} niet spelen: die zit niet in je hand"
        send(ws, type="move", table=table["id"], version=state["version"], move=absent)
        refused = receive(ws)
        while refused["type"] != "error":
            refused = receive(ws)
        assert refused["code"] == "illegal"
        assert refused["detail"] == hint["reason"]
