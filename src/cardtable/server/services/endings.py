"""Games stopped before their rules end them: a concession at a two-player table, and an abandonment every
seated person voted for. Friendly tables (``rated`` false) are here too, as the third way a game's end
leaves the ratings alone.

Decisions:
- The record stays the engine's (``cardtable-record/1``): its events end where play stopped and its
  ``result`` is null, as the rules did not end the game (``cardtable.replay`` reads it as a game
  still running), so a replay of the table works as for any record. Why it stopped is the server's to
  say: the table's ``result`` is ``{"winners": [the other seat], "conceded": seat}`` or
  ``{"abandoned": true, "winners": []}``, and a mark beside the last stored event
  (``decided.mark_end``) ends the game log with a line of kind ``end`` ("Alice conceded", "The players
  agreed to abandon the game": ``game_log.end_line``), in the table's log, its replay's log and the
  table message that tells the end. A table's replay carries the table's result as ``ended``
  (``ended_early``).
- Conceding: only at a two-player table (with more players a win has no one owner: vote to abandon
  instead), only by a seated person while the game runs (also while the stand-in plays their seat).
  The other seat wins, and a rated table is rated so (``ratings.rate_table``, a loss for the one who
  conceded) in the transaction that ends the game.
- Abandoning: each seated person's vote is kept on their seat (``Seat.abandon_vote``, shown with the
  seats in every table message) until they withdraw it; bots do not vote; a person whose seat the
  stand-in plays still sits there and votes too. The last vote ends the game, unrated, nobody winning.
- A friendly table's game is never rated (here and in ``moves``), so the leaderboards, the profiles'
  ratings and ``/api/tables/{id}/ratings`` (empty) all leave it out; the table and the lobby say
  "friendly".
- An end is committed as a game's last move is: with its ratings (a concession at a rated table) and
  the people's reputation counts (``reputation.count_table``: a conceded or abandoned game is a game
  ended, as any other) in one transaction, refused as stale if another server moved the table on
  meanwhile. Then the table is dropped from memory (a finished table is read from the database), its
  clock stopped, published, and the people of a turn-based table mailed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..db.database import Database
from ..errors import Refused
from . import decided, reputation, table_store
from .live import Live, LiveTables
from .ratings import rate_table
from .rule_sets import board_of
from .turns import Turns
from .updates import publish

CONCEDED = "conceded"
ABANDONED = "abandoned"


def ended_early(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A table's result if its game stopped before its rules ended it (conceded, abandoned), else None."""
    if result is not None and (CONCEDED in result or result.get(ABANDONED) is True):
        return result
    return None


@dataclass
class Endings:
    """Concessions and votes to abandon at every running table; thread-safe (under each table's lock)."""

    db: Database
    live: LiveTables
    turns: Turns

    def concede(self, table_id: int, user_id: int) -> None:
        """``user_id`` concedes: the other seat wins at once. Refused unless the table has two seats."""
        with self.live.lock(table_id):
            live = self.live.load(table_id)
            seat, _ = live.playing_seat(user_id)
            if len(live.seats) != 2:
                raise Refused(
                    "conceding is for two-player tables; table {table} has {players} players: "
                    "vote to abandon the game instead",
                    code="not-two-players",
                    table=table_id,
                    players=len(live.seats),
                )
            self._end(live, {"winners": [1 - seat], CONCEDED: seat}, CONCEDED, seat)

    def vote(self, table_id: int, user_id: int, vote: bool) -> None:
        """``user_id`` votes to abandon the game (``vote``) or withdraws their vote; the last vote of the
        people seated ends it, unrated."""
        with self.live.lock(table_id):
            live = self.live.load(table_id)
            seat, _ = live.playing_seat(user_id)
            if live.seats[seat].abandon_vote == vote:
                if vote:
                    raise Refused("you have voted to abandon this game already", code="voted")
                raise Refused("you have not voted to abandon this game", code="not-voted")
            people = [s.seat for s in live.seats if s.kind == "player"]
            if vote and all(live.seats[s].abandon_vote or s == seat for s in people):
                self._end(live, {ABANDONED: True, "winners": []}, ABANDONED, None, voter=seat)
                return
            with self.db.transaction() as connection:
                table_store.save_vote(connection, table_id=live.id, seat=seat, vote=vote)
            _voted(live, seat, vote)
            publish(self.turns.pubsub, live)

    def _end(
        self, live: Live, result: dict[str, Any], how: str, seat: int | None, *, voter: int | None = None
    ) -> None:
        """Stop ``live``'s game where it stands with ``result`` (``how``: conceded by ``seat``, or
        abandoned by the last vote, ``voter``'s): commit, then forget, publish and hand on."""
        with self.db.transaction() as connection:
            if voter is not None:
                table_store.save_vote(connection, table_id=live.id, seat=voter, vote=True)
            ended = table_store.end_unfinished(
                connection, table_id=live.id, result=result, version=live.version
            )
            if not ended:
                self.live.outdated(live.id)  # brought up to date next time
                raise Refused("table {table} moved on elsewhere; reload it", code="stale", table=live.id)
            decided.mark_end(connection, table_id=live.id, version=live.version, how=how, seat=seat)
            if how == CONCEDED and live.rated:
                rate_table(
                    connection,
                    table_id=live.id,
                    game=board_of(live.game, live.options),
                    seats=live.seats,
                    winners=result["winners"],
                )
            reputation.count_table(connection, table_id=live.id, seats=live.seats, away=live.away)
        if voter is not None:
            _voted(live, voter, True)
        live.status, live.result = "over", result
        if live.story is not None:
            live.story.end(how, seat)
        self.live.forget(live.id)  # a finished table is read from the database
        publish(self.turns.pubsub, live)
        self.turns.hand_on(live)  # no decision waits any more: its clock stops
        self.turns.game_over(live)


def _voted(live: Live, seat: int, vote: bool) -> None:
    """``seat``'s vote to abandon, committed, as the table is held."""
    live.seats[seat] = live.seats[seat].model_copy(update={"abandon_vote": vote})
