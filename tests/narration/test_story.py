"""The story mechanism every game shares: a move told changes the state exactly as the move made, a
secret reaches its own seat only, and the words are chosen at the edge (names, "you", the stand-in)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest

import cardtable
from cardtable.core.story import Fact
from cardtable.narration import Cards, Line, Narrator, Phrase, Scores, Seat, narrator_for, say, told_record
from cardtable.narration.base import COMMON_WORDS

from .helpers import played

NAMES = ["Ann-Marie", "Bob", "Carol", "Dave"]
GAME = "slobberhannes"


def test_a_told_game_is_the_game_played() -> None:
    for seed in range(3):
        assert played(GAME, {}, seed, tell=True).record() == played(GAME, {}, seed, tell=False).record()


def test_describe_changes_nothing_and_a_refused_move_tells_nothing() -> None:
    state = cardtable.make("slobberhannes", players=4).new_game(seed=2)
    record = state.record()
    illegal = next(a for a in range(state.game.num_actions) if a not in state.legal_actions())
    assert state.describe(illegal).move and state.record() == record
    with pytest.raises(cardtable.IllegalAction):
        state.tell(illegal)
    assert state.record() == record


def test_every_step_is_told_and_the_last_says_who_won() -> None:
    record = played(GAME, {}, 4, tell=False).record()
    steps = told_record(record)
    assert [told.step for told in steps] == list(range(len(steps)))
    assert steps[0].facts[0].kind == "deal" and "deck" not in steps[0].facts[0].args
    assert steps[-1].facts[-1] == Fact("end", None, {"winners": record["result"]["winners"]})
    assert all(told.start < told.version for told in steps[1:])


def test_a_secret_reaches_its_own_seat_only() -> None:
    fact = Fact("draw", 2, {}, secret={"card": "12"})
    assert fact.seen_by(2).secret == {"card": "12"}
    assert fact.seen_by(1).secret is None and fact.seen_by(None).secret is None


class Drawing(Narrator):
    words: ClassVar[Mapping[str, str]] = {
        "draw": "{seat} draws a card",
        "draw.seen": "{seat} draws {card} (only you see it)",
        "draw.seen/you": "You draw {card}",
    }

    def fact_draw(self, fact: Fact) -> list[Line]:
        if fact.secret is None:
            return [Line("note", "draw", {"seat": Seat(fact.seat or 0)}, fact.seat)]
        return [
            Line(
                "note",
                "draw.seen",
                {"seat": Seat(fact.seat or 0), "card": Cards((fact.secret["card"],))},
                fact.seat,
            )
        ]


def test_a_line_is_worded_for_its_audience() -> None:
    narrator, fact = Drawing(), Fact("draw", 1, {}, secret={"card": "12"})
    (public,) = narrator.step_lines([fact], None)
    (own,) = narrator.step_lines([fact], 1)
    assert say(narrator, public, NAMES) == "Bob draws a card"
    assert say(narrator, own, NAMES) == "Bob draws 12 (only you see it)"
    assert say(narrator, own, NAMES, you=1) == "You draw 12"
    assert say(narrator, public, NAMES, you=0) == "Bob draws a card"


def test_a_stand_in_move_and_scores_in_words() -> None:
    narrator = narrator_for("slobberhannes")
    line = Line("move", "play", {"seat": Seat(1), "card": Cards(("TD",))}, 1, stand_in="time")
    assert say(narrator, line, NAMES) == "Bob's stand-in plays 10♦ (time ran out)"
    assert say(narrator, line, NAMES, you=1) == "Your stand-in plays 10♦ (time ran out)"
    score = Line(
        "result",
        "score",
        {
            "label": Phrase("hand", {"number": 2}),
            "changes": Scores((-1, 0, 0, 2), changes=True),
            "totals": Scores((-1, 5, 5, 7)),
        },
    )
    assert (
        say(narrator, score, NAMES)
        == "Hand 2 ends: Ann-Marie −1, Dave +2 · totals Ann-Marie −1, Bob 5, Carol 5, Dave 7"
    )


def test_a_game_without_a_narrator_is_still_told_with_names() -> None:
    narrator = Narrator()
    move = Fact("bid", 3, {"notation": "bid 5"}, move=True)
    (line,) = narrator.lines(move)
    assert say(narrator, line, NAMES) == "Dave: bid 5"
    (deal,) = narrator.lines(Fact("deal", None, {"dealer": 0}))
    assert deal.kind == "section" and say(narrator, deal, NAMES) == "New deal: dealer Ann-Marie"
    assert set(COMMON_WORDS) >= {"move", "deal", "score", "end", "shuffle"}
