"""Tournaments' pure logic: Swiss pairing, arena seating and streaks, placing points, duplicate deals
and standings. Standard library only: the server (``server/services/tournaments.py``) and the terminal
(``cardtable tournament``) both run tournaments with it.

Entrants are named by strings (a name, or any id the caller keeps unique); a table is a tuple of them
in seat order. Nothing here plays a game: the caller plays the tables and hands back their ``returns``.

>>> pair_round(["ann", "bob", "cy"], points={}, history=[], byes={}, size=2, seed=1)
SwissRound(tables=(('ann', 'cy'),), byes=('bob',))
"""

from .arena import arena_points, arena_round, on_streak, seat_waiting
from .duplicate import deal_seed, duplicate_scores, rotated, seat_round
from .entrants import bot_names
from .rules import rules_in_words
from .scoring import BYE_POINTS, TableResult, placing_points
from .standings import Standing, standings
from .swiss import SwissRound, pair_round, repeats

__all__ = [
    "BYE_POINTS",
    "Standing",
    "SwissRound",
    "TableResult",
    "arena_points",
    "arena_round",
    "bot_names",
    "deal_seed",
    "duplicate_scores",
    "on_streak",
    "pair_round",
    "placing_points",
    "repeats",
    "rotated",
    "rules_in_words",
    "seat_round",
    "seat_waiting",
    "standings",
]
