"""Game of Trains at the terminal: the goal, every train as a row of cars with its couplings, the
market, the piles, and a preview of one's own train before a move is confirmed.

What a person types (besides the full notation of docs/records.md):
- in setup, a drawn card and a position (``25 3``), or only a position when they drew one card;
- after drawing, a position (``3``) for the drawn card;
- on a turn, ``d`` to draw, or a market card's number (``13``) with the position its ability needs
  (``12 3``).

Decisions:
- Each ability has one name, its mark (``⇄2`` swaps the cars at P and P+2), used everywhere: under
  the cars, in the market, the key, the prompts, the previews, and the reasons the rules give for
  a refusal (which name abilities by their ids, ``SWAP_GAP1``, and are translated here).
- Between two cars stands their coupling, as the browser's table draws it: ``<`` when the two are
  already in order (the left one lower), ``>`` when they are not. A train wins when all six read ``<``.
- Where the trains are too wide for the terminal, they lose their spacing and your row is labelled
  ``you`` instead of its seat number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.errors import InvalidNotation
from ...core.game import State
from ...core.story import Fact
from ...games.game_of_trains import LEGAL_POSITIONS, REMOVED_AT, Ability
from ..layout import Fitted
from ..words import N_, _
from .base import Observation, View, seat_rows

CARS = 7
MARKS = {
    "MOVE_R2": "→2",
    "MOVE_L2": "←2",
    "SWAP_ADJ": "⇄1",
    "SWAP_GAP1": "⇄2",
    "REMOVE_FIRST": "✕1",
    "REMOVE_MIDDLE": "✕4",
    "REMOVE_LAST": "✕7",
    "PROTECT": "◆",
}
"""Each ability's one name at the terminal (the ids are the rules')."""
EFFECTS = {
    "MOVE_R2": N_("moves the car at P two places right"),
    "MOVE_L2": N_("moves the car at P two places left"),
    "SWAP_ADJ": N_("swaps the cars at P and P+1"),
    "SWAP_GAP1": N_("swaps the cars at P and P+2"),
    "PROTECT": N_("protects the car at P from removals"),
}
"""What a positional ability does with its P, for the position prompt."""
KEY = N_(
    "Key: →2 ←2 move the car at P two places right/left · ⇄1 ⇄2 swap the cars at P and P+1/P+2 · "
    "✕1 ✕4 ✕7 every train loses its car 1/4/7 · ◆ protect the car at P from removals · "
    "[45] protected · 12 < 30 in order, 30 > 25 not"
)
GOAL = N_("Goal: the first train whose cars read ascending from 1 to 7 (every coupling <) wins.")
PLACE = N_("Place {card}: type its position 1–7 (the car there goes to the market).")
ABILITY_ID = re.compile(r"\b(" + "|".join(MARKS) + r")\b")
IN_ORDER, OUT_OF_ORDER = Text("<", style="bold green"), Text(">", style="bold red")


class GameOfTrainsView(View):
    """The trains, the market and the piles; the moves as short input."""

    numbers_choices = False

    rules = (
        N_(
            "Game of Trains: everyone has a train of 7 numbered cars, dealt highest first. The first train"
            " whose cars read ascending from car 1 (next to the locomotive) to car 7 wins at once."
        ),
        N_(
            "On your turn do one thing: draw the top card and put it anywhere in your train (the car it"
            " replaces goes to the market), or use a market card's ability; the card is then discarded. Two"
            " cards with the same ability never stay in the market: the second sends both to the discard."
        ),
        N_("In setup the first player draws 1 card, the next 2, and so on; each places one of them."),
        KEY,
    )
    notation = (
        N_("d (or draw) draws a card; then a position 1–7 places it"),
        N_("a market card's number uses it, with the position its ability needs: 12 3 (12 ⇄2 at 3)"),
        N_("in setup: the card you keep and its position (25 3), or only the position if you drew one card"),
        N_("every place and use is shown first: Enter (or y) makes it, n takes it back"),
        N_("the full notation works too: place 25 3, use 12 3, draw"),
    )

    # -- the table ----------------------------------------------------------------------------------

    def table(self, obs: Observation, legal: list[str]) -> RenderableType:
        header = Text(_("Game of Trains — {progress}").format(progress=self.progress(obs)), style="bold")
        piles = _("draw pile {draw} · discard pile {discard}").format(
            draw=obs["draw_pile"], discard=obs["discard_pile"]
        )
        parts: list[RenderableType] = [
            header,
            Text(_(GOAL)),
            Text(piles, style="dim"),
            self.trains_table(obs),
        ]
        parts += [self.market_line(obs), Text(_(KEY), style="dim")]
        parts.extend(self.private_lines(obs))
        if obs["to_act"] == obs["seat"] and obs["seat"] is not None:
            parts.append(self.instructions(obs))
        return Group(*parts)

    def progress(self, obs: Observation) -> str:
        """Where the game stands; the turn limit (a safeguard, far off in a real game) only once it nears."""
        if obs["phase"] == "setup":
            setup = _("setup, seat {seat} places a card (first player: seat {first})")
            return setup.format(seat=obs["to_act"], first=obs["first_player"])
        if obs["phase"] == "over":
            return _("over after {turns} turns").format(turns=obs["turn"])
        left = obs["turn_limit"] - obs["turn"] if obs["turn_limit"] else None
        turn = _("turn {turn}, seat {seat} to act").format(turn=obs["turn"] + 1, seat=obs["to_act"])
        if left and left <= 20:
            turn += " " + _("(the game ends without a winner after turn {limit})").format(
                limit=obs["turn_limit"]
            )
        return turn

    def trains_table(self, obs: Observation, trains: list[list[Any]] | None = None) -> Fitted:
        """Every train as a row of cars with their couplings, the abilities' marks under the cars."""
        shown = trains if trains is not None else obs["trains"]
        return Fitted(self.trains_grid(obs, shown, narrow=False), self.trains_grid(obs, shown, narrow=True))

    def trains_grid(self, obs: Observation, trains: list[list[Any]], narrow: bool) -> Table:
        table = Table(box=None, padding=0, show_edge=False)
        table.add_column(_("seat"), no_wrap=True)
        for position in range(1, CARS + 1):
            if position > 1:
                table.add_column("", justify="center", width=1 if narrow else 3)
            table.add_column(str(position), justify="center", width=4)
        for seat, cars in enumerate(trains):
            marker = "▶ " if obs["to_act"] == seat else "  "
            if narrow:
                label = f"{marker}{_('you') if seat == obs['seat'] else seat} "
            else:
                label = f"{marker}{seat}{' ' + _('you') if seat == obs['seat'] else ''} "
            numbers: list[Text | str] = [label]
            marks: list[Text | str] = [""]
            for index, car in enumerate(cars):
                if index:
                    numbers.append(coupling(cars[index - 1], car))
                    marks.append("")
                numbers.append(car_number(car))
                marks.append(Text(MARKS.get(car["ability"], ""), style="cyan"))
            table.add_row(*numbers)
            table.add_row(*marks)
        return table

    def market_line(self, obs: Observation) -> Text:
        line = Text(_("Market: "))
        if not obs["market"]:
            line.append(_("empty (you must draw)") if obs["phase"] == "turn" else _("empty"), style="dim")
        for index, card in enumerate(obs["market"]):
            if index:
                line.append(" · ")
            line.append(card["card"], style="bold")
            line.append(f" {MARKS[card['ability']]}", style="cyan")
        return line

    def private_lines(self, obs: Observation) -> list[RenderableType]:
        lines: list[RenderableType] = []
        if obs.get("setup_hand"):
            drawn = " · ".join(card_label(c) for c in obs["setup_hand"])
            lines.append(Text(_("Your setup draw: {cards}").format(cards=drawn)))
        if obs.get("drawn"):
            lines.append(
                Text(_("You drew {card}").format(card=card_label(obs["drawn"])), style="bold yellow")
            )
        return lines

    def instructions(self, obs: Observation) -> Text:
        """What to type now, in one or two lines."""
        phase = obs["phase"]
        if phase == "setup":
            hand = [c["card"] for c in obs["setup_hand"]]
            if len(hand) == 1:
                return Text(_(PLACE).format(card=hand[0]))
            keep = _(
                "Keep one of {cards} and place it: type the card and a position 1–7, e.g. '{card} 7'."
                " The others are discarded."
            )
            return Text(keep.format(cards=", ".join(hand), card=hand[0]))
        if phase == "place":
            return Text(_(PLACE).format(card=obs["drawn"]["card"]))
        if not obs["market"]:
            return Text(_("Type d to draw."))
        example = obs["market"][0]
        needs_position = Ability[example["ability"]] not in REMOVED_AT
        typed = f"{example['card']} 3" if needs_position else example["card"]
        use = _(
            "Type d to draw, or a market card's number to use it, with a position where it needs one"
            " (e.g. '{example}')."
        )
        return Text(use.format(example=typed))

    # -- input ----------------------------------------------------------------------------------------

    def expand(self, text: str, state: State, choices: list[str]) -> list[str]:
        words = text.strip().lower().split()
        if not words:
            raise InvalidNotation(_("type a move"))
        if not all(word.isdecimal() for word in words):
            if words in (["d"], ["draw"]):
                return ["draw"]
            return [state.action_to_string(state.string_to_action(text))]
        obs = state.observation(state.current_player())
        numbers = [int(word) for word in words]
        phase = obs["phase"]
        if phase == "place" or (phase == "setup" and len(obs["setup_hand"]) == 1 and len(numbers) == 1):
            card = obs["drawn"]["card"] if phase == "place" else obs["setup_hand"][0]["card"]
            if len(numbers) != 1 or not 1 <= numbers[0] <= CARS:
                raise InvalidNotation(
                    _("type the position for {card}: a number from 1 to 7").format(card=card)
                )
            return [f"place {card} {numbers[0]}"]
        if phase == "setup":
            if len(numbers) != 2:
                raise InvalidNotation(_("type the card you keep and its position, e.g. '25 3'"))
            return [f"place {numbers[0]} {numbers[1]}"]
        return [self.use_move(obs, numbers)]

    def use_move(self, obs: Observation, numbers: list[int]) -> str:
        """``C`` or ``C P`` typed on a turn, as a ``use`` move, with a prompt when a position is missing."""
        if len(numbers) > 2:
            raise InvalidNotation(_("type a market card's number, and a position if its ability needs one"))
        market = {int(card["card"]): Ability[card["ability"]] for card in obs["market"]}
        card = numbers[0]
        if card not in market:
            shown = ", ".join(map(str, sorted(market))) or _("it is empty")
            raise InvalidNotation(
                _("{card} is not in the market ({market}); type d to draw").format(card=card, market=shown)
            )
        ability = market[card]
        if len(numbers) == 1 and ability not in REMOVED_AT:
            allowed = LEGAL_POSITIONS[ability]
            needs = _(
                "{card} needs a position: type '{card} P' with P from {first} to {last} ({mark} {effect})"
            )
            raise InvalidNotation(
                needs.format(
                    card=card,
                    first=allowed[0],
                    last=allowed[-1],
                    mark=MARKS[ability.name],
                    effect=_(EFFECTS[ability.name]),
                )
            )
        return f"use {card}" if len(numbers) == 1 else f"use {card} {numbers[1]}"

    def shown(self, reason: str) -> str:
        """The rules' reason with each ability id replaced by its mark."""
        return ABILITY_ID.sub(lambda match: MARKS[match.group(1)], reason)

    def preview(self, state: State, moves: list[str]) -> RenderableType | None:
        """Before a ``place`` or a ``use``: the trains after it (cars that a removal replaces with
        unseen cards show as ?) and the market. A ``draw`` is made at once."""
        if moves == ["draw"] or len(moves) != 1:
            return None
        seat = state.current_player()
        try:
            after = state.clone()
            after.apply_action(after.string_to_action(moves[0]))
        except ValueError:
            return None  # an illegal move: making it reports the reason
        now = state.observation(seat)
        then = after.observation(None)
        trains = then["trains"]
        words = moves[0].split()
        if words[0] == "use" and len(words) == 2:  # a removal: the replacements are not known yet
            index = REMOVED_AT[Ability[ability_of(now, words[1])]] - 1
            unseen = {"card": "?", "ability": "", "protect": None}
            trains = [
                [unseen if i == index and car["protect"] is None else car for i, car in enumerate(cars)]
                for cars in now["trains"]
            ]
        picture = dict(now, to_act=seat)
        return Group(
            Text(
                _("After {move}:").format(move=moves[0] if words[0] != "use" else "use " + used(now, words)),
                style="bold",
            ),
            self.trains_table(picture, trains),
            self.market_line(then),
        )

    def deal(self, seen: Sequence[Observation], names: Sequence[str]) -> RenderableType:
        """Every train as dealt (highest car first) and each seat's setup draw."""
        rows = []
        for seat, obs in enumerate(seen):
            row = train_text(obs["trains"][seat])
            if obs["setup_hand"]:
                drawn = ", ".join(card_label(card) for card in obs["setup_hand"])
                row.append(" · " + _("setup draw: {cards}").format(cards=drawn))
            rows.append(row)
        return seat_rows(names, rows)

    def ending(self, obs: Observation, facts: Sequence[Fact], names: Sequence[str]) -> RenderableType | None:
        """The final trains (the game's ``trains`` fact), the winner's first, and why the winner won: a
        train that reads ascending (rules §6); where several rose at once, the rules' turn order chose."""
        trains = next((fact.args["trains"] for fact in facts if fact.kind == "trains"), None)
        if trains is None:
            return None
        order = sorted(range(len(trains)), key=lambda seat: seat not in obs["winners"])
        cars = [[{"card": card, "protect": None} for card in trains[seat]] for seat in order]
        parts: list[RenderableType] = [
            Text(_("Final trains:"), style="bold"),
            seat_rows([names[seat] for seat in order], [train_text(train) for train in cars]),
        ]
        for winner in obs["winners"]:
            parts.append(
                Text(
                    _("Won by {player}: every car is higher than the one before it, car 1 to 7.").format(
                        player=names[winner]
                    )
                )
            )
        if sum(ascending(train) for train in trains) > 1:
            parts.append(
                Text(
                    _(
                        "Several trains rose at once: the seat who acted wins if among them, else the first"
                        " after it in turn order."
                    )
                )
            )
        return Group(*parts)

    def standings(self, obs: Observation, names: list[str]) -> RenderableType:
        table = super().standings(obs, names)
        if obs["winners"]:
            return table
        nobody = _("No winner: the turn limit ({limit} turns) was reached.").format(limit=obs["turn_limit"])
        return Group(table, Text(nobody))


