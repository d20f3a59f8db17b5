"""Each game's table picture (web/js/games/<game>.js) in headless Chromium, without the server.

The observations come from the real engines. For every game a whole game is played by clicking, seat 0
in the browser and the other seats by random moves; at each of seat 0's turns the test checks that the
picture shows the hand of the observation, that the moves it lets a person make are exactly the legal
moves (found by trying every first click and every destination it lights up), and that clicking one
dispatches that move's string. Other player counts and versions are driven for a stretch from the middle
of a game. Screenshots of every table, desktop- and phone-sized, go to test-output/tables/."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardtable
from cardtable.core.game import State

from .renderer_page import (
    DESKTOP,
    PHONE,
    RendererPage,
    advance,
    legal_strings,
    renderer_page,
    shot,
)

Observation = dict[str, Any]

# -- what each picture lets a person do ---------------------------------------------------------------

DIRECT = """(board) => [...board.querySelectorAll("[data-move]")].filter((el) => !el.disabled)
    .map((el) => el.dataset.move)"""

TRAINS_OFFERED = """(board) => {
  const all = (s) => [...board.querySelectorAll(s)];
  const found = new Set(all("[data-move]").filter((el) => !el.disabled).map((el) => el.dataset.move));
  const choices = all("[data-choice]").filter((el) => !el.disabled)
    .map((el) => [el.dataset.choice, el.dataset.card]);
  for (const [kind, code] of choices) {
    const choice = board.querySelector(`[data-choice="${kind}"][data-card="${code}"]`);
    if (!choice.classList.contains("picked")) choice.click();
    const confirm = board.querySelector(".gt-confirm [data-move]");
    if (confirm) found.add(confirm.dataset.move);
    for (const position of all(".gt-train.mine .gt-target").map((el) => el.dataset.position)) {
      board.querySelector(`.gt-train.mine .gt-target[data-position="${position}"]`).click();
      found.add(board.querySelector(".gt-confirm [data-move]").dataset.move);
    }
  }
  return [...found];
}"""

CABOOSES_OFFERED = """(board) => {
  const all = (s) => [...board.querySelectorAll(s)];
  const found = new Set(all("[data-move]").filter((el) => !el.disabled && !el.classList.contains("cc-drop"))
    .map((el) => el.dataset.move));
  const first = (kind, key) => kind === "card"
    ? board.querySelector(`.cc-hand .card-button[data-card="${key}"]:not(:disabled)`)
    : board.querySelector(`[data-run="${key}"]`);
  const starts = new Set([
    ...all(".cc-hand .card-button:not(:disabled)").map((el) => `card|${el.dataset.card}`),
    ...all("[data-run]").map((el) => `run|${el.dataset.run}`),
  ]);
  for (const start of starts) {
    const [kind, key] = start.split("|");
    first(kind, key).click();
    for (const drop of all(".cc-drop")) found.add(drop.dataset.move);
    first(kind, key).click();
  }
  return [...found];
}"""


def offered(rp: RendererPage, script: str) -> set[str]:
    """Every move the picture lets a person make, by trying each path in the page."""
    return set(rp.page.evaluate(script, rp.page.query_selector("#board")))


def click_direct(rp: RendererPage, obs: Observation, move: str) -> None:
    rp.page.locator(f'#board [data-move="{move}"]:enabled').first.click()


def click_trains(rp: RendererPage, obs: Observation, move: str) -> None:
    words = move.split()
    if words == ["draw"]:
        rp.page.click('#board [data-move="draw"]')
        return
    choice = rp.page.locator(f'#board [data-choice="{words[0]}"][data-card="{words[1]}"]')
    if "picked" not in (choice.get_attribute("class") or ""):
        choice.click()
    if len(words) == 3:
        target = rp.page.locator(f'.gt-train.mine .gt-target[data-position="{words[2]}"]')
        target.click()
        if int(words[2]) % 2:  # a second click on the car confirms, as "Confirm" does
            target.click()
            return
    rp.page.click(f'.gt-confirm [data-move="{move}"]')


def click_cabooses(rp: RendererPage, obs: Observation, move: str) -> None:
    words = move.split()
    page = rp.page
    if words == ["end"]:
        page.click('#board [data-move="end"]')
        return
    if words[0] == "play":
        page.locator(f'.cc-hand .card-button[data-card="{words[1]}"]:enabled').first.click()
        destination = words[2]
    else:
        k = int(words[2]) if words[0] == "move" else len(obs["piles"][words[1]])
        # a pile's lower cards are mostly covered by the ones above: click their visible left edge
        page.locator(f'[data-run="{words[1]} {k}"]').click(position={"x": 6, "y": 20})
        destination = words[3] if words[0] == "move" else words[2]
    page.click(f'.cc-drop[data-place="{destination}"]')


# -- what each picture must show -------------------------------------------------------------------------


def cards_in(rp: RendererPage, selector: str) -> list[str]:
    return rp.texts(selector, "data-card")


def shows_hand(rp: RendererPage, obs: Observation) -> None:
    """The hand of the observation, card for card, in the hand's order."""
    assert cards_in(rp, "#board .ct-hand .card-button") == obs["hand"]


