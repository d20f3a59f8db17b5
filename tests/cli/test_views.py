"""What the terminal views say, checked on real states: the last trick belongs to the hand being played,
the table tells Troeven version 2's draws as the seat sees them, Mü's auction is worded for people, and
Game of Trains names each ability one way everywhere."""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Callable

import pytest
from rich.console import Console, RenderableType

import cardtable
from cardtable import InvalidNotation, State, bots
from cardtable.cli.table import TerminalTable
from cardtable.cli.views import view_for
from cardtable.cli.views.tricks import SUIT_SYMBOL
from cardtable.core.cards import piquet_name

from ..games.test_mue import stacked


def shown(game: str, state: State, seat: int) -> str:
    """The table as seat ``seat`` sees it, as plain text."""
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    return plain(view_for(game).table(state.observation(seat), legal))


def plain(renderable: RenderableType) -> str:
    console = Console(width=100, no_color=True, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def until(state: State, done: Callable[[State], bool], rng: random.Random) -> State:
    """Play at random until ``done``."""
    while not done(state):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game", "hand"), [("slobberhannes", "hand_number"), ("troeven", "round")])
def test_a_new_hand_shows_no_last_trick_until_its_first_trick_is_taken(game: str, hand: str) -> None:
    rng = random.Random(1)
    state = cardtable.make(game).new_game(seed=2)
    until(state, lambda s: s.observation(None)[hand] == 2 and s.observation(None)["trick"] == [], rng)
    seat = state.current_player()
    assert state.observation(seat)["last_trick"] is not None  # the engine still has the old hand's
    assert "Last trick" not in shown(game, state, seat)
    until(state, lambda s: sum(s.observation(None)["tricks_won"]) == 1, rng)
    assert "Last trick" in shown(game, state, state.current_player())


NAMES = ["ann", "bob", "cy", "dee", "eve"]


def narrated(state: State, action: int, seat: int) -> list[str]:
    """The lines the terminal table tells the person at ``seat`` for ``action`` (the others are bots)."""
    console = Console(width=200, no_color=True, file=io.StringIO())
    others = {other: bots.make("random") for other in range(state.game.players) if other != seat}
    TerminalTable(state, view_for(state.game.name), others, NAMES[: state.game.players], console).step(action)
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue().splitlines()


def test_troeven_2_tells_the_card_you_drew_and_only_that_the_other_took_one() -> None:
    """§DRAW: the trick's winner takes the top card of the stock, then the other seat the next one."""
    rng = random.Random(3)
    state = cardtable.make("troeven", version=2).new_game(seed=4)
    for _ in range(3):
        until(state, lambda s: len(s.observation(None)["trick"]) == 1, rng)
        action = rng.choice(state.legal_actions())
        after = state.clone()
        after.apply_action(action)
        winner = after.observation(None)["last_trick"]["winner"]
        drawn = [
            piquet_name(card)
            for seat in (0, 1)
            for card in set(after.observation(seat)["hand"]) - set(state.observation(seat)["hand"])
        ]
        for seat in (0, 1):
            told = narrated(state.clone(), action, seat)
            draws = [line for line in told if "draw" in line]
            other = NAMES[1 - seat]
            mine = f"You draw {drawn[seat]} (only you see it)"
            assert draws == (
                [mine, f"{other} draws a card"] if seat == winner else [f"{other} draws a card", mine]
            )
            assert drawn[1 - seat] not in " ".join(told)
        state.apply_action(action)


def test_mue_auction_says_how_close_it_is_to_its_end_and_what_you_may_lay_down() -> None:
    """§4.1: at most one card more than the most face up, and never more than the hidden hand."""
    state = cardtable.make("mue", players=3, first_dealer=0).new_game(seed=5)
    while True:  # seat 0 passes, the others raise as far as they may
        obs = state.observation(None)
        if state.current_player() == 0 and obs["auction"]["highest"] >= 12:
            break
        moves = [state.action_to_string(a) for a in state.legal_actions()]
        shows = [m for m in moves if m.startswith("show ")]
        if state.current_player() == 0 or not shows or obs["auction"]["shown_this_turn"] >= 2:
            state.apply_action(state.string_to_action("pass" if "pass" in moves else "done"))
        else:
            state.apply_action(state.string_to_action(shows[0]))
    screen = " ".join(shown("mue", state, 0).split())
    assert (
        "Most face up: 12 cards." in screen
        and "You may lay down up to 12 more cards this turn, or pass." in screen
    )
    assert "(s)" not in screen and "(es)" not in screen


def test_mue_passes_are_counted_in_words() -> None:
    state = stacked(4, {0: ["R5"]}, ["show R5", "done", "pass"])
    assert "Most face up: 1 card. 1 pass in a row; 3 more end the auction." in " ".join(
        shown("mue", state, 2).split()
    )
    fresh = stacked(4, {})
    assert "No bid yet. 4 passes in a row end the auction." in " ".join(shown("mue", fresh, 0).split())


def test_mue_a_card_named_twice_is_refused_for_what_it_is() -> None:
    state = stacked(4, {0: ["R4", "R1", "R1"]})
    view = view_for("mue")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    choices = view.choices(state.observation(0), legal)
    with pytest.raises(InvalidNotation, match="R4 is named 2 times, but only 1 R4 is in your hidden hand"):
        view.expand("show R4 r4", state, choices)
    with pytest.raises(ValueError, match="at most 1 face up this turn"):  # two R1: the rules' own reason
        view.expand("R1 R1", state, choices)


def test_game_of_trains_names_each_ability_by_its_mark_everywhere() -> None:
    """The key, the market, the prompts, the narration and the rules' refusals use the same marks."""
    rng = random.Random(2)
    view = view_for("game-of-trains")
    state = cardtable.make("game-of-trains").new_game(seed=8)
    until(
        state,
        lambda s: (
            s.observation(None)["phase"] == "turn"
            and any(c["ability"] == "SWAP_GAP1" for c in s.observation(None)["market"])
        ),
        rng,
    )
    card = next(c["card"] for c in state.observation(None)["market"] if c["ability"] == "SWAP_GAP1")
    seat = state.current_player()
    try:
        state.clone().apply_action(state.string_to_action(f"use {card} 7"))
    except cardtable.IllegalAction as error:
        reason = str(error)
    explained = view.explain(reason, seat)
    assert "SWAP_GAP1" in reason and "SWAP_GAP1" not in explained and "⇄2" in explained
    screen = shown("game-of-trains", state, seat)
    assert f"{card} ⇄2" in screen and "⇄1 ⇄2 swap the cars at P and P+1/P+2" in " ".join(screen.split())
    with pytest.raises(
        InvalidNotation, match=rf"{card} needs a position: .* \(⇄2 swaps the cars at P and P\+2\)"
    ):
        view.expand(card, state, [])
    (line,) = narrated(state, state.string_to_action(f"use {card} 1"), seat)
    assert line.startswith(f"You use {card} from the market: swaps the cars at positions 1 and 3 (")
    assert "SWAP_GAP1" not in line


def test_game_of_trains_couplings_show_which_cars_are_in_order() -> None:
    """The win rule: every car higher than the one before it; ``<`` marks a pair in order."""
    state = cardtable.make("game-of-trains", players=3).new_game(seed=3)
    until(state, lambda s: s.observation(None)["turn"] >= 6, random.Random(4))
    view = view_for("game-of-trains")
    obs = state.observation(state.current_player())
    couplings = [word for word in plain(view.trains_table(obs)).split() if word in ("<", ">")]
    expected = [
        "<" if int(left["card"]) < int(right["card"]) else ">"
        for cars in obs["trains"]
        for left, right in itertools.pairwise(cars)
    ]
    assert couplings == expected and "<" in expected and ">" in expected


@pytest.mark.parametrize("game", ["slobberhannes", "troeven"])
def test_cards_typed_as_they_are_shown_are_read_as_their_notation(game: str) -> None:
    """``Q♣`` and ``10♥`` as the table shows them, and the notation in any case (``qc``, ``th``)."""
    view = view_for(game)
    state = cardtable.make(game).new_game(seed=3)
    while state.observation(state.current_player()).get("phase") == "trump":
        state.apply_action(state.legal_actions()[0])
    for move in map(state.action_to_string, state.legal_actions()):
        rank, suit = move[:-1], move[-1]
        shown = f"{'10' if rank == 'T' else rank}{SUIT_SYMBOL[suit]}"
        assert view.expand(shown, state, []) == [move]
        assert view.expand(f"{rank.lower()}{suit.lower()}", state, []) == [move]


def test_game_of_trains_names_its_turn_limit_only_as_it_nears() -> None:
    """The limit is a safeguard: "turn 2 of 1000" read as if the game lasted a thousand turns."""
    view = view_for("game-of-trains")
    state = cardtable.make("game-of-trains", turn_limit=30).new_game(seed=3)
    until(state, lambda s: s.observation(None)["phase"] == "turn", random.Random(1))
    obs = state.observation(None)
    assert view.progress(obs) == f"turn {obs['turn'] + 1}, seat {obs['to_act']} to act"
    until(state, lambda s: s.is_terminal() or s.observation(None)["turn"] >= 12, random.Random(2))
    assert not state.is_terminal()  # this deal runs on: 18 turns left
    assert view.progress(state.observation(None)).endswith("(the game ends without a winner after turn 30)")


REFUSING = {
    "slobberhannes": {},
    "troeven": {"version": 1},
    "mue": {"players": 4},
    "game-of-trains": {},
    "cabooses-in-the-corner": {},
}


@pytest.mark.parametrize("game", REFUSING)
def test_a_refusal_of_your_move_speaks_to_you(game: str) -> None:
    """The rules write their reasons about seats ("seat 0 cannot play KS: it is not in their hand"); the
    table says every one of them to its player, in its own symbols, over a stretch of play."""
    view = view_for(game)
    state = cardtable.make(game, **REFUSING[game]).new_game(seed=3)
    rng = random.Random(3)
    said = set()
    for _ in range(30):
        seat = state.current_player()
        for action in range(state.game.num_actions):
            reason = state.why_illegal(action)
            if reason and reason.startswith(f"seat {seat} "):
                explained = view.explain(reason, seat)
                assert explained.startswith("You ") and f"seat {seat}" not in explained, explained
                assert not re.search(r"\btheir\b|\(holds\b|\b[7-9TJQKA][SHDC]\b", explained), explained
                said.add(explained)
        state.apply_action(rng.choice(state.legal_actions()))
    assert said


def test_a_card_you_do_not_hold_is_not_in_your_hand() -> None:
    state = cardtable.make("slobberhannes").new_game(seed=3)
    seat = state.current_player()
    card = state.observation((seat + 1) % 4)["hand"][0]
    reason = state.why_illegal(state.string_to_action(card))
    assert reason == f"seat {seat} cannot play {card}: it is not in their hand"
    assert view_for("slobberhannes").explain(reason, seat) == (
        f"You cannot play {piquet_name(card)}: it is not in your hand"
    )


@pytest.mark.parametrize(
    "reason",
    [
        "seat 1 cannot draw: in setup each player places one of the cards they drew",
        "seat 1 cannot move N 1 NE: NE is empty (cards move only onto a pile they fit)",
        "seat 1 cannot move N 2 E: N holds only 1 card",
    ],
)
def test_a_they_that_is_not_you_stays(reason: str) -> None:
    """Only the pronouns that stand for the mover become "you"."""
    assert view_for("game-of-trains").explain(reason, 1) == "You" + reason.removeprefix("seat 1")


def test_troeven_1_numbers_each_face_up_card_as_the_layout_numbers_its_pile() -> None:
    """Once a pile is empty, the cards after it keep their piles' numbers: the number typed is the pile
    the picture shows, and an empty pile's number is refused for what it is."""
    view = view_for("troeven")

    def gap(state: State) -> bool:
        seat = state.current_player()
        tops = [pile["top"] for pile in state.observation(seat)["layouts"][seat]]
        return None in tops and tops.index(None) < max(i for i, top in enumerate(tops) if top)

    state = until(cardtable.make("troeven", version=1).new_game(seed=4), gap, random.Random(4))
    seat = state.current_player()
    obs = state.observation(seat)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    choices = view.choices(obs, legal)
    screen = plain(view.table(obs, legal))
    numbers = screen[screen.index("Your face-up cards") :]
    for number, pile in enumerate(obs["layouts"][seat], start=1):
        if pile["top"] is None:
            assert not re.search(rf"(?<!\d){number}:", numbers)
            with pytest.raises(InvalidNotation, match=f"pile {number} is empty"):
                view.expand(str(number), state, choices)
        else:
            assert f"{number}:{piquet_name(pile['top'])}" in numbers
            assert view.expand(str(number), state, choices) == [pile["top"]]
