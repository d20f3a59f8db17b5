"""The game log: every event of a table in words, with the players' names, as one viewer may see it.

``game_log(record, viewer, names)`` replays a record (``cardtable.replay_steps``) and tells each step from
three sources only: the move's notation (every move of every game is made in the open, see
``docs/records.md``), ``observation(viewer)`` before and after the step, and the public parts of the
engine's own events (who deals, the score changes, how many cards a shuffle gathered). A deal's deck and
a shuffle's order are never read, so nothing the viewer may not see can reach its log; a seat's own
drawn card is named because its observation shows it.

Decisions:
- Deals and hand/round results are section breaks (``kind`` "section" and "result"), so the table's
  panel and the replay viewer split the log the same way; the game's end is a last "result".
- Every entry carries the ``step`` (moves made so far, 0 for the set-up) and the ``version`` (record
  events so far) it belongs to: the table asks for the entries after the version it has, the replay
  viewer jumps to a step.
- Names are the seats' names as the table shows them; the viewer's own seat is named too, not "you",
  so the log reads the same to everyone at the table.
- The log is made when asked for, by replaying the record: a few milliseconds even for the longest
  games, and nothing to keep in step with the table.
- Who decided: the record cannot say which moves the stand-in bot made, so the server's marks
  (``decided.Marks``) come beside it: such a move reads "Bob's stand-in plays A♦ (time ran out)", and a
  seat handed to the stand-in or back is a note ("Carol stepped away", "Carol is back") told with the
  step after it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import cardtable

from .decided import NONE, Marks

Obs = dict[str, Any]
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PIQUET_GAMES = ("slobberhannes", "troeven")
MUE_COLOURS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple"}
"""Mü's colours by their letter, named as the Mü picture names them ("red 7")."""


@dataclass(frozen=True)
class Entry:
    """One line of the log."""

    step: int
    version: int
    kind: str
    """"section" (a deal), "move", "note" (what the rules did on their own) or "result"."""
    text: str
    seat: int | None = None


@dataclass(frozen=True)
class SheetRow:
    """One hand or round of the score sheet: its score changes, the totals after it, and what decided it."""

    label: str
    deltas: list[int]
    totals: list[int]
    note: str


@dataclass
class Teller:
    """Tells the steps of one game to one viewer."""

    game: str
    names: list[str]
    lines: list[tuple[str, str, int | None]] = field(default_factory=list)
    sheet: list[SheetRow] = field(default_factory=list)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def card(self, code: str) -> str:
        """A card as players write it: ``Q♣``, ``10♦`` in the piquet games, ``red 7`` in Mü, the code
        elsewhere."""
        if self.game in PIQUET_GAMES and len(code) == 2 and code[1] in SUITS:
            return ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]
        if self.game == "mue" and len(code) == 2 and code[0] in MUE_COLOURS:
            return f"{MUE_COLOURS[code[0]]} {code[1]}"
        return code

    def cards(self, codes: list[str]) -> str:
        """Cards in a row: ``Q♣ 10♣``; names of several words (Mü's) are parted by commas."""
        return (", " if self.game == "mue" else " ").join(self.card(code) for code in codes)

    def add(self, kind: str, text: str, seat: int | None = None) -> None:
        self.lines.append((kind, text, seat))

    def who_and_how_much(self, values: list[int]) -> str:
        """``Alice −2, Carol +1`` (the seats whose value is not 0), or ``no change``."""
        parts = [f"{self.name(s)} {signed(v)}" for s, v in enumerate(values) if v]
        return ", ".join(parts) or "no change"

    def totals(self, values: list[int]) -> str:
        return ", ".join(f"{self.name(s)} {v}".replace("-", "−") for s, v in enumerate(values))


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def game_log(
    record: Mapping[str, Any], viewer: int | None, names: list[str], marks: Marks = NONE
) -> list[Entry]:
    """The log of ``record`` as ``viewer`` (a seat, or None for the public view) may see it."""
    return tell(record, viewer, names, marks)[0]


