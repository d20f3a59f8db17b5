"""The vector environment: its batches are the single environments' (same seeds, same observations,
masks, rewards and ends), its trackers keep every seat's vector equal to the reference encoding at
every step, rewards add up as the reward mode says, and bad actions are refused with nothing moved."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import cardtable
from cardtable import IllegalAction
from cardtable.envs import pettingzoo as ct_pettingzoo
from cardtable.envs.encoding.tracker import tracker_for
from cardtable.envs.rewards import Rewards
from cardtable.envs.vector import VectorEnv

from .cases import SHORT, case_id, cases


def random_actions(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """One random legal action per match."""
    return np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_batches_are_the_single_environments_step_for_step(case: tuple[str, dict[str, Any]]) -> None:
    """Slot i with reset(seed=s) plays what a PettingZoo environment reset with seed s + i plays, and
    then (after each end) what it plays reset without a seed; masks are legal_actions() throughout."""
    name, options = case
    envs = VectorEnv(name, 3, seed=10, **options)
    singles = [ct_pettingzoo.raw_env(name, **options) for _ in range(3)]
    for slot, single in enumerate(singles):
        single.reset(seed=10 + slot)
    encoder = envs.encoder
    rng = np.random.default_rng(0)
    obs, info = envs.reset()
    ends = 0
    totals = np.zeros((3, envs.players))
    for _ in range(400):
        states = [envs.state(slot) for slot in range(3)]
        assert np.array_equal(envs.global_states(), np.stack([encoder.encode_state(s) for s in states]))
        for slot, single in enumerate(singles):
            state = states[slot]
            assert info["seat"][slot] == state.current_player()
            assert list(np.flatnonzero(obs["action_mask"][slot])) == state.legal_actions()
            expected = single.observe(single.agent_selection)
            assert np.array_equal(obs["observation"][slot], expected["observation"])
            assert np.array_equal(obs["action_mask"][slot], expected["action_mask"].astype(bool))
        actions = random_actions(rng, obs["action_mask"])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert obs["observation"].dtype == np.float32 and rewards.dtype == np.float32
        finished = []
        totals += rewards
        for slot, single in enumerate(singles):
            single.step(int(actions[slot]))
            assert list(rewards[slot]) == [single.rewards[agent] for agent in single.possible_agents]
            assert terminated[slot] == all(single.terminations.values())
            assert truncated[slot] == all(single.truncations.values())
            if terminated[slot] or truncated[slot]:
                finished.append(slot)
                last = [single.observe(agent)["observation"] for agent in single.possible_agents]
                at = list(info["final"]).index(slot)
                assert np.array_equal(info["final_observation"][at], np.stack(last))
                assert np.allclose(info["final_returns"][at], totals[slot])
                totals[slot] = 0.0
                single.reset()
        assert finished == list(info.get("final", []))
        ends += len(finished)
    if name in SHORT:
        assert ends > 0  # the short options end matches within the run: resets were compared too


LONG_MATCHES: list[tuple[str, dict[str, Any]]] = [
    ("slobberhannes", {"players": 3}),
    ("troeven", {"version": 1}),
    ("troeven", {"version": 2}),
    ("troeven", {"version": 2, "first_dealer": 1}),
    ("mue", {"players": 3}),
    ("mue", {"players": 4}),
    ("mue", {"players": 6, "dealer_sits_out": True}),
    ("game-of-trains", {"players": 2}),
    ("game-of-trains", {"players": 3, "turn_limit": 300}),
    ("game-of-trains", {"players": 4}),
    *(("cabooses-in-the-corner", {"players": players}) for players in range(2, 7)),
    ("cabooses-in-the-corner", {"broken_cabooses": False}),
]
"""Games with a tracker, with their default scores (many hands a match) and the options that change
what the tracker lays out (Game of Trains: the player count and the turn limit's scale; random play
mostly reaches the default limit, about 1,400 decisions, so matches end within the run; Cabooses, one
deal of about 80 decisions: every player count and the pack without broken cabooses)."""


@pytest.mark.parametrize("case", LONG_MATCHES, ids=case_id)
def test_trackers_follow_whole_matches_hand_after_hand(case: tuple[str, dict[str, Any]]) -> None:
    """Default scores play many hands: every deal, auction, trump call, draw, trick and score that a
    tracker lays out itself is checked against the reference encoding after every move. A game of
    one deal (Game of Trains, Cabooses) plays whole matches instead: every setup, turn, draw and
    departure, to the match's end and the next match in its slot."""
    name, options = case
    envs = VectorEnv(name, 2, seed=6, **options)
    assert tracker_for(envs.encoder) is not None
    hand_key = envs.encoder.hand_key
    rng = np.random.default_rng(2)
    obs, _ = envs.reset()
    hands = matches = 0
    for _ in range(1500 if hand_key else 3000):
        states = [envs.state(slot) for slot in range(2)]
        assert np.array_equal(envs.global_states(), np.stack([envs.encoder.encode_state(s) for s in states]))
        before = [s.observation(None)[hand_key] for s in states] if hand_key else []
        obs, _, _, _, info = envs.step(random_actions(rng, obs["action_mask"]))
        matches += len(info.get("final", ()))
        if hand_key:
            hands += sum(envs.state(slot).observation(None)[hand_key] != before[slot] for slot in range(2))
    if hand_key:
        assert hands >= 15
    else:
        assert matches >= 3


