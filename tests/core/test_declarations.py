"""The compiled build's declarations (``.pxd`` beside a module, setup.py) say what the pure source says: a
state class's own ``__slots__``, each a C field. A slot left out would still work there, from the instance
dict, at a quarter of the speed; a field declared and no slot would hold nothing in the pure build."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import pytest

import cardtable

from ..helpers import configurations

PACKAGE = Path(cardtable.__file__).parent
DECLARATIONS = sorted(PACKAGE.rglob("*.pxd"))
CLASS = re.compile(r"^cdef class (\w+)\((\w+)\):|^cdef class (\w+):")
FIELD = re.compile(r"^    cdef public \w+ (\w+)$")


def declared(path: Path) -> dict[str, set[str]]:
    """Per class of a ``.pxd``, the names of its public C fields."""
    classes: dict[str, set[str]] = {}
    fields: set[str] = set()
    for line in path.read_text().splitlines():
        if found := CLASS.match(line):
            fields = classes.setdefault(found.group(1) or found.group(3), set())
        elif found := FIELD.match(line):
            fields.add(found.group(1))
    return classes


@pytest.mark.parametrize("name", cardtable.games())
def test_every_state_class_of_a_game_is_declared(name: str) -> None:
    """A new game's state class needs a declaration too, or it is the one slow class of the build."""
    classes = {type(cardtable.make(name, **options).new_game(seed=0)) for options in configurations(name)}
    for cls in {base for each in classes for base in each.__mro__[:-1]}:  # but object
        path = PACKAGE.parent.joinpath(*cls.__module__.split(".")).with_suffix(".pxd")
        assert path.exists() and cls.__name__ in declared(path), f"{cls.__module__}.{cls.__name__}"


@pytest.mark.parametrize("path", DECLARATIONS, ids=lambda path: path.stem)
def test_a_declaration_names_the_slots_of_its_class(path: Path) -> None:
    module = import_module("cardtable." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts))
    for name, fields in declared(path).items():
        cls = getattr(module, name)
        assert fields == set(vars(cls)["__slots__"]) - {"__dict__"}, name
