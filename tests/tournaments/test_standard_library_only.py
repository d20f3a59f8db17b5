"""The tournaments' logic is standard library only and imports nothing else of cardtable, so the server
and the terminal can both use it without pulling in the other's needs (docs/design.md §1)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.core.test_layers import SRC, imports

MODULES = sorted(SRC.joinpath("tournaments").glob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_imports_only_the_standard_library_and_its_own_modules(path: Path) -> None:
    for module, level in imports(path):
        if level == 0:
            assert module.split(".")[0] in sys.stdlib_module_names or module == "__future__", module
        else:
            assert level == 1, f"{path.name} imports {module} from outside the package"
