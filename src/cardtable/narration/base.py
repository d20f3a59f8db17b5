"""The narrator every game's narrator extends, and finding a game's narrator.

The base tells what all games share (a move by its notation, deals by the seat they give a part, a
shuffle, a score, the end), so a new game is told with its players' names before it has a narrator of
its own. A game's narrator gives its facts their lines (``fact_<kind>`` for a fact of that kind), its
words and how its cards are named.
"""

from __future__ import annotations

import copy
import gettext
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, ClassVar

from ..core.registry import find_piece
from ..core.story import Fact
from ..i18n import DEFAULT, translations
from .lines import Count, Line, Phrase, Scores, Seat

COMMON_WORDS: Mapping[str, str] = {
    "move": "{seat}: {notation}",
    "move/move": "{notation}",
    "deal": "New {kind}: {role} {seat}",
    "deal.plain": "New {kind}",
    "shuffle": "The discard pile is shuffled into a new draw pile ({count})",
    "score": "{label} ends: {changes} · totals {totals}",
    "score.noted": "{label} ends ({note}): {changes} · totals {totals}",
    "score.label": "Hand {number}",
    "hand": "Hand {number}",
    "round": "Round {number}",
    "end": "Game over: won by {winners}",
    "end.nobody": "Game over: nobody won",
    "fact": "{kind}",
    "no change": "no change",
    "handoff.back": "{seat} is back",
    "handoff.away": "{seat} stepped away; the stand-in plays for {seat}",
    "handoff.time": "{seat}'s game time ran out; the stand-in plays for {seat} to the end",
    "handoff.left": "{seat} left the site; the stand-in plays for {seat} to the end",
    "handoff.gone": "{seat} is gone; the stand-in plays for {seat}",
    "ended.conceded": "{seat} conceded",
    "ended.abandoned": "The players agreed to abandon the game",
    "stand-in": "{seat}'s stand-in",
    "stand-in/you": "your stand-in",
    "stand-in.time": " (time ran out)",
    "stand-in.out-of-time": " (out of game time)",
    "stand-in.away": "",
    "you": "you",
    "role.deals": "{seat} deals",
    "role.deals/you": "you deal",
    "role.leads": "{seat} leads",
    "role.leads/you": "you lead",
    "role.starts": "{seat} starts",
    "role.starts/you": "you start",
    "role.plays-first": "{seat} plays first",
    "role.plays-first/you": "you play first",
    "role.calls-trumps": "{seat} calls trumps",
    "role.calls-trumps/you": "you call trumps",
    "and": " and ",
    "list": ", ",
    "seat": "seat {seat}",
    "player.bot": "{level} bot",
    "player.seat": "{name} (seat {seat})",
    "bot.random": "random",
    "bot.easy": "easy",
    "bot.medium": "medium",
    "bot.hard": "hard",
    "bot.heuristic": "heuristic",
    "scores.change": "{seat} {change}",
    "scores.total": "{seat} {total}",
    "noun.card": "card|cards",
    "noun.decision": "decision|decisions",
    "noun.other-move": "other move|other moves",
    "review.points": "{lost} points: expected {played_points} for {played}, {best_points} for {best}",
    "review.win": "{lost} win chance: {played_chance} for {played}, {best_chance} for {best}",
    "review.points-and-win": "{points}; win chance {played_chance} against {best_chance}",
    "review.equal": "{moves} are as good",
    "review.equal.more": "{moves} and {more} are as good",
    "review.equal.every": "every move is as good",
    "review.hand": "{label}: {not_good} of {judged} not good, {lost} against the best play",
    "review.hand.points": "{points} points",
    "review.hand.win": "{chance} win chance",
}
"""The words every game shares, in English, by key: a key's ``/you`` form is said to the seat itself
(the terminal's "You play Q♣"), a move's ``/move`` form is the move as one choice of its decision,
without its mover (a review's "Q♣"; ``words.say_move``), and a noun's two forms are parted by ``|``.
The ``review.*`` words are a game review's (``decisions``): why a move lost, moves as good as the best,
a hand's summary. ``seat``, ``player.*``, ``bot.*`` and ``scores.*`` are how seats and players are named
and scores listed (``words.player_names``, ``words.say``).

A language other than English is a translation of these same words: the catalog ``narration`` has each
key as its context and the English as its message (``narration.catalog``), a noun as a plural entry."""

WORDLESS = re.compile(r"\s*(\{[^}]*\})?\s*")
"""Words that are one field or nothing ("{card}", "{kind}", ""): said alike in every language, so no
translator sees them (two fields are an order a language may change: "{colour} {number}")."""


def translatable(english: str) -> bool:
    """Whether ``english`` has words of its own to translate (see ``WORDLESS``)."""
    return WORDLESS.fullmatch(english) is None


def translated(words: Mapping[str, str], language: str) -> dict[str, str]:
    """``words`` (English, by key) in ``language``: each through the narration catalog with its key as
    the context; a noun's two forms are its catalog's forms for 1 and for 2 (as ``Narrator.noun`` says
    a count, by the language's own plural rule)."""
    catalog = translations(language, "narration")
    said = dict(words)
    for key, english in words.items():
        if key.startswith("noun."):
            one, _, many = english.partition("|")
            said[key] = "|".join(catalog.npgettext(key, one, many, count) for count in (1, 2))
        elif translatable(english):
            said[key] = catalog.pgettext(key, english)
    return said


