"""What the bots know about each game: its heuristic policy and its search evaluation, one module per
game, written against the engine contract (observations, legal actions, notation) only. Importing
this package registers every module in it; a new game needs no line here."""

from importlib import import_module
from pkgutil import iter_modules

for _module in iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")
