"""``bots.make``: kinds, levels, kinds at a level, settings, and the errors for bad specs."""

from __future__ import annotations

import pytest

import cardtable
from cardtable import bots
from cardtable.bots import HeuristicBot, ISMCTSBot
from cardtable.bots.ismcts import HARD_ITERATIONS


def test_levels_are_easy_medium_hard_in_that_order() -> None:
    assert bots.levels() == ["easy", "medium", "hard"]


@pytest.mark.parametrize(
    ("level", "kind"), [("easy", HeuristicBot), ("medium", HeuristicBot), ("hard", ISMCTSBot)]
)
def test_each_level_is_one_of_the_bot_kinds(level: str, kind: type) -> None:
    bot = bots.make(level, seed=1)
    assert type(bot) is kind and bot.spec == level


def test_easy_is_the_heuristic_with_a_quarter_of_its_decisions_random() -> None:
    easy = bots.make("easy", seed=1)
    assert isinstance(easy, HeuristicBot) and easy.mistakes == 0.25
    assert bots.make("medium").mistakes == 0.0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="mistakes is a share of the decisions, 0 to 1"):
        bots.make("heuristic:mistakes=2")


def test_every_level_says_how_it_plays() -> None:
    words = {level: bots.level_description(level) for level in bots.levels()}
    assert "random" in words["easy"] and "rules of thumb" in words["medium"] and "ahead" in words["hard"]
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        bots.level_description("expert")


def test_easy_bots_at_mue_mostly_reach_the_trick_play() -> None:
    """Four easy bots: most hands are played, not ended by an éclat (random bids tie nearly always)."""
    played = hands = seed = 0
    while hands < 40:
        seed += 1
        state = cardtable.make("mue", players=4).new_game(seed=seed)
        seats = [bots.make("easy", seed=seed * 10 + s) for s in range(4)]
        while not state.is_terminal() and len(state.observation(None)["sheet"]) < 10:
            state.apply_action(seats[state.current_player()].choose(state))  # type: ignore[index]
        sheet = state.observation(None)["sheet"]
        hands += len(sheet)
        played += sum(line["outcome"] in ("made", "failed") for line in sheet)
    assert played / hands > 0.5, (played, hands)


def test_hard_is_an_iteration_budget_so_its_games_reproduce() -> None:
    bot = bots.make("hard")
    assert isinstance(bot, ISMCTSBot) and bot.iterations == HARD_ITERATIONS and bot.seconds is None


def test_a_kind_at_a_level_takes_the_levels_settings() -> None:
    bot = bots.make("ismcts:hard", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == HARD_ITERATIONS


def test_later_settings_override_the_levels() -> None:
    bot = bots.make("ismcts:hard,iterations=7,seconds=0.5,rollout=heuristic")
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.seconds, bot.rollout) == (7, 0.5, "heuristic")


def test_seconds_alone_is_a_time_budget_without_an_iteration_cap() -> None:
    bot = bots.make("ismcts:seconds=0.2")
    assert isinstance(bot, ISMCTSBot) and bot.iterations is None and bot.seconds == 0.2


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "poker",
            # the OpenSpiel adapter adds its kind once asked for it, so a run may list it too
            r"unknown bot 'poker'; the bots are: heuristic, ismcts, (openspiel-ismcts, )?random, "
            r"easy, hard, medium",
        ),
        ("", "a bot spec is a non-empty text"),
        ("heuristic:hard", "level 'hard' is ismcts:.*, not a heuristic bot"),
        ("ismcts:easy", "level 'easy' is heuristic:mistakes=0.25, not a ismcts bot"),
        ("ismcts:fast", "key=value pairs or a level name, got 'fast'"),
        (  # the settings it takes, not Python's words for the constructor's arguments
            "ismcts:colour=3",
            r"the ismcts bot has no setting 'colour' \(in 'ismcts:colour=3'\); its settings are: iterations, "
            "seconds, exploration, rollout, depth$",
        ),
        ("ismcts:iterations=0", "iterations must be a positive integer"),
        ("ismcts:iterations=2.5", "iterations must be a positive integer"),
        ("ismcts:seconds=-1", "seconds must be a positive number"),
        ("ismcts:exploration=-0.1", "exploration must be a number >= 0"),
        ("ismcts:rollout=smart", "rollout must be one of default, random, heuristic"),
        ("ismcts:depth=0", "depth must be a positive integer"),
        ("random:iterations=5", r"the random bot has no setting 'iterations' .*; it takes no settings$"),
    ],
)
def test_bad_specs_are_refused_saying_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bots.make(spec)


def test_every_game_has_a_heuristic_policy() -> None:
    """The medium level must be playable at every table the platform offers."""
    assert bots.policies() == cardtable.games()


def test_a_game_without_a_policy_is_refused_with_what_to_add(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.bots.games import slobberhannes

    monkeypatch.delattr(slobberhannes, "POLICY")
    state = cardtable.make("slobberhannes").new_game(seed=1)
    missing = (
        r"slobberhannes has no heuristic policy yet: src/cardtable/bots/games/slobberhannes\.py must define"
    )
    with pytest.raises(ValueError, match=missing):
        bots.make("heuristic").choose(state)
    with pytest.raises(ValueError, match=missing):
        bots.make("ismcts:rollout=heuristic").check_game("slobberhannes")
    bots.make("ismcts").check_game("slobberhannes")
    assert "slobberhannes" not in bots.policies()
