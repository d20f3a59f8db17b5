"""The game log: every event of a table in words, with the players' names, as one viewer may see it.

The engine says what happened (``State.tell``: facts) and the game's narrator tells it
(``cardtable.narration``); this module is the site's edge of that: it words each step's lines for one
viewer, names the players, and adds what only the server knows, who decided (``decided.Marks``): a move
the stand-in made reads "Bob's stand-in plays A♦ (time ran out)", and a seat handed to the stand-in or
back is a note ("Carol stepped away", "Carol is back") told with the step after it, and a game stopped
before its rules ended it ends with a line of kind "end" ("Carol conceded") told with its last step.

Decisions:
- Deals and hand/round results are section breaks (``kind`` "section" and "result"), so the table's
  panel and the replay viewer split the log the same way; the game's end is a last "result".
- Every entry carries the ``step`` (moves made so far, 0 for the set-up) and the ``version`` (record
  events so far) it belongs to: the table asks for the entries after the version it has, the replay
  viewer jumps to a step.
- Names are the seats' names as the table shows them; the viewer's own seat is named too, not "you",
  so the log reads the same to everyone at the table (a card only its drawer saw says so).
- A running table keeps its ``Story`` on its ``Live``: each step's facts, from the move that made it
  (``State.tell`` in the move path) or from one replay when the table was loaded or caught up. Its log
  is worded from the story a few steps at a time (the steps after a version), per audience, and never
  by replaying; a record (a replay, a finished game) is told by replaying it once (``tell``).
- A seat that holds no secret of a step (no card it drew) reads that step's public words: a narrator
  tells a viewer what ``Fact.seen_by`` leaves it, so a step is worded once for the public and once more
  only for the seats whose secrets it holds.
- The score sheet is the public one: a hand's or round's score is announced to the whole table.
- Every reader reads the log in their own language (``narrator_for(game, language)``): the lines are
  the same facts for all, only their words differ. A running table's latest step is worded once per
  audience and language that asks for it (``Story.words``), and its score sheet is kept as lines, worded
  for each request in its reader's language.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.i18n import DEFAULT
from cardtable.narration import Line, Narrator, Phrase, Seat, Told, narrator_for, say, say_phrase, told_steps
from cardtable.narration.words import player_names

from ..schemas import SeatPublic
from .decided import NONE, Marks


@dataclass(frozen=True)
class Entry:
    """One line of the log."""

    step: int
    version: int
    kind: str
    """"section" (a deal), "move", "note" (what the rules did on their own), "result" or "end"
    (``end_line``)."""
    text: str
    seat: int | None = None


@dataclass(frozen=True)
class SheetRow:
    """One hand or round of the score sheet: its score changes, the totals after it, and what decided it."""

    label: str
    deltas: list[int]
    totals: list[int]
    note: str
    version: int
    """The record version of the step that scored it (a page adds the rows after the version it has)."""


def game_log(
    record: Mapping[str, Any],
    viewer: int | None,
    names: list[str],
    marks: Marks = NONE,
    language: str = DEFAULT,
) -> list[Entry]:
    """The log of ``record`` as ``viewer`` (a seat, or None for the public view) may see it."""
    return tell(record, viewer, names, marks, language)[0]


def tell(
    record: Mapping[str, Any],
    viewer: int | None,
    names: list[str],
    marks: Marks = NONE,
    language: str = DEFAULT,
) -> tuple[list[Entry], list[SheetRow]]:
    """The log of ``record`` as ``viewer`` may see it, and the score sheet (every hand or round scored so
    far), in ``language``; ``marks`` say which moves the stand-in made and when seats went to it or back
    (``decided``)."""
    steps = (told for _, told in told_steps(record))
    return tell_steps(steps, record["game"], viewer, names, marks, language)


def tell_steps(
    steps: Iterable[Told],
    game: str,
    viewer: int | None,
    names: list[str],
    marks: Marks = NONE,
    language: str = DEFAULT,
) -> tuple[list[Entry], list[SheetRow]]:
    """The log and score sheet of the steps ``steps`` of ``game`` (as ``tell``)."""
    narrator = narrator_for(game, language)
    entries: list[Entry] = []
    sheet: list[SheetRow] = []
    for told in steps:
        step_entries, rows = step_words(narrator, told, viewer, names, marks)
        entries += step_entries
        sheet += rows
    return entries, sheet


def step_words(
    narrator: Narrator, told: Told, viewer: int | None, names: Sequence[str], marks: Marks = NONE
) -> tuple[list[Entry], list[SheetRow]]:
    """One step's entries for ``viewer`` in words, and the score-sheet rows it adds."""
    entries: list[Entry] = []
    rows: list[SheetRow] = []
    for line in step_lines(narrator, told, viewer, marks):
        entries.append(Entry(told.step, told.version, line.kind, say(narrator, line, names), line.seat))
        if is_score(line):
            rows.append(sheet_row(narrator, line, names, told.version))
    return entries, rows


def is_score(line: Line) -> bool:
    """Whether ``line`` is a hand's or round's score: a row of the score sheet."""
    return line.key.startswith("score")