def shows_troeven(rp: RendererPage, obs: Observation) -> None:
    if obs["version"] == 2:
        shows_hand(rp, obs)
        return
    assert sorted(cards_in(rp, ".tv-layout.mine .card-button")) == sorted(obs["hand"])
    for seat in (0, 1):
        piles = rp.page.evaluate(
            """(s) => [...document.querySelectorAll(s)].map((pile) => [
                 pile.querySelector("[data-card]")?.dataset.card ?? null,
                 pile.querySelectorAll(".tv-under").length])""",
            f'.tv-layout[data-seat="{seat}"] [data-pile]',
        )
        assert piles == [[p["top"], p["face_down"]] for p in obs["layouts"][seat]]


def shows_mue(rp: RendererPage, obs: Observation) -> None:
    shows_hand(rp, obs)
    shown = cards_in(rp, ".ct-hand .card-button.marked")
    assert sorted(shown) == sorted(obs["face_up"][obs["seat"]])
    for seat, face_up in enumerate(obs["face_up"]):
        if seat != obs["seat"] and face_up:
            spot = f'.ct-spot[data-seat="{seat}"] .mu-shown'
            assert rp.page.get_attribute(spot, "data-face-up") == " ".join(face_up)


def shows_trains(rp: RendererPage, obs: Observation) -> None:
    for seat, cars in enumerate(obs["trains"]):
        assert cards_in(rp, f'.gt-train[data-seat="{seat}"] .gt-car') == [car["card"] for car in cars]
        protected = rp.texts(f'.gt-train[data-seat="{seat}"] .gt-shield', "title")
        assert protected == [f"protected by {car['protect']}" for car in cars if car["protect"]]
    private = obs["setup_hand"] if obs["phase"] == "setup" else [obs["drawn"]] if obs["drawn"] else []
    assert cards_in(rp, ".gt-mine .card-button") == [entry["card"] for entry in private]
    assert cards_in(rp, ".gt-market .card-button") == [entry["card"] for entry in obs["market"]]


def shows_cabooses(rp: RendererPage, obs: Observation) -> None:
    assert sorted(cards_in(rp, ".cc-hand .card-button")) == sorted(obs["hand"])
    for place, pile in obs["piles"].items():
        assert cards_in(rp, f'.cc-compass:not(.small) .cc-cell[data-place="{place}"] .cc-card') == pile


class Table:
    """How the test reads and drives one game's picture."""

    def __init__(
        self,
        shows: Callable[[RendererPage, Observation], None],
        offered: str,
        click: Callable[[RendererPage, Observation, str], None],
    ) -> None:
        self.shows, self.offered, self.click = shows, offered, click


TABLES = {
    "slobberhannes": Table(shows_hand, DIRECT, click_direct),
    "troeven": Table(shows_troeven, DIRECT, click_direct),
    "mue": Table(shows_mue, DIRECT, click_direct),
    "game-of-trains": Table(shows_trains, TRAINS_OFFERED, click_trains),
    "cabooses-in-the-corner": Table(shows_cabooses, CABOOSES_OFFERED, click_cabooses),
}

FULL_GAMES: dict[str, dict[str, Any]] = {
    "slobberhannes": {"players": 3, "start_points": 6},
    "troeven": {"version": 1, "start_points": 1},
    "mue": {"players": 3, "end": "deals", "deals": 1},
    "game-of-trains": {"players": 2, "turn_limit": 24},
    "cabooses-in-the-corner": {"players": 2},
}
"""Short whole games, played to the end with seat 0 in the browser."""

