"""The rules' reasons in every language (issue 40): every reason the engine gives along random games is a
``Reason`` whose templates (its own and those inside it) the ``narration`` catalogs translate; ``say_reason``
says one to its player in their language, names the other seats, and leaves English as the engine wrote it."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.pofile import read_po

import cardtable
from cardtable.core.reasons import CardCode, CardCodes, Reason, SeatNo, reason
from cardtable.i18n import LOCALE_DIR
from cardtable.narration import narrator_for, say_reason
from cardtable.narration.catalog import REASON_CONTEXT

NAMES = ["Ann", "Bob", "Cas", "Dee", "Eva", "Fay"]


def templates(said: Reason) -> Iterator[str]:
    """The reason's template and those of the reasons inside it."""
    yield said.template
    for value in said.params.values():
        if isinstance(value, Reason):
            yield from templates(value)


@cache
def translated(language: str) -> frozenset[str]:
    """The reason templates the language's catalog translates (not fuzzy)."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "narration.po").open("rb") as file:
        catalog = read_po(file)
    return frozenset(
        message.id
        for message in catalog
        if message.context == REASON_CONTEXT
        and isinstance(message.id, str)
        and message.string
        and not message.fuzzy
    )


def reasons_along_random_games(game: str, seeds: int = 2, steps: int = 120) -> Iterator[Reason]:
    """The reason against every action that is not legal, at each state of a few random games, and the
    reasons of an action id out of range and of an illegal action taken."""
    played = cardtable.make(game)
    for seed in range(seeds):
        rng = random.Random(seed)
        state = played.new_game(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            legal = set(state.legal_actions())
            for action in range(played.num_actions):
                if action not in legal:
                    found = state.why_illegal(action)
                    assert found is not None
                    yield found
            moves = sorted(legal)  # the lowest id half the time: Mü's auction then ends in a pass
            state.apply_action(moves[0] if rng.random() < 0.5 else rng.choice(moves))
        found = state.why_illegal(played.num_actions)
        assert found is not None
        yield found
    with pytest.raises(cardtable.IllegalAction) as refused:
        state.apply_action(played.num_actions)
    yield refused.value.args[0]


@pytest.mark.parametrize("game", sorted(cardtable.games()))
def test_every_reason_the_engine_gives_is_translated(game: str) -> None:
    seen: set[str] = set()
    for found in reasons_along_random_games(game):
        assert isinstance(found, Reason), found
        assert str(found) == found.template.format_map(found.params)
        seen.update(templates(found))
    for language in ("nl", "de", "fr"):
        missing = seen - translated(language)
        assert not missing, f"{language}: {sorted(missing)}"


def test_a_reason_is_the_engines_english_and_keeps_its_message() -> None:
    said = reason(
        "{seat} cannot play {card}: {led} was led, and the rules allow only {allowed}",
        seat=SeatNo(2),
        card=CardCode("QC"),
        led=CardCode("9C"),
        allowed=CardCodes(["8C", "9C"]),
    )
    assert said == "seat 2 cannot play QC: 9C was led, and the rules allow only 8C 9C"
    for kept in (copy.deepcopy(said), pickle.loads(pickle.dumps(cardtable.IllegalAction(said))).args[0]):
        assert kept == said and kept.template == said.template and kept.params == said.params


def test_a_reason_is_said_to_its_player_in_their_language() -> None:
    said = reason(
        "{seat} cannot play {card}: {led} was led, and the rules allow only {allowed}",
        seat=SeatNo(2),
        card=CardCode("QC"),
        led=CardCode("9C"),
        allowed=CardCodes(["8C", "9C"]),
    )
    dutch = narrator_for("slobberhannes", "nl")
    assert say_reason(dutch, said, NAMES, you=2) == (
        "Jij kunt V♣ niet spelen: 9♣ werd uitgespeeld, en de regels staan alleen 8♣ 9♣ toe"
    )
    assert say_reason(narrator_for("slobberhannes"), said, NAMES, you=2) == str(said), "English as it is"
    assert say_reason(dutch, "a server's own words", NAMES, you=2) == "a server's own words"


def test_other_seats_are_named_and_a_reason_inside_a_reason_is_said_too() -> None:
    now = reason("it is the {phase} phase, {seat} to act", phase=reason("auction"), seat=SeatNo(1))
    said = reason(
        "{seat} cannot name partner {partner}: the Chief names one after the trumps, and {now}",
        seat=SeatNo(1),
        partner=3,
        now=now,
    )
    assert say_reason(narrator_for("mue", "de"), said, NAMES, you=1) == (
        "Du kannst Platz 3 nicht als Partner wählen: Der Chef wählt einen Partner nach den Trümpfen,"
        " und es ist die Phase „Versteigerung“, und du bist dran"
    )
    vice = reason(
        "{seat} cannot name partner {partner}: {player} is the Vice",
        seat=SeatNo(1),
        partner=3,
        player=SeatNo(3),
    )
    assert say_reason(narrator_for("mue", "fr"), vice, NAMES, you=1) == (
        "Vous ne pouvez pas choisir la place 3 comme partenaire\u00a0: Dee est le Vice-chef"
    )