def tell(
    record: Mapping[str, Any], viewer: int | None, names: list[str], marks: Marks = NONE
) -> tuple[list[Entry], list[SheetRow]]:
    """The log of ``record`` as ``viewer`` may see it, and the score sheet (every hand or round scored so
    far, from the score events and public facts alone); ``marks`` say which moves the stand-in made and
    when seats went to it or back (``decided``)."""
    game = record["game"]
    teller = Teller(game, names)
    tell_step = TELLERS.get(game, tell_generic)
    entries: list[Entry] = []
    shown = 0
    before: Obs | None = None
    step = -1
    for state, seat, move in cardtable.replay_steps(record):
        step += 1
        after = state.observation(viewer)
        events = state.events(shown)
        teller.lines = []
        for seat_handed, how in marks.handoffs.get(shown, []):
            teller.add("note", handoff_text(teller.name(seat_handed), how), seat_handed)
        for index, event in enumerate(events, start=shown):
            if "move" in event:
                told = len(teller.lines)
                tell_step(teller, before or after, after, event["seat"], event["move"])
                if index in marks.moves:
                    stood_in(teller, told, event["seat"], marks.moves[index])
            elif "score" in event:
                tell_score(teller, after, event["score"])
            elif "shuffle" in event:
                count = len(event["shuffle"])
                teller.add(
                    "note", f"The discard pile is shuffled into a new draw pile ({plural(count, 'card')})"
                )
            else:
                kind, payload = next(iter(event.items()))
                tell_deal(teller, after, kind, payload)
        if game == "cabooses-in-the-corner":
            cabooses_consequences(teller, before, after, bool(events) and "deal" in events[0])
        if state.is_terminal():
            tell_end(teller, after, state.result() or {})
        version = state.event_count()
        entries.extend(Entry(step, version, kind, text, who) for kind, text, who in teller.lines)
        shown, before = version, after
        del seat, move
    return entries, teller.sheet


# -- what every game shares ---------------------------------------------------------------------------

STAND_IN_WHY = {"time": " (time ran out)", "out-of-time": " (out of game time)", "away": ""}
"""What a stand-in's move adds to its line, by why it made it (``decided``)."""


def stood_in(teller: Teller, first: int, seat: int, why: str) -> None:
    """The stand-in made the move told from line ``first`` on: its lines for ``seat`` name the stand-in
    ("Bob's stand-in plays A♦ (time ran out)"); what followed by the rules (a trick taken) stays as it is."""
    name = teller.name(seat)
    for i in range(first, len(teller.lines)):
        kind, text, who = teller.lines[i]
        if kind == "move" and who == seat and text.startswith(name):
            text = f"{name}'s stand-in{text[len(name) :]}{STAND_IN_WHY.get(why, '')}"
            teller.lines[i] = (kind, text, who)


def handoff_text(name: str, how: str | None) -> str:
    """A seat handed to the stand-in (``how``) or taken back (None), in words."""
    if how is None:
        return f"{name} is back"
    if how == "away":
        return f"{name} stepped away; the stand-in plays for {name}"
    if how == "time":
        return f"{name}'s game time ran out; the stand-in plays for {name} to the end"
    if how == "left":
        return f"{name} left the site; the stand-in plays for {name} to the end"
    return f"{name} is gone; the stand-in plays for {name}"


def tell_deal(teller: Teller, after: Obs, kind: str, payload: dict[str, Any]) -> None:
    """A deal as a section break: which hand or round, and the seat the deal gives a part."""
    game = teller.game
    if game == "slobberhannes":
        text = f"Hand {after['hand_number']}: cards dealt, {teller.name(payload['leader'])} leads"
    elif game == "troeven":
        dealer = payload["dealer"]
        text = f"Round {after['round']}: {teller.name(dealer)} deals, {teller.name(1 - dealer)} calls trumps"
    elif game == "mue":
        sits = " and sits out" if payload["dealer"] not in after["active"] else ""
        text = f"Hand {after['hand_number']}: {teller.name(payload['dealer'])} deals{sits}"
    elif game == "game-of-trains":
        text = f"Cards dealt: {teller.name(payload['first'])} plays first"
    elif game == "cabooses-in-the-corner":
        dealer = payload["dealer"]
        first = (dealer + 1) % after["players"]
        text = f"{teller.name(dealer)} deals; {teller.name(first)} starts"
    else:
        roles = ", ".join(f"{k} {teller.name(v)}" for k, v in payload.items() if isinstance(v, int))
        text = f"New {kind}: {roles}"
    teller.add("section", text)