def test_rewards_add_up_as_the_reward_mode_says() -> None:
    """win: 1 to each winner at the end; zero_sum: every step's rewards sum to 0 and the winners share
    +1; score: each seat's rewards over a match are its score's change."""
    for mode in ("win", "zero_sum", "score"):
        envs = VectorEnv("slobberhannes", 4, seed=3, reward=mode, players=3, start_points=6)
        rewarder = Rewards(envs.game, mode)
        rng = np.random.default_rng(1)
        obs, _ = envs.reset()
        starts = [envs.state(slot).observation(None)["scores"] for slot in range(4)]
        matches = 0
        while matches < 8:
            before = [envs.state(slot) for slot in range(4)]
            obs, rewards, _, _, info = envs.step(random_actions(rng, obs["action_mask"]))
            if mode == "zero_sum":
                assert np.allclose(rewards.sum(axis=1), 0.0)
            for at, slot in enumerate(info.get("final", [])):
                ended = before[slot]
                returns = info["final_returns"][at]
                if mode == "score":
                    scores = ended.result()["scores"]  # type: ignore[index]
                    assert np.allclose(returns, np.subtract(scores, starts[slot]))
                else:
                    assert np.allclose(returns, rewarder.payoff(ended.returns()))
                starts[slot] = envs.state(slot).observation(None)["scores"]
                matches += 1


def test_a_match_a_limit_stops_is_truncated() -> None:
    envs = VectorEnv("game-of-trains", 2, seed=1, turn_limit=3)
    rng = np.random.default_rng(0)
    obs, _ = envs.reset()
    for _ in range(50):
        obs, _, terminated, truncated, info = envs.step(random_actions(rng, obs["action_mask"]))
        assert not terminated.any()
        if truncated.any():
            assert list(info["final"]) == list(np.flatnonzero(truncated))
            return
    raise AssertionError("the turn limit never stopped a match")


def test_an_illegal_action_is_refused_with_the_match_and_reason_and_nothing_moves() -> None:
    envs = VectorEnv("troeven", 2, seed=4)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        envs.step(np.array([32, 32]))
    obs, _ = envs.reset()
    before = [envs.state(slot).record() for slot in range(2)]
    legal = random_actions(np.random.default_rng(0), obs["action_mask"])
    with pytest.raises(IllegalAction, match=r"match 1: seat .* cannot play 7S: trumps must be called first"):
        envs.step(np.array([legal[0], 0]))
    with pytest.raises(IllegalAction, match="match 0: 99 is not an action id of troeven"):
        envs.step(np.array([99, legal[1]]))
    with pytest.raises(ValueError, match="one integer action id per match"):
        envs.step(np.array([0.5, 1.0]))
    with pytest.raises(ValueError, match="one integer action id per match"):
        envs.step(legal[:1])
    assert [envs.state(slot).record() for slot in range(2)] == before
    with pytest.raises(ValueError, match="num_envs must be a positive integer"):
        VectorEnv("troeven", 0)
    with pytest.raises(ValueError, match="reward must be one of"):
        VectorEnv("troeven", 2, reward="points")


