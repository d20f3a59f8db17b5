"""The games: one module (or package) each. Importing this package registers every one of them with
``cardtable.make``; a new game needs no line here."""

from importlib import import_module
from pkgutil import iter_modules

for _module in iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")