def tell_score(teller: Teller, after: Obs, score: dict[str, Any]) -> None:
    """A hand's or round's end: what changed, and the totals; a line of the score sheet."""
    deltas, totals = score["deltas"], score["scores"]
    note = ""
    if teller.game == "mue":
        line = after["sheet"][-1]
        label = f"Hand {line['hand']}"
        note = mue_outcome(teller, line)
        what = f"{label} ends ({note})"
    elif teller.game == "troeven":
        previous = after.get("previous_round") or {}
        points = previous.get("points")
        label = f"Round {previous.get('round', after['round'])}"
        if points:
            note = troeven_round(teller, points, previous.get("dealer"))
        what = f"{label} ends" + (f" ({note})" if note else "")
    elif teller.game == "slobberhannes":
        label = f"Hand {after['hand_number'] - (0 if after['over'] else 1)}"
        what = f"{label} ends"
    else:
        label = f"Hand {len(teller.sheet) + 1}"
        what = f"{label} ends"
    teller.sheet.append(SheetRow(label, list(deltas), list(totals), note))
    teller.add("result", f"{what}: {teller.who_and_how_much(deltas)} · totals {teller.totals(totals)}")


def troeven_round(teller: Teller, points: list[int], dealer: int | None) -> str:
    """A Troeven round in words: the card points, who won it, and the caller's bonus point (the caller
    climbs 1 when the dealer wins the round)."""
    said = f"card points {points[0]}–{points[1]}"
    if points[0] == points[1]:
        return f"{said}, nobody wins the round"
    taker = 0 if points[0] > points[1] else 1
    said += f", won by {teller.name(taker)}"
    if dealer is not None and taker == dealer:
        said += f"; {teller.name(1 - dealer)}, who called trumps, climbs 1"
    return said


def tell_end(teller: Teller, after: Obs, result: dict[str, Any]) -> None:
    winners = [teller.name(seat) for seat in result.get("winners", [])]
    won = f"won by {' and '.join(winners)}" if winners else "nobody won"
    teller.add("result", f"Game over: {won}")


def tell_generic(teller: Teller, before: Obs, after: Obs, seat: int, move: str) -> None:
    teller.add("move", f"{teller.name(seat)}: {move}", seat)


# -- trick games ---------------------------------------------------------------------------------------


def trick_taken(teller: Teller, before: Obs, after: Obs, cost: str = "") -> None:
    """The trick a move completed and who took it, with what it ``cost`` (nothing when the move completed
    no trick)."""
    last = after.get("last_trick")
    if not last or last == before.get("last_trick") or after.get("trick"):
        return
    cards = teller.cards([play["card"] for play in last["cards"]])
    costs = f": {cost}" if cost else ""
    teller.add("note", f"{teller.name(last['winner'])} takes the trick ({cards}){costs}", last["winner"])


def tell_slobberhannes(teller: Teller, before: Obs, after: Obs, seat: int, move: str) -> None:
    teller.add("move", f"{teller.name(seat)} plays {teller.card(move)}", seat)
    trick_taken(teller, before, after, slobberhannes_penalties(before, after))


def slobberhannes_penalties(before: Obs, after: Obs) -> str:
    """What the trick a move completed costs its taker: ``first trick −1``, ``Q♣ −1``, ``last trick −1``."""
    last = after.get("last_trick")
    if not last or last == before.get("last_trick") or after.get("trick"):
        return ""
    taken_before = sum(before["tricks_won"])
    costs = []
    if taken_before == 0:
        costs.append("first trick −1")
    if any(play["card"] == "QC" for play in last["cards"]):
        costs.append("Q♣ −1")
    if taken_before == before["tricks_per_hand"] - 1:
        costs.append("last trick −1")
    return ", ".join(costs)


