"""Cabooses in the Corner for bots: a beginner's policy, and a one-round look-ahead for search.

The policy (docs/rules/cabooses-in-the-corner.md §5–§7) ranks the legal actions and takes the best:
1. a play that empties its hand (it wins at once);
2. moves that empty a railway (whole piles, longest first) and relocations of caboose piles, which
   free a railway for any card;
3. plays onto corners (trains grow towards departure), cabooses into empty corners, and then plays
   onto railways, the card whose next lower card it also holds first, high cards on empty railways;
4. ending the turn (allowed once it has played a card), then other moves that make a pile longer:
   after a play such a move helped no more than ending the turn (one seat so against three that made
   it, 4,000 games of four: win share 0.249 ± 0.013), and rollouts then end turns by choice too
   (``hard`` against three ``medium``, 400 games: 37% ± 5% won, 39% ± 5% before).

Evaluation: the game is one short race (about a dozen turns between beginners in a game of four),
and luck decides most of it, so a rollout played to the end says little about the move at the root.
Rollouts instead follow the policy for ``ROLLOUT_MOVES`` moves from the root, about one round: the
rest of the seat's own turn, then what the others make of the board it leaves them. ``race_rewards``
scores the position there as each seat's chance to win, from its hand size and how long it waits
for its turn, with weights fitted to who won in heuristic self-play. The tree has no depth limit: a
turn is many moves, which search plans together (a tree one move deep won less often).

Speed: an observation costs more than the rest of a policy's move, so in a search's rollout
(``SeatView.memory``) the policy keeps what it knows of the turn under way (``_Turn``: its hand and
the railways' pile lengths, which are all its ranks read) and follows its own moves, reading a view
again only where news may have come that it cannot see. A third of its rollout moves read one (at
``bench_bots.py``'s positions), and it makes the same moves as reading every view. With the engine's
cheaper observations and resample, ISMCTS with these rollouts (``ismcts:iterations=300`` at the
12 positions, CPU time, old and new alternating, four rounds, load average 3.3–3.8 on 2 cores) ran
7,209–7,504 iterations a second against 4,098–4,399 before with four players (×1.69–1.76), and
7,568–8,093 against 4,016–4,937 with two (×1.64–1.90), choosing the same moves for the same seeds.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ...core.game import JsonDict
from ..evaluation import Evaluation
from ..heuristic import Policy
from ..view import SeatView

RAILWAYS = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")
CABOOSES = ("P8", "OB")
ROLLOUT_MOVES = 20
"""Moves a rollout plays from the root before it is judged: about one round (a beginner's turn is
four or five moves)."""
CARD_WEIGHT = 0.17
WAIT_WEIGHT = 0.13
TO_ACT_WEIGHT = 0.13
"""The weights of ``race_rewards``: a seat's chance to win is proportional to ``exp(TO_ACT_WEIGHT``
when it is to act ``- CARD_WEIGHT * hand size - WAIT_WEIGHT * seats to wait for its turn)``. They are
the maximum-likelihood fit to the winners from every position of 1,500 games of four heuristic
players; the fits for 2, 3, 5 and 6 players differ little (0.11–0.18, 0.10–0.14, 0.10–0.14)."""

FIXED, PLAY, RAILWAY_PLAY, MOVE = range(4)
"""Kinds of ``Rank``: a fixed rank (``end``, relocations), a play onto a corner (fixed, but any play
wins at once from a hand of one), a play onto a railway, a move."""
Rank = tuple[int, str, str, float]
"""An action's ranking, read once from its notation: (kind, the place played on or moved from, the
card whose holding adds to a railway play's rank, the rank or its fixed part, or a move's count)."""
Effect = tuple[str, str, int, str]
"""What an action does to the piles and the hand: (the railway cards leave, the place they reach, how
many, the card played). ``end`` and relocations (rare once a card is played) reach no place: the
policy reads the next view."""
_RANKS: dict[int, Rank] = {}
_EFFECTS: dict[int, Effect] = {}
"""Each action id's ``Rank`` and ``Effect``, kept once met (ids are stable): the policy runs at every
step of a rollout, so it reads no notation there and ranks each action with a look-up and a sum."""


@dataclass(slots=True)
class _Turn:
    """What the policy knows of the turn under way, from the seat's observation at its first move and
    its own moves since: in a search's rollout (``SeatView.memory``) every move is the policy's, so its
    later moves in the turn need no observation (one costs more than the rest of a move). It is read
    again where the policy cannot know the news: a new turn (the next seat draws), a move the policy
    did not make (a forced move, the search's tree), a move before any play (it may force draws,
    §6.3) and a relocation."""

    seat: int
    events: int
    """The record's length at the seat's next move, if it is the policy's."""
    lengths: dict[str, int]
    """The railways' pile lengths: the ranks read nothing else of the piles (so no departure, which
    only ever empties a corner, matters)."""
    hand: list[str]
    played: bool


