"""The OpenSpiel adapter: pyspiel's random_sim_test for every game and player count, resampling from
an information state, parameters, observers, and OpenSpiel's C++ ISMCTSBot playing our games."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest

import cardtable
from cardtable import bots
from cardtable.bots import base as bots_base
from cardtable.envs import openspiel as ct_openspiel

from .cases import SHORT, case_id, cases


def load(name: str, options: dict[str, Any]) -> pyspiel.Game:
    return ct_openspiel.load(cardtable.make(name, **options))


def dealt(game: pyspiel.Game, seed: int) -> pyspiel.State:
    """A state past the chance nodes that draw the seed (for a game whose deals are listed, past the
    one chance node: deal ``seed``, counted round)."""
    state = game.new_initial_state()
    if game.deals is not None:
        state.apply_action(seed % len(game.deals))
        return state
    for byte in seed.to_bytes(ct_openspiel.SEED_BYTES, "big"):
        state.apply_action(byte)
    return state


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_random_sim_test_passes(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    pyspiel.random_sim_test(load(name, options), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_resample_from_infostate_keeps_every_players_view(case: tuple[str, dict[str, Any]]) -> None:
    """OpenSpiel's ResampleInfostateTest, in Python: a world resampled for a player has that player's
    information state string and tensor and the same player to act."""
    name, options = case
    game, rng = load(name, options), random.Random(5)
    state = dealt(game, 5)
    step = 0
    while not state.is_terminal():
        if step % 13 == 0:
            for player in range(game.num_players()):
                world = state.resample_from_infostate(player, rng.random)
                assert world.information_state_string(player) == state.information_state_string(player)
                assert world.information_state_tensor(player) == state.information_state_tensor(player)
                assert world.current_player() == state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1


def test_resampling_redraws_the_hidden_cards() -> None:
    game = load("slobberhannes", {"players": 4})
    state = dealt(game, 1)
    hands = {
        json.dumps(state.resample_from_infostate(0, random.Random(k).random).cardtable_state().observation(1))
        for k in range(5)
    }
    assert len(hands) > 1


def test_the_seed_bytes_make_the_cardtable_match() -> None:
    game = load("mue", {"players": 4})
    state = dealt(game, 2**40 + 9)
    expected = cardtable.make("mue", players=4).new_game(seed=2**40 + 9)
    assert state.cardtable_state().record() == expected.record()
    assert state.history()[: ct_openspiel.SEED_BYTES] == list((2**40 + 9).to_bytes(8, "big"))
    assert state.action_to_string(state.legal_actions()[0]) == expected.action_to_string(
        expected.legal_actions()[0]
    )


def test_mini_troeven_opens_with_every_deal_once_exactly_weighted() -> None:
    """One chance node over the listed deals (``Game.all_deals``): each split of the eight cards into
    N's two, D's two and four set aside once, per dealer, equally likely; each leads to the match that
    deal makes, whose record replays."""
    game = load("troeven", {"version": 2, "mini": True})
    root = game.new_initial_state()
    outcomes = root.chance_outcomes()
    assert root.is_chance_node() and len(outcomes) == game.max_chance_outcomes() == 840
    assert [action for action, _ in outcomes] == list(range(840))
    assert all(chance == pytest.approx(1 / 840) for _, chance in outcomes)
    splits = set()
    for action in range(840):
        match = root.child(action).cardtable_state()
        deal = match.record()["events"][0]["deal"]
        deck = deal["deck"]
        splits.add((deal["dealer"], frozenset(deck[:2]), frozenset(deck[2:4])))
        assert sorted(deck) == sorted(["AS", "KS", "AH", "KH", "AD", "KD", "AC", "KC"])
    assert len(splits) == 840, "no split of the cards twice"
    state = root.child(7)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7).startswith('deal 7: [{"deal":')
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    record = state.cardtable_state().record()
    assert record["seed"] is None and cardtable.replay(record).returns() == state.cardtable_state().returns()
    assert len(state.history()) == 1 + game.max_game_length()


def test_games_are_registered_with_options_as_parameters() -> None:
    names = set(pyspiel.registered_names())
    assert {ct_openspiel.spiel_name(name) for name in cardtable.games()} <= names
    assert "cardtable_game_of_trains" in names
    game = pyspiel.load_game("cardtable_mue", {"players": 4})
    assert game.num_players() == 4 and game.num_distinct_actions() == cardtable.make("mue").num_actions
    typ = game.get_type()
    assert typ.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert typ.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (typ.min_num_players, typ.max_num_players) == (3, 6)


def test_a_null_option_is_minus_one() -> None:
    game = pyspiel.load_game("cardtable_slobberhannes", {"first_leader": 2})
    assert dealt(game, 0).current_player() == 2
    assert game.cardtable_game.options["first_leader"] == 2
    default = pyspiel.load_game("cardtable_slobberhannes")
    assert default.cardtable_game.options["first_leader"] is None
    assert ct_openspiel.parameters(default.cardtable_game)["first_leader"] == -1


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match=r"option 'players' must be one of 3, 4, 5, 6 \(got 9\)"):
        pyspiel.load_game("cardtable_slobberhannes", {"players": 9})
    with pytest.raises(pyspiel.SpielError, match="colour"):
        pyspiel.load_game("cardtable_slobberhannes", {"colour": 1})


def test_observers_give_the_seat_view_or_the_public_view() -> None:
    from open_spiel.python.observation import make_observation

    game = load("slobberhannes", {"players": 4})
    state = dealt(game, 3)
    seat = state.current_player()
    own = state.cardtable_state().observation(seat)
    assert json.loads(state.information_state_string(seat)) == own  # nothing played yet: the first view
    assert json.loads(state.observation_string(seat)) == own
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, seat)
    assert json.loads(public.string_from(state, seat)) == state.cardtable_state().observation(None)
    assert not public.dict["hand"].any() and set(public.dict) >= {"hand", "trick", "scores"}
    with pytest.raises(ValueError, match="not"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


@pytest.mark.parametrize("name", cardtable.games())
def test_openspiel_cpp_ismcts_bot_plays_our_games(name: str) -> None:
    """pyspiel's C++ ISMCTSBot, worlds drawn by our resample, plays seat 0 of a whole match."""
    game = load(name, {**SHORT.get(name, {})})
    bot = ct_openspiel.ISMCTSBot(seed=1, iterations=8)
    state, rng, searched = dealt(game, 7), random.Random(7), 0
    while not state.is_terminal() and searched < 30:
        if state.current_player() == 0:
            action = bot.step(state)
            searched += len(state.legal_actions()) > 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0


