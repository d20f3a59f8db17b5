"""cardtable: exact rules engines for five card games, a table to play them at, a research API, and
reviews of played games (``cardtable.review``).

>>> import cardtable
>>> "slobberhannes" in cardtable.games()
True
"""

from . import games as _games  # registers every game
from .bots.review import review
from .core.errors import IllegalAction, InvalidNotation, RecordError
from .core.events import RECORD_FORMAT
from .core.game import Game, State
from .core.records import Step, replay, replay_steps
from .core.registry import games, make

__all__ = ["Game", "IllegalAction", "InvalidNotation", "RecordError", "State", "games", "make"]
__all__ += ["RECORD_FORMAT", "Step", "replay", "replay_steps"]  # game records, read back
__all__ += ["review"]  # the hard bot's verdict on a played game
del _games