STRETCHES: list[tuple[str, dict[str, Any], int, int]] = [
    ("slobberhannes", {"players": 6}, 11, 9),
    ("troeven", {"version": 2}, 3, 17),
    ("troeven", {"version": 1}, 40, 5),
    ("mue", {"players": 6, "dealer_sits_out": True}, 7, 50),
    ("mue", {"players": 4}, 5, 80),
    ("game-of-trains", {"players": 4}, 2, 30),
    ("cabooses-in-the-corner", {"players": 5}, 9, 25),
]
"""(game, options, seed, random moves first): a stretch of another set-up, from the middle of a game."""


# -- fixtures ---------------------------------------------------------------------------------------------


@pytest.fixture
def desk(browser: Any, harness: str) -> Iterator[RendererPage]:
    with renderer_page(browser, harness, DESKTOP) as rp:
        yield rp


@pytest.fixture
def phone(browser: Any, harness: str) -> Iterator[RendererPage]:
    with renderer_page(browser, harness, PHONE, is_mobile=True, has_touch=True) as rp:
        yield rp


# -- playing by clicking ------------------------------------------------------------------------------------


def click_turn(rp: RendererPage, state: State, rng: random.Random) -> str:
    """Show the seat to act its table, check it, click a random legal move and return it."""
    seat = state.current_player()
    game = state.game.name
    table = TABLES[game]
    obs = state.observation(seat)
    legal = legal_strings(state)
    rp.show(game, obs, legal)
    table.shows(rp, obs)
    assert offered(rp, table.offered) == set(legal), f"{game}: the picture offers other moves than the rules"
    rp.show(game, obs, legal)  # a fresh picture: trying every path left choices made
    move = rng.choice(legal)
    table.click(rp, obs, move)
    assert rp.picked() == [move]
    return move


@pytest.mark.parametrize("game", sorted(FULL_GAMES))
def test_a_whole_game_is_played_by_clicking_the_legal_moves(
    game: str, desk: RendererPage, phone: RendererPage
) -> None:
    assert game in cardtable.games()
    rng = random.Random(game)
    state = cardtable.make(game, **FULL_GAMES[game]).new_game(seed=5)
    clicks = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            if clicks == 3:
                obs, legal = state.observation(0), legal_strings(state)
                for rp, size in ((desk, "desktop"), (phone, "phone")):
                    rp.show(game, obs, legal)
                    shot(rp, f"{game}-{size}")
            move = click_turn(desk, state, rng)
            clicks += 1
        else:
            move = rng.choice(legal_strings(state))
        state.apply_action(state.string_to_action(move))
    final = state.observation(0)
    desk.show(game, final, [])
    assert desk.enabled_moves() == []
    assert "Game over" in desk.page.inner_text("#board") or final.get("outcome")
    shot(desk, f"{game}-over")
    assert clicks >= 5
    assert desk.problems() == [] and phone.problems() == []


@pytest.mark.parametrize(("game", "options", "seed", "skip"), STRETCHES)
def test_other_set_ups_offer_exactly_the_legal_moves(
    game: str, options: dict[str, Any], seed: int, skip: int, desk: RendererPage
) -> None:
    rng = random.Random(seed)
    state = advance(cardtable.make(game, **options).new_game(seed=seed), rng, skip)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(state.string_to_action(click_turn(desk, state, rng)))
    assert desk.problems() == []


@pytest.mark.parametrize("game", sorted(FULL_GAMES))
def test_a_spectator_sees_the_public_table_and_can_make_no_move(game: str, desk: RendererPage) -> None:
    state = advance(cardtable.make(game, **FULL_GAMES[game]).new_game(seed=2), random.Random(2), 25)
    desk.show(game, state.observation(None), [])
    assert desk.enabled_moves() == []
    assert desk.page.locator("#board .ct-hand, #board [data-choice]:enabled, #board [data-run]").count() == 0
    assert desk.page.locator("#board .ct-rules").get_attribute("href") == f"/static/rules/{game}.html"
    assert desk.problems() == []


# -- the pieces around the moves ---------------------------------------------------------------------