def tell_troeven(teller: Teller, before: Obs, after: Obs, seat: int, move: str) -> None:
    if move.startswith("trump "):
        suit = move.split()[1]
        teller.add("move", f"{teller.name(seat)} calls trumps: {SUITS.get(suit, suit)}", seat)
        return
    teller.add("move", f"{teller.name(seat)} plays {teller.card(move)}", seat)
    if before.get("version") == 1 and before["round"] == after["round"]:
        piles = zip(before["layouts"][seat], after["layouts"][seat], strict=True)
        for number, (old, new) in enumerate(piles, start=1):
            if old["face_down"] and not new["face_down"] and new["top"] is not None:
                teller.add(
                    "note", f"{teller.name(seat)} turns up {teller.card(new['top'])} on pile {number}", seat
                )
    trick_taken(teller, before, after)
    if after.get("version") == 2 and after["round"] == before["round"] and before.get("stock"):
        troeven_draws(teller, before, after)


def troeven_draws(teller: Teller, before: Obs, after: Obs) -> None:
    """Version 2, after a trick: the winner draws from the stock, then the other seat; a seat is told the
    card it drew, never the other seat's."""
    last = after.get("last_trick")
    if not last or after.get("trick"):
        return
    winner = last["winner"]
    for drawer in (winner, 1 - winner):
        if drawer == after["seat"]:
            drawn = [c for c in after["hand"] if c not in before["hand"]]
            what = teller.cards(drawn) if drawn else "a card"
            teller.add("note", f"{teller.name(drawer)} draws {what} (only you see it)", drawer)
        else:
            teller.add("note", f"{teller.name(drawer)} draws a card", drawer)


def tell_mue(teller: Teller, before: Obs, after: Obs, seat: int, move: str) -> None:
    name = teller.name(seat)
    if move.startswith("show "):
        return  # told with the whole bid, at its "done"
    if move == "done":
        shown = after["auction"]["turns"][-1]["shown"]
        count = after["auction"]["counts"][seat]
        teller.add("move", f"{name} shows {teller.cards(shown)} ({count} face up)", seat)
    elif move == "pass":
        teller.add("move", f"{name} passes", seat)
        if after["phase"] in ("vice_trump", "chief_trump") and before["phase"] == "auction":
            vice = "no Vice" if after["vice"] is None else f"{teller.name(after['vice'])} is Vice"
            teller.add(
                "note",
                f"Auction over: {teller.name(after['chief'])} is Chief with {plural(after['bid'], 'card')}"
                f" up (target {after['target']}); {vice}",
            )
    elif move.startswith("trump "):
        role = "Vice" if after["vice_trump"] is not None and before["vice_trump"] is None else "Chief"
        teller.add("move", f"{name} ({role}) {mue_trump(move[6:])}", seat)
    elif move.startswith("partner "):
        partner = teller.name(int(move[8:]))
        teller.add(
            "move", f"{name} names {partner} as partner; together they need {after['target']} points", seat
        )
    else:
        teller.add("move", f"{name} plays {teller.card(move)}", seat)
        trick_taken(teller, before, after)


def mue_trump(trump: str) -> str:
    """A Mü trump call in the picture's words: a colour ("yellow"), a number ("every 5") or none."""
    if trump == "none":
        return "names no trump"
    return f"names trump: {MUE_COLOURS.get(trump, f'every {trump}')}"


def mue_outcome(teller: Teller, line: dict[str, Any]) -> str:
    """A Mü score sheet line's outcome in words."""
    if line["outcome"] == "void":
        return "nobody bid"
    if line["outcome"] == "eclat":
        tied = " and ".join(teller.name(s) for s in line["tied"])
        return f"éclat at {line['bid']} between {tied}; {teller.name(line['latecomer'])} came last"
    chief = teller.name(line["chief"])
    if line["partner"] is not None:
        chief += f" and {teller.name(line['partner'])}"
    verb = "made" if line["outcome"] == "made" else "failed"
    return f"{chief} {verb} it with {line['team_points']} of {line['target']}"


# -- Game of Trains ---------------------------------------------------------------------------------------


