"""Mü: 3–6 players bid by laying hand cards face up; the Chief and a partner chase a card-point target.

Rules: ``docs/rules/mue.md``; records and notation: ``docs/records.md`` (``mue``). A hand is an
open auction (``pass``, or ``show C`` … ``done``), then the Vice and the Chief name trumps from their
face-up cards, the Chief names a partner, and the hand is played out in tricks with one trump suit.
Everyone keeps the triangles of the tricks they win; the Chief's team adds a bonus if it reaches the
target of its bid, else the Chief pays for every card overbid. Equal highest totals share the win.

Cards are 60 instances (ids ``0..59``) in the hand bitmasks: instance ``code`` (``colour * 10 +
number``, ``0..49``) is the first copy of a code, and ``50..59`` are the second copies of the 1s and
7s. Actions name codes, never instances (``show R7``, ``R7``), so the two copies are one move.

Decisions (gaps the spec leaves, and readings of it):
- Which copy moves: ``show C`` turns up a hidden copy of C; playing C plays a face-up copy when the
  seat has one, else a hidden one. The copies are identical for every rule; this choice tells the
  others nothing they cannot see (playing the hidden copy would reveal that a second one exists).
- The first dealer is a uniformly random seat drawn from the seed (``first_dealer`` fixes it); every
  deal event names its dealer, and the dealer moves one seat clockwise every hand (§3).
- "3-player mode" (no Vice, no partner, the 10+2b row) means three *active* players; six players with
  ``dealer_sits_out`` are five active players and use every 5-player rule (§3, §7.19).
- ``last_bid_seq`` is numbered when a turn's ``done`` is played; turns never interleave, so this is
  the same order as numbering at the first ``show``.
- Mid-turn, ``done`` is legal after any show, and it is the only move once the raise limit is reached
  or no hidden card is left (docs/records.md). ``pass`` is legal only before the first show of a turn.
- ``hand_limit`` counts every scored hand, void and éclat hands included; in ``end="deals"`` mode the
  game ends after ``players × deals`` hands (every seat has dealt that often) and ``target`` is unused.
- A void or éclat hand writes a ``score`` event like any hand (docs/records.md), so the game-end check can
  end the game after an éclat.
- A game stopped by ``hand_limit`` before the target or the deals is ``is_truncated()``.
  ``single_hand`` (for research) makes the game one hand, with no target: the top totals win.
- The last trick stays on view until the next trick is played, as in the other trick games, also
  across hands.
- Observations carry the auction's turns of the current hand, the trump order that results from the
  trumps named so far (strongest first, equal cards grouped) and a score sheet with one line per hand:
  all public, and what a player at a real table can see or note down.
- Search builds an observation at a few moves of its rollouts' auctions and at every rollout's end, so
  observations are made cheaply, the same dict out: hands and face-up sets listed by one table lookup a
  colour (``names_of``), the trump order copied from a cached one, the auction's counts read off the face-up
  cards until the tricks (an auction observation from about 23 to 13 µs), and, for search, the fields read
  once and the tricks' fields built only once a card is played (9.9 to 8.8 µs, the least of 15 runs over
  2,000 observations of ``bench_bots.py``'s searches). A seat's ``show`` actions are found when it is first
  to act in a hand's auction (``resample`` redeals hands) and kept as tuples, so a clone copies one list.
  ``resample`` gives the known voids to ``deal_hidden`` as masks (``voids``: the same worlds, fewer calls)
  and the hidden cards in an order kept per set (the same at every iteration of a search). Caches per mask
  did not pay once a benchmark drew new worlds (other seeds) in each round: keeping the last 65,536 name
  lists met was no faster, keeping the play actions of the masks met made search 5% slower (the searches of
  one round met 63% of their masks before). With the rollout policy's bids read by action id
  (``bots/games/mue.py``), ISMCTS with its own rollouts went from 1,910–2,003 to 2,581–2,693 iterations per
  CPU second (5 players, ``bench_bots.py``'s positions, 300 iterations, four alternating rounds at load
  average 3.4–3.8 on 2 cores: 1.29–1.41×), every choice the same; a review of a whole match from 0.90 to
  0.69 s of CPU a decision. A search's world told to stop at the hand's end (``State.stop_at_hand_end``)
  scores it and deals no more: its phase is ``over`` with a seat still to act, and its view only the scores
  and where the match stands (``_between_hands``): no rollout ends with seeding a generator, shuffling and
  dealing, nor with the view of a table dealt afresh. For search speed (the rollouts' card plays in one loop,
  ``State.play_randomly``; fewer observations in the rollouts' auctions; the above), ``bench_bots.py``'s
  first column went from 2,775–2,874 to 3,686–3,914 iterations per CPU second (three alternating runs, load
  average 1.8–2.0: 1.3×; before the stop at the hand's end, 3,381–3,512), and 4,774–4,880 in the compiled
  build; every choice the same; a review of a whole match from 0.70 to 0.47 s a decision
  (``bench_review.py``).
- ``resample`` redeals every hidden card (neither face up nor played) among the other active seats,
  keeping how many each hides, their face-up cards, and the voids they showed: a seat that did not
  follow a led colour holds no non-trump card of it, one that did not follow a trump lead no trump.
- Spec wording: §4.2's Vice tie-break compares the candidates' face-up numbers sorted descending;
  lists of equal length (the candidates share the largest count), so plain lexicographic order.

>>> import cardtable
>>> state = cardtable.make("mue", players=4, first_dealer=2).new_game(seed=1)
>>> state.current_player(), state.observation(None)["hand_sizes"]
(2, [15, 15, 15, 15])
>>> [state.action_to_string(a) for a in state.legal_actions()][:2]
['pass', 'show R1']
"""

