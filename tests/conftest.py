"""The compiled run's guard: ``make test`` runs the engine's suites a second time on the compiled engines
(``PYTHONPATH=build/compiled``) with ``CARDTABLE_EXPECT_COMPILED=1``, and then the run stops before its first
test unless every engine module was loaded from its C extension, so it never tests the pure modules twice."""

from __future__ import annotations

import os

import pytest

EXPECT_COMPILED = "CARDTABLE_EXPECT_COMPILED"


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get(EXPECT_COMPILED) != "1":
        return
    from .builds import engine_modules, is_compiled

    pure = [str(module.__file__) for module in engine_modules() if not is_compiled(module)]
    if pure:
        raise pytest.UsageError(
            f"{EXPECT_COMPILED}=1, but these engine modules are pure Python (make compiled, and "
            f"PYTHONPATH=build/compiled):\n  " + "\n  ".join(pure)
        )