def step_lines(narrator: Narrator, told: Told, viewer: int | None, marks: Marks = NONE) -> list[Line]:
    """One step's lines for ``viewer``, with the hand-offs before it and its move marked as the
    stand-in's where the stand-in made it."""
    lines = [handoff_line(seat, how) for seat, how in marks.handoffs.get(told.start, [])]
    why = marks.moves.get(told.start)
    for line in narrator.step_lines(told.facts, viewer):
        if why is not None and line.kind == "move" and line.seat is not None:
            line = replace(line, stand_in=why)
        lines.append(line)
    if told.version in marks.ends:
        lines.append(end_line(*marks.ends[told.version]))
    return lines


def handoff_line(seat: int, how: str | None) -> Line:
    """A seat handed to the stand-in (``how``: ``away``, ``time``, ``left``, ``gone``) or taken back."""
    key = "handoff.back" if how is None else f"handoff.{how if how in ('away', 'time', 'left') else 'gone'}"
    return Line("note", key, {"seat": Seat(seat)}, seat)


def end_line(how: str, seat: int | None) -> Line:
    """The game stopped before its rules ended it: ``conceded`` by ``seat``, or ``abandoned``."""
    if how == "conceded" and seat is not None:
        return Line("end", "ended.conceded", {"seat": Seat(seat)}, seat)
    return Line("end", "ended.abandoned")


def sheet_row(narrator: Narrator, line: Line, names: Sequence[str], version: int) -> SheetRow:
    """The score sheet's row of a score line: its label, changes, totals and note in words."""
    params = line.params
    note = params.get("note")
    return SheetRow(
        label=say_phrase(narrator, params["label"], names),
        deltas=list(params["deltas"]),
        totals=list(params["values"]),
        note=say_phrase(narrator, note, names) if isinstance(note, Phrase) else "",
        version=version,
    )


def table_labels(seats: Sequence[SeatPublic]) -> list[str]:
    """The record labels of a table's seats (as ``Lobby.record`` writes them)."""
    return [f"bot:{s.name}" if s.kind == "bot" else s.name or f"seat {s.seat}" for s in seats]


@dataclass
class Story:
    """A running table's story, kept on its ``Live`` (changed under the table's lock): the ``Told`` of
    every step, each told once (by the move that made it, or by the replay that loaded the table), who
    decided (``marks``, kept by the move path and the hand-offs) and the public score sheet so far (as
    lines). A log is worded from it a few steps at a time, never by replaying; the latest step's words
    are kept per audience and language, as every audience's table message carries them."""

    game: str
    labels: tuple[str, ...]
    """The record labels of the seats (``table_labels``): named in each reader's language (``names``)."""
    marks: Marks = field(default_factory=Marks)
    steps: list[Told] = field(default_factory=list)
    scores: list[tuple[Line, int]] = field(default_factory=list)
    """The public score sheet so far, before words: each score line with the version of its step."""
    _latest: dict[tuple[int, int | None, str], tuple[list[Entry], list[SheetRow]]] = field(
        default_factory=dict, repr=False
    )

    @property
    def version(self) -> int:
        """The record version the story is told up to."""
        return self.steps[-1].version if self.steps else 0

    def add(self, told: Told) -> None:
        """The next step (``told.step`` is ``len(steps)``), with its score lines on the sheet (no words
        yet: each reader's are chosen when asked for)."""
        self.steps.append(told)
        self._latest = {}
        lines = narrator_for(self.game).step_lines(told.facts, None)
        self.scores += [(line, told.version) for line in lines if is_score(line)]

    def words(
        self, told: Told, viewer: int | None, language: str = DEFAULT
    ) -> tuple[list[Entry], list[SheetRow]]:
        """A step's entries for ``viewer`` in ``language`` and its score rows (the public ones for a seat
        that holds no secret of the step)."""
        if viewer is not None and not any(f.seat == viewer and f.secret is not None for f in told.facts):
            viewer = None
        key = (told.step, viewer, language)
        said = self._latest.get(key)
        if said is None:
            narrator = narrator_for(self.game, language)
            said = step_words(narrator, told, viewer, self.names(language), self.marks)
            if told.step == len(self.steps) - 1:  # the latest: asked for by every audience's message
                self._latest[key] = said
        return said

    def sheet(self, scores: Sequence[tuple[Line, int]], language: str = DEFAULT) -> list[SheetRow]:
        """The score sheet of ``scores`` (a copy of ``scores`` taken under the table's lock) in
        ``language``."""
        narrator = narrator_for(self.game, language)
        names = self.names(language)
        return [sheet_row(narrator, line, names, version) for line, version in scores]

    def names(self, language: str = DEFAULT) -> list[str]:
        """The players' names as the log says them in ``language`` (a bot's level is a word)."""
        return player_names(self.labels, language=language)

    def at(self, version: int) -> Told | None:
        """The step that brought the story to record version ``version``, if there is one."""
        index = bisect_right(self.steps, version, key=lambda told: told.version) - 1
        return self.steps[index] if index >= 0 and self.steps[index].version == version else None

    def end(self, how: str, seat: int | None) -> None:
        """The game stopped at the latest step before its rules ended it (``end_line``)."""
        self.marks.ends[self.version] = (how, seat)
        self._latest = {}

    def after(self, version: int) -> list[Told]:
        """The steps after record version ``version`` (a copy: word them outside the table's lock)."""
        return self.steps[bisect_right(self.steps, version, key=lambda told: told.version) :]

    def entries(self, steps: Iterable[Told], viewer: int | None, language: str = DEFAULT) -> list[Entry]:
        """The entries of ``steps`` for ``viewer`` in ``language``."""
        return [entry for told in steps for entry in self.words(told, viewer, language)[0]]