from __future__ import annotations

import math

from ...core.cards import Pack
from ...core.game import Game
from ...core.options import Option, OptionValue
from ...core.registry import register
from .cards import ACTION_NAMES, CODES, NUM_ACTIONS, TRIANGLES, card_code, card_name, parse_move, trump_id
from .rules import (
    bonus,
    eclat_deltas,
    elect_vice,
    played_hand_deltas,
    shortfall,
    target,
    trump_order,
)
from .state import HandSummary, MueState, Phase, pack_for

__all__ = [
    "HandSummary",
    "Mue",
    "MueState",
    "Phase",
    "bonus",
    "card_code",
    "eclat_deltas",
    "elect_vice",
    "played_hand_deltas",
    "shortfall",
    "target",
    "trump_id",
    "trump_order",
]

# -- the game -------------------------------------------------------------------------------------


@register
class Mue(Game):
    """Mü for 3–6 players (see the package docstring)."""

    name = "mue"
    title = "Mü"
    pack = Pack(
        "five-colours",
        {code: card_name(code) for code in CODES},
        marks={code: TRIANGLES[int(code[1])] for code in CODES},  # the triangles printed: card points
    )
    option_specs = (
        Option(name="players", default=5, choices=(3, 4, 5, 6), help="number of players"),
        Option(
            name="dealer_sits_out", default=False, kind=bool, help="6 players: the dealer sits out each hand"
        ),
        Option(
            name="end",
            default="score",
            kind=str,
            choices=("score", "deals"),
            help="how the game ends: at a score, or after a number of deals",
        ),
        Option(
            name="target",
            default=200,
            minimum=1,
            table_range=(1, 1000),
            help="when the game ends at a score: the total that ends it",
        ),
        Option(
            name="deals",
            default=1,
            minimum=1,
            table_range=(1, 20),
            help="when the game ends after deals: how many times each player deals",
        ),
        Option(name="first_dealer", default=None, seat=True, help="who deals first"),
        Option(
            name="hand_limit",
            default=200,
            minimum=0,
            zero_is_no_limit=True,
            table_range=(1, 500),
            help="safeguard: the game ends after this many hands",
        ),
        Option(
            name="single_hand",
            default=False,
            kind=bool,
            help="one hand only, scored as that hand (for research)",
            research=True,
        ),
    )
    state_class = MueState
    num_actions = NUM_ACTIONS

    def max_game_length(self) -> int | None:
        """A hand of C cards: each is shown at most once, each bidding turn closes with ``done`` and at
        most ``n`` seats pass between two bids, so the auction takes at most ``C * (2 + n) + n``
        decisions; then two trump calls, a partner and C cards played. At most ``hand_limit`` hands
        (``players × deals`` with ``end="deals"``, one with ``single_hand``); with no such bound, None."""
        pack, n = pack_for(self), self.players
        if pack.end_hands == math.inf:
            return None
        cards = len(pack.instances)
        return int(pack.end_hands) * (cards * (2 + n) + n + 3 + cards)

    def _check_options(self, options: dict[str, OptionValue]) -> None:
        if options["dealer_sits_out"] and options["players"] != 6:
            raise ValueError(
                f"option 'dealer_sits_out' may be true only with 6 players (got {options['players']} players)"
            )

    def _action_to_string(self, action: int) -> str:
        return ACTION_NAMES[action]

    def string_to_action(self, text: str) -> int:
        return parse_move(text)
