"""Seeds derived from a tournament's seed: stable across runs and platforms (``random.Random(str)``),
never from the global generator."""

from __future__ import annotations

import random


def derived(*parts: object) -> int:
    """A 63-bit seed that depends only on ``parts``."""
    return random.Random(":".join(["cardtable-tournament", *map(str, parts)])).getrandbits(63)