class Narrator:
    """Tells one game's facts as lines; the defaults tell any game."""

    words: ClassVar[Mapping[str, str]] = {}
    """The game's own words (over ``COMMON_WORDS``)."""
    card_words: ClassVar[Mapping[str, str]] = {}
    """The words its cards' names are made of (``narration.cards``)."""
    card_separator: ClassVar[str] = " "
    """Between the names of cards in a row (Mü's names are several words: a comma)."""

    def __init__(self) -> None:
        self.english: Mapping[str, str] = {**COMMON_WORDS, **self.card_words, **self.words}
        """Every word it says, in English (the catalog's messages)."""
        self.all_words: Mapping[str, str] = self.english
        self.language = DEFAULT
        self.catalog: gettext.NullTranslations = translations(DEFAULT, "narration")

    def speaking(self, language: str) -> Narrator:
        """This narrator in ``language``: the same telling, its words (cards' names too) translated."""
        spoken = copy.copy(self)
        spoken.language = language
        spoken.catalog = translations(language, "narration")
        spoken.all_words = translated(self.english, language)
        return spoken

    def noun(self, noun: str, number: int) -> str:
        """``noun`` (a key of the words without its ``noun.``) in the form ``number`` takes, by the
        language's plural rule ("1 card", "0 carte")."""
        one, _, many = self.english.get(f"noun.{noun}", noun).partition("|")
        return self.catalog.npgettext(f"noun.{noun}", one, many or one, number)

    def card(self, code: str) -> str:
        """A card's name as players write it (default: its code)."""
        return code

    def step_lines(self, facts: Iterable[Fact], viewer: int | None) -> list[Line]:
        """The lines of one step's facts as ``viewer`` (a seat, or None for the public) may know them."""
        return [line for fact in facts for line in self.lines(fact.seen_by(viewer))]

    def lines(self, fact: Fact) -> list[Line]:
        """The lines of one fact, seen by its viewer (``Fact.seen_by`` already applied)."""
        teller: Callable[[Fact], list[Line]] | None = getattr(
            self, f"fact_{fact.kind.replace('-', '_')}", None
        )
        if teller is not None:
            return teller(fact)
        if fact.move:
            return [
                Line(
                    "move",
                    "move",
                    {"seat": Seat(fact.seat or 0), "notation": fact.args.get("notation", fact.kind)},
                    fact.seat,
                )
            ]
        if fact.kind in ("deal", "hand", "round") or not fact.args:
            return [self.deal_line(fact)]
        return [Line("note", "fact", {"kind": fact.kind}, fact.seat)]

    def choice_lines(self, fact: Fact) -> list[Line]:
        """A move as one of the choices of a decision (a review's moves): its lines, unless the log
        tells it only with the moves after it (a Mü bid's card shown), which it tells on its own here."""
        return self.lines(fact)

    def deal_line(self, fact: Fact) -> Line:
        """A new deal (any chance event that starts a part of the game) by the seat it gives a part."""
        roles = [(role, seat) for role, seat in fact.args.items() if isinstance(seat, int)]
        if not roles:
            return Line("section", "deal.plain", {"kind": fact.kind})
        role, seat = roles[0]
        return Line("section", "deal", {"kind": fact.kind, "role": role, "seat": Seat(seat)})

    def fact_shuffle(self, fact: Fact) -> list[Line]:
        return [Line("note", "shuffle", {"count": Count(fact.args["cards"], "card")})]

    def fact_score(self, fact: Fact) -> list[Line]:
        """A hand's or round's end: its label, what decided it (``score_note``), the changes and totals."""
        note = self.score_note(fact)
        params: dict[str, Any] = {
            "label": self.score_label(fact),
            "changes": Scores(tuple(fact.args["deltas"]), changes=True),
            "totals": Scores(tuple(fact.args["totals"])),
            "deltas": tuple(fact.args["deltas"]),
            "values": tuple(fact.args["totals"]),
        }
        if note is not None:
            params["note"] = note
        return [Line("result", "score.noted" if note is not None else "score", params)]

    def score_label(self, fact: Fact) -> Phrase:
        """The score sheet's label of a hand or round (the game's score fact says which)."""
        for part in ("hand", "round"):
            if part in fact.args:
                return Phrase(part, {"number": fact.args[part]})
        return Phrase("score.label", {"number": fact.args.get("number", "")})

    def score_note(self, fact: Fact) -> Phrase | None:
        """What decided a hand or round, for its result line and the score sheet (default: nothing)."""
        return None

    def fact_end(self, fact: Fact) -> list[Line]:
        winners = tuple(Seat(seat) for seat in fact.args["winners"])
        if not winners:
            return [Line("result", "end.nobody")]
        return [Line("result", "end", {"winners": winners})]


@cache
def narrator_for(game: str, language: str = DEFAULT) -> Narrator:
    """The narrator of ``game`` speaking ``language`` (one of ``i18n.LANGUAGES``): its module's
    ``NARRATOR`` in ``cardtable.narration``, else the base."""
    found = find_piece(game, __package__ or "cardtable.narration", "NARRATOR")
    narrator = found if isinstance(found, Narrator) else Narrator()
    return narrator if language == DEFAULT else narrator.speaking(language)
