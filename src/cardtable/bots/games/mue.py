"""Mü for bots: a beginner's policy and hand-end evaluation for search.

The policy (docs/rules/mue.md):
- auction (§4.1, §4.2): it bids by hand strength: as many cards as its longest colour is longer than
  a fair share of the hand, that colour's highest numbers first (they become its trump choices),
  within the raise limit. It never draws level with the leader (the latecomer of an éclat pays 10 a
  card), and once a later bidder has drawn level with it, it holds (that bidder pays, it gains 5 a
  card). Beyond its strength it bids only for the éclat: when a seat that can still bid has drawn
  level with the top in this auction, it goes one above the top, so that it is the earlier of the two
  if that seat draws level again. Careful bidders never draw level, so against them it stays within
  its strength; random ones draw level all the time, and a careful bidder that stayed out of their
  éclats would watch one of them reach the target first;
- trumps (§4.3, §4.4): the choice that turns most of its own cards into trumps, a colour before a
  number on equal counts; the Chief names no trump (``none``) when no choice gives it three trumps;
- partner (§4.5): the player whose face-up cards hold most trumps, then most face-up cards;
- tricks (§4.6, §5): on a trick its side is winning it gives points; when it can win it does so with
  its cheapest winning card; otherwise it throws its cheapest card, keeping trumps. Leading, the
  Chief's side draws trumps with the best trump left; otherwise it leads a card nobody can beat in a
  plain colour, or its cheapest card.
The trump order comes from the observation (``trump_order``, strongest first, equal cards grouped).

Evaluation: rollouts stop at the end of the hand (its ``score`` event). Each active seat's reward
is its hand score against the active seats' mean, linear over ``REWARD_SPAN`` points (clipped to
[0, 1]): the game is won by the highest total, and a linear reward lets the average over rollouts weigh
a contract by the points it is worth. Rollouts play the whole hand:
- they bid as the policy does (a random auction nearly always ends in an éclat, which makes every bid
  look alike; rollouts that stopped bidding made every bid look unanswered), but never for an
  éclat: that is the policy's answer to random bidders, and in rollouts it would turn a seat that draws
  level into the start of a war of éclats rather than the latecomer who pays;
- they name trumps and the partner as the policy does, since a random trump or partner makes every
  contract look worse than it is;
- they play the cards at random (the policy there would cost an observation a card, several times the
  search's time).
An observation costs more than a dozen card plays, and a rollout from the auction's start bid about 20
times: in a search's rollout (``SeatView.memory``) each seat's hand is read once, at its first bid, and the
counts and the goal of the turn under way are remembered (``_Auction``), so the later bids and the trumps
read none. The public cards the first observation showed are kept too, with every show and trump of the
rollout: a seat's first bid then needs no observation when its ``show`` moves name every card it hides
(``_read_hand``), nor does the partner once both trumps were named in the rollout (from 4.5 observations an
iteration to 2.4 over ``bench_bots.py``'s positions; with the other search-speed changes of December
2026, 1.3× the iterations a second: ``games/mue/__init__.py``). An iteration from the auction takes
0.64 ms, against 0.86 ms when every bid read the observation (``hard``'s auction moves in six first
hands, side by side on a loaded machine; 0.4 ms when rollouts stopped bidding). A bid reads each action
id's notation once (``_MOVES``: its kind, and the card a ``show`` shows), not every legal move's at every
bid, and picks its move by one ``max`` or ``min`` over the ranks kept per best colour (``_RANKS``); the
trumps are counted in one ``Counter`` of the hand's colours and numbers (with the engine's cheaper
observations, 1.3–1.4× the iterations a second:
``games/mue/__init__.py``). A review does not grow the budget of an auction decision (``review_growth``),
and grows others to twice the base, not four times.
The search is flat (``tree_depth`` 1): every move at the root is judged by rollouts alone. Deeper, a
pass that ended the auction let the tree choose the trumps and the partner, while the longer auction
after a show left them to the rollouts: moves were judged under different players, and a pass was
called a mistake where a show changed nothing (``tests/bots/test_mue_auction_review.py``). Flat, the
``hard`` bot did no worse against ``medium``: one ``hard`` seat against four won 50% ± 15% of 40
games of five (8 deals from every seat), against 42% ± 15% with the deep tree and rollouts that
stopped bidding, and 23% ± 15% (30 games) with the deep tree and these rollouts.

For reviews, the scores between hands are read as chances to win the game by a race model of equal
players: each seat's hands to come add up to a normal total whose mean and spread per hand,
``HAND_SCORES``, were measured in heuristic self-play; the hands to come are the deals left (``end``
``deals``) or as many as the leader needs at the mean to reach the target (``end`` ``score``, at least
one). The seat whose total ends highest wins. The points of a hand are the seat's hand score.

>>> [round(chance, 2) for chance in match_chances({"players": 5, "scores": [150, 120, 120, 100, 90],
...     "end": "score", "goal": 200, "hand_number": 6, "hand_limit": 200})]
[0.57, 0.17, 0.17, 0.06, 0.03]
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...core.game import JsonDict
from ..evaluation import Evaluation, score_changes
from ..heuristic import Policy
from ..view import SeatView

TRIANGLES = (1, 0, 1, 1, 1, 1, 2, 2, 1, 0)
"""Card points by number (§2)."""
NUMBERS_IN_A_COLOUR = (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)
MIN_TRUMPS = 3
"""The Chief names a trump only if it makes at least this many of its own cards trumps."""
REWARD_SPAN = 60
"""Hand points from a search reward of 0 to one of 1, centred on the active seats' mean (a made
contract's bonus is 10 points a card and more, a failed one costs the Chief 10 a card short)."""
HAND_SCORES = {3: (16.0, 15.4), 4: (23.7, 20.6), 5: (20.1, 20.2), 6: (16.9, 18.1)}
"""Per player count: the mean and standard deviation of one seat's hand score (heuristic self-play,
about 400 hands each)."""
RACE_STEPS = [step / 2 for step in range(-12, 13)]
"""Where the race model's integral over a seat's normal draw is taken (-6 to 6, by 1/2: the sum of a
smooth integrand over the normal density, within 2e-9 of steps of 1/4 at half the cost; a review
computes it at every rollout's end)."""
_DENSITIES = [math.exp(-z * z / 2) for z in RACE_STEPS]
_ERF_STEPS = [z / math.sqrt(2) for z in RACE_STEPS]


