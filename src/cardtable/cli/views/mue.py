"""Mü at the terminal: face-up cards, roles, both trumps and the trump order, the target, the score sheet.

Typing in the auction: a line of cards is one whole bid. ``show R5 B9``, ``R5 B9`` or the numbers of
hidden cards (``1 4``) become ``show R5``, ``show B9`` and ``done``: ``done`` is implied, because a
bid is all the cards a seat lays down in one turn and the table asks again after every line. The
whole line is checked before any card goes down, so a refused bid shows nothing. ``pass`` (or ``p``)
passes. Naming trumps, a bare ``R``, ``7`` or ``none`` is enough; naming the partner, a seat number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.errors import InvalidNotation
from ...core.game import State
from ...games.mue import trump_id, trump_order
from ..layout import Fitted
from ..words import N_, _, ngettext
from .base import ROLE, Observation, SeatColumns, numbered, seat_rows
from .tricks import TrickView

COLOUR_STYLE = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "magenta"}
PHASES = {
    "auction": N_("auction"),
    "vice_trump": N_("vice trump"),
    "chief_trump": N_("chief trump"),
    "partner": N_("partner"),
    "tricks": N_("tricks"),
    "over": N_("over"),
}
"""The phases of a hand (``games.mue.state.PHASE_NAMES``) as the header names them."""
SHEET_LINES = 8
"""How many hands the score sheet shows (the latest ones)."""


class MueView(TrickView):
    title = "Mü"
    rules = (
        N_(
            "Mü: a trick game with an open auction. To bid, lay cards of your hand face up (you still play"
            " them later); nobody may have more than one card more face up than the most anyone has. The"
            " auction ends when every seat has passed in a row."
        ),
        N_(
            "Most cards face up: the Chief; second most: the Vice. A tie for most is an éclat: the hand is"
            " not played, and whoever drew level last pays."
        ),
        N_(
            "The Vice names a trump (a colour or a number on their face-up cards), then the Chief names a"
            " higher one (or none) and a partner."
        ),
        N_(
            "Follow the colour led if you can (trumps belong to the trump suit); if trumps are led, play a"
            " trump if you can. Everyone keeps the points of the tricks they take; the Chief's team must"
            " reach the target its bid sets. The highest total at the end wins."
        ),
    )
    notation = (
        N_(
            "auction: the cards to lay face up, by code or by their number under 'hidden', on one line"
            " (show R5 B9, R5 B9 or 1 4): the line is your whole bid; pass (or p) passes"
        ),
        N_("trumps: a colour or a number (r, 7), or none; the partner: a seat number"),
        N_("tricks: a card (R7, any case) or its number in your hand; ↑ marks your face-up cards"),
    )

    # -- pieces ---------------------------------------------------------------------------------

    def card_text(self, code: str) -> Text:
        return Text(code, style=COLOUR_STYLE.get(code[0], ""))

    def header(self, obs: Observation) -> str:
        phase = _(PHASES[obs["phase"]])
        if obs["phase"] == "tricks":
            done = sum(obs["tricks_won"])
            tricks = obs["tricks_per_hand"]
            phase = _("trick {trick} of {tricks}").format(trick=min(done + 1, tricks), tricks=tricks)
        if obs["end"] == "score":
            goal = _("game to {goal} points").format(goal=obs["goal"])
        else:
            goal = ngettext("{count} deal per seat", "{count} deals per seat", obs["goal"]).format(
                count=obs["goal"]
            )
        header = _("Mü — hand {hand}, seat {dealer} deals — {phase} — {goal}")
        return header.format(hand=obs["hand_number"], dealer=obs["dealer"], phase=phase, goal=goal)

    def roles(self, obs: Observation) -> list[str]:
        roles: list[list[str]] = [[] for _ in range(obs["players"])]
        for seat in range(obs["players"]):
            if seat == obs["dealer"]:
                roles[seat].append(_("dealer") if seat in obs["active"] else _("dealer, sits out"))
        if obs["chief"] is not None:
            roles[obs["chief"]].append(_("Chief (bid {bid})").format(bid=obs["bid"]))
        if obs["vice"] is not None:
            roles[obs["vice"]].append(_("Vice"))
        if obs["partner"] is not None:
            roles[obs["partner"]].append(_("partner"))
        return [", ".join(r) for r in roles]

    def seat_columns(self, obs: Observation) -> SeatColumns:
        """Score, cards, face-up cards and role; tricks and card points once the tricks are played."""
        columns: dict[str, Sequence[str | Text]] = {
            _("score"): [str(score) for score in obs["scores"]],
            _("cards"): [str(size) for size in obs["hand_sizes"]],
            _("face up"): [self.cards_text(cards) for cards in obs["face_up"]],
            _(ROLE): self.roles(obs),
        }
        if obs["phase"] == "tricks":
            columns[_("tricks")] = [str(tricks) for tricks in obs["tricks_won"]]
            columns[_("points")] = [str(points) for points in obs["points"]]
        return columns

    def auction_lines(self, obs: Observation) -> list[RenderableType]:
        auction = obs["auction"]
        turns = " · ".join(
            _("{seat} pass").format(seat=t["seat"])
            if t["pass"]
            else _("{seat} show {cards}").format(seat=t["seat"], cards=" ".join(t["shown"]))
            for t in auction["turns"][-12:]
        )
        lines: list[RenderableType] = [Text(_("Auction: {turns}").format(turns=turns or _("no move yet")))]
        seat = obs["to_act"]
        if seat is not None:
            lines.append(Text(f"{self.pass_count(obs)} {self.room_text(obs, seat)}"))
        return lines

    def pass_count(self, obs: Observation) -> str:
        """How far the auction is from its end, in words."""
        auction, active = obs["auction"], len(obs["active"])
        highest = auction["highest"]
        if highest:
            most = ngettext("Most face up: {count} card.", "Most face up: {count} cards.", highest).format(
                count=highest
            )
        else:
            most = _("No bid yet.")
        if not auction["passes"]:
            return most + " " + _("{count} passes in a row end the auction.").format(count=active)
        passes, more = auction["passes"], active - auction["passes"]
        said = ngettext(
            "{count} pass in a row; {more} more end the auction.",
            "{count} passes in a row; {more} more end the auction.",
            passes,
        )
        return most + " " + said.format(count=passes, more=more)

    def room_text(self, obs: Observation, seat: int) -> str:
        """How many cards ``seat`` may lay down now: the raise limit, or the hidden cards it still has."""
        auction = obs["auction"]
        hidden = obs["hand_sizes"][seat] - len(obs["face_up"][seat])
        room = min(auction["limit"] - auction["counts"][seat], hidden)
        if seat == obs["seat"]:
            if room < 1:
                return _("You can only pass.")
            said = ngettext(
                "You may lay down up to {count} more card this turn, or pass.",
                "You may lay down up to {count} more cards this turn, or pass.",
                room,
            )
            return said.format(count=room)
        if room < 1:
            return _("Seat {seat} can only pass.").format(seat=seat)
        said = ngettext(
            "Seat {seat} may lay down up to {count} more card this turn, or pass.",
            "Seat {seat} may lay down up to {count} more cards this turn, or pass.",
            room,
        )
        return said.format(seat=seat, count=room)

    def trump_line(self, obs: Observation) -> Text:
        line = Text(_("Trumps: "))
        trumps = _("Vice {vice} · Chief {chief}")
        line.append(trumps.format(vice=obs["vice_trump"] or "—", chief=obs["chief_trump"] or "—"))
        if obs["trump_order"]:
            line.append("   " + _("order: "))
            for index, group in enumerate(obs["trump_order"]):
                if index:
                    line.append(" > ")
                for k, code in enumerate(group):
                    if k:
                        line.append("=")
                    line.append_text(self.card_text(code))
        elif obs["phase"] == "tricks":
            line.append("   " + _("no trumps: the highest card of the led colour wins"))
        return line

    def target_line(self, obs: Observation) -> Text | None:
        if obs["target"] is None:
            return None
        team = [obs["chief"]] + ([obs["partner"]] if obs["partner"] is not None else [])
        who = " + ".join(_("seat {seat}").format(seat=s) for s in team)
        taken = sum(obs["points"][s] for s in team)
        if obs["partner"] is not None or len(obs["active"]) == 3:
            target = _("Target: {team} need {target} card points for a bid of {bid}; have {taken}")
        else:
            target = _(
                "Target: {team} (partner not named yet) need {target} card points for a bid of {bid};"
                " have {taken}"
            )
        return Text(target.format(team=who, target=obs["target"], bid=obs["bid"], taken=taken))

    def sheet_table(self, obs: Observation, lines: int = SHEET_LINES) -> Fitted | None:
        """The latest hands of the score sheet: one row per hand with its outcome and every seat's
        change, or where that is too wide the changes alone and the outcomes listed under them."""
        if not obs["sheet"]:
            return None
        shown = obs["sheet"][-lines:]
        wide, narrow = self.sheet_grid(obs, shown, with_outcome=True), self.sheet_grid(obs, shown)
        outcomes = Text(
            "\n".join(
                _("hand {hand} (seat {dealer} deals): {outcome}").format(
                    hand=line["hand"], dealer=line["dealer"], outcome=outcome(line)
                )
                for line in shown
            )
        )
        return Fitted(wide, Group(narrow, outcomes))

    def sheet_grid(self, obs: Observation, shown: list[dict[str, Any]], with_outcome: bool = False) -> Table:
        """The sheet's rows: hand, then dealer and outcome (``with_outcome``), then every seat's change."""
        sheet = Table(
            title=_("Score sheet"), box=None, pad_edge=False, title_justify="left", collapse_padding=True
        )
        told = (_("dealer"), _("outcome")) if with_outcome else ()
        for name in (_("hand"), *told, *map(str, range(obs["players"]))):
            sheet.add_column(name, justify="left" if name == _("outcome") else "right")
        for line in shown:
            facts = (str(line["dealer"]), outcome(line)) if with_outcome else ()
            sheet.add_row(str(line["hand"]), *facts, *(f"{d:+d}" for d in line["deltas"]))
        totals = ("", _("total")) if with_outcome else ()
        sheet.add_row(_("total") if not with_outcome else "", *totals, *(str(s) for s in obs["scores"]))
        return sheet

    # -- the table --------------------------------------------------------------------------------

    def table(self, obs: Observation, legal: list[str]) -> RenderableType:
        parts: list[RenderableType] = [Text(self.header(obs), style="bold"), self.seats_table(obs)]
        if obs["phase"] == "auction":
            parts.extend(self.auction_lines(obs))
        else:
            parts.append(self.trump_line(obs))
            target = self.target_line(obs)
            if target is not None:
                parts.append(target)
            parts.extend(self.trick_lines(obs))
        sheet = self.sheet_table(obs)
        if sheet is not None:
            parts.append(sheet)
        if obs.get("hand") is not None:
            parts.extend(self.hand_lines(obs, legal))
        return Group(*parts)

    def hand_lines(self, obs: Observation, legal: list[str]) -> list[RenderableType]:
        seat, phase = obs["seat"], obs["phase"]
        faceup = obs["face_up"][seat]
        if phase == "auction":
            line = Text(_("Your hand: face up "))
            line.append_text(self.cards_text(faceup) if faceup else Text(_("none"), style="dim"))
            line.append(" · " + _("hidden") + " ")
            line.append_text(self.numbered_hand(self.choices(obs, legal), legal))
            return [
                line,
                Text(_("Bid: the cards to lay face up, by code or number (show R5 B9, or 1 4); or pass.")),
            ]
        hand = Text(_("Your hand: "))
        if phase == "tricks":
            hand.append_text(self.numbered_hand(self.choices(obs, legal), legal, faceup))
            return [
                hand,
                Text(_("Play a card or its number: you may play the cards in [brackets] (↑: face up).")),
            ]
        hand.append_text(self.cards_text(obs["hand"]))
        if phase == "partner":
            options = ", ".join(move.split()[1] for move in legal)
            return [hand, Text(_("Name your partner: type a seat number ({seats}).").format(seats=options))]
        names = [move.split()[1] for move in legal]
        colours = 3 if obs["players"] == 3 else 5
        vice = trump_id(obs["vice_trump"]) if obs["vice_trump"] is not None else None
        orders = Table.grid(padding=(0, 1))
        orders.add_column(justify="right", no_wrap=True)
        orders.add_column()
        for name in names:
            mine = trump_id(name)
            order = (
                trump_order(mine, vice, colours)
                if phase == "chief_trump"
                else trump_order(None, mine, colours)
            )
            orders.add_row(f"  {name}:", " > ".join("=".join(group) for group in order) or _("no trumps"))
        name_one = _("Name a trump: type one of {trumps}. The order then:").format(trumps=", ".join(names))
        return [hand, Text(name_one), orders]

    def choices(self, obs: Observation, legal: list[str]) -> list[str]:
        """Numbered cards: the hidden hand in the auction, the whole hand in the tricks, else none."""
        if obs.get("hand") is None:
            return legal
        if obs["phase"] == "tricks":
            return list(obs["hand"])
        if obs["phase"] == "auction":
            hidden = list(obs["hand"])
            for card in obs["face_up"][obs["seat"]]:
                hidden.remove(card)
            return hidden
        return []

    def numbered_hand(self, cards: list[str], legal: list[str], faceup: Sequence[str] = ()) -> Text:
        """Cards numbered for typing: the ones that may be played or shown in [brackets], face-up ones
        with ↑."""
        up = list(faceup)
        line = Text()
        for number, card in enumerate(cards, start=1):
            shown = self.card_text(card)
            if card in up:
                up.remove(card)
                shown.append("↑")
            line.append_text(numbered(number, shown, card in legal or f"show {card}" in legal))
            line.append("  ")
        return line

    def standings(self, obs: Observation, names: list[str]) -> RenderableType:
        """The whole score sheet, then the final standings."""
        sheet = self.sheet_table(obs, lines=len(obs["sheet"]))
        final = super().standings(obs, names)
        return final if sheet is None else Group(sheet, final)

    def deal(self, seen: Sequence[Observation], names: Sequence[str]) -> RenderableType | None:
        """Every hand as dealt; a dealer who sits out the hand (``dealer_sits_out``) is said to."""
        return seat_rows(
            names,
            [
                self.cards_text(obs["hand"]) if seat in obs["active"] else Text(_("sits out"), style="dim")
                for seat, obs in enumerate(seen)
            ],
        )

    # -- typing -----------------------------------------------------------------------------------

    def expand(self, text: str, state: State, choices: list[str]) -> list[str]:
        """The moves a typed line stands for (see the module docstring); checked on a copy of the
        state first, so a line is made whole or not at all. Raises ValueError with the reason."""
        seat = state.current_player()
        phase = state.observation(seat)["phase"]
        words = text.replace(",", " ").split()
        keyword = words[0].lower() if words else ""
        if phase == "auction":
            moves = self.auction_moves(words, keyword, choices)
        elif phase in ("vice_trump", "chief_trump") and len(words) == 1 and is_trump_name(words[0]):
            moves = [f"trump {words[0]}"]
        elif phase == "partner" and len(words) == 1 and words[0].isdecimal():
            moves = [f"partner {words[0]}"]
        elif phase == "tricks" and len(words) == 1 and words[0].isdecimal():
            moves = [pick(choices, words[0])]
        else:
            moves = [" ".join(words[1:] if keyword == "play" else words)]
        moves = [state.action_to_string(state.string_to_action(move)) for move in moves]
        trial = state.clone()
        for move in moves:
            trial.apply_action(trial.string_to_action(move))  # IllegalAction (a ValueError) says why
        return moves

    def auction_moves(self, words: list[str], keyword: str, choices: list[str]) -> list[str]:
        if keyword in ("pass", "p", "done") and len(words) == 1:
            return ["pass" if keyword == "p" else keyword]
        if keyword in ("trump", "partner"):
            return [" ".join(words)]  # the rules say why not now
        cards = words[1:] if keyword == "show" else words
        if not cards:
            raise InvalidNotation(_("name the cards to show, e.g. show R5 B9 (or their numbers), or pass"))
        numbers = [word for word in cards if word.isdecimal()]
        if len(set(numbers)) < len(numbers):
            raise InvalidNotation(_("the same card number is named twice"))
        named = [pick(choices, word) if word.isdecimal() else word for word in cards]
        codes = [card.upper() for card in named]
        for code in dict.fromkeys(codes):
            times, hidden = codes.count(code), choices.count(code)
            if 0 < hidden < times:
                said = ngettext(
                    "{code} is named {times} times, but only {hidden} {code} is in your hidden hand",
                    "{code} is named {times} times, but only {hidden} {code} are in your hidden hand",
                    hidden,
                )
                raise InvalidNotation(said.format(code=code, times=times, hidden=hidden))
        return [f"show {card}" for card in named] + ["done"]


def is_trump_name(word: str) -> bool:
    """``R``…``P``, ``0``…``9`` or ``none``, in any case."""
    try:
        trump_id(word.lower() if word.lower() == "none" else word.upper())
    except ValueError:
        return False
    return True


def pick(choices: list[str], word: str) -> str:
    """The numbered choice ``word``; raises InvalidNotation when there is none."""
    number = int(word)
    if not 1 <= number <= len(choices):
        raise InvalidNotation(
            _("there is no card {number}: pick 1 to {last}").format(number=number, last=len(choices))
        )
    return choices[number - 1]


def outcome(line: dict[str, Any]) -> str:
    """A score sheet line's outcome in words."""
    if line["outcome"] == "void":
        return _("void (all passed)")
    if line["outcome"] == "eclat":
        tied = ",".join(str(s) for s in line["tied"])
        eclat = _("éclat at {bid} ({tied}); seat {seat} late")
        return eclat.format(bid=line["bid"], tied=tied, seat=line["latecomer"])
    if line["outcome"] == "made":
        said = _("made: {team} took {points}/{target} (bid {bid}, trump {trump})")
    else:
        said = _("failed: {team} took {points}/{target} (bid {bid}, trump {trump})")
    partner = f"&{line['partner']}" if line["partner"] is not None else ""
    return said.format(
        team=f"{line['chief']}{partner}",
        points=line["team_points"],
        target=line["target"],
        bid=line["bid"],
        trump=line["chief_trump"],
    )


VIEW = MueView()
