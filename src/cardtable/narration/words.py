"""Lines in words: the edge's part of the narration.

``say`` words a line for its audience: every ``Seat`` as its player's name, or as "you" for the seat the
words are addressed to (the terminal's player; the site names everybody), with the line's ``/you``
wording where the words have one ("You play Q♣" beside "Alice plays Q♣"); a phrase inside a line takes
its ``/you`` wording when its own ``seat`` is the addressed one ("Hand 2: you deal"). ``say_move`` words
a move as one choice among a decision's moves, without its mover (a review's "Q♣", "red 7 to NE").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from string import Formatter
from typing import Any

from ..i18n import DEFAULT
from .base import COMMON_WORDS, Narrator, translated
from .lines import Cards, Count, Line, Phrase, Scores, Seat


def say(narrator: Narrator, line: Line, names: Sequence[str], you: int | None = None) -> str:
    """``line`` in words, with ``names`` per seat; ``you`` is the seat addressed as "you" (or None)."""
    speaker = _Speaker(narrator, names, you)
    params = dict(line.params)
    addressed = you is not None and line.seat == you
    if line.stand_in is not None and line.seat is not None:
        stand_in = speaker.phrase(Phrase("stand-in", {"seat": Seat(line.seat)}), addressed)
        params["seat"] = _You(stand_in) if addressed else _Said(stand_in)
        addressed = False
    text = speaker.phrase(Phrase(line.key, params), addressed)
    if line.stand_in is not None:
        text += narrator.all_words.get(f"stand-in.{line.stand_in}", "")
    return _capitalised(text, speaker.template(line.key, addressed), params, you)


def _capitalised(text: str, template: str, params: Mapping[str, Any], you: int | None) -> str:
    """A line starts with a capital when it starts with the words' own text or with "you"; a player's
    name is never changed ("ana's stand-in" stays as ana wrote it)."""
    literal, first_field = next(((part[0], part[1]) for part in Formatter().parse(template)), ("", None))
    value = params.get(first_field) if first_field and not literal else None
    if isinstance(value, Phrase):
        value = value.params.get("seat")
    if literal or isinstance(value, _You) or (isinstance(value, Seat) and value.seat == you):
        return text[:1].upper() + text[1:]
    return text


def say_move(narrator: Narrator, line: Line, names: Sequence[str]) -> str:
    """A move's line as one of the choices of its decision, without its mover ("Q♣", "red 7 to NE",
    "pass"): the line's ``/move`` wording, or the whole line where its words have none."""
    key = f"{line.key}/move"
    if key not in narrator.all_words:
        return say(narrator, line, names)
    return _Speaker(narrator, names, None).phrase(Phrase(key, line.params))


def say_phrase(narrator: Narrator, phrase: Phrase, names: Sequence[str], you: int | None = None) -> str:
    """A phrase in words as it stands inside a line (a score sheet's label or note): not capitalised."""
    return _Speaker(narrator, names, you).phrase(phrase)


def player_names(labels: Sequence[str], first_seat: int = 1, language: str = DEFAULT) -> list[str]:
    """The names to say for a record's player labels, in ``language``: ``bot:easy`` is "easy bot", and
    seats of one name get their seat number, counted from ``first_seat`` (people count from 1; the
    terminal's table numbers seats from 0), so a line never leaves its player in doubt."""
    words = _common_words(language)
    names = [
        words["player.bot"].format(level=words.get(f"bot.{label[4:]}", label[4:]))
        if label.startswith("bot:")
        else label
        for label in labels
    ]
    return [
        words["player.seat"].format(name=name, seat=seat + first_seat) if names.count(name) > 1 else name
        for seat, name in enumerate(names)
    ]


@cache
def _common_words(language: str) -> Mapping[str, str]:
    return translated(COMMON_WORDS, language)


class _Said(str):
    """Words already said (a parameter that needs no wording)."""


class _You(_Said):
    """Words already said that address the reader ("your stand-in")."""


class _Speaker:
    def __init__(self, narrator: Narrator, names: Sequence[str], you: int | None) -> None:
        self.narrator, self.names, self.you = narrator, names, you
        self.words = narrator.all_words

    def template(self, key: str, addressed: bool = False) -> str:
        """The words of ``key``: its ``/you`` form when ``addressed`` and it has one."""
        template = self.words.get(f"{key}/you") if addressed else None
        return template if template is not None else self.words.get(key, key)

    def phrase(self, phrase: Phrase, addressed: bool = False) -> str:
        template = self.template(phrase.key, addressed)
        return template.format_map({name: self.value(value) for name, value in phrase.params.items()})

    def value(self, value: Any) -> str:
        if isinstance(value, _Said):
            return str(value)
        if isinstance(value, Seat):
            return self.seat(value.seat)
        if isinstance(value, Cards):
            return self.narrator.card_separator.join(self.narrator.card(code) for code in value.codes)
        if isinstance(value, Count):
            return f"{value.number} {self.narrator.noun(value.noun, value.number)}"
        if isinstance(value, Scores):
            return self.scores(value)
        if isinstance(value, Phrase):  # its /you form when its own subject is the addressed seat
            return self.phrase(value, self.you is not None and value.params.get("seat") == Seat(self.you))
        if isinstance(value, tuple) and all(isinstance(item, Seat) for item in value):
            return self.words["and"].join(self.seat(item.seat) for item in value)
        if isinstance(value, tuple) and all(isinstance(item, Phrase) for item in value):
            return self.words["list"].join(self.phrase(item) for item in value)
        return str(value)

    def seat(self, seat: int) -> str:
        if seat == self.you:
            return self.words["you"]
        return self.names[seat] if 0 <= seat < len(self.names) else self.words["seat"].format(seat=seat)

    def scores(self, scores: Scores) -> str:
        if scores.changes:
            change = self.words["scores.change"]
            parts = [
                change.format(seat=self.seat(s), change=signed(v)) for s, v in enumerate(scores.values) if v
            ]
            return self.words["list"].join(parts) or self.words["no change"]
        total = self.words["scores.total"]
        return self.words["list"].join(
            total.format(seat=self.seat(s), total=str(v).replace("-", "−"))
            for s, v in enumerate(scores.values)
        )


def signed(value: int) -> str:
    """``+2``, ``−1`` (a true minus sign), ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"
