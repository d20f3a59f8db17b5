"""Where an arena's games run: in this process, on local processes (all cores by default), or on a
Ray cluster. Every backend runs the same ``play_game`` on the same tasks, so for a given seed they
produce the same results; they differ only in the order results arrive, which callers undo by index.

Decisions:
- Processes start with ``spawn``: workers import cardtable afresh and share nothing with the parent
  (no forked threads or locks from a progress display).
- Workers ignore Ctrl-C (the terminal sends it to the whole process group): the parent alone decides to
  stop, and then terminates them at once, so games under way are dropped and nothing waits for them.
- Ray is optional (the ``ray`` extra). The arena joins a running Ray when there is one (a cluster set
  up with ``ray start`` and ``RAY_ADDRESS``), else starts a local one with ``workers`` CPUs and shuts
  it down afterwards.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator, Sequence

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
    # Leaving the block (the last result, a failed game, Ctrl-C, the caller closing the iterator)
    # terminates the workers at once.
    with context.Pool(min(workers, len(tasks)), initializer=_ignore_ctrl_c) as pool:
        yield from pool.imap_unordered(play_game, tasks)


def _ignore_ctrl_c() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
