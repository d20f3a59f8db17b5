"""What a bot worker process runs: kept apart from the server so a worker imports the bots and the games,
and nothing of the web stack.

A worker ends itself when the server process is gone (its parent changes), so a server killed with SIGKILL
leaves no worker behind: the pool's queues would never tell it.
"""

from __future__ import annotations

import os
import threading
import time

from cardtable import bots
from cardtable.core.game import State

PARENT_CHECK_SECONDS = 1.0


def choose(level: str, seed: int, state: State) -> int:
    """The action id the bot of ``level`` picks for the seat to act."""
    return bots.make(level, seed=seed).choose(state)


def start_worker(parent: int, niceness: int = 0) -> None:
    """Pool initializer: lower this worker's priority by ``niceness`` (``worker_pool``) and follow
    ``parent``."""
    if niceness:
        os.nice(niceness)
    follow_parent(parent)


def follow_parent(parent: int) -> None:
    """Exit this worker as soon as process ``parent`` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()