def points(code: str) -> int:
    """§2: the triangles of a card."""
    return TRIANGLES[int(code[1])]


def play(view: SeatView, rng: random.Random) -> int:
    """The beginner's action for the seat to act."""
    return _act(view, chase=True)


def _act(view: SeatView, chase: bool) -> int:
    """The policy's action; it bids for an éclat only with ``chase``."""
    obs = view.observation()
    legal = view.legal_actions()
    phase = obs["phase"]
    if phase == "auction":
        return _bid(view, obs, legal, chase)
    moves = [view.action_to_string(action) for action in legal]
    if phase in ("vice_trump", "chief_trump"):
        choice = _trump(obs["hand"], moves)
    elif phase == "partner":
        choice = _partner(obs, moves)
    else:
        choice = _card(obs, moves)
    return legal[moves.index(choice)]


# -- the auction --------------------------------------------------------------------------------


def _colours(obs: JsonDict) -> str:
    return "RBG" if len(obs["active"]) == 3 else "RBGYP"


_WEIGHTS = {f"{colour}{number}": 1000 + number for colour in "RBGYP" for number in range(10)}
"""A card's weight in its colour's ``_best_colour`` score: 1000 for its length, plus its number (a
colour's numbers add up to less than 1000, so one sum orders by length, then numbers)."""


def _best_colour(hand: list[str], colours: str) -> tuple[str, int]:
    """The hand's longest colour (on equal lengths the higher numbers, then the first in ``colours``)
    and its length, in one pass over the hand (rollouts bid too)."""
    score = dict.fromkeys(colours, 0)
    for code in hand:
        if code[0] in score:
            score[code[0]] += _WEIGHTS[code]
    best = max(colours, key=score.__getitem__)
    return best, score[best] // 1000


