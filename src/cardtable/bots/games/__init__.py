"""What the bots know about each game, one module per game named after it (``mue.py``,
``game_of_trains.py``), written against the engine contract (observations, legal actions, notation)
only: its heuristic ``POLICY`` and, where search should not play every rollout to the end at random,
its ``EVALUATION``. The bots find them by the game's name (``core.registry.piece``): a new game needs
no line here."""
