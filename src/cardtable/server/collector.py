"""The garbage collector of a server process, settled once the server is built (``cardtable serve``).

Why: CPython's cyclic collector stops the whole process while it scans, and a full collection walks every
object tracked, the long-lived ones included: the modules, the web framework, pydantic's schemas,
SQLAlchemy's mappings. At 400 tables on two instances those pauses were the tail of the move round trip:
p99 344-357 ms (longest 494-527) before, 54 ms (longest 108) with this (``benchmarks/load.py``, the same
session, alternating runs).

Decisions:
- ``gc.freeze()`` once the application is built: what exists then lives as long as the process, and the
  collector stops walking it.
- The youngest generation is collected after 10,000 allocations (net) instead of CPython's 700: a move
  allocates dicts, lists and texts by the thousand, nearly all freed by reference counting at once. The
  older generations keep their thresholds, so garbage in reference cycles is still freed as before,
  in fewer passes.
- The test suite builds many applications in one process and does not settle its collector: frozen
  objects are never freed, and each test's leftovers would stay.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
"""Net allocations between two collections of the youngest generation."""


def settle() -> None:
    """Freeze what exists now and collect the youngest generation less often (see the module docstring)."""
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