def _bid(view: SeatView, obs: JsonDict, legal: list[int], chase: bool) -> int:
    seat, auction = obs["seat"], obs["auction"]
    best, strength = _hand_strength(obs)
    at_start = auction["counts"][seat] - auction["shown_this_turn"]
    top = _top(auction["counts"], seat)
    chase = chase and top < len(obs["hand"]) and bool(_levellers(obs))
    goal = min(_bid_goal(top, at_start, strength, chase), auction["limit"])
    return _bid_move(view, legal, auction["counts"][seat], goal, best)


def _hand_strength(obs: JsonDict) -> tuple[str, int]:
    """The hand's best colour and its strength: by how much that colour beats a fair share of the
    hand."""
    return _strength_of(obs["hand"], _colours(obs))


def _strength_of(hand: list[str], colours: str) -> tuple[str, int]:
    """``_hand_strength`` of the cards ``hand`` (in any order) in a pack of ``colours``."""
    best, length = _best_colour(hand, colours)
    return best, max(0, length - round(len(hand) / len(colours)))


def _top(counts: list[int], seat: int) -> int:
    """The most cards another active seat has face up: the most of all other seats' counts, as a seat
    that sits out shows none (rollouts ask at every bid, and picking the active ones cost 3 times
    more)."""
    return max(counts[:seat] + counts[seat + 1 :])


def _bid_goal(top: int, mine: int, strength: int, chase: bool) -> int:
    """How many cards to have face up after this turn, from ``mine`` at its start, the most another
    seat has, ``top``, and the bid the hand supports, ``strength`` (decided from the turn's start, so
    every show of the turn agrees). Beyond its strength only with ``chase``, for the éclat."""
    if mine > top:
        return max(mine, strength)
    if mine == top > 0:
        return mine  # whoever drew level after us pays if the auction ends here
    if strength > top:
        return top + 1
    if chase:
        return top + 1
    return min(strength, top - 1)


def _bid_move(view: SeatView, legal: list[int], count: int, goal: int, best: str) -> int:
    """Show the best card left (of the best colour, highest first, the first of equals) while fewer
    than ``goal`` are face up, then end the turn (``done``, or ``pass`` when nothing is shown yet): the
    first legal move of the highest rank, or of the lowest once the goal is reached (``_RANKS``)."""
    ranks = _RANKS.get(best)
    if ranks is None:
        ranks = _RANKS[best] = {}
    try:
        return max(legal, key=ranks.__getitem__) if count < goal else min(legal, key=ranks.__getitem__)
    except KeyError:  # a move not met yet with this best colour
        for action in legal:
            _, colour, number = _MOVES.get(action) or _move(view, action)
            ranks[action] = (colour == best) * 10 + number
        return _bid_move(view, legal, count, goal, best)


_RANKS: dict[str, dict[int, int]] = {}
"""Per best colour, an action id's rank as a bid's move: a ``show`` of that colour 10 + its number, of
another colour its number, ``pass`` and ``done`` -1 (every show outranks them). A bid's move is then one
``max`` (a show, when any is legal) or ``min`` (the turn's end) over the legal moves, in C: rollouts bid
about ten times an iteration."""


def _levellers(obs: JsonDict) -> set[int]:
    """The other seats that drew level with the highest count in this auction and can still bid.

    Drawing level makes one the latecomer of an éclat (§4.2): a seat that does it bids for the éclat,
    not for a contract, and will likely do it again, so being at the top before it pays."""
    counts = dict.fromkeys(obs["active"], 0)
    levelled = set()
    for turn in obs["auction"]["turns"]:
        if turn["done"] and not turn["pass"]:
            seat = turn["seat"]
            counts[seat] += len(turn["shown"])
            if counts[seat] == max(count for other, count in counts.items() if other != seat):
                levelled.add(seat)
    can_bid = {s for s in obs["active"] if len(obs["face_up"][s]) < obs["hand_sizes"][s]}
    return (levelled & can_bid) - {obs["seat"]}


# -- trumps and partner -------------------------------------------------------------------------


def _trump(hand: list[str], moves: list[str]) -> str:
    options = [m.split()[1] for m in moves if m != "trump none"]
    count = Counter("".join(hand))  # a code is its colour and its number: one count answers both
    best = max(options, key=lambda t: (count[t], t.isalpha(), t))
    if "trump none" in moves and count[best] < MIN_TRUMPS:
        return "trump none"
    return f"trump {best}"


