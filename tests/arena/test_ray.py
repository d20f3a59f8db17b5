"""The Ray backend: the same arena on a local Ray with two CPUs gives exactly the process backend's
results (issue 7). Ray is a dev dependency, so this runs in CI (it starts Ray in about 5 seconds)."""

from __future__ import annotations

import ray

from cardtable.arena import ArenaConfig, run

CONFIG = ArenaConfig(
    game="slobberhannes",
    bots=("heuristic", "random", "ismcts:iterations=8"),
    games=6,
    seed=9,
    options={"players": 3, "start_points": 6},
)


def test_ray_gives_the_same_results_as_processes() -> None:
    on_processes = run(CONFIG, backend="process", workers=2, keep_records=True)
    on_ray = run(CONFIG, backend="ray", workers=2, keep_records=True)
    assert not ray.is_initialized(), "a Ray the arena started is shut down afterwards"
    expected, got = on_processes.as_json(), on_ray.as_json()
    expected.pop("timing")
    got.pop("timing")
    assert got == expected
    assert [r.record for r in on_ray.results] == [r.record for r in on_processes.results]
