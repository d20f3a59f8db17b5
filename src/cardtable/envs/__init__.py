"""Research adapters: take any cardtable game into PettingZoo, Gymnasium and OpenSpiel.

Each adapter is its own module behind an optional extra, so importing ``cardtable.envs`` costs
nothing and needs none of them:

- ``cardtable.envs.pettingzoo`` (``cardtable[pettingzoo]``): an AEC environment per game;
- ``cardtable.envs.gymnasium`` (``cardtable[gymnasium]``): one seat against our bots;
- ``cardtable.envs.openspiel`` (``cardtable[openspiel]``): every game registered with ``pyspiel``.

All three see a seat only through ``state.observation(seat)`` (the one view of ``docs/design.md``
§6), turned into a fixed-shape vector by the game's encoder in ``cardtable.envs.encoding``.
"""