def _partner(obs: JsonDict, moves: list[str]) -> str:
    return _partner_by(obs["face_up"], (obs["chief_trump"], obs["vice_trump"]), moves)


def _partner_by(face_up: list[list[str]], named: Iterable[str | None], moves: list[str]) -> str:
    """The candidate whose face-up cards hold most trumps (``named``: the trumps named, None or ``none``
    where none was): a card whose colour (its code's letter) or number (its digit) was named, so one set
    of the named trumps answers both."""
    trumps = {t for t in named if t and t != "none"}
    candidates = [int(m.split()[1]) for m in moves]

    def appeal(seat: int) -> tuple[int, int, int]:
        shown = face_up[seat]
        return sum(code[0] in trumps or code[1] in trumps for code in shown), len(shown), -seat

    return f"partner {max(candidates, key=appeal)}"


# -- the tricks ---------------------------------------------------------------------------------


def _strength(code: str, led: str | None, tiers: dict[str, int]) -> int:
    """How strongly ``code`` plays to a trick led by ``led`` (None: it leads); 0 never wins."""
    if code in tiers:
        return 100 + tiers[code]
    lead_colour = led[0] if led is not None and led not in tiers else None
    if led is None or code[0] == lead_colour:
        return 1 + int(code[1])
    return 0


def _card(obs: JsonDict, cards: list[str]) -> str:
    order = obs["trump_order"]
    tiers = {code: len(order) - index for index, group in enumerate(order) for code in group}
    team = _team(obs)
    trick = obs["trick"]
    if not trick:
        return _lead(obs, cards, tiers, team)
    led = trick[0]["card"]
    best = max(range(len(trick)), key=lambda i: (_strength(trick[i]["card"], led, tiers), -i))
    winning = _strength(trick[best]["card"], led, tiers)
    if trick[best]["seat"] in team:
        return max(
            cards,
            key=lambda c: (c not in tiers and _strength(c, led, tiers) <= winning, points(c), -int(c[1])),
        )
    winners = [c for c in cards if _strength(c, led, tiers) > winning]
    if winners:
        return min(winners, key=lambda c: (_strength(c, led, tiers), -points(c)))
    return min(cards, key=lambda c: (c in tiers, points(c), int(c[1])))


def _team(obs: JsonDict) -> set[int]:
    chief, partner, seat = obs["chief"], obs["partner"], obs["seat"]
    side = {chief} | ({partner} if partner is not None else set())
    if seat in side:
        return side
    return set(obs["active"]) - side


def _lead(obs: JsonDict, cards: list[str], tiers: dict[str, int], team: set[int]) -> str:
    trumps = sorted((c for c in cards if c in tiers), key=lambda c: tiers[c])
    seen = set(obs["played"]) | set(obs["hand"])
    if trumps and obs["chief"] in team:
        top = trumps[-1]
        stronger_out = [
            c for group in obs["trump_order"] for c in group if tiers[c] > tiers[top] and c not in seen
        ]
        if not stronger_out:
            return top
    plain = [c for c in cards if c not in tiers]
    masters = [
        c
        for c in plain
        if not any(
            n > int(c[1]) and f"{c[0]}{n}" not in seen and f"{c[0]}{n}" not in tiers
            for n in set(NUMBERS_IN_A_COLOUR)
        )
    ]
    if masters:
        return max(masters, key=lambda c: (points(c), int(c[1])))
    return min(plain or cards, key=lambda c: (points(c), int(c[1])))


# -- evaluation ---------------------------------------------------------------------------------


_MOVES: dict[int, tuple[str, str, int]] = {}
"""An action id's notation as its first word (a card's play is its code) and, for a ``show``, the
colour and number shown (else ``""`` and -1), kept once met (ids are stable): the rollouts ask at
every step, most of them card plays, and a bid looks at every card it may show."""


def _move(view: SeatView, action: int) -> tuple[str, str, int]:
    """``_MOVES[action]``, read from the notation the first time."""
    words = view.action_to_string(action).split()
    card = words[1] if words[0] == "show" else ""
    move = _MOVES[action] = (words[0], card[:1], int(card[1]) if card else -1)
    return move