def test_it_wraps_as_a_gymnasium_vector_env() -> None:
    """Same-step autoreset as Gymnasium defines it: a finished match's last observation is in
    info["final_obs"] (masked by info["_final_obs"]) and the returned one starts the next match."""
    envs = VectorEnv("troeven", 4, seed=2, start_points=1, single_hand=False).as_gymnasium()
    assert isinstance(envs, gymnasium.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    obs, info = envs.reset(seed=5)
    assert envs.observation_space.contains(obs) and envs.single_action_space.n == 36
    rng = np.random.default_rng(0)
    seen_end = False
    for _ in range(200):
        obs, rewards, terminated, truncated, info = envs.step(random_actions(rng, obs["action_mask"]))
        assert envs.observation_space.contains(obs) and rewards.shape == (4,)
        assert info["rewards"].shape == (4, 2)
        done = terminated | truncated
        assert np.array_equal(info.get("_final_obs", np.zeros(4, bool)), done)
        for slot in np.flatnonzero(done):
            seen_end = True
            final = info["final_obs"][slot]
            assert envs.single_observation_space.contains(final)
    assert seen_end
    envs.close()


def test_the_same_seed_gives_the_same_batches() -> None:
    runs = []
    for _ in range(2):
        envs = VectorEnv("mue", 3, seed=8, players=4)
        rng = np.random.default_rng(3)
        obs, _ = envs.reset()
        seen = [obs["observation"]]
        for _ in range(60):
            obs, *_ = envs.step(random_actions(rng, obs["action_mask"]))
            seen.append(obs["observation"])
        runs.append(np.stack(seen))
    assert np.array_equal(runs[0], runs[1])


def test_every_game_can_be_made() -> None:
    for name in cardtable.games():
        envs = VectorEnv(name, 2, seed=0)
        obs, _ = envs.reset()
        assert obs["observation"].shape == (2, envs.encoder.size)
        assert obs["action_mask"].shape == (2, envs.game.num_actions) and obs["action_mask"].any(axis=1).all()


def test_reset_without_a_seed_goes_on_with_the_seeded_sequence() -> None:
    """As the PettingZoo adapter: after reset(seed=s), reset() plays in slot i the match a PettingZoo
    environment reset with seed s + i, then without a seed, plays; so the same seed repeats it all."""
    envs = VectorEnv("troeven", 3, seed=7)
    singles = [ct_pettingzoo.raw_env("troeven") for _ in range(3)]
    for slot, single in enumerate(singles):
        single.reset(seed=7 + slot)
    envs.reset()
    for _ in range(2):
        envs.reset()
        for single in singles:
            single.reset()
        assert [envs.state(slot).record()["seed"] for slot in range(3)] == [
            single.unwrapped.match.record()["seed"] for single in singles
        ]


class Asked(cardtable.bots.Bot):
    """A bot that notes the seats it was asked to play."""

    def __init__(self) -> None:
        self.seats: list[int] = []

    def choose(self, state: cardtable.State) -> int:
        self.seats.append(state.current_player())  # type: ignore[arg-type]
        return state.legal_actions()[0]


def test_opponents_play_their_seats_inside_step_and_the_caller_sees_only_its_own() -> None:
    """Opponents at seats 1 and 3 of Slobberhannes: the caller is asked only at seats 0 and 2, its
    rewards are those two seats' (win: what the match pays them), and every other move is the bot's."""
    bot = Asked()
    envs = VectorEnv("slobberhannes", 4, seed=2, opponents={1: bot, 3: "random"}, start_points=6)
    assert envs.own_seats == [0, 2]
    rewarder = Rewards(envs.game, "win")
    rng = np.random.default_rng(0)
    obs, info = envs.reset()
    ended, movers = 0, set()
    while ended < 6:
        assert set(info["seat"].tolist()) <= {0, 2}
        before = [envs.state(slot) for slot in range(4)]
        obs, rewards, _, _, info = envs.step(random_actions(rng, obs["action_mask"]))
        assert rewards.shape == (4, 2)
        for at, slot in enumerate(info.get("final", [])):
            paid = rewarder.payoff(before[slot].returns())
            assert list(rewards[slot]) == list(info["final_returns"][at]) == [paid[0], paid[2]]
            assert info["final_observation"][at].shape == (2, envs.encoder.size)
            movers |= {e["seat"] for e in before[slot].record()["events"] if "move" in e}
            ended += 1
    assert bot.seats and set(bot.seats) == {1}
    assert movers == {0, 1, 2, 3}  # the caller and both opponents played the finished matches


def test_a_callable_opponent_plays_a_batch_from_its_seats_observations_and_masks() -> None:
    """One call per opponent round, with the observation vectors and int8 masks of every match where
    its seat is to act (never the state); an illegal answer is refused naming the seat and match."""
    calls: list[int] = []

    def policy(observation: dict[str, np.ndarray]) -> np.ndarray:
        waiting = [slot for slot in range(6) if envs.seats()[slot] == 1]
        assert sorted(observation) == ["action_mask", "observation"] and len(waiting) == len(
            observation["observation"]
        )
        for row, slot in enumerate(waiting):
            state = envs.state(slot)
            assert np.array_equal(observation["observation"][row], envs.encoder.encode(state.observation(1)))
            assert list(np.flatnonzero(observation["action_mask"][row])) == state.legal_actions()
        assert observation["action_mask"].dtype == np.int8
        calls.append(len(waiting))
        return random_actions(rng, observation["action_mask"])

    rng = np.random.default_rng(1)
    envs = VectorEnv("troeven", 6, seed=3, opponents={1: policy}, single_hand=True)
    obs, _ = envs.reset()
    for _ in range(40):
        obs, *_ = envs.step(random_actions(rng, obs["action_mask"]))
    assert calls and max(calls) > 1  # batched: several matches in one call

    def cheat(observation: dict[str, np.ndarray]) -> np.ndarray:
        return np.full(len(observation["action_mask"]), 99)

    envs = VectorEnv("troeven", 2, seed=3, opponents={0: cheat})
    with pytest.raises(IllegalAction, match=r"seat 0 match \d: 99 is not an action id of troeven"):
        obs, _ = envs.reset()  # seat 0 moves at the reset or within the caller's first moves
        for _ in range(3):
            obs, *_ = envs.step(random_actions(rng, obs["action_mask"]))
    with pytest.raises(ValueError, match="opponents at every seat"):
        VectorEnv("troeven", 2, opponents={0: "random", 1: "random"})
    with pytest.raises(ValueError, match="an opponent's seat is a seat from 0 to 1"):
        VectorEnv("troeven", 2, opponents={2: "random"})
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        VectorEnv("troeven", 2, opponents={1: "genius"})


def test_the_gymnasium_wrapper_gives_the_one_seats_reward_with_opponents() -> None:
    """With opponents at the other seat, every reward of as_gymnasium() is the caller's seat's."""
    matches = VectorEnv("troeven", 4, seed=5, opponents={0: "heuristic"}, single_hand=True)
    envs = matches.as_gymnasium()
    obs, info = envs.reset()
    rng = np.random.default_rng(2)
    wins = ends = 0
    for _ in range(120):
        obs, rewards, terminated, truncated, info = envs.step(random_actions(rng, obs["action_mask"]))
        assert np.array_equal(rewards, info["rewards"][:, 0]) and set(info["seat"].tolist()) == {1}
        for slot in np.flatnonzero(terminated | truncated):
            assert info["final_info"][slot]["returns"][0] == rewards[slot]
            wins += int(rewards[slot])
            ends += 1
    assert ends > 10 and 0 <= wins < ends  # random play loses most hands to the heuristic