def tell_game_of_trains(teller: Teller, before: Obs, after: Obs, seat: int, move: str) -> None:
    name, words = teller.name(seat), move.split()
    if words[0] == "draw":
        drawn = after.get("drawn") if after.get("seat") == seat else None
        if drawn is not None:
            card = drawn["card"] if isinstance(drawn, dict) else drawn
            teller.add("move", f"{name} draws {card} (only you see it)", seat)
        else:
            teller.add("move", f"{name} draws a card", seat)
        return
    if words[0] == "place":
        position = int(words[2])
        old = before["trains"][seat][position - 1]["card"]
        replaced = f", {old} goes to the market" if old not in ("?", None) else ""
        teller.add("move", f"{name} places {words[1]} at position {position}{replaced}", seat)
        return
    card = words[1]
    ability = next((entry["ability"] for entry in before["market"] if entry["card"] == card), "")
    position = int(words[2]) if len(words) == 3 else None
    did = trains_ability(ability, before["trains"][seat], position)
    teller.add("move", f"{name} uses {card} from the market: {did}", seat)


REMOVED_AT = {"REMOVE_FIRST": 1, "REMOVE_MIDDLE": 4, "REMOVE_LAST": 7}
"""The position each removal empties in every train (docs/rules/game-of-trains.md §5)."""


def trains_ability(ability: str, train: list[Obs], position: int | None) -> str:
    """What a market card's ability did, in words (from the user's train before it): "swaps the cars at
    positions 2 and 3 (40 and 12)", "moves car 40 from position 2 to 4", "protects car 40 at position 2"."""
    if ability in REMOVED_AT:
        at = REMOVED_AT[ability]
        return f"every train loses its car at position {at} unless it is protected"
    if position is None:
        return ability.lower()
    car = train[position - 1]["card"]
    if ability in ("SWAP_ADJ", "SWAP_GAP1"):
        other = position + (1 if ability == "SWAP_ADJ" else 2)
        return f"swaps the cars at positions {position} and {other} ({car} and {train[other - 1]['card']})"
    if ability in ("MOVE_R2", "MOVE_L2"):
        to = position + (2 if ability == "MOVE_R2" else -2)
        return f"moves car {car} from position {position} to {to}"
    return f"protects car {car} at position {position}"


# -- Cabooses in the Corner ---------------------------------------------------------------------------------


def tell_cabooses(teller: Teller, before: Obs, after: Obs, seat: int, move: str) -> None:
    name, words = teller.name(seat), move.split()
    if words[0] == "play":
        teller.add("move", f"{name} plays {words[1]} to {words[2]}", seat)
    elif words[0] == "move":
        teller.add(
            "move", f"{name} moves {plural(int(words[2]), 'card')} from {words[1]} to {words[3]}", seat
        )
    elif words[0] == "relocate":
        teller.add("move", f"{name} moves the caboose pile on {words[1]} to the corner {words[2]}", seat)
    else:
        teller.add("move", f"{name} ends the turn", seat)


def cabooses_consequences(teller: Teller, before: Obs | None, after: Obs, dealt: bool) -> None:
    """What the rules did after a step: trains departing, the next seat's draws, the depot running out."""
    old = before or {"departed": [], "to_act": None, "drawn": 0, "depot": after["depot"]}
    for train in after["departed"][len(old["departed"]) :]:
        teller.add("note", f"A complete train departs: {' '.join(train)}")
    if after["over"]:
        return
    seat = after["to_act"]
    if dealt or seat != old["to_act"]:
        drawn = after["drawn"]
        if drawn:
            forced = f" ({drawn - 1} more: no play was possible)" if drawn > 1 else ""
            teller.add("note", f"{teller.name(seat)} draws {plural(drawn, 'card')}{forced}", seat)
    elif after["drawn"] > old["drawn"]:
        teller.add(
            "note",
            f"{teller.name(seat)} draws {after['drawn'] - old['drawn']} more: no play was possible",
            seat,
        )
    if after["depot"] == 0 and (dealt or old["depot"] > 0):
        teller.add("note", "The depot is empty: turns now start without a draw")


TELLERS: dict[str, Callable[[Teller, Obs, Obs, int, str], None]] = {
    "slobberhannes": tell_slobberhannes,
    "troeven": tell_troeven,
    "mue": tell_mue,
    "game-of-trains": tell_game_of_trains,
    "cabooses-in-the-corner": tell_cabooses,
}