def rollout(view: SeatView, rng: random.Random) -> int:
    """Bids as the policy does but never for an éclat; trumps and partner as the policy names them; any
    card at random. In a search's rollout (``view.memory``) a bid, a trump or the partner reads the
    observation only where the rollout's ``_Auction`` does not know enough yet."""
    legal = view.legal_actions()
    kind = (_MOVES.get(legal[0]) or _move(view, legal[0]))[0]
    if len(kind) == 2:  # the tricks: every move from here to the hand's end is a card at random
        view.random_from_here()
        return rng.choice(legal)
    if kind in ("pass", "done") and view.memory is not None:
        return _rollout_bid(view, legal, view.memory)
    auction: _Auction | None = None if view.memory is None else view.memory.get("auction")
    if auction is None:
        return _act(view, chase=False)
    if kind == "trump":  # the Vice's, then the Chief's: both seen unless one was forced
        if view.seat in auction.cards:
            moves = [view.action_to_string(action) for action in legal]
            choice = legal[moves.index(_trump(auction.cards[view.seat], moves))]
        else:
            choice = _act(view, chase=False)
        auction.trumps.append(view.action_to_string(choice).split()[1])
        return choice
    if kind == "partner" and len(auction.trumps) == 2:
        moves = [view.action_to_string(action) for action in legal]
        return legal[moves.index(_partner_by(auction.face_up, auction.trumps, moves))]
    return _act(view, chase=False)


@dataclass(slots=True)
class _Auction:
    """What the bids of one rollout remember of its world's auction, so that most bids need no
    observation: each seat's count of face-up cards and the cards (only a show adds to them, and in a
    rollout every show is the policy's: a show is never forced), the hand sizes (no card leaves a hand
    before the tricks), the pack's colours, each seat's best colour and
    strength once read, and its cards (which do not change before the tricks: the trumps are named from
    them), the seat and goal of the turn under way, and the trumps named (the Vice's, then the Chief's;
    with both, the partner is named from them and the face-up cards). It lasts one rollout, which ends
    with the hand (``hand_end``)."""

    counts: list[int]
    face_up: list[list[str]]
    sizes: list[int]
    colours: str
    hands: dict[int, tuple[str, int]] = field(default_factory=dict)
    cards: dict[int, list[str]] = field(default_factory=dict)
    turn: tuple[int, int] | None = None
    trumps: list[str] = field(default_factory=list)


def _rollout_bid(view: SeatView, legal: list[int], memory: dict[str, Any]) -> int:
    """``_bid``'s move without an éclat chase, from the rollout's ``_Auction`` where it knows enough:
    the seat's hand once read, at the start of its turn the counts, later in it the turn's goal."""
    seat = view.seat
    auction: _Auction | None = memory.get("auction")
    starts = _MOVES[legal[0]][0] == "pass"  # a turn's first step: ``done`` once a card is shown in it
    if auction is not None and starts and seat not in auction.hands:
        _read_hand(view, legal, auction)
    if auction is not None and seat in auction.hands and starts:
        counts, strength = auction.counts, auction.hands[seat][1]
        goal = _bid_goal(_top(counts, seat), counts[seat], strength, False)
        auction.turn = (seat, min(goal, max(counts) + 1))  # the limit: the highest count at the start, + 1
    elif auction is None or seat not in auction.hands or auction.turn is None or auction.turn[0] != seat:
        obs = view.observation()  # the first bid of this seat, or a turn the search's tree began
        public = obs["auction"]
        if auction is None:
            face_up = [[*cards] for cards in obs["face_up"]]
            auction = memory["auction"] = _Auction(
                list(public["counts"]), face_up, obs["hand_sizes"], _colours(obs)
            )
        auction.hands[seat], auction.cards[seat] = _hand_strength(obs), obs["hand"]
        at_start = public["counts"][seat] - public["shown_this_turn"]
        goal = _bid_goal(_top(public["counts"], seat), at_start, auction.hands[seat][1], False)
        auction.turn = (seat, min(goal, public["limit"]))
    choice = _bid_move(view, legal, auction.counts[seat], auction.turn[1], auction.hands[seat][0])
    kind, colour, number = _MOVES[choice]
    if kind == "show":
        auction.counts[seat] += 1
        auction.face_up[seat].append(f"{colour}{number}")
    return choice


