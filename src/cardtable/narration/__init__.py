"""One narrator per game: the engine's facts (``core.story``) told as log lines, for one viewer.

A narrator turns each ``Fact`` into ``Line`` values: a message key and its parameters (seats, cards,
numbers), never words. The words are chosen at the edge (``words.say``): the site names every player,
the terminal says "you" to its player, and a language other than English is a catalogue of the same
keys (``narrator_for(game, language)``; ``pack_words`` and ``option_words`` give a game's cards and
options in a language). The terminal's narration, the site's game log, the replay viewer and the
review's text all come from here, so a game is told in one voice everywhere.

A game's narrator is the module ``cardtable.narration.<game with underscores>`` and its ``NARRATOR``
(found by ``core.registry.piece``, like a game's bots and views); a game without one is told by the
generic narrator, which still names every player and the deals, scores and the end.
"""

from __future__ import annotations

from .base import Narrator, narrator_for
from .cards import pack_words
from .lines import Cards, Count, Line, Phrase, Scores, Seat
from .options import option_words
from .reasons import say_reason
from .story import Told, told_record, told_steps
from .words import say, say_move, say_phrase

__all__ = [
    "Cards",
    "Count",
    "Line",
    "Narrator",
    "Phrase",
    "Scores",
    "Seat",
    "Told",
    "narrator_for",
    "option_words",
    "pack_words",
    "say",
    "say_move",
    "say_phrase",
    "say_reason",
    "told_record",
    "told_steps",
]
