"""Where an arena's games run: in this process, on local processes (all cores by default), or on a
Ray cluster. Every backend runs the same ``play_game`` on the same tasks, so for a given seed they
produce the same results; they differ only in the order results arrive, which callers undo by index.

Decisions:
- Processes start with ``spawn``: workers import cardtable afresh and share nothing with the parent
  (no forked threads or locks from a progress display).
- Ray is optional (the ``ray`` extra). The arena joins a running Ray when there is one (a cluster set
  up with ``ray start`` and ``RAY_ADDRESS``), else starts a local one with ``workers`` CPUs and shuts
  it down afterwards.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from .play import GameResult, play_game
from .schedule import GameTask

BACKENDS = ("process", "ray")


def default_workers() -> int:
    """All cores of this machine."""
    return os.cpu_count() or 1


def run_tasks(
    tasks: Sequence[GameTask], *, backend: str = "process", workers: int | None = None
) -> Iterator[GameResult]:
    """Play every task, yielding results as they finish (in any order).

    Raises ValueError for an unknown backend or a worker count below 1, ImportError when Ray is asked
    for and not installed, and ArenaError when a game fails."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
    count = default_workers() if workers is None else workers
    if not isinstance(count, int) or count < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")
    if backend == "ray":
        return _on_ray(tasks, count)
    if count == 1 or len(tasks) <= 1:
        return (play_game(task) for task in tasks)
    return _on_processes(tasks, count)


def _on_processes(tasks: Sequence[GameTask], workers: int) -> Iterator[GameResult]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=context) as pool:
        pending: set[Future[GameResult]] = {pool.submit(play_game, task) for task in tasks}
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def _on_ray(tasks: Sequence[GameTask], workers: int) -> Iterator[GameResult]:
    try:
        import ray
    except ImportError:
        raise ImportError("the ray backend needs Ray: pip install 'cardtable[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if os.environ.get("RAY_ADDRESS"):
            ray.init(address=os.environ["RAY_ADDRESS"], log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        remote_play = ray.remote(play_game)
        pending = [remote_play.remote(task) for task in tasks]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