def play(view: SeatView, rng: random.Random) -> int:
    """The beginner's action for the seat to act: the first legal action of the highest rank."""
    memory, seat, events = view.memory, view.seat, view.event_count()
    turn: _Turn | None = None if memory is None else memory.get("turn")
    if turn is None or turn.seat != seat or turn.events != events:
        obs = view.observation()
        piles = obs["piles"]
        lengths = {railway: len(piles[railway]) for railway in RAILWAYS}
        turn = _Turn(seat, events, lengths, [*obs["hand"]], obs["played"] > 0)
        if memory is not None:
            memory["turn"] = turn
    choice = _best(view, turn.lengths, turn.hand)
    if memory is not None:
        _after(turn, _EFFECTS[choice])
    return choice


def _best(view: SeatView, lengths: dict[str, int], hand: list[str]) -> int:
    """The first legal action of the highest rank."""
    legal = view.legal_actions()
    if len(hand) == 1:
        for action in legal:
            if (_RANKS.get(action) or _rank(view, action))[0] in (PLAY, RAILWAY_PLAY):
                return action  # it empties the hand
    best, best_rank = legal[0], -1.0
    for action in legal:
        kind, where, follow_up, value = _RANKS.get(action) or _rank(view, action)
        if kind == RAILWAY_PLAY:
            rank = (40 if lengths[where] else 20) + 5 * (follow_up in hand) + value
        elif kind == MOVE:
            rank = 80 + value if value == lengths[where] else 10 + value
        else:
            rank = value
        if rank > best_rank:
            best, best_rank = action, rank
    return best


def _after(turn: _Turn, effect: Effect) -> None:
    """``turn`` once the policy's move is made, or marked unknown where the move may bring news the
    policy cannot see."""
    source, target, count, card = effect
    if not target or not (card or turn.played):
        turn.seat = -1  # read the next move's observation
        return
    lengths = turn.lengths
    if card:
        turn.hand.remove(card)
        turn.played = True
    if source:
        lengths[source] -= count
    if target in lengths:
        lengths[target] += count
    turn.events += 1


def _rank(view: SeatView, action: int) -> Rank:
    """The ``Rank`` of an action, and its ``Effect`` (both kept): what it does, by its notation."""
    words = view.action_to_string(action).split()
    rank: Rank
    effect: Effect
    if words[0] == "play":
        card, place = words[1], words[2]
        if place in CORNERS:
            rank = (PLAY, place, card, 60 if card not in CABOOSES else 50 if card == "P8" else 45)
        else:
            rank = (RAILWAY_PLAY, place, card[0] + str(int(card[1]) - 1), int(card[1]) / 10)
        effect = ("", place, 1, card)
    elif words[0] == "relocate":
        rank = (FIXED, words[1], "", 70)
        effect = ("", "", 0, "")
    elif words[0] == "move":
        rank = (MOVE, words[1], "", int(words[2]))
        effect = (words[1], words[3], int(words[2]), "")
    else:
        rank = (FIXED, "", "", 19)  # ``end``: before a move that only makes a pile longer
        effect = ("", "", 0, "")
    _RANKS[action], _EFFECTS[action] = rank, effect
    return rank


def race_rewards(root: JsonDict, leaf: JsonDict) -> list[float]:
    """Each seat's chance to win from the leaf's public view; the chances add up to 1.

    >>> [round(chance, 2) for chance in race_rewards({}, {"hand_sizes": [1, 7, 7, 7], "to_act": 1})]
    [0.4, 0.24, 0.19, 0.17]
    """
    sizes, to_act = leaf["hand_sizes"], leaf["to_act"]
    weights = []
    for seat, size in enumerate(sizes):
        wait = (seat - to_act) % len(sizes)
        bonus = TO_ACT_WEIGHT if wait == 0 else 0.0
        weights.append(math.exp(bonus - CARD_WEIGHT * size - WAIT_WEIGHT * wait))
    total = sum(weights)
    return [weight / total for weight in weights]


POLICY: Policy = play
HARD_SECONDS = 0.04
"""The ``hard`` bot's CPU seconds a move here (measured: ``bots/ismcts.HARD_SECONDS``)."""
EVALUATION = Evaluation(max_moves=ROLLOUT_MOVES, rewards=race_rewards, rollout=play)