TRAINS_PREVIEW = """(move) => {
  const board = document.querySelector("#board");
  const [verb, code, position] = move.split(" ");
  const choice = board.querySelector(`[data-choice="${verb}"][data-card="${code}"]`);
  if (!choice.classList.contains("picked")) choice.click();
  if (position) board.querySelector(`.gt-train.mine .gt-target[data-position="${position}"]`).click();
  return [...board.querySelectorAll(".gt-trains .gt-train")].map((row) => [Number(row.dataset.seat),
    [...row.querySelectorAll(".gt-car")].map((car) => [car.dataset.card,
      car.querySelector(".gt-shield")?.textContent ?? null])]);
}"""


def test_the_trains_preview_shows_the_trains_the_move_makes(desk: RendererPage) -> None:
    """Before a place or a use is confirmed, the picture shows every train as the engine will leave it
    (a car that a removal replaces with an unseen card shows as "?")."""
    abilities: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = advance(cardtable.make("game-of-trains", players=3).new_game(seed=seed), rng, 10)
        for _ in range(10):
            obs, legal = state.observation(state.current_player()), legal_strings(state)
            for move in legal:
                if move == "draw":
                    continue
                desk.show("game-of-trains", obs, legal)
                shown = dict(desk.page.evaluate(TRAINS_PREVIEW, move))
                after = state.clone()
                after.apply_action(after.string_to_action(move))
                then = after.observation(None)["trains"]
                for s, cars in shown.items():
                    for index, (card, shield) in enumerate(cars):
                        if card == "?":
                            assert then[s][index]["card"] != obs["trains"][s][index]["card"]
                        else:
                            assert [card, shield] == [then[s][index]["card"], then[s][index]["protect"]], move
                if move.startswith("use"):
                    abilities.add(next(c["ability"] for c in obs["market"] if c["card"] == move.split()[1]))
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(abilities) >= 6, abilities
    assert desk.problems() == []


def test_cards_played_slide_in_briefly_and_a_click_skips_it(browser: Any, harness: str) -> None:
    with renderer_page(browser, harness, DESKTOP, reduced_motion="no-preference") as rp:
        played_cards_slide_in(rp)


def played_cards_slide_in(rp: RendererPage) -> None:
    state = cardtable.make("slobberhannes", players=4, first_leader=0).new_game(seed=3)
    rp.show("slobberhannes", state.observation(0), legal_strings(state))
    while state.current_player() != 0 or not state.observation(0)["trick"]:
        state.apply_action(state.legal_actions()[0])
    obs = state.observation(0)
    rp.show("slobberhannes", obs, legal_strings(state))
    running = "() => document.getAnimations().filter((a) => a.playState === 'running').length"
    assert rp.page.evaluate(running) == len(obs["trick"]) > 0  # the cards played since the last picture
    rp.page.dispatch_event("#board", "pointerdown")
    assert rp.page.evaluate(running) == 0
    assert rp.problems() == []


def test_the_last_trick_can_be_looked_back_at_and_stays_open(desk: RendererPage) -> None:
    state = cardtable.make("troeven", version=2, first_dealer=0).new_game(seed=4)
    rng = random.Random(4)
    while not state.observation(0)["last_trick"] or state.current_player() != 0:
        state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    desk.show("troeven", obs, legal_strings(state))
    desk.page.click("[data-review=last-trick] summary")
    last = obs["last_trick"]
    assert cards_in(desk, "[data-review=last-trick] figure .ct-card") == [p["card"] for p in last["cards"]]
    assert desk.page.get_attribute("[data-review=last-trick] figure.winner", "data-seat") == str(
        last["winner"]
    )
    desk.show("troeven", obs, legal_strings(state))
    assert desk.page.locator("[data-review=last-trick][open]").count() == 1


def test_a_game_is_found_by_its_name_and_one_without_a_picture_is_told_the_file_to_add(
    desk: RendererPage,
) -> None:
    """The pages show such a game the generic table (table.js, replay.js)."""
    find = """async (game) => {
      const { rendererFor } = await import("/static/js/games/index.js");
      return rendererFor(game).then((module) => typeof module.render, (error) => error.message);
    }"""
    assert desk.page.evaluate(find, "cabooses-in-the-corner") == "function"
    refused = desk.page.evaluate(find, "no-such-game")
    assert refused.startswith(
        "no-such-game has no table picture that loads: add or mend web/js/games/no_such_game.js"
    )
    assert desk.page.evaluate(find, "../table") == '"../table" is not a game\'s name'