def test_openspiel_ismcts_becomes_a_cardtable_bot_kind_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots_base, "_KINDS", dict(bots_base._KINDS))  # the registry is restored after
    assert "openspiel-ismcts" not in bots.kinds()
    ct_openspiel.register_bot()
    bot = bots.make("openspiel-ismcts:seconds=0.02,uct_c=1.5", seed=4)
    state = cardtable.make("troeven", version=2).new_game(seed=4)
    for _ in range(6):
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    with pytest.raises(ValueError, match="policy must be one of"):
        bots.make("openspiel-ismcts:policy=best")


def test_the_policy_of_a_search_covers_the_legal_actions() -> None:
    game = load("slobberhannes", {"players": 3})
    state = dealt(game, 8)
    bot = ct_openspiel.ISMCTSBot(seed=2, iterations=50, policy="visits")
    policy, action = bot.bot.step_with_policy(state)
    assert sorted(a for a, _ in policy) == state.legal_actions() and action in state.legal_actions()
    assert np.isclose(sum(p for _, p in policy), 1.0)


def test_importing_the_adapter_leaves_a_clean_exit() -> None:
    """pyspiel keeps the registered factories past interpreter shutdown; they must not crash it."""
    code = "import cardtable.envs.openspiel, pyspiel; pyspiel.load_game('cardtable_troeven')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_our_bots_play_in_openspiels_evaluate_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """bot(spec) is a pyspiel.Bot: OpenSpiel's evaluate_bots seats ours, and its C++ IS-MCTS, in a match."""
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    monkeypatch.setattr(bots_base, "_KINDS", dict(bots_base._KINDS))  # bot() registers openspiel-ismcts

    game = load("troeven", {"single_hand": True})
    seats = [
        ct_openspiel.bot("heuristic", seed=1),
        ct_openspiel.bot("openspiel-ismcts:iterations=20", seed=2),
    ]
    assert all(isinstance(seat, pyspiel.Bot) for seat in seats)
    returns = evaluate_bots(game.new_initial_state(), seats, np.random.default_rng(3))
    assert sorted(returns) in ([0.0, 0.0], [0.0, 1.0])
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        ct_openspiel.bot("genius")


def test_reward_modes_set_the_utility() -> None:
    """zero_sum is OpenSpiel's ZERO_SUM in [-1, 1]; score pays each hand's points as it is scored."""
    zero = ct_openspiel.load(cardtable.make("troeven", single_hand=True), reward="zero_sum")
    typ = zero.get_type()
    assert typ.utility == pyspiel.GameType.Utility.ZERO_SUM and (zero.min_utility(), zero.max_utility()) == (
        -1,
        1,
    )
    assert zero.utility_sum() == 0.0
    game = ct_openspiel.load(cardtable.make("slobberhannes", players=3, start_points=6), reward="score")
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    state, rng, total = dealt(game, 4), random.Random(4), np.zeros(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        total += state.rewards()
    final = state.cardtable_state().result()["scores"]
    assert list(total) == state.returns() == [score - 6 for score in final]
    assert game.min_utility() <= min(total) and max(total) <= game.max_utility()
    with pytest.raises(ValueError, match="keeps no score"):
        pyspiel.load_game("cardtable_game_of_trains", {"reward": "score"})


def test_a_match_without_a_bound_is_refused() -> None:
    with pytest.raises(ValueError, match="OpenSpiel needs a bound on a match's length"):
        pyspiel.load_game("cardtable_troeven", {"round_limit": 0})
    assert pyspiel.load_game("cardtable_troeven").max_game_length() == 200 * 33