def _read_hand(view: SeatView, legal: list[int], auction: _Auction) -> None:
    """At the start of a seat's first turn in the rollout, its hand without an observation where its
    ``show`` moves (``legal`` but the first, ``pass``) name every card it hides: its face-up cards and
    those, unless it hides both copies of a 1 or a 7 (one move shows either; then it reads the
    observation): about two first turns in three, with 12 cards a hand."""
    seat, shows = view.seat, legal[1:]
    face_up = auction.face_up[seat]
    if len(shows) == auction.sizes[seat] - len(face_up):
        moves = [_MOVES.get(action) or _move(view, action) for action in shows]
        hand = face_up + [f"{colour}{number}" for _, colour, number in moves]
        auction.hands[seat], auction.cards[seat] = _strength_of(hand, auction.colours), hand


def hand_rewards(root: JsonDict, leaf: JsonDict) -> list[float]:
    """Each active seat's hand score against the active seats' mean: 0.5 at the mean, 0 and 1 at
    ``REWARD_SPAN / 2`` points below and above it or further; 0.5 for a seat out of the hand."""
    deltas = [after - before for before, after in zip(root["scores"], leaf["scores"], strict=True)]
    active = root["active"]
    mean = sum(deltas[s] for s in active) / len(active)
    return [
        min(1.0, max(0.0, 0.5 + (d - mean) / REWARD_SPAN)) if s in active else 0.5
        for s, d in enumerate(deltas)
    ]


def match_chances(public: JsonDict) -> list[float]:
    """Each seat's chance to win the game from the scores between hands, by the race model of the
    module docstring."""
    mean, spread = HAND_SCORES[public["players"]]
    scores, done = public["scores"], public["hand_number"] - 1
    if public["end"] == "deals":
        left = float(public["goal"] * public["players"] - done)
    else:
        left = max(1.0, (public["goal"] - max(scores)) / mean)
    left = max(1.0, min(left, float(public["hand_limit"] - done)))
    return list(_race(tuple(scores), spread * math.sqrt(left)))


@cache
def _race(scores: tuple[int, ...], spread: float) -> tuple[float, ...]:
    """Each seat's chance to end highest when every seat adds a normal draw of the same ``spread``:
    over the seat's draw ``z``, the product of its rivals' chances to draw lower. A pair of seats
    shares its normal values (the steps are symmetric: the rival's chance at ``z`` is 1 less the
    seat's at ``-z``), and a gap between two scores gets its values once (``_below``)."""
    products = [_DENSITIES] * len(scores)
    for seat, score in enumerate(scores):
        for rival in range(seat + 1, len(scores)):
            below = _below(score - scores[rival], spread)
            products[seat] = [p * b for p, b in zip(products[seat], below, strict=True)]
            products[rival] = [p * (1 - b) for p, b in zip(products[rival], reversed(below), strict=True)]
    chances = [sum(product) for product in products]
    whole = sum(chances)
    return tuple(chance / whole for chance in chances)


@cache
def _below(lead: int, spread: float) -> tuple[float, ...]:
    """At each step ``z`` of a seat's draw, its rival's chance to draw lower when the seat leads by
    ``lead`` points (one per score gap: a review asks at every rollout's end, and the same gaps come
    back between other scores)."""
    erf = math.erf
    shift = lead * (1 / (spread * math.sqrt(2)))
    return tuple(0.5 + 0.5 * erf(z + shift) for z in _ERF_STEPS)


def review_growth(public: JsonDict) -> int:
    """How far a review grows a decision's budget while undecided: not at all in the auction (its
    iterations cost about twice a trick's, a bid is judged step by step, and most of its moves tie),
    to twice the base elsewhere."""
    return 1 if public["phase"] == "auction" else 2


POLICY: Policy = play
HARD_SECONDS = 0.07
"""The ``hard`` bot's CPU seconds a move here with 5 players (measured: ``bots/ismcts.HARD_SECONDS``;
0.14 s before the search's speed-ups of December 2026)."""
EVALUATION = Evaluation(
    hand_end=True,
    rewards=hand_rewards,
    rollout=rollout,
    tree_depth=1,
    match_chances=match_chances,
    hand_points=score_changes,
    decision_steps=frozenset({"show"}),
    review_growth=review_growth,
)
