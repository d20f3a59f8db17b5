"""Cabooses in the Corner: 2–6 players shed cards onto four railways and four corners around a depot.

Rules: ``docs/rules/cabooses-in-the-corner.md``; records and notation: ``docs/records.md``
(``play C X``, ``move X K Y``, ``relocate X C``, ``end``). Piles build down by one in one colour; a purple
caboose (``P8``) starts a corner and takes a 7 of any colour; a complete corner train (``P8`` then 7..1)
departs at once. Every turn starts with a draw; a player with no play reachable (``can_play``: a search
over move sequences) draws until one is, and when the depot is empty too the game ends in a stalemate
that the player with the most cards loses. The first player to empty their hand wins.

Decisions (where the spec leaves a choice to the engine, or is unclear):
- Card ids are ``colour * 7 + number - 1`` for the train cards (colours B R W), then ``P8`` = 21 and
  ``OB`` = 22, so "top ``t`` takes ``c``" is ``t == c + 1`` for two cards of one colour. Hands are counts per
  code (identical copies share a code) plus a mask of the codes held. A pile is one of the 108 piles §5
  allows (an id into ``PILES``), so plays, moves and departures are table look-ups built at import from
  the definitions of §5 and §6.2.
- Action ids: ``play C X`` is ``PLAY_BASE + code * 8 + place`` (every code on every place, 184 ids);
  ``move X K Y`` is ``MOVE_BASE + (X * 8 + K - 1) * 7 + Y'`` for the 4 railways, K 1..8 and the 7 other
  places (``Y'`` = Y's index among the places other than X); ``relocate X C`` has an id for every railway
  and every corner (16 ids), so ``relocate N SE`` is a move that is refused ("not adjacent") rather than
  bad notation; ``end`` is last. Corners are never a move source and a pile never moves onto itself, so
  ``move NE 1 N`` and ``move N 1 N`` are refused as notation (InvalidNotation says why).
- ``can_play`` (§6.3) compares what the board offers (a bit per top card, plus "a railway is empty" and
  "a corner is empty") with what the hand wants (the tops that take one of its cards). The union of the
  offers over every board reachable by moves and relocations (§6.3's DFS with a visited set, run to
  completion) is memoised per board, as it does not depend on the hand: forced draws on one board, and
  boards met again, cost a look-up. The state asks the same question more cheaply first: a play at hand
  is one ``&`` of the bits it keeps (see ``CaboosesState``), and a board with no move or relocation offers
  nothing more, so the search runs only when there is neither a play nor a move.
- Forced draws are checked at the turn start and after every MOVE/RELOCATE taken while nothing has been
  played this turn (§6.2), one card at a time; they, the turn-start draw and departures are not record
  events (``docs/records.md``). The observation's ``drawn`` counts the cards the seat to act drew this turn
  (public, §8). §10 ex. 20 counts the depot before the first player's turn-start draw: the observation
  after set-up shows it after that draw (``depot + drawn`` is the spec's figure).
- The forced draws of the very first turn may, in theory, empty the depot: the game then ends in a
  stalemate before any move, like any other turn.
- A stalemate or draw ends the game with ``winners`` empty, so ``returns()`` is 0.0 for every seat (§7:
  the rulebook names no winner).
- ``resample`` redeals the depot and the other hands from the cards they hold together, keeping the
  sizes. It ignores the hint a forced draw gives (the drawer held no reachable play before each extra
  draw): weak, and costly to honour.
- Observations show the public ``flips`` (the four setup cards, which later plays may cover or moves
  carry away) and, once the game is over, the display ``ranking`` of §7.

>>> import cardtable
>>> state = cardtable.make("cabooses-in-the-corner", players=3, first_dealer=2).new_game(seed=4)
>>> state.current_player(), state.observation(None)["depot"] + state.observation(None)["drawn"]
(0, 47)
"""

from __future__ import annotations

from ...core.cards import Pack
from ...core.game import Game
from ...core.options import Option
from ...core.registry import register
from .board import CODES, NUM_ACTIONS, NUM_PLACES, P8, RAILWAYS, TRAIN_LENGTH, pack_for
from .notation import action_text, parse_action
from .rules import can_play, reachable_tops
from .state import CaboosesState

__all__ = ["CaboosesInTheCorner", "CaboosesState", "can_play", "reachable_tops"]

COLOUR_WORDS = {"B": "blue", "R": "red", "W": "white"}
CABOOSE_WORDS = {"P8": "purple caboose", "OB": "broken caboose"}


def card_words(code: str) -> str:
    """A card in words: ``blue engine 1`` (a 1 is the engine), ``red 3``, ``purple caboose``."""
    if code in CABOOSE_WORDS:
        return CABOOSE_WORDS[code]
    return f"{COLOUR_WORDS[code[0]]} {'engine 1' if code[1] == '1' else code[1]}"


# -- registration -----------------------------------------------------------------------------------


@register
class CaboosesInTheCorner(Game):
    """Cabooses in the Corner for 2–6 players (see the package docstring)."""

    name = "cabooses-in-the-corner"
    title = "Cabooses in the Corner"
    pack = Pack("cabooses", {code: card_words(code) for code in CODES})
    option_specs = (
        Option(name="players", default=4, choices=(2, 3, 4, 5, 6), help="number of players"),
        Option(
            name="broken_cabooses",
            default=True,
            kind=bool,
            help="include the two orange broken cabooses (OB)",
        ),
        Option(name="first_dealer", default=None, seat=True, help="who deals"),
    )
    state_class = CaboosesState
    num_actions = NUM_ACTIONS

    def max_game_length(self) -> int:
        """A bound from the rules, as moves are not limited: each card is played at most once, and a
        turn ends only after a play (``end`` at most once per card); a ``relocate`` takes away one of
        the four flips' cabooses. A move of K cards from a pile of A onto one of B needs B + K > A, so
        it raises the sum of the squared pile lengths by 2K(B + K - A) >= 2. That sum is at most 8
        places x 8**2, and only a departing corner train (one per ``P8``) lowers it, by at most 8**2: so
        at most (8 * 64 + 64 * P8s) / 2 moves in a game."""
        pack = pack_for(bool(self.options["broken_cabooses"]))
        square = TRAIN_LENGTH**2
        moves = (NUM_PLACES * square + pack.count(P8) * square) // 2
        return 2 * len(pack) + len(RAILWAYS) + moves

    def _action_to_string(self, action: int) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> int:
        return parse_action(text)
