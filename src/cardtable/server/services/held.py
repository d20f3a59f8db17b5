"""A turn in progress: the steps its person made that they may still take back ("undo within a turn").

In a game whose turn has several steps (Cabooses in the Corner: plays and moves until ``end``), the person
to act may take back the steps of the turn until they end it, as long as nothing hidden was revealed
since (a card drawn), and nobody else sees the steps taken back.

Why the steps are held, not stored: the other way, storing and publishing each step as now and
publishing the table rolled back on an undo, shows everybody the steps taken back; the issue asks that
nobody else sees them. So a step that may still be taken back is made on a copy of the table's state,
like any move, and kept here, in memory, for its person only; it is stored and published to everybody
when it becomes final, with the step that makes it so, in one transaction. Nothing unstored reaches
anyone but its own person.

Decisions:
- Which steps may be taken back is the engine's knowledge, not the server's: ``State.turn_start()`` is
  the earliest record index an undo may go back to. A person's step is held when the same seat is still
  to act after it and ``turn_start()`` is at or before the stored version; any other step (the turn
  ends, the game ends, a card is drawn: ``turn_start`` moved past the stored part) is committed with the
  steps held before it, and published to everybody. Bots' and the stand-in's steps are never held.
- The person's own connections are sent its view of the turn in progress: the table message of its seat
  shows the held state (its ``version`` counts the held steps, which its next move answers, and
  ``held`` how many it may take back); everybody else keeps the stored table, and is sent nothing for a
  held step or an undo. A held step's message goes to its person alone (``updates.publish_held``).
- An undo drops the last held step; it answers the version shown, like a move, so a second click on a
  stale page does not take back two. With nothing held it is refused: ``revealed`` when the seat's last
  step drew a card (a secret fact of its seat) and its turn goes on, else ``nothing-to-undo``.
- The clocks run as if each held step were stored (the decision's clock starts anew, the game time is
  charged), in memory; the stored figures follow with the commit. A held step does not hand on the turn.
- Before anything else changes who plays the seat or ends its decision (its time runs out, the stand-in
  takes the seat: ``Turns``), the held steps are committed (``Moves.settle``): the stand-in goes on from
  them, as the person left them. A table whose stored state changes otherwise (a concession, another
  server's move, a table read afresh) drops them: ``held_by`` checks they follow on from the state held.
- They live in this server's memory only: a restart drops them, and beside other servers a page that
  reconnects to another instance is sent the stored table (the turn goes on from what everybody saw).
  There, a clock run out on the instance that set it makes the stand-in go on from the stored state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cardtable.core.game import State
from cardtable.core.story import Fact


class Step(NamedTuple):
    """One step of a turn: the state after it and what happened (``State.tell``)."""

    state: State
    facts: list[Fact]


@dataclass(frozen=True)
class Held:
    """The steps of ``seat``'s turn in progress not stored yet, made from ``base``, the table's stored state;
    ``revealed`` when the seat's turn goes on after a step that showed it a hidden card."""

    seat: int
    base: State
    steps: tuple[Step, ...] = ()
    revealed: bool = False

    @property
    def state(self) -> State:
        """The state the seat sees: after its last held step."""
        return self.steps[-1].state if self.steps else self.base


def may_hold(after: State, seat: int, stored: int) -> bool:
    """Whether ``seat``'s step that led to ``after`` from a table stored at version ``stored`` may still be
    taken back: the seat is still to act and nothing hidden was revealed since the stored part."""
    return after.current_player() == seat and after.turn_start() <= stored


def revealing(seat: int, after: State, facts: list[Fact]) -> bool:
    """Whether a step showed ``seat`` a hidden card (a secret fact of its own) and its turn goes on."""
    return after.current_player() == seat and any(f.secret is not None and f.seat == seat for f in facts)