def ability_of(obs: Observation, card: str) -> str:
    """The ability of a card on view in ``obs`` (market or trains)."""
    for entry in obs["market"]:
        if entry["card"] == card:
            return str(entry["ability"])
    for cars in obs["trains"]:
        for car in cars:
            if car["card"] == card:
                return str(car["ability"])
    raise KeyError(card)


def used(obs: Observation, words: list[str]) -> str:
    """The card of a ``use`` move (its words) with its ability and position: ``12 (⇄2 at 3)``."""
    at = " " + _("at {position}").format(position=words[2]) if len(words) == 3 else ""
    return f"{words[1]} ({MARKS[ability_of(obs, words[1])]}{at})"


def card_label(card: dict[str, Any]) -> str:
    return f"{card['card']} {MARKS[card['ability']]}"


def coupling(left: dict[str, Any], right: dict[str, Any]) -> Text:
    """``<`` between two cars in order, ``>`` between two that are not (``?``: not known yet)."""
    if "?" in (left["card"], right["card"]):
        return Text(" ")
    return IN_ORDER if int(left["card"]) < int(right["card"]) else OUT_OF_ORDER


def train_text(cars: Sequence[dict[str, Any]]) -> Text:
    """A train in one row with its couplings: ``12 < 30 > 25``."""
    line = Text()
    for index, car in enumerate(cars):
        if index:
            line.append_text(Text.assemble(" ", coupling(cars[index - 1], car), " "))
        line.append_text(car_number(car))
    return line


def ascending(train: Sequence[str]) -> bool:
    """Whether a train's cars (codes) read strictly ascending: a winning train (rules §6)."""
    return all(int(left) < int(right) for left, right in pairwise(train))


def car_number(car: dict[str, Any]) -> Text:
    """A car's number, in brackets when it is protected."""
    if car["protect"] is not None:
        return Text(f"[{car['card']}]", style="bold yellow")
    return Text(car["card"], style="bold")


VIEW = GameOfTrainsView()
