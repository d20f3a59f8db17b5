"""The pieces of ``examples/imitation_troeven.py`` at tiny size: the teacher's labelled decisions, the
numpy network learning them, its saved file, and the network seated in an arena (the baselines'
row). The figure the full recipe reaches is measured in docs/research.md, not here."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from cardtable import bots
from cardtable.arena import ArenaConfig, run

EXAMPLE = Path(__file__).parents[2] / "examples" / "imitation_troeven.py"


@pytest.fixture(scope="module")
def recipe() -> ModuleType:
    spec = importlib.util.spec_from_file_location("imitation_troeven", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def samples(recipe: ModuleType) -> object:
    return recipe.collect(12, bots.make("heuristic", seed=1), seed=3, num_envs=4)


def test_the_teacher_labels_only_decisions_with_a_choice_and_legal_moves(samples: object) -> None:
    observations, masks, labels = samples.astuple()  # type: ignore[attr-defined]
    assert 100 <= len(labels) == len(masks) == len(observations)
    assert (masks.sum(axis=1) > 1).all()
    assert (masks[np.arange(len(labels)), labels] == 1).all()


def test_the_network_learns_the_labels_and_plays_only_legal_moves(
    recipe: ModuleType, samples: object
) -> None:
    network = recipe.Network([samples.observations.shape[1], 32, 32, 36], seed=0)  # type: ignore[attr-defined]
    rng = np.random.default_rng(0)
    first = network.fit(samples, 1, rng, batch=32, lr=3e-3)
    later = network.fit(samples, 3, rng, batch=32, lr=3e-3)
    assert later < 0.8 * first
    chosen = network({"observation": samples.observations, "action_mask": samples.masks})  # type: ignore[attr-defined]
    assert (samples.masks[np.arange(len(chosen)), chosen] == 1).all()  # type: ignore[attr-defined]
    agreement = (chosen == samples.labels).mean()  # type: ignore[attr-defined]
    assert agreement > 0.5


def test_dagger_labels_the_states_the_learner_reaches(recipe: ModuleType, samples: object) -> None:
    last_legal = lambda obs: obs["action_mask"].shape[1] - 1 - obs["action_mask"][:, ::-1].argmax(axis=1)  # noqa: E731
    reached = recipe.collect(6, bots.make("heuristic", seed=1), seed=3, learner=last_legal, num_envs=4)
    n = len(reached.labels)
    assert (reached.masks[np.arange(n), reached.labels] == 1).all()
    taught = samples.observations[:n]  # type: ignore[attr-defined]  # the same deals, the teacher playing
    assert np.array_equal(reached.observations[:4], taught[:4]) and not np.array_equal(
        reached.observations, taught
    )
    assert (reached.labels != last_legal({"action_mask": reached.masks})).any()  # labels are the teacher's


def test_a_saved_network_plays_as_the_trained_one_and_sits_in_an_arena(
    recipe: ModuleType, samples: object, tmp_path: Path
) -> None:
    network = recipe.Network([samples.observations.shape[1], 16, 16, 36], seed=2)  # type: ignore[attr-defined]
    network.fit(samples, 1, np.random.default_rng(0), batch=32)
    path = tmp_path / "policy.npz"
    network.save(str(path))
    loaded = recipe.Network.load(str(path))
    obs = {"observation": samples.observations, "action_mask": samples.masks}  # type: ignore[attr-defined]
    assert np.array_equal(loaded(obs), network(obs))
    recipe.register_policy_bot()
    config = ArenaConfig(
        game="troeven", bots=(f"policy:path={path}", "random"), games=4, seed=1, options=recipe.OPTIONS
    )
    report = run(config, workers=1)
    assert len(report.results) == 4 and all(sum(r.decisions) == r.moves for r in report.results)
    result = recipe.evaluate(network, 20, opponent="random")
    assert 0.0 <= result.share.low <= result.share.mean <= result.share.high <= 1.0
    assert 0.0 <= result.wins <= result.share.mean + 1e-9
